#!/usr/bin/env bash
# A/B: base (334a60c) vs turn (Bluestein's forward last pass and first pass back in one kernel)
. .devbin/gpu_env.sh
for b in base turn; do xz -dkf .devbin/reikna-$b.xz && chmod +x .devbin/reikna-$b; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
L=10091,12037,16411,24631,26627,35147,48066,65537,100003,161377,212964,267742,524309,645496,1000003,1290957,2097143,5163797,6813805,15653744,9749,4096,1000000
python3 scripts/bench_ab.py --pack --rounds 3 --sizes $L --mib 256 --api cuda --runs 10 --deadline 270 $OUT/turn base=.devbin/reikna-base turn=.devbin/reikna-turn 2>&1 | tail -45
