#!/usr/bin/env bash
# Runs reikna's FFT, cuFFT (through PyTorch) and VkFFT on the same cases in
# one run on a GPU machine, and prints one table of times and ratios per
# case with pass or fail against the targets of docs/fft-gpu-notes.md; and
# reikna's Transpose, Reduce, Scan and FFTShift beside PyTorch's
# counterparts (the set algos), CBRNG's uniform and normal fills beside
# PyTorch's uniform_ and normal_ (the set random), MatrixMul beside
# PyTorch's cuBLAS products (the set matmul), the DCT and DST beside the
# complex FFT of the same shape and a DCT that a PyTorch user builds from
# torch.fft.rfft (the set dct), and FFTs of half-precision data beside
# complex64 ones (the set half), with their targets; and a
# sweep of FFT lengths against the faster of cuFFT and VkFFT (the set
# sweep), summarized by kind of length.
#
# Usage: scripts/gpu_compare.sh [--api opencl|cuda] [REIKNA_BINARY] [OUTDIR],
# from the repository's root
#
# --api (or --api=API; default opencl) chooses the API that every reikna
# command of the run uses (REIKNA_API): the run stops at once unless
# `reikna devices` lists a device of it. The peers run alike on either API.
# REIKNA_BINARY defaults to bin/reikna (make build); OUTDIR (default
# ./gpu-compare) receives commit.txt (the commit measured, and whether the
# tree had changes), api.txt (the API), the JSON files, the plot and the
# tables (table.txt, table.md, which name reikna's figures with the API).
# Two runs of one commit, one per API, compare side by side with
# scripts/compare_apis.py OPENCL_OUTDIR CUDA_OUTDIR. The cuFFT part and
# PyTorch's algorithms run only where PyTorch and CUDA exist (PyTorch's
# products too); the VkFFT part only where scripts/vkfft_build.sh builds
# its program.
#
# The environment chooses what runs (defaults in brackets):
#   SETS    the sets, any of: pow2 mixed double pipelines nd startup algos
#           random matmul convolve rfft dct half sweep [all]
#           (algos: reikna bench --algos into algos.json and
#           torch_algos_bench.py into torch_algos.json, the same named
#           cases, each of reikna's also with a scale fused into its input;
#           random: reikna bench --random into random.json and
#           torch_random_bench.py into torch_random.json, each of reikna's
#           also with a scale fused into its output;
#           matmul: reikna bench --matmul into matmul.json and
#           torch_matmul_bench.py into torch_matmul.json, the same named
#           cases, reikna's also with the tilings of REIKNA_MATMUL_TILE,
#           REIKNA_MATMUL_TILE_F32, _C64 and _F64 where they are set;
#           convolve: reikna bench --convolve into convolve.json, each case
#           beside the bare FFT of its rows, and torch_convolve_bench.py
#           into torch_convolve.json;
#           rfft: reikna bench --rfft into rfft.json and
#           torch_rfft_bench.py into torch_rfft.json, the same named cases;
#           dct: reikna bench --dct into dct.json, each DCT or DST case
#           beside the complex64 FFT of its shape, and torch_dct_bench.py
#           into torch_dct.json, the same named cases as PyTorch users
#           build them from torch.fft.rfft (checked against scipy.fft where
#           SciPy is installed);
#           half: reikna bench --half into half.json, FFTs of lengths 64 to
#           4096 on complex32 data and on complex64 data of as many
#           elements, in one run;
#           sweep: the lengths of `reikna bench --sweep --list` (every
#           length from 2 to 4096 and over 200 smooth ones, primes and ones
#           with one large prime factor up to 2^24; the list is written to
#           sweep_lengths.txt), timed by reikna bench --sweep into
#           sweep.json, cufft_bench.py into cufft_sweep.json and vkfft_bench
#           into vkfft_sweep.json, and summarized by sweep_summary.py:
#           every length's ratio of reikna's time to the faster peer's,
#           their median, 90th percentile, worst and share at 1.0 or less,
#           over all lengths and by kind, in sweep.txt and sweep.md, and
#           the ratios as JSON in sweep_ratios.json, which `reikna
#           sweep-plot OUTDIR` draws into sweep.png; the full sweep takes
#           long: SWEEP_SAMPLE times part of it)
#   MIB     MiB per array of the 1-D sets and the sweep, and of the
#           algorithm, random, matrix product, convolution, real FFT and
#           DCT cases, which it shrinks below 512, both programs alike, and of
#           the complex32 data of the half set [each program's default, 512
#           on a GPU]
#   POW2, MIXED, DOUBLE, PIPES
#           the lengths of the 1-D sets, comma-separated
#   ND      the N-D cases, NAME:SHAPE:AXES:PRECISION separated by spaces
#           (AXES empty for all, PRECISION single or double), each written
#           to nd-NAME.json, cufft_nd-NAME.json and vkfft_nd-NAME.json
#   SWEEP   the lengths of the sweep, comma-separated, instead of the
#           sweep's own [reikna bench --sweep --list]
#   SWEEP_SAMPLE
#           time this many of the sweep's lengths (of SWEEP where given),
#           as many of each kind, spread over log N: the same lengths in
#           every run (reikna bench --sweep --sweep-sample) [all]
#   PEERS_FROM
#           the output directory of a run of the same sets and lengths on
#           the other API: its figures of the peers (cufft*.json,
#           vkfft*.json, torch_*.json), which do not depend on reikna's
#           API, are copied here in place of running the peers again
#   RESUME  the output directory of an earlier run of the same commit,
#           API and sets that ended before its last step (a device's time
#           limit, DEADLINE_S): every step whose JSON file is there, whole,
#           is copied from it (with its text output) instead of running
#           again, so that a second call completes the first one's record
#   DEADLINE_S
#           seconds after the script's start past which no further step
#           starts: each one left is reported as not run, the tables and
#           the summaries are made from what ran, and the exit status is 3,
#           so that a call with a time limit ends with its figures written
#           (rerun with RESUME=OUTDIR for the rest); the peers run the
#           1-D cases of cuFFT and VkFFT first, PyTorch's sets next and
#           the N-D cases and the sweep last [no limit]
# A step that fails is reported and the others run; the exit status is 1
# if any failed, else 3 if DEADLINE_S left steps not run.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage="usage: scripts/gpu_compare.sh [--api opencl|cuda] [REIKNA_BINARY] [OUTDIR]"
die() {
	echo "gpu_compare: $*" >&2
	exit 2
}
api=
while [ $# -gt 0 ]; do
	case $1 in
	--api)
		[ $# -ge 2 ] || die "--api needs an API: opencl or cuda ($usage)"
		api=$2
		shift 2
		;;
	--api=*)
		api=${1#--api=}
		shift
		;;
	--)
		shift
		break
		;;
	-*) die "unknown option \"$1\" ($usage)" ;;
	*) break ;;
	esac
