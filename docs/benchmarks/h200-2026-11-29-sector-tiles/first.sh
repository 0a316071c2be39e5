#!/bin/bash
. .devbin/ab/gpu_env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
A=8813,23204,34992,532224,4257792,5163797,5931676,8783,11587,12672,13689,15552,16200,19250,25000,29040,37500,52488,61236,86400,129600,300000,382200,995328,1492992,2400000,3359232,7962624,12597120
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 2 --deadline 200 --run-timeout 120 --pack --sizes $A $OUT/sector-cuda rules=REIKNA_BENCH_SECTOR_TILES=0 sector=REIKNA_BENCH_SECTOR_TILES=1 2>&1 | tail -45
echo at $SECONDS
B=8813,23204,34992,66528,532224,561923,645496,4257792,5163797,5931676,17569,35147,129600,300000,1492992,7962624
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api opencl --mib 512 --rounds 1 --deadline 100 --run-timeout 100 --pack --sizes $B $OUT/sector-opencl rules=REIKNA_BENCH_SECTOR_TILES=0 sector=REIKNA_BENCH_SECTOR_TILES=1 2>&1 | tail -30
echo at $SECONDS
