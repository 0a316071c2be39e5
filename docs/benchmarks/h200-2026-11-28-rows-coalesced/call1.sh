#!/usr/bin/env bash
# Call 1: prototypes (reduced-precision float32 products; float64 tensor cores with cp.async) and the coalesced turn over rows (kernel times)
. .devbin/c1/gpu_env.sh
cd .devbin/c1 && xz -d -T4 fft.test.xz; chmod +x fft.test; cd ../..
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
timeout 120 python3 .devbin/c1/proto_lowp.py 2>&1 | tee $OUT/lowp.txt
timeout 120 python3 .devbin/c1/proto_async.py 2>&1 | tee $OUT/async.txt
cd computations/fft
for api in cuda opencl; do
for cfg in "0:" "2:" "3:" "2:8192" "2:4096"; do
  rt=${cfg%%:*}; mx=${cfg#*:}
  echo "== $api rows=$rt max=$mx"
  REIKNA_API=$api REIKNA_BENCH_ROW_TURNS=$rt REIKNA_BENCH_MAX_ROW_TURN=$mx REIKNA_BENCH_KERNELS=1 REIKNA_BENCH_SIZES=53233,645496,1956714,5163797 timeout 60 ../../.devbin/c1/fft.test -test.run none -test.bench 'BenchmarkFFT$' -test.benchtime 10x 2>&1 | grep -E "^BenchmarkFFT|FAIL|panic" | sed 's/BenchmarkFFT\///'
done
done 2>&1 | tee $OUT/rows.txt
(for api in cuda opencl; do REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 REIKNA_FFT_LENGTHS=212964,645496,53233,17569 timeout 60 ../../.devbin/c1/fft.test -test.run 'TestFFTLengths|TestBluesteinLengths' 2>&1 | tail -3; echo "tests $api"; done) 2>&1 | tee $OUT/tests.txt
