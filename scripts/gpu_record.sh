#!/usr/bin/env bash
# Makes the GPU record of one commit on one NVIDIA GPU machine, through
# both interfaces, in the parts that BENCHMARKS.md describes:
#
#   cuda          the FFT-family sets through CUDA, with cuFFT, VkFFT and
#                 PyTorch in the same run (scripts/gpu_compare.sh --api cuda)
#   tests         the FFT tests of the GPU's plans through CUDA and OpenCL,
#                 written into the cuda part's directory as
#                 fft-tests-cuda.txt and fft-tests-opencl.txt
#   opencl        the same sets through OpenCL, the peers' figures taken
#                 from the cuda part (PEERS_FROM)
#   cuda-sweep    the sweep through CUDA, with cuFFT and VkFFT
#   opencl-sweep  the sweep through OpenCL, the peers from cuda-sweep
#
# and, where both set parts or both sweeps are there, apis.md (the two set
# runs side by side, scripts/compare_apis.py --markdown) and each sweep's
# plot (reikna sweep-plot).
#
# Usage: scripts/gpu_record.sh [--parts LIST] [--tests BINARY] [--pack FILE]
#                               [REIKNA_BINARY] [OUTDIR], from the repository's root
#
# --parts is a comma-separated list of the parts above, run in that order
# [all of them]; a machine whose calls are time-limited runs the record in
# two calls, such as --parts cuda,tests,opencl and --parts
# cuda-sweep,opencl-sweep. --pack writes OUTDIR as a gzipped tar to FILE
# after each part, so that a call cut short by its machine's time limit
# still brings back the parts it finished (keep OUTDIR out of the folder
# the machine returns where it returns few files). --tests names the test binary of
# computations/fft (go test -c ./computations/fft) for a machine without
# Go; without it the tests part runs go test. REIKNA_BINARY defaults to
# bin/reikna (make build) and OUTDIR to ./gpu-record, which receives a
# directory per part.
#
# A part whose directory is already in OUTDIR, from an earlier call that
# ended before its last step, is resumed (gpu_compare.sh's RESUME): what
# it measured whole is kept and the rest runs. The opencl part needs the
# cuda part's directory, and opencl-sweep cuda-sweep's, in OUTDIR.
#
# The environment chooses (defaults in brackets):
#   SETS          the sets of the cuda and opencl parts
#                 [pow2 mixed double pipelines nd startup convolve rfft dct half]
#   SWEEP_SAMPLE  the lengths of the sweep parts, as gpu_compare.sh takes
#                 it [64]
#   DEADLINES     seconds after which each part starts no further step,
#                 PART=SECONDS separated by spaces (gpu_compare.sh's
#                 DEADLINE_S), such as "cuda=300 opencl=150" [none]; on
#                 an H200 whose program caches are empty (a machine just
#                 started) reikna's steps of the cuda part took 150 s of
#                 a deadline of 170, leaving the peers three steps
#                 (cuFFT's and VkFFT's 1-D cases now come first)
#   TESTS_TIMEOUT seconds each interface's tests may take [120]
# The exit status is 1 if a part failed, 3 if a deadline left steps of one
# not run, 2 for bad usage.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage="usage: scripts/gpu_record.sh [--parts LIST] [--tests BINARY] [--pack FILE] [REIKNA_BINARY] [OUTDIR]"
die() {
	echo "gpu_record: $*" >&2
	exit 2
}

all_parts="cuda tests opencl cuda-sweep opencl-sweep"
parts=$all_parts
tests_bin=
pack=
args=()
while [ $# -gt 0 ]; do
	case $1 in
	--parts)
		[ $# -ge 2 ] || die "--parts needs a value"
		parts=$(echo "$2" | tr ',' ' ')
		shift 2
		;;
	--tests)
		[ $# -ge 2 ] || die "--tests needs a value"
		tests_bin=$2
		shift 2
		;;
	--pack)
		[ $# -ge 2 ] || die "--pack needs a value"
		pack=$2
		shift 2
		;;
	-h | --help)
		sed -n '2,/^set -uo/{/^set -uo/d;s/^# \{0,1\}//;p}' "$0"
		exit 0
		;;
	-*) die "unknown option $1; $usage" ;;
	*)
		args+=("$1")
		shift
		;;
	esac
done
[ ${#args[@]} -le 2 ] || die "$usage"
reikna=${args[0]:-bin/reikna}
out=${args[1]:-gpu-record}
[ -x "$reikna" ] || die "$reikna is not an executable (make build)"
[ -z "$tests_bin" ] || [ -x "$tests_bin" ] || die "--tests: $tests_bin is not an executable"
for p in $parts; do
	case " $all_parts " in
	*" $p "*) ;;
	*) die "--parts: no part \"$p\" (the parts: $all_parts)" ;;
	esac
