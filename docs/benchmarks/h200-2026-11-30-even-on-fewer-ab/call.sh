#!/bin/bash
. .devbin/rec3/gpu_env.sh
python3 scripts/bench_ab.py --test-binary $PWD/.devbin/rec3/fft.test --api cuda --mib 256 --rounds 3 --runs 10 --deadline 300 --run-timeout 100 --pack \
  --sizes 48,96,192,200,392,400,768,784,1152 $OUT/even rule=REIKNA_BENCH_EVEN_ON_FEWER=0 fewer=REIKNA_BENCH_EVEN_ON_FEWER=1 2>&1 | tail -20
echo at $SECONDS
