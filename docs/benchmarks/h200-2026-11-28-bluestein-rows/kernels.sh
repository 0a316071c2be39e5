#!/usr/bin/env bash
# Per-kernel times of Bluestein's transforms over rows against Stockham's order (BenchmarkFFT, REIKNA_BENCH_KERNELS=1), 512 MiB-class batches
. .devbin/ab/gpu_env.sh
cd .devbin/ab && xz -d -T4 fft.test.xz; chmod +x fft.test; cd ../../computations/fft
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
for api in cuda opencl; do
for cfg in "never:" "two:" "two:8192" "two:4096" "two:2048"; do
  rt=${cfg%%:*}; mx=${cfg#*:}
  echo "== $api rows=$rt max=$mx"
  REIKNA_API=$api REIKNA_BENCH_ROW_TURNS=$rt REIKNA_BENCH_MAX_ROW_TURN=$mx REIKNA_BENCH_KERNELS=1 REIKNA_BENCH_SIZES=53233,645496,1956714 timeout 60 ../../.devbin/ab/fft.test -test.run none -test.bench 'BenchmarkFFT$' -test.benchtime 10x 2>&1 | grep -E "^BenchmarkFFT|FAIL|panic" | sed 's/BenchmarkFFT\///'
done
[ $api = opencl ] || true
done 2>&1 | tee $OUT/diag.txt