done
[ $# -le 2 ] || die "too many arguments ($usage)"
if [ -z "$api" ] && [ -n "${REIKNA_API:-}" ]; then
	echo "gpu_compare: REIKNA_API=$REIKNA_API of the environment is not used: the run is on opencl unless --api names another API" >&2
fi
api=$(printf '%s' "${api:-opencl}" | tr '[:upper:]' '[:lower:]')
case $api in
opencl | cuda) ;;
*) die "--api: unknown API \"$api\" (the APIs are: opencl cuda)" ;;
esac
export REIKNA_API=$api
reikna=${1:-bin/reikna}
out=${2:-gpu-compare}
all_sets="pow2 mixed double pipelines nd startup algos random matmul convolve rfft dct half sweep"
sets=${SETS:-$all_sets}
pow2=${POW2:-$(python3 -c 'print(",".join(str(1 << p) for p in range(4, 25)))')}
mixed=${MIXED:-1000,1536,2187,6144,10000,15625,16807,100000,1009,4095,65537}
double=${DOUBLE:-1024,4096,65536,1048576}
pipes=${PIPES:-256,4096,65536,1048576}
nd=${ND:-"fft2-8192x8192:8192,8192:0,1:single fft2-16x4096x1024:16,4096,1024:1,2:single fft3-512x512x256:512,512,256::single fft3-256x256x256-double:256,256,256::double axis0-8192x8192:8192,8192:0:single"}
mib=()
if [ -n "${MIB:-}" ]; then
	mib=(--mib "$MIB")
fi

for s in $sets; do
	case " $all_sets " in
	*" $s "*) ;;
	*) die "SETS: unknown set \"$s\" (the sets are: $all_sets)" ;;
	esac
