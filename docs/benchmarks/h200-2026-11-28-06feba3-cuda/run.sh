#!/usr/bin/env bash
# .devbin/rec.sh PART: the record of the head on one GPU, in three calls on one warm machine
#   sets    the FFT-family sets through CUDA, peers included, then the FFT and norm tests through CUDA
#   sweep   the sweep, algorithms, random numbers and matrix products through CUDA, peers included
#   opencl  every set and the sweep through OpenCL, the peers' figures from the two CUDA runs
. .devbin/gpu_env.sh
xz -dkf .devbin/reikna.xz && chmod +x .devbin/reikna
sets="pow2 mixed double pipelines nd startup convolve rfft half dct"
export SWEEP_SAMPLE=80
run() {
	local api=$1 name=$2 budget=$3
	shift 3
	mkdir -p /tmp/$name
	( sleep $budget; cp /tmp/$name.log /tmp/$name/run.log 2>/dev/null; tar czf $OUT/$name-partial.tgz -C /tmp $name ) &
	local killer=$!
	local start=$(date +%s)
	env "$@" scripts/gpu_compare.sh --api $api .devbin/reikna /tmp/$name > /tmp/$name.log 2>&1
	echo "rc=$? seconds=$(( $(date +%s) - start ))" >> /tmp/$name.log
	kill $killer 2>/dev/null
	cp /tmp/$name.log /tmp/$name/run.log
	tail -4 /tmp/$name.log
}
LENGTHS=2-64,97,100,131,541,2161,4357,121,143,169,217,232,289,323,360,480,527,529,720,960,1009,1200,1280,1536,2100,2310,2871,3000,3072,3456,3968,4004,4095,4552,6000,8000,9000,10091,12000,12288,13689,16384,27000,35147,70241,129600
case $1 in
sets-only)
	run cuda cuda ${BUDGET:-470} SETS="$sets"
	tar czf $OUT/cuda.tgz -C /tmp cuda ;;
sets)
	run cuda cuda 470 SETS="$sets"
	xz -dkf .devbin/fft.test.xz .devbin/comp.test.xz && chmod +x .devbin/fft.test .devbin/comp.test
	start=$(date +%s)
	(cd computations/fft && REIKNA_API=cuda REIKNA_FFT_LENGTHS=$LENGTHS timeout 100 ../../.devbin/fft.test \
		-test.run 'TestFFTLengths|TestFFTPlanVariants|TestRFFTPlanVariants|TestConvolve|TestBluestein|TestLanes' > /tmp/cuda/fft-tests.txt 2>&1
		echo "rc=$? seconds=$(( $(date +%s) - start ))" >> /tmp/cuda/fft-tests.txt)
	(cd computations && REIKNA_API=cuda REIKNA_REQUIRE_DEVICE=1 timeout 30 ../.devbin/comp.test -test.run 'EntrywiseNorm' > /tmp/cuda/norm-tests.txt 2>&1; echo "rc=$?" >> /tmp/cuda/norm-tests.txt)
	tail -2 /tmp/cuda/fft-tests.txt /tmp/cuda/norm-tests.txt
	tar czf $OUT/cuda.tgz -C /tmp cuda ;;
sweep)
	run cuda cuda-sweep ${BUDGET:-570} SETS="sweep algos random matmul"
	tar czf $OUT/cuda-sweep.tgz -C /tmp cuda-sweep ;;
opencl)
	mkdir -p /tmp/peers
	for d in /tmp/cuda /tmp/cuda-sweep .devbin/peers; do cp $d/cufft*.json $d/vkfft*.json $d/torch_*.json /tmp/peers/ 2>/dev/null; done
	ls /tmp/peers | wc -l
	run opencl opencl ${BUDGET:-570} SETS="$sets sweep algos random matmul" PEERS_FROM=/tmp/peers
	tar czf $OUT/opencl.tgz -C /tmp opencl ;;
esac
