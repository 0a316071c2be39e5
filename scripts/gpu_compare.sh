#!/usr/bin/env bash
# Runs reikna's FFT and cuFFT (through PyTorch) on the same sizes in one run
# on a GPU machine, and prints one table of ratios (ours / cuFFT) per size
# with pass or fail against the targets of docs/fft-gpu-notes.md.
#
# Usage: scripts/gpu_compare.sh [REIKNA_BINARY] [OUTDIR]
#
# REIKNA_BINARY defaults to bin/reikna (make build); OUTDIR (default
# ./gpu-compare) receives the JSON files, the plot and the table. The
# cuFFT part runs only where PyTorch and CUDA exist.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
reikna=${1:-bin/reikna}
out=${2:-gpu-compare}
mkdir -p "$out"
pow2=${POW2:-$(python3 -c 'print(",".join(str(1 << p) for p in range(4, 25)))')}
mixed=1000,1536,2187,6144,10000,15625,16807,100000,1009,4095,65537
double=1024,4096,65536,1048576
pipes=256,4096,65536,1048576

run() { echo "+ $*" >&2; "$@"; }
"$reikna" devices > "$out/devices.txt"

# The program cache starts empty, so that the first plan's build time is a
# cold one and the start-up check below measures a cached plan.
export REIKNA_CACHE_DIR="$out/cache"
rm -rf "$REIKNA_CACHE_DIR"
run "$reikna" bench --cpu=false --sizes 1024 --mib 8 --json "$out/startup_cold.json" > /dev/null
run "$reikna" bench --cpu=false --sizes 1024 --mib 8 --json "$out/startup_warm.json" > /dev/null

run "$reikna" bench --cpu=false --sizes "$pow2" --json "$out/pow2.json" --plot "$out/bandwidth.png" | tee "$out/pow2.txt"
run "$reikna" bench --cpu=false --sizes "$mixed" --json "$out/mixed.json" > "$out/mixed.txt"
run "$reikna" bench --cpu=false --precision double --sizes "$double" --json "$out/double.json" > "$out/double.txt"
run "$reikna" bench --cpu=false --pipeline --sizes "$pipes" --json "$out/pipelines.json" > "$out/pipelines.txt"

if python3 -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null; then
	run python3 "$here/cufft_bench.py" --sizes "$pow2,$mixed" --json "$out/cufft.json" > "$out/cufft.txt"
	run python3 "$here/cufft_bench.py" --precision double --sizes "$double" --json "$out/cufft_double.json" > "$out/cufft_double.txt"
	run python3 "$here/cufft_bench.py" --pipeline --sizes "$pipes" --json "$out/cufft_pipelines.json" > "$out/cufft_pipelines.txt"
else
	echo "no PyTorch with CUDA here: reikna's numbers only" >&2
fi
python3 "$here/compare.py" "$out" | tee "$out/table.txt"
