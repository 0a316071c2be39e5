#!/bin/bash
. .devbin/ab/gpu_env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
A=264992,283920,294912,310464,331240,344064,366912,393216,416416,454272,491520,529984,570752,614656,786432,917504
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 3 --deadline 330 --run-timeout 120 --pack --sizes $A $OUT/tiles8-band rules=REIKNA_BENCH_LARGE_PASSES=0 any8=REIKNA_BENCH_LARGE_PASSES=1,REIKNA_BENCH_LARGE_TILE=8 2>&1 | tail -30
echo at $SECONDS
