#!/bin/bash
. .devbin/ab/gpu_env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
.devbin/ab/fft.test -test.run 'TestFFTLargePasses' -test.v 2>&1 | grep -E '^(---|ok|FAIL|PASS)|wider=true' | tail -12
echo "tests at $SECONDS"
G=4116,4374,4608,5000,5184,5400,5625,6000,6144,6750,7200,7680,8192,2203,2297,2441,2711,2833,2971,3257,3533,3821,3994,2266,2785
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 2 --deadline 150 --run-timeout 75 --pack --sizes $G $OUT/wider-cuda rule=REIKNA_BENCH_WIDER_GROUPS=0 wider=REIKNA_BENCH_WIDER_GROUPS=1 2>&1 | tail -32
echo "wider at $SECONDS"
S=17,34,50,96,100,625,289,493,589,1587,121,143,23,46
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 1 --deadline 50 --run-timeout 50 --pack --sizes $S $OUT/wg64-cuda rule=REIKNA_BENCH_MAX_WG=0 wg64=REIKNA_BENCH_MAX_WG=64 2>&1 | tail -20
echo "wg64 at $SECONDS"
if [ $SECONDS -lt 330 ]; then
  timeout $((505 - SECONDS)) env SWEEP_SAMPLE=64 DEADLINES="opencl-sweep=100" scripts/gpu_record.sh --parts opencl-sweep --pack $OUT/oclsweep.tgz .devbin/ocl/reikna .devbin/ocl/sw 2>&1 | tail -14
fi
echo "end at $SECONDS"
