#!/bin/bash
# Probe: register kernels of at most 16 elements over up to 512 / 1024 work-items through CUDA.
. .devbin/ab/gpu_env.sh
T=$PWD/.devbin/ab/fft.test
python3 scripts/bench_ab.py --test-binary $T --api cuda --mib 512 --rounds 2 --run-timeout 90 --deadline 200 --pack \
  --sizes 8192,16384,4096,6144,12288,10000,4374,2048 $OUT/e16 ref=X=1 e16w512=REIKNA_BENCH_MAX_E=16,REIKNA_BENCH_MAX_WG=512 e16w1024=REIKNA_BENCH_MAX_E=16,REIKNA_BENCH_MAX_WG=1024 2>&1 | tail -30
echo at $SECONDS