done
reikna=$(cd "$(dirname "$reikna")" && pwd)/$(basename "$reikna")
[ -z "$tests_bin" ] || tests_bin=$(cd "$(dirname "$tests_bin")" && pwd)/$(basename "$tests_bin")
mkdir -p "$out" || die "cannot make $out"
out=$(cd "$out" && pwd)
if [ -n "$pack" ]; then
	mkdir -p "$(dirname "$pack")" || die "cannot make the folder of $pack"
	pack=$(cd "$(dirname "$pack")" && pwd)/$(basename "$pack")
	case $pack in
	"$out"/*) die "--pack: $pack lies inside $out" ;;
	esac
fi

sets=${SETS:-pow2 mixed double pipelines nd startup convolve rfft dct half}
sample=${SWEEP_SAMPLE:-64}
status=0

# deadline PART prints the part's DEADLINES entry, empty where it has none.
deadline() {
	local entry
	for entry in ${DEADLINES:-}; do
		if [ "${entry%%=*}" = "$1" ]; then
			echo "${entry#*=}"
		fi
	done
}

# measure PART API PEERS [VAR=VALUE ...] runs gpu_compare.sh for the part,
# resuming the part's directory where an earlier call left one, with the
# peers' figures of the part PEERS where that is not empty.
measure() {
	local part=$1 api=$2 peers=$3
	shift 3
	local env=("$@") dir=$out/$part d
	if [ -n "$peers" ]; then
		[ -d "$out/$peers" ] || {
			echo "gpu_record: $part needs the $peers part in $out" >&2
			status=1
			return
		}
		env+=(PEERS_FROM="$out/$peers")
	fi
	if [ -d "$dir" ]; then
		rm -rf "$dir.prev" && mv "$dir" "$dir.prev"
		env+=(RESUME="$dir.prev")
	fi
	d=$(deadline "$part")
	[ -z "$d" ] || env+=(DEADLINE_S="$d")
	local start=$SECONDS
	echo "== $part: scripts/gpu_compare.sh --api $api (${env[*]})"
	env "${env[@]}" "$here/gpu_compare.sh" --api "$api" "$reikna" "$dir" >"$out/$part.log" 2>&1
	local rc=$?
	echo "== $part: exit status $rc after $((SECONDS - start)) s (log: $part.log)"
	tail -n 3 "$out/$part.log"
	cp "$out/$part.log" "$dir/run.log" 2>/dev/null
	# The tests' output of an earlier call (fft_tests) is not a step of
	# gpu_compare.sh's, which its resumption keeps.
	local f
	for f in "$dir.prev"/fft-tests-*.txt; do
		[ -f "$f" ] && [ ! -f "$dir/$(basename "$f")" ] && cp "$f" "$dir/"
	done
	# The program cache and VkFFT's program are not part of the record.
	rm -rf "$dir.prev" "$dir/cache" "$dir/vkfft_bench"
	case $rc in
	0) ;;
	3) [ $status -ne 0 ] || status=3 ;;
	*) status=1 ;;
	esac
}

# fft_tests runs the FFT tests of the GPU's plans through both interfaces
# into the cuda part's directory.
fft_tests() {
	local dir=$out/cuda api rc start
	local run='TestFFTLengths|TestFFTPlanVariants|TestFFTRowStrides|TestRFFTPlanVariants|TestRealFFT|TestBluesteinLengths|TestFFTLargePasses|TestLooped|TestLanes|TestGoldenPlans'
	mkdir -p "$dir"
	for api in cuda opencl; do
		start=$SECONDS
		if [ -n "$tests_bin" ]; then
			(cd computations/fft && REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 timeout "${TESTS_TIMEOUT:-120}" \
				"$tests_bin" -test.run "$run") >"$dir/fft-tests-$api.txt" 2>&1
		else
			REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 timeout "${TESTS_TIMEOUT:-120}" \
				go test ./computations/fft -count=1 -run "$run" >"$dir/fft-tests-$api.txt" 2>&1
		fi
		rc=$?
		echo "exit status $rc after $((SECONDS - start)) s" >>"$dir/fft-tests-$api.txt"
		echo "== tests through $api: exit status $rc after $((SECONDS - start)) s"
		[ $rc -eq 0 ] || status=1
	done
}

# pack_record writes OUTDIR to the --pack file, through a temporary file
# so that a call cut short leaves the last whole one.
pack_record() {
	[ -n "$pack" ] || return 0
	if tar czf "$pack.tmp" -C "$(dirname "$out")" --exclude=cache --exclude=vkfft_bench "$(basename "$out")"; then
		mv "$pack.tmp" "$pack"
	else
		rm -f "$pack.tmp"
		echo "gpu_record: could not write $pack" >&2
		status=1
	fi
}

for p in $parts; do
	case $p in
	cuda) measure cuda cuda "" SETS="$sets" ;;
	tests) fft_tests ;;
	opencl) measure opencl opencl cuda SETS="$sets" ;;
	cuda-sweep) measure cuda-sweep cuda "" SETS=sweep SWEEP_SAMPLE="$sample" ;;
	opencl-sweep) measure opencl-sweep opencl cuda-sweep SETS=sweep SWEEP_SAMPLE="$sample" ;;
	esac
	pack_record
done

if [ -f "$out/opencl/table.md" ] && [ -f "$out/cuda/table.md" ]; then
	python3 "$here/compare_apis.py" --markdown "$out/opencl" "$out/cuda" >"$out/apis.md" || status=1
	echo "wrote $out/apis.md"
fi
for sw in cuda-sweep opencl-sweep; do
	if [ -f "$out/$sw/sweep_ratios.json" ]; then
		"$reikna" sweep-plot "$out/$sw" || status=1
	fi
done
pack_record
exit $status
