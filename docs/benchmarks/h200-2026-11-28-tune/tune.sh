#!/usr/bin/env bash
# .devbin/tune.sh: reikna tune through CUDA on the sweep's slowest lengths (512 MiB per array) and on matrix products
. .devbin/gpu_env.sh
xz -dkf .devbin/reikna.xz && chmod +x .devbin/reikna
B=$((512*1024*1024/8))
args=()
for n in ${TUNE_LENGTHS:-361 527 289 217 34 17 896 198 2500 72 13689 129600}; do args+=(--shape $((B/n)),$n --axes 1); done
start=$(date +%s)
timeout ${TUNE_FFT_S:-360} .devbin/reikna tune --api cuda "${args[@]}" --export $OUT/wisdom-fft-cuda.jsonl > $OUT/tune-fft-cuda.txt 2>&1
echo "rc=$? seconds=$(( $(date +%s) - start ))" >> $OUT/tune-fft-cuda.txt
cat $OUT/tune-fft-cuda.txt
start=$(date +%s)
timeout 90 .devbin/reikna tune --api cuda --matmul 4096,4096,4096 --matmul 8192,8192,8192 --matmul 1000,30,1000 > $OUT/tune-matmul-f32-cuda.txt 2>&1
echo "rc=$? seconds=$(( $(date +%s) - start ))" >> $OUT/tune-matmul-f32-cuda.txt
timeout 60 .devbin/reikna tune --api cuda --precision double --matmul 4096,4096,4096 > $OUT/tune-matmul-f64-cuda.txt 2>&1
echo "rc=$? seconds=$(( $(date +%s) - start ))" >> $OUT/tune-matmul-f64-cuda.txt
cat $OUT/tune-matmul-*.txt
nvidia-smi -L
