#!/bin/bash
# Call 1: prime butterflies of 37-61 and 67-127 on GPUs (REIKNA_BENCH_MAX_PRIME against the rule's Bluestein), both interfaces; OpenCL's UNROLL_LOOP as #pragma unroll on NVIDIA's platform.
. .devbin/c1/gpu_env.sh
B=$PWD/.devbin/c1/fft.test
A=/tmp/ab; mkdir -p $A
ab() { python3 scripts/bench_ab.py --test-binary $B --runs 10 --run-timeout 150 --pack "$@" 2>&1 | tail -${TAILN:-50}; }
SA="74,123,222,235,282,354,366,423,531,708,779,984,989,1247,1258,1554,1643,1886,2006,2109,2442,2494,2553,2583,2624,3286,3362,4028,4085,9472,31347,60416,241664,530000"
SB="339,568,1068,1246,1264,1313,1917,3053,3605,4068"
SU="17,34,46,51,62,85,93,119,136,155,217,289,310,348,391,403,493,598,868,930,50,96,1000,4096"
ab --api cuda --mib 128 --rounds 2 --deadline 150 --sizes $SA $A/p61-cuda rule=REIKNA_BENCH_MAX_PRIME=0 p61=REIKNA_BENCH_MAX_PRIME=61
echo "p61-cuda at $SECONDS"
ab --api cuda --mib 128 --rounds 2 --deadline 50 --sizes $SB $A/p127-cuda rule=REIKNA_BENCH_MAX_PRIME=0 p127=REIKNA_BENCH_MAX_PRIME=127
echo "p127-cuda at $SECONDS"
ab --api opencl --mib 128 --rounds 2 --deadline 140 --sizes $SU $A/unroll-opencl rule=REIKNA_SCRATCH_OCL_UNROLL=0 unroll=REIKNA_SCRATCH_OCL_UNROLL=1
echo "unroll-opencl at $SECONDS"
left=$((540 - SECONDS)); [ $left -gt 40 ] && ab --api opencl --mib 128 --rounds 1 --deadline $((left - 45)) --sizes $SA $A/p61-opencl rule=REIKNA_BENCH_MAX_PRIME=0 p61=REIKNA_BENCH_MAX_PRIME=61
echo "p61-opencl at $SECONDS"
cp $A/*.tgz $OUT/ 2>/dev/null
ls $OUT
