#!/usr/bin/env bash
# Call 3: the rule's transforms over rows (CUDA: from three passes, rows up to 8192) against none, at the sweep's lengths that the rule changes; OpenCL with the same rule
. .devbin/c2/gpu_env.sh
cd .devbin/c2 && for f in *.xz; do xz -d -T4 $f; done; chmod +x reikna-*; cd ../..
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
B=.devbin/c2/reikna
R=140497,140521,185369,185390,212964,212969,244592,244597,280963,281042,322743,322747,370732,370759,425857,425965,489179,489198,561923,561953,645481,645496,741457,741490,851723,851748,978359,978416,1123841,1123846,1290957,1290983,1482919,1483036,1703435,1703437,1956714,1956719,2247673,2247763,2581907,2581976
python3 scripts/bench_ab.py --pack --rounds 1 --sizes $R --mib 512 --api cuda --runs 10 --deadline 150 /tmp/cuda head=$B-head rule=$B-rule 2>&1 | tail -50
cp /tmp/cuda.tgz $OUT/ 2>/dev/null
O=140521,212964,280963,370759,489179,645496,851723,1123841,1482919,1703437,1956714,2581976
python3 scripts/bench_ab.py --pack --rounds 1 --sizes $O --mib 512 --api opencl --runs 10 --deadline 80 /tmp/ocl head=$B-head rule=$B-ruleall 2>&1 | tail -20
cp /tmp/ocl.tgz $OUT/ 2>/dev/null