done
has() { case " $sets " in *" $1 "*) return 0 ;; esac; return 1; }
if [ -n "${RESUME:-}" ]; then
	[ -d "$RESUME" ] || die "RESUME: $RESUME is not a directory"
	[ ! -d "$out" ] || [ "$(cd "$RESUME" && pwd)" != "$(cd "$out" && pwd)" ] || die "RESUME: $RESUME is the output directory itself"
fi
if [ -n "${DEADLINE_S:-}" ]; then
	[[ $DEADLINE_S =~ ^[0-9]+$ ]] || die "DEADLINE_S: \"$DEADLINE_S\" is not a number of seconds"
fi
command -v "$reikna" >/dev/null || die "$reikna is not an executable program (make build makes bin/reikna)"
mkdir -p "$out" || die "cannot create $out"

# The lengths of the sweep, which reikna and the peers all time, checked
# before anything runs.
sweep_sizes=
if has sweep; then
	sweep_list=(bench --sweep)
	if [ -n "${SWEEP:-}" ]; then
		sweep_list+=(--sizes "$SWEEP")
	fi
	if [ -n "${SWEEP_SAMPLE:-}" ]; then
		sweep_list+=(--sweep-sample "$SWEEP_SAMPLE")
	fi
	sweep_sizes=$("$reikna" "${sweep_list[@]}" --list) && [ -n "$sweep_sizes" ] ||
		die "SWEEP or SWEEP_SAMPLE: $reikna ${sweep_list[*]} --list gave no lengths"
	echo "$sweep_sizes" >"$out/sweep_lengths.txt"
	echo "sweep: $(tr ',' '\n' <"$out/sweep_lengths.txt" | wc -l) lengths (sweep_lengths.txt)"
fi

# commit.txt says what is measured (commit_note.sh), api.txt on which API.
. "$here/commit_note.sh"
write_commit_note "$here" "$out/commit.txt"
echo "$api" >"$out/api.txt"
echo "API: $api"
# A resumed run continues a run of the same commit on the same API.
if [ -n "${RESUME:-}" ]; then
	for f in commit.txt api.txt; do
		[ -f "$RESUME/$f" ] || die "RESUME: $RESUME has no $f: it is not the output directory of a run"
	done
	[ "$(head -n 1 "$RESUME/commit.txt" | cut -d' ' -f1-2)" = "$(head -n 1 "$out/commit.txt" | cut -d' ' -f1-2)" ] ||
		die "RESUME: $RESUME measured $(head -n 1 "$RESUME/commit.txt"), this run $(head -n 1 "$out/commit.txt")"
	[ "$(cat "$RESUME/api.txt")" = "$api" ] || die "RESUME: $RESUME ran on $(cat "$RESUME/api.txt"), this run on $api"
	echo "resuming $RESUME"
fi

