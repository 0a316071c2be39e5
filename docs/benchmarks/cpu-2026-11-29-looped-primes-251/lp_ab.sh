#!/bin/bash
# CPU A/B: looped primes up to 31 (the rule) against up to 127.
S=74,142,194,854,976,1258,1988,2596,7194,9212,13509,23199,33108,96380,61,113
python3 scripts/bench_ab.py --test-binary .devbin/cpu/fft-lp.test --api opencl --mib 8 --rounds 2 --run-timeout 900 --sizes $S "$1" rule=REIKNA_BENCH_LOOPED_PRIME=0 p127=REIKNA_BENCH_LOOPED_PRIME=127
