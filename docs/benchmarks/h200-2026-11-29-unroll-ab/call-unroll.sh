#!/bin/bash
# UNROLL_LOOP through CUDA: the loops of the FFT's staged loads and local
# rounds unrolled whole (#pragma unroll) against the compiler's choice
# (-DUNROLL_LOOP=), BenchmarkFFT at 512 MiB, two interleaved rounds.
. .devbin/ab/gpu_env.sh
T=$PWD/.devbin/ab/fft.test
python3 scripts/bench_ab.py --test-binary $T --api cuda --mib 512 --rounds 2 --run-timeout 75 --deadline 170 --pack \
  --sizes 34,50,1026,17,96,289,493,625,2200,6144,65536,391 $OUT/unroll \
  nvrtc=REIKNA_BENCH_OPTIONS=-DUNROLL_LOOP= unroll=X=1 2>&1 | tail -25
echo at $SECONDS