failed=()
skipped=()
started=$SECONDS
# step FILE COMMAND...: prints the command, runs it with its standard output
# in FILE, and notes a failure instead of stopping. A command that writes a
# JSON file (--json PATH) whose copy in RESUME is whole is not run: the
# copy and its text output are taken instead. Past DEADLINE_S no command
# starts.
step() {
	local file=$1
	shift
	if resumed "$file" "$@"; then
		return
	fi
	if [ -n "${DEADLINE_S:-}" ] && [ $((SECONDS - started)) -ge "$DEADLINE_S" ]; then
		echo "NOT RUN (past DEADLINE_S=$DEADLINE_S): $*" >&2
		skipped+=("$*")
		return
	fi
	echo "+ $*" >&2
	if ! "$@" >"$file"; then
		echo "FAILED: $*" >&2
		failed+=("$*")
	fi
}
# resumed FILE COMMAND...: copies the JSON file that COMMAND writes, and
# FILE, from RESUME where that JSON file is there and parses whole.
resumed() {
	local file=$1 json= prev=
	shift
	[ -n "${RESUME:-}" ] || return 1
	while [ $# -gt 0 ]; do
		if [ "$1" = --json ] && [ $# -ge 2 ]; then
			json=$2
		fi
		shift
	done
	[ -n "$json" ] && [ -s "$RESUME/$(basename "$json")" ] || return 1
	python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$RESUME/$(basename "$json")" 2>/dev/null || return 1
	cp "$RESUME/$(basename "$json")" "$json" || return 1
	prev="$RESUME/$(basename "$file")"
	if [ "$file" != /dev/null ] && [ -f "$prev" ]; then
		cp "$prev" "$file"
	fi
	echo "= $(basename "$json") from $RESUME" >&2
}

"$reikna" devices >"$out/devices.txt" || die "$reikna devices failed"
"$reikna" devices --json >"$out/devices.json" || die "$reikna devices --json failed"
# The devices of the API chosen, by the platforms of `reikna devices
# --json`: CUDA's is the one named "CUDA driver API"
# (cluda.CUDAPlatformName), every other is an OpenCL one.
python3 - "$api" "$out/devices.json" <<'EOF' || die "no $api device to measure (the devices found are in $out/devices.txt)"
import json
import sys

CUDA_PLATFORM = "CUDA driver API"
api, path = sys.argv[1:]
with open(path) as f:
    platforms = json.load(f)
mine = [p for p in platforms if (p["name"] == CUDA_PLATFORM) == (api == "cuda")]
devices = [d["name"] for p in mine for d in p.get("devices") or []]
if devices:
    print(f"{api} devices: {'; '.join(devices)}")
    sys.exit(0)
if api == "cuda" and mine:
    why = f"the CUDA platform lists no device: {mine[0]['version']}"
elif api == "cuda":
    why = "`reikna devices` lists no CUDA platform: NVIDIA's driver (libcuda.so.1) does not load here"
else:
    why = "`reikna devices` lists no OpenCL platform with a device: an OpenCL driver registered with the ICD loader is needed"
print(f"gpu_compare: {why}", file=sys.stderr)
sys.exit(1)
EOF

# The program cache starts empty for the start-up set, so that the first
# plan's build time is a cold one and the second measures a cached plan.
export REIKNA_CACHE_DIR="$out/cache"
if has startup; then
	rm -rf "$REIKNA_CACHE_DIR"
	step /dev/null "$reikna" bench --cpu=false --sizes 1024 --mib 8 --json "$out/startup_cold.json"
	step /dev/null "$reikna" bench --cpu=false --sizes 1024 --mib 8 --json "$out/startup_warm.json"
fi

if has pow2; then
	step "$out/pow2.txt" "$reikna" bench --cpu=false "${mib[@]}" --sizes "$pow2" --json "$out/pow2.json" --plot "$out/bandwidth.png"
	cat "$out/pow2.txt" 2>/dev/null
fi
if has mixed; then
	step "$out/mixed.txt" "$reikna" bench --cpu=false "${mib[@]}" --sizes "$mixed" --json "$out/mixed.json"
fi
if has double; then
	step "$out/double.txt" "$reikna" bench --cpu=false "${mib[@]}" --precision double --sizes "$double" --json "$out/double.json"
fi
if has pipelines; then
	step "$out/pipelines.txt" "$reikna" bench --cpu=false "${mib[@]}" --pipeline --sizes "$pipes" --json "$out/pipelines.json"
fi

# The sets that a mode of reikna bench of the same name times, each into
# NAME.txt and NAME.json.
for s in algos random rfft dct matmul convolve half; do
	if has "$s"; then
		step "$out/$s.txt" "$reikna" bench "--$s" "${mib[@]}" --json "$out/$s.json"
		cat "$out/$s.txt" 2>/dev/null
	fi
done

# The N-D cases, checked before any of them runs.
nd_cases=()
if has nd; then
	for c in $nd; do
		IFS=: read -r name shape axes precision extra <<<"$c"
		[[ $name =~ ^[A-Za-z0-9._-]+$ && $shape =~ ^[0-9,]+$ && $axes =~ ^[0-9,]*$ && -z ${extra:-} ]] ||
			die "ND: \"$c\" is not NAME:SHAPE:AXES:PRECISION with a NAME of letters, digits, '.', '_' and '-', and lists of numbers"
		case ${precision:-single} in
		single | double) ;;
		*) die "ND: \"$c\": the precision is single or double" ;;
		esac
		nd_cases+=("$c")
	done
