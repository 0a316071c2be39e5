#!/usr/bin/env bash
# A/B: head vs guard (no turn where a pass back loses the register kernel) vs regback (the turn, the passes back keep uneven register kernels)
. .devbin/gpu_env.sh
for b in head guard regback; do xz -dkf .devbin/reikna-$b.xz && chmod +x .devbin/reikna-$b; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
L=5931676,8995246,4344824,5754452,10673046,17220,21734,35627,20016,18933,23060,146560,154078,10091,161377
python3 scripts/bench_ab.py --pack --rounds 3 --sizes $L --mib 256 --api cuda --runs 10 --deadline 240 $OUT/guard head=.devbin/reikna-head guard=.devbin/reikna-guard regback=.devbin/reikna-regback 2>&1 | tail -40
