#!/bin/bash
# Call 1: the row strides (§54) through both interfaces, the large local memory's uneven plans (§53) and NVRTC's register cap, and the row-stride tests on the GPU.
. .devbin/c1/gpu_env.sh
B=$PWD/.devbin/c1/fft.test
A=/tmp/ab; mkdir -p $A
for api in cuda opencl; do
  (cd computations/fft && REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 timeout 60 $B -test.run 'TestFFTRowStrides|TestGoldenPlans' -test.v > $A/tests-$api.txt 2>&1; echo "exit $?" >> $A/tests-$api.txt)
  grep -E "^(--- FAIL|ok|FAIL|PASS|exit)" $A/tests-$api.txt | head -5
done
echo "tests at $SECONDS"
ab() { python3 scripts/bench_ab.py --test-binary $B --runs 10 --run-timeout 120 --pack "$@" 2>&1 | tail -${TAILN:-8}; }
ab --api cuda --mib 256 --rounds 3 --deadline 45 --sizes 2560,3072,3136,3584 $A/uneven rule=REIKNA_BENCH_LOCAL_BYTES=0 local48=REIKNA_BENCH_LOCAL_BYTES=49152
echo "uneven at $SECONDS"
ab --api cuda --mib 256 --rounds 2 --deadline 90 --sizes 50,1056,128,2080,2816,1440,3380,924,98,2240,2940,675,2496,2688,30,4096,1024,625,2000,240 $A/regs rule=REIKNA_BENCH_OPTIONS= r32=REIKNA_BENCH_OPTIONS=--maxrregcount=32 r40=REIKNA_BENCH_OPTIONS=--maxrregcount=40
echo "regs at $SECONDS"
S="18,20,21,22,24,25,26,27,28,30,32,33,36,42,44,45,48,49,50,52,54,56,60,63,64,65,66,70,72,75,78,80,81,84,90,98,99,100,104,105,108,110,117,121,125,126,128,130,132,135,143,144,147,150,154,162,165,169,175,182,195,196,198,220,225,234,242,250,252,273,286,297,330,338,351,364,375"
TAILN=30 ab --api cuda --mib 128 --rounds 3 --deadline 150 --sizes $S $A/strides-cuda rule=REIKNA_BENCH_ROW_STRIDES=0 strides=REIKNA_BENCH_ROW_STRIDES=1
echo "strides-cuda at $SECONDS"
left=$((470 - SECONDS)); [ $left -lt 30 ] && left=30
TAILN=30 ab --api opencl --mib 128 --rounds 3 --deadline $left --sizes $S $A/strides-opencl rule=REIKNA_BENCH_ROW_STRIDES=0 strides=REIKNA_BENCH_ROW_STRIDES=1
echo "strides-opencl at $SECONDS"
cp $A/*.tgz $OUT/ 2>/dev/null; tar czf $OUT/tests.tgz -C $A tests-cuda.txt tests-opencl.txt
ls $OUT