fi
# nd_case CASE: sets name to the name of an N-D case and nd_args to its
# options.
nd_case() {
	local shape axes precision
	IFS=: read -r name shape axes precision <<<"$1"
	nd_args=(--precision "${precision:-single}" --shape "$shape")
	if [ -n "$axes" ]; then
		nd_args+=(--axes "$axes")
	fi
}
for c in "${nd_cases[@]}"; do
	nd_case "$c"
	step "$out/nd-$name.txt" "$reikna" bench "${nd_args[@]}" --json "$out/nd-$name.json"
done
# The sweep last: it takes the longest.
if has sweep; then
	step "$out/reikna_sweep.txt" "$reikna" bench --sweep "${mib[@]}" --sizes "$sweep_sizes" --json "$out/sweep.json"
fi

# The 1-D lengths that the peers run, as in the sets chosen.
peer_sizes=""
has pow2 && peer_sizes=$pow2
has mixed && peer_sizes=${peer_sizes:+$peer_sizes,}$mixed

# vkfft_bench ARGS...: runs VkFFT's benchmark program, built by
# vkfft_build.sh at its first call (a run that resumes every VkFFT step
# builds nothing).
vkfft_built=
vkfft_bench() {
	if [ -z "$vkfft_built" ]; then
		echo "+ $here/vkfft_build.sh $out/vkfft_bench" >&2
		if bash "$here/vkfft_build.sh" "$out/vkfft_bench" >"$out/vkfft_build.txt" 2>&1; then
			vkfft_built=yes
		else
			vkfft_built=no
			tail -n 20 "$out/vkfft_build.txt" >&2
			echo "the VkFFT benchmark did not build (the log is $out/vkfft_build.txt): no VkFFT numbers" >&2
		fi
	fi
	# A program that did not build has no figures, as where VkFFT is not
	# installed: no step fails for it.
	[ "$vkfft_built" = no ] || "$out/vkfft_bench" "$@"
}

# peer_1d PREFIX PROGRAM...: runs one peer's program on the 1-D cases of
# the sets chosen, complex64 and complex128.
peer_1d() {
	local prefix=$1
	shift
	if [ -n "$peer_sizes" ]; then
		step "$out/$prefix.txt" "$@" "${mib[@]}" --sizes "$peer_sizes" --json "$out/$prefix.json"
	fi
	if has double; then
		step "$out/${prefix}_double.txt" "$@" "${mib[@]}" --precision double --sizes "$double" --json "$out/${prefix}_double.json"
	fi
}

# peer_rest PREFIX PROGRAM...: runs one peer's program on the N-D cases
# and the sweep of the sets chosen.
peer_rest() {
	local prefix=$1
	shift
	for c in "${nd_cases[@]}"; do
		nd_case "$c"
		step "$out/${prefix}_nd-$name.txt" "$@" "${nd_args[@]}" --json "$out/${prefix}_nd-$name.json"
	done
	if [ -n "$sweep_sizes" ]; then
		sweep_peer "$prefix" "$@"
	fi
}

# sweep_peer PREFIX PROGRAM...: runs a peer's program on the sweep's
# lengths in chunks of 40, each into a JSON file of its own, and merges
# their rows into PREFIX_sweep.json: a program that fails at one length
# (VkFFT crashed at 23204 on PoCL) loses its chunk, not the sweep.
sweep_peer() {
	local prefix=$1 chunk parts=() i=0
	shift
	while read -r chunk; do
		i=$((i + 1))
		step "$out/${prefix}_sweep_part$i.txt" "$@" "${mib[@]}" --sizes "$chunk" --json "$out/${prefix}_sweep_part$i.json"
		parts+=("$out/${prefix}_sweep_part$i.json")
	done < <(tr ',' ' ' <<<"$sweep_sizes" | xargs -n 40 | tr ' ' ',')
	cat "$out/${prefix}"_sweep_part*.txt >"$out/${prefix}_sweep.txt" 2>/dev/null
	python3 - "$out/${prefix}_sweep.json" "${parts[@]}" <<'EOF_MERGE' || failed+=("merging $prefix's sweep")
import json
import sys

merged = None
for path in sys.argv[2:]:
    try:
        with open(path) as f:
            part = json.load(f)
    except (OSError, ValueError):
        continue
    if merged is None:
        merged = part
    else:
        merged["rows"].extend(part["rows"])
if merged is not None:
    with open(sys.argv[1], "w") as f:
        json.dump(merged, f, indent=1)
EOF_MERGE
}

