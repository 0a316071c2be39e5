#!/usr/bin/env bash
# Bluestein's lengths: powers of two against the shortest 7-smooth, BenchmarkFFT, both APIs.
. .devbin/gpu_env.sh
xz -dkf .devbin/fft.test.xz && chmod +x .devbin/fft.test
mkdir -p $OUT/blu
( sleep 560; tar czf $OUT/partial.tgz -C $OUT blu ) &
ALL=47,73,86,94,113,129,183,217,258,281,415,511,703,719,851,1007,1189,1208,1411,1699,1702,1789,2033,2451,2647,3361,3441,4078,4094,4552,4965,6799,9749,10091,10145,10972,15472,26627,28523,35147,41223,48066,70241,70293,74507,92692,134866,156477,161377,182828,212964,267742,425857,489198,978359,1290957,1551890,1783069,2581907,2684949,2965870,6813673,6813805,8525209,12337024,15653699,15653744
SUB=47,86,113,183,258,415,703,851,1189,1411,1702,2033,2647,3441,4094,4965,9749,10145,15472,28523,41223,70241,74507,134866,161377,212964,425857,978359,1551890,2581907,2965870,6813805,12337024
cd computations/fft
nvidia-smi --query-gpu=name --format=csv,noheader > $OUT/blu/gpu.txt
run() { # api variant sizes
	start=$(date +%s)
	REIKNA_API=$1 REIKNA_BENCH_MIB=256 REIKNA_BENCH_KERNELS=1 REIKNA_BENCH_BLUESTEIN=$2 REIKNA_BENCH_SIZES=$3 \
		timeout 300 ../../.devbin/fft.test -test.run '^$' -test.bench 'BenchmarkFFT$' -test.benchtime 10x > $OUT/blu/$1-$2.txt 2>&1
	echo "rc=$? seconds=$(( $(date +%s) - start ))" >> $OUT/blu/$1-$2.txt
	tail -1 $OUT/blu/$1-$2.txt
}
run cuda pow2 $ALL
run cuda smooth $ALL
# prime butterflies: elements per work-item and work-group sizes for 17, 19 and their products
for v in "" "REIKNA_BENCH_MAX_E=8" "REIKNA_BENCH_MAX_E=4" "REIKNA_BENCH_MAX_WG=64" "REIKNA_BENCH_MAX_WG=128"; do
	env $v REIKNA_API=cuda REIKNA_BENCH_MIB=256 REIKNA_BENCH_KERNELS=1 REIKNA_BENCH_SIZES=17,19,34,38,289,323,361,527,589 \
		timeout 60 ../../.devbin/fft.test -test.run '^$' -test.bench 'BenchmarkFFT$' -test.benchtime 10x > "$OUT/blu/primes-${v:-rules}.txt" 2>&1
done
run opencl pow2 $SUB
run opencl smooth $SUB
