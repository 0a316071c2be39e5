#!/bin/bash
. .devbin/ab/gpu_env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
.devbin/ab/fft.test -test.run 'TestFFTLargePasses' -test.v 2>&1 | grep -E '^(--- |ok|FAIL|PASS)|    --- FAIL' | tail -6
echo "tests at $SECONDS"
B=2121,2181,2279,2402,2447,2458,2627,2655,2661,2732
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 2 --deadline 200 --run-timeout 75 --pack --sizes $B $OUT/smooth-val pow2=REIKNA_BENCH_BLUESTEIN=pow2 rule=REIKNA_BENCH_BLUESTEIN=rule 2>&1 | tail -16
echo "end at $SECONDS"
