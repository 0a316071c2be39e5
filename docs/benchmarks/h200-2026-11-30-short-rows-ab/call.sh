#!/bin/bash
. .devbin/rec/gpu_env.sh
O=$OUT/short
python3 scripts/bench_ab.py --test-binary $PWD/.devbin/rec/fft.test --api cuda --mib 256 --rounds 3 --deadline 470 --run-timeout 160 --pack \
  --sizes 36,40,48,50,60,72,80,96,100,120,200,625 $O base=REIKNA_BENCH_MAX_WG=0 wg64=REIKNA_BENCH_MAX_WG=64 e8=REIKNA_BENCH_MAX_E=8 2>&1 | tail -60
echo at $SECONDS
