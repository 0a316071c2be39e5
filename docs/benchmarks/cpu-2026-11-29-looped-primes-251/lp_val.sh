#!/bin/bash
# CPU validation: the rule of primes up to 31 in looped passes (REIKNA_BENCH_LOOPED_PRIME=31) against the new rule.
S=118,201,329,649,944,1246,1695,1961,3525,6386,11252,24475,28564,45475,59356,79178,103,127
python3 scripts/bench_ab.py --test-binary .devbin/cpu/fft-lp.test --api opencl --mib 8 --rounds 2 --run-timeout 900 --sizes $S "$1" p31=REIKNA_BENCH_LOOPED_PRIME=31 rule=REIKNA_BENCH_LOOPED_PRIME=0
