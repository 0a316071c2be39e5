#!/usr/bin/env bash
# .devbin/rec4.sh: the sweep through CUDA with the peers, then through OpenCL with the CUDA run's peers, in one call
rm -f .devbin/resume-*.tgz
SWEEP_SETS=sweep DEADLINE=${CUDA_DEADLINE:-320} bash .devbin/rec.sh sweep
mkdir -p /tmp/peers /tmp/opencl-sweep && tar xzf $OUT/cuda-sweep.tgz -C /tmp/peers && cp /tmp/peers/cuda-sweep/cufft*.json /tmp/peers/cuda-sweep/vkfft*.json /tmp/peers/
start=$(date +%s)
DEADLINE_S=${OPENCL_DEADLINE:-120} SETS=sweep PEERS_FROM=/tmp/peers timeout 170 scripts/gpu_compare.sh --api opencl .devbin/reikna /tmp/opencl-sweep > /tmp/opencl-sweep/run.log 2>&1
echo "opencl sweep rc=$? seconds=$(( $(date +%s) - start ))" | tee -a /tmp/opencl-sweep/run.log
tail -3 /tmp/opencl-sweep/run.log
tar czf $OUT/opencl-sweep.tgz -C /tmp opencl-sweep