if [ -n "${PEERS_FROM:-}" ]; then
	# The peers' figures of a run on the other API, in place of running
	# them again.
	[ -d "$PEERS_FROM" ] || die "PEERS_FROM: $PEERS_FROM is not a directory"
	copied=0
	for f in "$PEERS_FROM"/cufft*.json "$PEERS_FROM"/vkfft*.json "$PEERS_FROM"/torch_*.json; do
		[ -f "$f" ] || continue
		cp "$f" "$out/" && copied=$((copied + 1))
	done
	echo "the peers' figures: $copied files from $PEERS_FROM"
else
	# The peers in the order of what a record needs most, so that a run
	# cut by DEADLINE_S (a cold machine's compiles can take most of it)
	# keeps the comparison of the 1-D sets whole: the 1-D cases of cuFFT
	# and VkFFT, then the pipelines and PyTorch's sets, then both FFT
	# peers' N-D cases and sweep.
	torch_cuda=no
	if python3 -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null; then
		torch_cuda=yes
	else
		echo "no PyTorch with CUDA here: no cuFFT numbers and no PyTorch figures for the algorithms, the random numbers, the real FFTs, the DCTs, the matrix products and the convolutions" >&2
	fi
	vkfft=no
	if [ -n "$peer_sizes" ] || has double || [ ${#nd_cases[@]} -gt 0 ] || [ -n "$sweep_sizes" ]; then
		if [ -f "$here/vkfft_build.sh" ]; then
			vkfft=yes
		else
			echo "no $here/vkfft_build.sh: no VkFFT numbers" >&2
		fi
	fi
	[ $torch_cuda = no ] || peer_1d cufft python3 "$here/cufft_bench.py"
	[ $vkfft = no ] || peer_1d vkfft vkfft_bench
	if [ $torch_cuda = yes ]; then
		if has pipelines; then
			step "$out/cufft_pipelines.txt" python3 "$here/cufft_bench.py" "${mib[@]}" --pipeline --sizes "$pipes" --json "$out/cufft_pipelines.json"
		fi
		# The sets that scripts/torch_NAME_bench.py measures, each into
		# torch_NAME.txt and torch_NAME.json.
		for s in algos random rfft dct matmul convolve; do
			if has "$s"; then
				step "$out/torch_$s.txt" python3 "$here/torch_${s}_bench.py" "${mib[@]}" --json "$out/torch_$s.json"
			fi
		done
		if has matmul; then
			cat "$out/torch_matmul.txt" 2>/dev/null
		fi
		peer_rest cufft python3 "$here/cufft_bench.py"
	fi
	[ $vkfft = no ] || peer_rest vkfft vkfft_bench
fi

if python3 "$here/compare.py" "$out" | tee "$out/table.txt" && python3 "$here/compare.py" --markdown "$out" >"$out/table.md"; then
	echo "wrote $out/table.txt and $out/table.md"
else
	failed+=("compare.py $out")
fi
if has sweep && [ ! -f "$out/sweep.json" ]; then
	echo "no sweep.json: reikna's sweep did not run, nothing to summarize" >&2
elif has sweep; then
	summary=(python3 "$here/sweep_summary.py")
	if "${summary[@]}" --ratios "$out/sweep_ratios.json" "$out" >"$out/sweep.txt" &&
		"${summary[@]}" --markdown "$out" >"$out/sweep.md" && "${summary[@]}" --brief "$out"; then
		echo "wrote $out/sweep.txt, $out/sweep.md and $out/sweep_ratios.json (reikna sweep-plot $out draws it)"
	else
		failed+=("sweep_summary.py $out")
	fi
fi
if [ ${#skipped[@]} -gt 0 ]; then
	echo "${#skipped[@]} step(s) not run, past DEADLINE_S=$DEADLINE_S (rerun with RESUME=$out into another directory for them):" >&2
	printf '  %s\n' "${skipped[@]}" >&2
fi
if [ ${#failed[@]} -gt 0 ]; then
	echo "${#failed[@]} step(s) failed:" >&2
	printf '  %s\n' "${failed[@]}" >&2
	exit 1
fi
if [ ${#skipped[@]} -gt 0 ]; then
	exit 3
fi
