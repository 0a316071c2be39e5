#!/usr/bin/env bash
# The OpenCL sweep of b3a1d27, in a call of its own on the machine of the CUDA record: the peers'
# figures from that machine's CUDA sweep (.devbin/resume-cuda-sweep.tgz, its $OUT/cuda-sweep.tgz).
mkdir -p /tmp/peers /tmp/opencl-sweep && tar xzf .devbin/resume-cuda-sweep.tgz -C /tmp/peers && cp /tmp/peers/cuda-sweep/cufft*.json /tmp/peers/cuda-sweep/vkfft*.json /tmp/peers/
. .devbin/gpu_env.sh; xz -dkf .devbin/reikna.xz; chmod +x .devbin/reikna
DEADLINE_S=140 SETS=sweep PEERS_FROM=/tmp/peers SWEEP_SAMPLE=80 timeout 175 scripts/gpu_compare.sh --api opencl .devbin/reikna /tmp/opencl-sweep > /tmp/opencl-sweep/run.log 2>&1
echo rc=$?; tar czf $OUT/opencl-sweep.tgz -C /tmp opencl-sweep
