#!/usr/bin/env bash
# Call 2: passes in CUDA's large local memory, kernel times at 512 MiB (BenchmarkFFT, no host reference), two interleaved rounds of
# none (-1), fewer kernels (1) and also as many kernels with wider tiles (2); then TestFFTLengths of the wide rule over 14 lengths.
. .devbin/c7/gpu_env.sh
cd .devbin/c7 && xz -d -T8 fft.test.xz; chmod +x fft.test; cd ../..
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
S=324135,524288,532224,750141,1048576,1222452,2097152,2806650,3359232,4194304,4257792,5163797,5931676,6813805,8294400,11863370,17569,34992,44100,66528,96000,131072,161377,250000,262144,1000000,1703437,8388608
T=$PWD/.devbin/c7/fft.test
cd computations/fft
for r in 1 2; do for lp in -1 1 2; do
  echo "== round $r large passes $lp"
  REIKNA_API=cuda REIKNA_BENCH_MIB=512 REIKNA_BENCH_LARGE_PASSES=$lp REIKNA_BENCH_KERNELS=1 REIKNA_BENCH_SIZES=$S timeout 150 $T -test.run none -test.bench 'BenchmarkFFT$' -test.benchtime 10x 2>&1 | grep -E "^BenchmarkFFT|FAIL|panic" | sed 's/BenchmarkFFT\///'
  echo "at $SECONDS s"
done; done 2>&1 | tee $OUT/ab512.txt
(REIKNA_API=cuda REIKNA_REQUIRE_DEVICE=1 REIKNA_FFT_LENGTHS=1048576,2097152,4194304,532224,4257792,5163797,66528,34992,17569,161377,1703437,250000,1000000,44100 timeout 120 $T -test.run 'TestFFTLengths' -test.v 2>&1 | grep -E -- '--- |^(ok|FAIL|PASS)|panic' | head -40; echo "lengths at $SECONDS s") 2>&1 | tee $OUT/tests-lengths.txt
