#!/bin/bash
. .devbin/ab/gpu_env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
A=15625,15552,23328,11587,11630,12500,20000
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 3 --deadline 180 --run-timeout 90 --pack --sizes $A $OUT/reg25-cuda rules=REIKNA_BENCH_LARGE_PASSES=0 reg25=REIKNA_BENCH_MAX_E=25,REIKNA_BENCH_MAX_WG=1000 2>&1 | tail -20
echo at $SECONDS
B=524288,1048576,2097152
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 3 --deadline 90 --run-timeout 90 --pack --sizes $B $OUT/tiles8 rules=REIKNA_BENCH_LARGE_PASSES=0 any8=REIKNA_BENCH_LARGE_PASSES=1,REIKNA_BENCH_LARGE_TILE=8 2>&1 | tail -14
echo at $SECONDS
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api opencl --mib 512 --rounds 2 --deadline 90 --run-timeout 90 --pack --sizes $A $OUT/reg25-opencl rules=REIKNA_BENCH_LARGE_PASSES=0 reg25=REIKNA_BENCH_MAX_E=25,REIKNA_BENCH_MAX_WG=1000 2>&1 | tail -20
echo at $SECONDS
