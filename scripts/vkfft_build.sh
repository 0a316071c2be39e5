#!/usr/bin/env bash
# Builds scripts/vkfft_bench.c, the VkFFT (OpenCL backend) peer of the GPU
# FFT comparison.
#
# Usage: scripts/vkfft_build.sh OUT_BINARY [VKFFT_INCLUDE_DIR]
#
# VKFFT_INCLUDE_DIR is the directory that holds vkFFT.h: the argument, else
# $VKFFT_INCLUDE, else the repository's .devbin/vkfft/include. VkFFT is a header-only library
# that the repository does not carry; the program is written for VkFFT 1.2
# (one header, vkFFT.h). Needs gcc, the OpenCL headers (CL/cl.h) and the
# OpenCL ICD loader (libOpenCL).
#
# $VKFFT_CFLAGS, where set, adds options to the compiler's
# (scripts/vkfft_kernels.sh: -DVKFFT_KEEP_SHADERS).
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 OUT_BINARY [VKFFT_INCLUDE_DIR]" >&2
	exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
out=$1
include=${2:-${VKFFT_INCLUDE:-$here/../.devbin/vkfft/include}}
cc=${CC:-gcc}

if [ ! -f "$include/vkFFT.h" ]; then
	cat >&2 <<EOF
vkfft_build: no vkFFT.h in $include
VkFFT is header-only and not part of the repository. Get version 1.2 from
Debian's package libvkfft-dev:
    apt-get download libvkfft-dev && dpkg -x libvkfft-dev_*.deb root
    mkdir -p .devbin/vkfft/include && cp root/usr/include/vkFFT.h .devbin/vkfft/include/
or take vkFFT.h from a 1.2 release of https://github.com/DTolm/VkFFT, and
pass its directory as the second argument or in VKFFT_INCLUDE.
EOF
	exit 1
fi

if ! echo '#include <CL/cl.h>' | "$cc" -E -x c - > /dev/null 2>&1; then
	echo "vkfft_build: the OpenCL headers (CL/cl.h) are missing: install opencl-headers (or the GPU SDK's)" >&2
	exit 1
fi

# The ICD loader's development link (libOpenCL.so) may be absent where only
# a driver's runtime (libOpenCL.so.1) is installed; link to that then.
if [ "$("$cc" -print-file-name=libOpenCL.so)" != libOpenCL.so ]; then
	opencl=(-lOpenCL)
elif [ "$("$cc" -print-file-name=libOpenCL.so.1)" != libOpenCL.so.1 ]; then
	opencl=(-l:libOpenCL.so.1)
elif lib=$(/sbin/ldconfig -p 2> /dev/null | awk '$1 == "libOpenCL.so.1" { print $NF; exit }') && [ -n "$lib" ]; then
	opencl=("$lib")
else
	echo "vkfft_build: no OpenCL library (libOpenCL.so or libOpenCL.so.1): install ocl-icd-opencl-dev or a GPU driver's OpenCL loader" >&2
	exit 1
fi

# vkFFT.h comes in through -isystem: its own warnings are not ours.
# shellcheck disable=SC2086
"$cc" -std=c11 -O2 -Wall -Wextra ${VKFFT_CFLAGS:-} -isystem "$include" "$here/vkfft_bench.c" -o "$out" "${opencl[@]}" -lm
echo "built $out (VkFFT from $include)"
