#!/bin/bash
. .devbin/rec/gpu_env.sh
run='TestFFTLengths|TestFFTPlanVariants|TestRFFTPlanVariants|TestRealFFT|TestBluesteinLengths|TestFFTLargePasses|TestLooped|TestLanes|TestGoldenPlans'
cd computations/fft
start=$SECONDS
REIKNA_API=cuda REIKNA_REQUIRE_DEVICE=1 timeout 400 ../../.devbin/rec/fft.test -test.run "$run" -test.v > $OUT/fft-tests-cuda.txt 2>&1
rc=$?
echo "exit status $rc after $((SECONDS - start)) s" >> $OUT/fft-tests-cuda.txt
grep -E '^(--- |ok|FAIL|PASS)' $OUT/fft-tests-cuda.txt | tail -30
echo "exit status $rc after $((SECONDS - start)) s"
