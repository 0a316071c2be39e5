#!/usr/bin/env bash
# A/B: turn (the turn on the plan's last pass, the passes back reversed) vs turn2 (the turn on the longest pass, the others in the plan's order on both sides)
. .devbin/gpu_env.sh
for b in turn turn2; do xz -dkf .devbin/reikna-$b.xz && chmod +x .devbin/reikna-$b; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
L=10091,12037,24631,35147,48066,65537,161377,212964,267742,524309,645496,1290957,2097143,5163797,6813805,15653744
python3 scripts/bench_ab.py --pack --rounds 2 --sizes $L --mib 256 --api cuda --runs 10 --deadline 200 $OUT/turn2 turn=.devbin/reikna-turn turn2=.devbin/reikna-turn2 2>&1 | tail -30
