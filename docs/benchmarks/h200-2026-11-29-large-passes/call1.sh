#!/usr/bin/env bash
# Call 1: passes in CUDA's large local memory. Tests (the build whose CUDA rule is WideLargePasses; OpenCL plans are main's),
# kernel times, and A/B at 512 MiB: head (none) vs f16 (fewer kernels, tiles of 16) vs f8 (tiles of 8) vs w16 (also as many kernels, wider tiles)
. .devbin/c7/gpu_env.sh
cd .devbin/c7 && for f in *.xz; do xz -d -T8 $f; done; chmod +x reikna-* fft.test; cd ../..
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
F=324135,382200,524288,532224,629856,750141,875875,1048576,1222452,1492992,1714608,2012283,2097152,2806650,2965847,3359232,3406908,3913489,4194304,4257792,4495357,5163797,5467500,5931676,6456681,6813805,7826862,8294400,11863370
W=17569,23204,29040,34992,40824,47775,57600,66528,78732,94080,109512,131072,154000,186624,214326,262144,300000,455625,561923,1123846,1703437,8388608,13627356,15653699
T=$PWD/.devbin/c7/fft.test
cd computations/fft
(REIKNA_API=cuda REIKNA_REQUIRE_DEVICE=1 REIKNA_FFT_LENGTHS=$F,$W timeout 100 $T -test.run 'TestFFTLengths' 2>&1 | grep -E -- '--- FAIL|^(ok|FAIL|PASS)|panic|error' | head -40; echo "lengths rc=$? $SECONDS s") 2>&1 | tee $OUT/tests-lengths.txt
for api in cuda opencl; do s=$SECONDS; REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 timeout 80 $T -test.run 'TestFFTLengths|TestFFTPlanVariants|TestRFFTPlanVariants|TestBluesteinLengths|TestLooped|TestLanes|TestGoldenPlans' > $OUT/fft-tests-$api.txt 2>&1; echo "rc=$? seconds=$((SECONDS-s))" >> $OUT/fft-tests-$api.txt; tail -3 $OUT/fft-tests-$api.txt; done
for lp in -1 1 2; do echo "== large passes $lp"; REIKNA_API=cuda REIKNA_BENCH_LARGE_PASSES=$lp REIKNA_BENCH_KERNELS=1 REIKNA_BENCH_SIZES=1048576,2097152,4194304,66528,5163797,1703437 timeout 60 $T -test.run none -test.bench 'BenchmarkFFT$' -test.benchtime 10x 2>&1 | grep -E "^BenchmarkFFT|kernel|FAIL|panic" | sed 's/BenchmarkFFT\///'; done 2>&1 | tee $OUT/kernels.txt
cd ../..
B=.devbin/c7/reikna
python3 scripts/bench_ab.py --pack --rounds 1 --sizes $F --mib 512 --api cuda --runs 10 --deadline 170 /tmp/abf head=$B-head f16=$B-f16 f8=$B-f8 2>&1 | tail -45
cp /tmp/abf.tgz $OUT/ 2>/dev/null
python3 scripts/bench_ab.py --pack --rounds 1 --sizes $W --mib 512 --api cuda --runs 10 --deadline 100 /tmp/abw head=$B-head w16=$B-w16 2>&1 | tail -35
cp /tmp/abw.tgz $OUT/ 2>/dev/null
