#!/usr/bin/env bash
# .devbin/rec2.sh: the CUDA sets and FFT tests, then the OpenCL sets with the CUDA run's peers, in one call
rm -f .devbin/resume-*.tgz
DEADLINE=${SETS_DEADLINE:-320} bash .devbin/rec.sh sets
cp $OUT/cuda.tgz .devbin/resume-cuda.tgz
DEADLINE=${OPENCL_DEADLINE:-170} bash .devbin/rec.sh opencl-sets
