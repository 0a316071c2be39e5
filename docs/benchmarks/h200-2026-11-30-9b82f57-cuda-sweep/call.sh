#!/bin/bash
# The sweep at the commit of the binaries: 64 lengths through CUDA with cuFFT and VkFFT in the same run, and through OpenCL against that run's peers.
. .devbin/rec/gpu_env.sh
mkdir -p /tmp/rec
SWEEP_SAMPLE=64 DEADLINES="cuda-sweep=400 opencl-sweep=160" scripts/gpu_record.sh --parts cuda-sweep,opencl-sweep --pack $OUT/sweep.tgz .devbin/rec/reikna /tmp/rec/rec 2>&1 | tail -30
echo "sweep at $SECONDS"
