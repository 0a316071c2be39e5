#!/bin/bash
# A/B: CUDA's UNROLL_LOOP on the real FFT (BenchmarkRFFT forward, 512 MiB).
. .devbin/ab/gpu_env.sh
T=$PWD/.devbin/ab/fft.test
python3 scripts/bench_ab.py --test-binary $T --bench RFFT --api cuda --mib 512 --rounds 2 --run-timeout 90 --deadline 300 --pack \
  --sizes 65536,1024,4096,16384,1048576,256,2048,8192,131072,1000,6144,100,262144 $OUT/rfft-unroll ref=X=1 nounroll=REIKNA_BENCH_OPTIONS=-DUNROLL_LOOP= 2>&1 | tail -30
echo at $SECONDS
