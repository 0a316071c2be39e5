#!/usr/bin/env bash
# Call 2: A/B of Bluestein's transforms over rows with coalesced tables: head (no rows) vs r3 (rows from three passes) vs r2 (from two passes, rows up to 8192), 512 MiB batches
. .devbin/c2/gpu_env.sh
cd .devbin/c2 && for f in *.xz; do xz -d -T4 $f; done; chmod +x reikna-*; cd ../..
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
B=.devbin/c2/reikna
R=17569,53233,70258,140497,212964,280963,370759,489198,645496,851748,1123841,1482919,1703437,1956714,2581976
python3 scripts/bench_ab.py --pack --rounds 2 --sizes $R --mib 512 --api cuda --runs 10 --deadline 200 /tmp/cuda head=$B-head r3=$B-r3 r2=$B-r2 2>&1 | tail -30
cp /tmp/cuda.tgz $OUT/ 2>/dev/null
O=140497,212964,370759,645496,1123841,1703437,1956714,2581976
python3 scripts/bench_ab.py --pack --rounds 2 --sizes $O --mib 512 --api opencl --runs 10 --deadline 120 /tmp/ocl head=$B-head r3=$B-r3 2>&1 | tail -20
cp /tmp/ocl.tgz $OUT/ 2>/dev/null
