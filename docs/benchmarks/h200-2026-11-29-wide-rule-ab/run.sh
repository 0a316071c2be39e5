#!/bin/bash
. .devbin/ab/gpu_env.sh  # OCL_ICD_VENDORS, LD_LIBRARY_PATH of the driver and NVRTC, NCCL_NVLS_ENABLE=0
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
S=17566,17569,35129,35147,40824,43923,46349,46370,47775,66528,72501,92683,92692,94080,101376,109512,124416,166400,186624,196830,232320,251680,279936,419904,455625,7007000,9779616,12597120,13671875,14819112,16098264
python3 scripts/bench_ab.py --test-binary .devbin/ab/fft.test --api cuda --mib 512 --rounds 3 --deadline 430 --run-timeout 160 --pack --sizes $S $OUT/widerule rules=REIKNA_BENCH_LARGE_PASSES=-1 wide=REIKNA_BENCH_LARGE_PASSES=2 2>&1 | tail -60
