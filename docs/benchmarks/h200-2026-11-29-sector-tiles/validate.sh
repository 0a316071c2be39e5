#!/bin/bash
. .devbin/ab/gpu_env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
A=15400,1081600,3773952,5458752,2632500,19404,12795328,172872,4088448,5336100,3567200,766656,78732,489888,2239488,11943936
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 1 --deadline 200 --run-timeout 110 --pack --sizes $A $OUT/validate-cuda before=REIKNA_BENCH_NO_SECTOR_TILES=1 sector=REIKNA_BENCH_NO_SECTOR_TILES=0 2>&1 | tail -25
echo at $SECONDS
