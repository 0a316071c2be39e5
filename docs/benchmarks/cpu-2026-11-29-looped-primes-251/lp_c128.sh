#!/bin/bash
# CPU A/B in complex128: the looped primes up to 31 against the rule (factors up to 251).
S=94,172,291,639,642,731,1643,2198,11895,21812,35030,58164
python3 scripts/bench_ab.py --test-binary .devbin/cpu/fft-lp.test --api opencl --mib 8 --rounds 2 --run-timeout 900 --sizes $S "$1" p31=REIKNA_BENCH_LOOPED_PRIME=31,REIKNA_BENCH_PRECISION=double rule=REIKNA_BENCH_LOOPED_PRIME=0,REIKNA_BENCH_PRECISION=double
