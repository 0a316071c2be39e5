#!/usr/bin/env bash
# A/B: head (d476a13) vs lp512 / lp1024 (transforms of several passes in CUDA's large local memory where that takes fewer passes; strided passes over up to 512 / 1024 work-items)
. .devbin/gpu_env.sh
for b in head lp512 lp1024; do xz -dkf .devbin/reikna-$b.xz && chmod +x .devbin/reikna-$b; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
L=524288,1048576,2097152,4194304,786432,1000000,1500000,532224,212964,561923,645496,1956714,262144
python3 scripts/bench_ab.py --pack --rounds 3 --sizes $L --mib 512 --api cuda --runs 10 --deadline 260 $OUT/lp head=.devbin/reikna-head lp512=.devbin/reikna-lp512 lp1024=.devbin/reikna-lp1024 2>&1 | tail -45
