#!/usr/bin/env bash
# Runs reikna's FFT on the CPU OpenCL device (PoCL), numpy's FFT and FFTW on
# the same lengths in one run, and prints one table of GB/s and ratios per
# length against the targets (at least 2× numpy, at least 25% of FFTW with
# the same number of threads), as text and as Markdown for BENCHMARKS.md.
#
# Usage: scripts/cpu_compare.sh [--mib M] [--sizes LIST] [--json FILE]
#                               [REIKNA_BINARY] [OUTDIR], from the repository's root
#
# --mib (default 8) is the size of one complex64 array; each length's batch
# fills it. --sizes (default 16,256,1024,4096,65536,2^18,2^20,1000,1009) are
# the lengths. --json FILE also writes the three reports together as
# {"reikna": ..., "numpy": ..., "fftw": ...}. REIKNA_BINARY defaults to
# bin/reikna (make build); OUTDIR (default ./cpu-compare) receives
# commit.txt (the commit measured, and whether the tree had changes),
# reikna.json, numpy.json, fftw.json and the tables (table.txt, table.md).
#
# numpy.fft.fft runs on complex64 input on one thread and computes in
# float64 inside. FFTW is scripts/fftw_bench.c, built here against Debian's
# libfftw3-dev (fftwf_plan_many_dft, FFTW_MEASURE, 2 threads, out of
# place). What is missing of libfftw3-dev and python3-numpy is installed
# with apt-get; nothing of FFTW enters the Go build.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mib=8
sizes=16,256,1024,4096,65536,262144,1048576,1000,1009
json=""
threads=2

die() {
	echo "cpu_compare: $*" >&2
	exit 2
}
args=()
while [ $# -gt 0 ]; do
	case $1 in
	--mib) [ $# -ge 2 ] || die "--mib needs a value"; mib=$2; shift 2 ;;
	--sizes) [ $# -ge 2 ] || die "--sizes needs a value"; sizes=$2; shift 2 ;;
	--json) [ $# -ge 2 ] || die "--json needs a value"; json=$2; shift 2 ;;
	-h | --help) sed -n '2,/^set -uo/{/^set -uo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	-*) die "unknown option $1" ;;
	*) args+=("$1"); shift ;;
	esac
done
[ ${#args[@]} -le 2 ] || die "at most REIKNA_BINARY and OUTDIR after the options"
reikna=${args[0]:-bin/reikna}
out=${args[1]:-cpu-compare}
[[ $mib =~ ^[0-9]+([.][0-9]+)?$ ]] || die "--mib $mib is not a positive number"
[[ $sizes =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--sizes $sizes is not a comma-separated list of lengths"
command -v "$reikna" >/dev/null || die "$reikna is not an executable program (make build makes bin/reikna)"
mkdir -p "$out" || die "cannot create $out"

# install_missing PACKAGE...: installs the Debian packages that are not, as
# the Makefile does for its own.
install_missing() {
	local missing="" sudo=""
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	[ "$(id -u)" = 0 ] || sudo=sudo
	echo "installing:$missing" >&2
	$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

# commit.txt says what is measured (commit_note.sh).
. "$here/commit_note.sh"
write_commit_note "$here" "$out/commit.txt"
echo "cpu $(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //'), $(nproc) cores" >>"$out/commit.txt"

failed=()
# step FILE COMMAND...: prints the command, runs it with its standard output
# in FILE and on the terminal, and notes a failure instead of stopping.
step() {
	local file=$1
	shift
	echo "+ $*" >&2
	if ! "$@" | tee "$file"; then
		echo "FAILED: $*" >&2
		failed+=("$*")
	fi
}

install_missing libfftw3-dev python3-numpy || die "apt-get could not install libfftw3-dev and python3-numpy"

# The program cache of this run only, so that the plans are built from the
# checkout measured.
export REIKNA_CACHE_DIR="$out/cache"
rm -rf "$REIKNA_CACHE_DIR"
step "$out/reikna.txt" "$reikna" bench --cpu=false --mib "$mib" --sizes "$sizes" --runs 30 --json "$out/reikna.json"

# numpy: the first python3 that imports it (pyenv's may not see Debian's).
py=""
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import numpy' 2>/dev/null; then
		py=$p
		break
	fi
done
if [ -z "$py" ]; then
	echo "no python3 with numpy: no numpy numbers" >&2
	failed+=("numpy")
else
	step "$out/numpy.txt" "$py" "$here/numpy_fft_bench.py" --mib "$mib" --sizes "$sizes" --json "$out/numpy.json"
fi

echo "+ cc -O2 -o $out/fftw_bench $here/fftw_bench.c ..." >&2
if cc -O2 -o "$out/fftw_bench" "$here/fftw_bench.c" -lfftw3f_threads -lfftw3f -lfftw3_threads -lfftw3 -lm -lpthread; then
	step "$out/fftw.txt" "$out/fftw_bench" --mib "$mib" --sizes "$sizes" --threads "$threads" --json "$out/fftw.json"
else
	echo "the FFTW benchmark did not build: no FFTW numbers" >&2
	failed+=("cc fftw_bench.c")
fi

if python3 "$here/cpu_table.py" "$out" | tee "$out/table.txt" && python3 "$here/cpu_table.py" --markdown "$out" >"$out/table.md"; then
	echo "wrote $out/table.txt and $out/table.md"
else
	failed+=("cpu_table.py $out")
fi
if [ -n "$json" ]; then
	python3 - "$out" "$json" <<'PY' || failed+=("--json $json")
import json, os, sys
out, path = sys.argv[1], sys.argv[2]
merged = {}
for name in ("reikna", "numpy", "fftw"):
    p = os.path.join(out, name + ".json")
    if os.path.exists(p):
        with open(p) as f:
            merged[name] = json.load(f)
with open(path, "w") as f:
    json.dump(merged, f, indent=1)
    f.write("\n")
PY
fi
if [ ${#failed[@]} -gt 0 ]; then
	echo "${#failed[@]} step(s) failed:" >&2
	printf '  %s\n' "${failed[@]}" >&2
	exit 1
fi
