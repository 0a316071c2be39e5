#!/usr/bin/env bash
# A/B: head vs odd (rows + strided odd by model), odd vs even (strided even by model)
. .devbin/gpu_env.sh
for b in head odd even; do xz -dkf .devbin/reikna-$b.xz && chmod +x .devbin/reikna-$b; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
ROWS=2,4,6,7,10,12,15,17,21,26,31,34,44,51,63,72,104,121,198,289,361,437,527,589,696,256,1000,4096,16807,59049,78125,15625,1953125,214326,2012283,2965870,70241
EVEN=10091,23328,35147,66528,129600,161377,629856,1290957,3359232,5467500,9779616,16777216
python3 scripts/bench_ab.py --rounds 3 --sizes $ROWS --mib 256 --api cuda --runs 10 --deadline 200 $OUT/rows head=.devbin/reikna-head odd=.devbin/reikna-odd 2>&1 | tail -60
python3 scripts/bench_ab.py --rounds 3 --sizes $EVEN --mib 256 --api cuda --runs 10 --deadline 150 $OUT/even odd=.devbin/reikna-odd even=.devbin/reikna-even 2>&1 | tail -40
