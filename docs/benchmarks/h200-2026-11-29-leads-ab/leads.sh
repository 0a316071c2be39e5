#!/bin/bash
. .devbin/ab/gpu_env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
W=9801,11319,11616,12100,12672,13824,15625,10450,10472,10625,11040,11875,12167,13225,14375
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 2 --deadline 120 --run-timeout 80 --pack --sizes $W $OUT/wide-cuda before=REIKNA_BENCH_WIDE_ONE_PASS=0 wide=REIKNA_BENCH_WIDE_ONE_PASS=1 2>&1 | tail -25
echo at $SECONDS
S=17566,17569,35129,35147,40824,43923,46349,46370,47775,66528,72501,92683,92692,94080,101376,109512,124416,166400,186624,196830,232320,251680,279936,419904,455625,524288,7007000,9779616,12597120,13671875,14819112,16098264
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 2 --deadline 220 --run-timeout 110 --pack --sizes $S $OUT/short-cuda rule=REIKNA_BENCH_LARGE_PASSES=0 short=REIKNA_BENCH_LARGE_PASSES=3 2>&1 | tail -42
echo at $SECONDS
