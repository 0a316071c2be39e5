#!/bin/bash
. .devbin/ab/gpu_env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
.devbin/ab/fft.test -test.run 'TestFFTLargePasses' -test.v 2>&1 | grep -E '^(---|ok|FAIL|PASS)|whole=true' | tail -6
echo "tests at $SECONDS"
W=5800,5824,6032,6048,6174,6200,6318,6400,6727,6860,6960,7424
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 2 --deadline 230 --run-timeout 75 --pack --sizes $W $OUT/whole-cuda rule=REIKNA_BENCH_WHOLE_EXCHANGES=0 whole=REIKNA_BENCH_WHOLE_EXCHANGES=1 2>&1 | tail -20
echo "whole at $SECONDS"
B=2078,2085,2110,2154,2263,2265,2316,2452,2466,2583,2623,2879
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 2 --deadline 230 --run-timeout 75 --pack --sizes $B $OUT/smooth-cuda rule=REIKNA_BENCH_BLUESTEIN=rule smooth=REIKNA_BENCH_BLUESTEIN=smooth 2>&1 | tail -20
echo "end at $SECONDS"
