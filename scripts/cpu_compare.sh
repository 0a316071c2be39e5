#!/usr/bin/env bash
# Compares reikna on the CPU OpenCL device (PoCL) with what a CPU user
# already has, computation by computation, in interleaved rounds: the FFT
# and the real FFT against scipy.fft (its best worker count), FFTW (2
# threads, MEASURE) and gonum; sum, cumsum and transpose against numpy (and
# the transpose against reikna 0.9); the uniform and normal random numbers
# against numpy's Generator(Philox); MatrixMul against numpy on OpenBLAS and
# gonum's pure-Go product. It prints the table of medians and per-round
# ratios against the CPU device's targets, as text and as Markdown for
# BENCHMARKS.md.
#
# Usage: scripts/cpu_compare.sh [--rounds N] [--fft-sizes LIST] [--rfft-sizes LIST]
#                               [--fft-only] [--no-gonum] [REIKNA_BINARY] [OUTDIR], from the repository's root
#
# The rounds are those of scripts/cpu_rounds.py (its documentation says
# what each runs): each round runs every program once, in an order that
# rotates from round to round, and a ratio is taken within a round, so
# that the machine's drift between programs cancels. --rounds (default 5),
# --fft-sizes (default 1024,4096,65536; 8 MiB of complex64 a length),
# --rfft-sizes (default 1024,4096,65536, any lengths; 8 MiB of float32), --fft-only (the FFTs and their peers alone) and
# --no-gonum (gonum left out: its FFT is quadratic in a large prime factor) go to it. REIKNA_BINARY defaults to bin/reikna (make build); OUTDIR (default
# ./cpu-compare) receives commit.txt (the commit measured, whether the tree
# had changes, and the CPU), rounds.json (every figure of every round),
# table.txt and table.md.
#
# What is missing of libfftw3-dev, python3-numpy and python3-scipy is
# installed with apt-get (Debian's numpy and SciPy run on OpenBLAS); FFTW's
# benchmark (scripts/fftw_bench.c) is built with cc and gonum's
# (scripts/gonum_bench.go) with go: nothing of either enters reikna's build.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)

die() {
	echo "cpu_compare: $*" >&2
	exit 2
}
rounds_args=()
args=()
while [ $# -gt 0 ]; do
	case $1 in
	--rounds | --fft-sizes | --rfft-sizes)
		[ $# -ge 2 ] || die "$1 needs a value"
		rounds_args+=("$1" "$2")
		shift 2
		;;
	--fft-only | --no-gonum)
		rounds_args+=("$1")
		shift
		;;
	-h | --help)
		sed -n '2,/^set -uo/{/^set -uo/d;s/^# \{0,1\}//;p}' "$0"
		exit 0
		;;
	-*) die "unknown option $1" ;;
	*)
		args+=("$1")
		shift
		;;
	esac
done
[ ${#args[@]} -le 2 ] || die "at most REIKNA_BINARY and OUTDIR after the options"
reikna=${args[0]:-bin/reikna}
out=${args[1]:-cpu-compare}
command -v "$reikna" >/dev/null || die "$reikna is not an executable program (make build makes bin/reikna)"
command -v cc >/dev/null || die "no C compiler (cc) to build FFTW's benchmark"
command -v go >/dev/null || die "no go to build gonum's benchmark"
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
if command -v dpkg-query >/dev/null; then
	install_missing libfftw3-dev python3-numpy python3-scipy || die "apt-get could not install libfftw3-dev, python3-numpy and python3-scipy"
fi

# The first python3 that imports numpy and SciPy (pyenv's may not see
# Debian's).
py=""
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import numpy, scipy.fft' 2>/dev/null; then
		py=$p
		break
	fi
done
[ -n "$py" ] || die "no python3 imports numpy and scipy (Debian: python3-numpy python3-scipy, for /usr/bin/python3)"

# commit.txt says what is measured (commit_note.sh), and on which CPU.
. "$here/commit_note.sh"
write_commit_note "$here" "$out/commit.txt"
# The widest vectors decide what PoCL builds for (its device name says the
# target: pthread-skylake-avx512, pthread-haswell, ...): records of two
# machines compare only where these lines agree.
vectors=$(grep -m1 -ow 'avx512f' /proc/cpuinfo 2>/dev/null || grep -m1 -ow 'avx2' /proc/cpuinfo 2>/dev/null || echo "no AVX2")
{
	echo "cpu $(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //'), $(nproc) cores, widest vectors: $vectors"
	"$reikna" devices 2>/dev/null | grep -m1 -i 'pthread\|cpu' | sed 's/^ */device: /'
} >>"$out/commit.txt"

# The program cache of this run only, so that the plans are built from the
# checkout measured.
export REIKNA_CACHE_DIR="$out/cache"
rm -rf "$REIKNA_CACHE_DIR"
"$py" "$here/cpu_rounds.py" --reikna "$reikna" --out "$out" "${rounds_args[@]}" || exit 1
echo "wrote $out/table.txt, $out/table.md and $out/rounds.json"
