#!/bin/bash
. .devbin/rec4/gpu_env.sh
mkdir -p $OUT/o
timeout 190 .devbin/rec4/reikna bench --api opencl --sweep --sweep-kinds smooth-short --mib 128 --runs 10 --json $OUT/o/smooth-opencl.json > $OUT/o/smooth-opencl.txt 2>&1
echo rc=$? at $SECONDS
tail -9 $OUT/o/smooth-opencl.txt
