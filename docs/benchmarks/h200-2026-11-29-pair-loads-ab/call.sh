#!/bin/bash
# The A/B of the real pairs as one load through CUDA (BenchmarkRFFT's forward
# transforms, 512 MiB) and the probe of 64 work-items for short rows
# (BenchmarkFFT), with the pair-load tests through both interfaces first.
. .devbin/ab/gpu_env.sh
T=$PWD/.devbin/ab/fft.test
mkdir -p $OUT/tests
for api in cuda opencl; do
  (cd computations/fft && REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 timeout 60 $T -test.run 'TestRealFFT' -test.count 1 2>&1 | tail -5) > $OUT/tests/rfft-$api.txt
done
cat $OUT/tests/*.txt
python3 scripts/bench_ab.py --test-binary $T --bench RFFT --api cuda --mib 512 --rounds 2 --run-timeout 90 --deadline 230 --pack \
  --sizes 1024,4096,256,512,2048,8192,16384,65536,1000,3000,100,1048576,6144,10000,131072 $OUT/pairs ref=X=1 pairs=REIKNA_BENCH_PAIR_LOADS=1 2>&1 | tail -30
python3 scripts/bench_ab.py --test-binary $T --api cuda --mib 512 --rounds 2 --run-timeout 60 --deadline 120 --pack \
  --sizes 17,34,50,96,100,625,31,200 $OUT/wg64 ref=X=1 wg64=REIKNA_BENCH_MAX_WG=64 2>&1 | tail -20
echo at $SECONDS
