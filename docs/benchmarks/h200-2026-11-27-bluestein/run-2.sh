#!/usr/bin/env bash
# Bluestein's lengths through OpenCL, strided shapes on both APIs, prime butterflies.
. .devbin/gpu_env.sh
xz -dkf .devbin/fft.test.xz && chmod +x .devbin/fft.test
mkdir -p $OUT/blu
( sleep 570; tar czf $OUT/partial.tgz -C $OUT blu ) &
cd computations/fft
B="-test.run ^\$ -test.benchtime 10x"
for v in "" "REIKNA_BENCH_MAX_E=8" "REIKNA_BENCH_MAX_E=4" "REIKNA_BENCH_MAX_WG=64" "REIKNA_BENCH_MAX_WG=128"; do
	env $v REIKNA_API=cuda REIKNA_BENCH_MIB=256 REIKNA_BENCH_KERNELS=1 REIKNA_BENCH_SIZES=17,19,34,38,289,323,361,527,589 \
		timeout 60 ../../.devbin/fft.test $B -test.bench 'BenchmarkFFT$' > "$OUT/blu/primes-${v:-rules}.txt" 2>&1
done
SHAPES="4552x4096:0 35147x512:0 10091x2048:0 1290957x16:0 161377x128:0 4552x4552"
for api in cuda opencl; do for b in pow2 smooth; do
	REIKNA_API=$api REIKNA_BENCH_KERNELS=1 REIKNA_BENCH_BLUESTEIN=$b REIKNA_BENCH_SHAPES="$SHAPES" \
		timeout 100 ../../.devbin/fft.test $B -test.bench 'BenchmarkFFTShape' > $OUT/blu/shapes-$api-$b.txt 2>&1
done; done
L=4552,4965,9749,10091,10145,10972,35147,41223,70241,74507,92692,134866,156477,161377,182828,267742,1290957,2581907,2684949,2965870,8525209,48066,6799,2451,12337024
for b in pow2 smooth; do
	start=$(date +%s)
	REIKNA_API=opencl REIKNA_BENCH_MIB=256 REIKNA_BENCH_KERNELS=1 REIKNA_BENCH_BLUESTEIN=$b REIKNA_BENCH_SIZES=$L \
		timeout 200 ../../.devbin/fft.test $B -test.bench 'BenchmarkFFT$' > $OUT/blu/opencl-$b.txt 2>&1
	echo "rc=$? seconds=$(( $(date +%s) - start ))" >> $OUT/blu/opencl-$b.txt
done
