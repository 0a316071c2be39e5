#!/bin/bash
. .devbin/ab/gpu_env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
A=524288,1048576,2097152,4194304,1492992,2400000,3359232,4257792,8294400,1036800,3919104,2239488
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 2 --deadline 250 --run-timeout 120 --pack --sizes $A $OUT/tiles rules=REIKNA_BENCH_LARGE_PASSES=0 any16=REIKNA_BENCH_LARGE_PASSES=1 any8=REIKNA_BENCH_LARGE_PASSES=1,REIKNA_BENCH_LARGE_TILE=8 any4=REIKNA_BENCH_LARGE_PASSES=1,REIKNA_BENCH_LARGE_TILE=4 2>&1 | tail -25
B=4495346,4495357,5163797,5163819,5931649,5931676,6456681,6813673,6813805,7826862,7826887
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 2 --deadline 250 --run-timeout 120 --pack --sizes $B $OUT/blue rules=REIKNA_BENCH_LARGE_PASSES=0 any16=REIKNA_BENCH_LARGE_PASSES=1 any8=REIKNA_BENCH_LARGE_PASSES=1,REIKNA_BENCH_LARGE_TILE=8 2>&1 | tail -25
