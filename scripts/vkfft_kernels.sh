#!/usr/bin/env bash
# Shows the kernels VkFFT plans for 1-D lengths on an NVIDIA GPU through
# OpenCL, the peer of scripts/gpu_compare.sh, without the GPU: VkFFT's
# OpenCL backend runs on the CPU device (PoCL) with the device's answers
# on its vendor, local memory and work-group sizes replaced by NVIDIA's
# (scripts/cl_nvidia_limits.c, preloaded), and prints each kernel it runs
# (VkFFTConfiguration.keepShaderCode). For each length it prints the
# work-group shape of each distinct kernel, in the order they run, and its
# local array; OUTDIR/N.cl keeps the kernels' code. For studying the
# peer's decomposition (docs/fft-gpu-notes.md §26); its times on the CPU
# device mean nothing.
#
# Usage: scripts/vkfft_kernels.sh LENGTHS [OUTDIR], from the repository's
# root; LENGTHS as 66528,645496. VkFFT's header comes as for
# scripts/vkfft_build.sh (VKFFT_INCLUDE, default .devbin/vkfft/include).
set -euo pipefail
[ $# -ge 1 ] && [ $# -le 2 ] || {
	echo "usage: scripts/vkfft_kernels.sh LENGTHS [OUTDIR]" >&2
	exit 2
}
here=$(cd "$(dirname "$0")" && pwd)
out=${2:-vkfft-kernels}
mkdir -p "$out"
VKFFT_CFLAGS=-DVKFFT_KEEP_SHADERS "$here/vkfft_build.sh" "$out/vkfft_bench" >/dev/null
"${CC:-gcc}" -shared -fPIC -O2 -o "$out/cl_nvidia_limits.so" "$here/cl_nvidia_limits.c" -ldl
for n in $(tr ',' ' ' <<<"$1"); do
	LD_PRELOAD="$out/cl_nvidia_limits.so" "$out/vkfft_bench" --mib 1 --sizes "$n" >"$out/$n.cl" 2>&1 || {
		echo "$n: vkfft_bench failed (see $out/$n.cl)"
		continue
	}
	# Each kernel is printed at every call: keep the first of each.
	printf '%s:' "$n"
	awk '/^__kernel/ { if (seen[$0]++) { skip = 1 } else { skip = 0; shape = $0; sub(/.*reqd_work_group_size\(/, "", shape); sub(/\).*/, "", shape); gsub(/ /, "", shape); printf " [%s]", shape } }
	     !skip && /__local float2 sdata\[/ { s = $0; sub(/.*sdata\[/, "", s); sub(/\].*/, "", s); printf " sdata %s;", s }' "$out/$n.cl"
	echo
done
