#!/usr/bin/env bash
# A/B: r1 (7f0d263) vs new (d426a96, linear ends), then the GPU FFT tests of new through CUDA
. .devbin/gpu_env.sh
for b in r1 new; do xz -dkf .devbin/reikna-$b.xz && chmod +x .devbin/reikna-$b; done
xz -dkf .devbin/fft.test.xz && chmod +x .devbin/fft.test
L=$(cat .devbin/linchanged.txt | tr ' ' ',' | sed 's/,$//'),17,361,1000,256
python3 scripts/bench_ab.py --rounds 3 --sizes $L --mib 256 --api cuda --runs 10 --deadline 200 $OUT/lin r1=.devbin/reikna-r1 new=.devbin/reikna-new 2>&1 | tail -50
(cd computations/fft && REIKNA_API=cuda REIKNA_REQUIRE_DEVICE=1 timeout 90 ../../.devbin/fft.test -test.run 'TestFFTLengths|TestFFTPlanVariants|TestLooped|TestLanes' > $OUT/lin/fft-tests-cuda.txt 2>&1; echo "tests rc=$?"; tail -3 $OUT/lin/fft-tests-cuda.txt)
cd $OUT && tar czf lin.tgz lin && rm -rf lin
