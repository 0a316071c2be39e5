#!/bin/bash
. .devbin/rec/gpu_env.sh
python3 scripts/bench_ab.py --test-binary $PWD/.devbin/rec/fft.test --api cuda --mib 64 --rounds 1 --runs 10 --deadline 380 --run-timeout 190 --pack \
  --sizes $(cat .devbin/rec/s1.txt) $OUT/rank base=REIKNA_BENCH_REG_CHOICE=0 k1=REIKNA_BENCH_REG_CHOICE=1 k2=REIKNA_BENCH_REG_CHOICE=2 2>&1 | grep -v '^ *[0-9]' | tail -20
echo at $SECONDS
