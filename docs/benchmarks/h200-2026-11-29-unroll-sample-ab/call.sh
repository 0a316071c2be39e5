#!/bin/bash
# A/B: CUDA's UNROLL_LOOP against the compiler's choice on 28 lengths drawn at random
# (seed 20261129) from the 245 lengths of 2 to 1285 whose CUDA kernels hold the loop.
. .devbin/ab/gpu_env.sh
T=$PWD/.devbin/ab/fft.test
python3 scripts/bench_ab.py --test-binary $T --api cuda --mib 512 --rounds 2 --run-timeout 120 --deadline 300 --pack \
  --sizes 6,8,13,14,24,25,43,46,60,76,100,104,136,144,157,192,209,228,310,322,348,403,465,506,598,644,868,930 $OUT/unroll-sample ref=X=1 nounroll=REIKNA_BENCH_OPTIONS=-DUNROLL_LOOP= 2>&1 | tail -40
echo at $SECONDS
