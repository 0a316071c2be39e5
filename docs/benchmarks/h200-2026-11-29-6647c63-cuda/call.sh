#!/usr/bin/env bash
# The record at 6647c63: the FFT-family sets through CUDA with cuFFT, PyTorch and VkFFT, the FFT tests through both interfaces;
# then a second round of the wider tiles in CUDA's large local memory against the rules (BenchmarkFFT, 512 MiB).
. .devbin/c8/gpu_env.sh
cd .devbin/c8 && for f in *.xz; do xz -d -T8 $f; done; chmod +x reikna fft.test comp.test; cd ../..
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
mkdir -p /tmp/rec
DEADLINES="cuda=170" TESTS_TIMEOUT=75 scripts/gpu_record.sh --parts cuda,tests --tests $PWD/.devbin/c8/fft.test --pack $OUT/rec.tgz .devbin/c8/reikna /tmp/rec/rec > $OUT/rec.log 2>&1
echo "record rc=$? at $SECONDS s"; tail -8 $OUT/rec.log
cd computations/fft
S=66528,44100,34992,17569,131072,262144,96000,250000,8294400,5931676,11863370
for lp in 2 -1; do echo "== round 2 large passes $lp"; REIKNA_API=cuda REIKNA_BENCH_MIB=512 REIKNA_BENCH_LARGE_PASSES=$lp REIKNA_BENCH_KERNELS=1 REIKNA_BENCH_SIZES=$S timeout 40 ../../.devbin/c8/fft.test -test.run none -test.bench 'BenchmarkFFT$' -test.benchtime 10x 2>&1 | grep -E "^BenchmarkFFT|FAIL|panic" | sed 's/BenchmarkFFT\///'; echo "at $SECONDS s"; done 2>&1 | tee $OUT/ab512-round2.txt
