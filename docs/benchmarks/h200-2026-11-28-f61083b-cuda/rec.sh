#!/usr/bin/env bash
# .devbin/rec.sh PART: the record of the head on one GPU, in calls on one warm machine
#   sets    the FFT-family sets through CUDA, peers included, then the FFT tests through CUDA and OpenCL
#   sweep   the sweep, algorithms, random numbers and matrix products through CUDA, peers included
#   opencl  every set and the sweep through OpenCL, the peers' figures from the two CUDA runs
# With .devbin/resume-NAME.tgz present (an earlier call's $OUT/NAME.tgz), the part resumes that run.
. .devbin/gpu_env.sh
xz -dkf .devbin/reikna.xz && chmod +x .devbin/reikna
sets="pow2 mixed double pipelines nd startup convolve rfft half dct"
export SWEEP_SAMPLE=${SWEEP_SAMPLE:-80}
run() {
	local api=$1 name=$2 deadline=$3
	shift 3
	local resume=()
	if [ -f .devbin/resume-$name.tgz ]; then
		mkdir -p /tmp/prev && tar xzf .devbin/resume-$name.tgz -C /tmp/prev
		resume=(RESUME=/tmp/prev/$name)
	fi
	mkdir -p /tmp/$name
	local start=$(date +%s)
	env "${resume[@]}" DEADLINE_S=$deadline "$@" scripts/gpu_compare.sh --api $api .devbin/reikna /tmp/$name > /tmp/$name.log 2>&1
	echo "rc=$? seconds=$(( $(date +%s) - start ))" >> /tmp/$name.log
	cp /tmp/$name.log /tmp/$name/run.log
	tail -4 /tmp/$name.log
	tar czf $OUT/$name.tgz -C /tmp $name
}
tests() {
	xz -dkf .devbin/fft.test.xz && chmod +x .devbin/fft.test
	local api start
	for api in cuda opencl; do
		start=$(date +%s)
		(cd computations/fft && REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 timeout 60 ../../.devbin/fft.test \
			-test.run 'TestFFTLengths|TestFFTPlanVariants|TestRFFTPlanVariants|TestLooped|TestLanes|TestGoldenPlans' > $OUT/fft-tests-$api.txt 2>&1
		echo "rc=$? seconds=$(( $(date +%s) - start ))" >> $OUT/fft-tests-$api.txt)
		tail -3 $OUT/fft-tests-$api.txt
	done
}
case $1 in
check)
	.devbin/reikna devices; nvidia-smi -L; tests ;;
sets)
	run cuda cuda ${DEADLINE:-440} SETS="$sets"; tests ;;
sweep)
	run cuda cuda-sweep ${DEADLINE:-540} SETS="${SWEEP_SETS:-sweep algos random matmul}" ;;
opencl-sets)
	mkdir -p /tmp/peers
	[ -f .devbin/resume-cuda.tgz ] && tar xzf .devbin/resume-cuda.tgz -C /tmp/peers
	cp /tmp/peers/cuda/cufft*.json /tmp/peers/cuda/vkfft*.json /tmp/peers/cuda/torch_*.json /tmp/peers/ 2>/dev/null
	run opencl opencl ${DEADLINE:-170} SETS="$sets" PEERS_FROM=/tmp/peers ;;
opencl)
	mkdir -p /tmp/peers
	for f in .devbin/resume-cuda.tgz .devbin/resume-cuda-sweep.tgz; do [ -f $f ] && tar xzf $f -C /tmp/peers; done
	for d in /tmp/peers/cuda /tmp/peers/cuda-sweep; do cp $d/cufft*.json $d/vkfft*.json $d/torch_*.json /tmp/peers/ 2>/dev/null; done
	ls /tmp/peers/*.json | wc -l
	run opencl opencl ${DEADLINE:-540} SETS="$sets sweep algos random matmul" PEERS_FROM=/tmp/peers ;;
esac
