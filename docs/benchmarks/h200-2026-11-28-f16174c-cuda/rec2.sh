#!/usr/bin/env bash
# .devbin/rec2.sh: the CUDA sets and FFT tests, then the OpenCL sets with the CUDA run's peers, in one call.
# .devbin/rec.sh is docs/benchmarks/h200-2026-11-28-07ce67f-cuda/run.sh, and .devbin/gpu_env.sh
# docs/benchmarks/h200-2026-11-28-dda4eb9-cuda/gpu_env.sh; the sweep's call was
# `DEADLINE=370 bash .devbin/rec.sh sweep`.
rm -f .devbin/resume-*.tgz
DEADLINE=${SETS_DEADLINE:-320} bash .devbin/rec.sh sets
cp $OUT/cuda.tgz .devbin/resume-cuda.tgz
DEADLINE=${OPENCL_DEADLINE:-170} bash .devbin/rec.sh opencl-sets
