#!/usr/bin/env bash
# Checks that PoCL compiles the inner loops of MatrixMul's CPU kernels to
# vector arithmetic: for each dimension the vectors run along (n, m, k) and
# each dtype, it runs the kernel's test on the CPU device with PoCL's kernel
# cache in a fresh directory, disassembles the kernel PoCL built, and
# requires a loop of at least MIN packed multiply-adds (vfmadd…ps/pd, or
# vmulps/pd where the CPU has no FMA) on vector registers, and no
# element-wise inserts or gathers in that loop. It fails, naming the
# kernel, when a loop is compiled to scalars or its loads to element-wise
# ones.
#
# The kernels are written in OpenCL's vector types, which LLVM compiles to
# the CPU's vectors directly: PoCL's loop vectoriser has nothing to do in
# them, and its remarks (POCL_VECTORIZER_REMARKS=1, kept in remarks.txt of
# each case's directory with KEEP=1) say "loop not vectorized" of the
# work-item loop around the kernel's own loops.
#
# Usage: scripts/cpu_matmul_vectorised.sh [MIN], from the repository's root
# (MIN defaults to 8: the blocks for AVX2 hold 4 to 6 accumulators of 64
# bytes, each two multiply-adds on 256-bit registers, and AVX-512's 12 to
# 24). Needs PoCL as the first OpenCL device (or REIKNA_TEST_DEVICE naming
# it) and objdump.
set -euo pipefail
min=${1:-8}
[[ $min =~ ^[0-9]+$ ]] || { echo "cpu_matmul_vectorised: MIN $min is not a number" >&2; exit 2; }
command -v objdump >/dev/null || { echo "cpu_matmul_vectorised: objdump is missing (binutils)" >&2; exit 2; }
tmp=$(mktemp -d)
if [ "${KEEP:-}" = 1 ]; then echo "keeping $tmp" >&2; else trap 'rm -rf "$tmp"' EXIT; fi

# The cases, KIND:TEST:SUBTEST: blocks that fit the matrices along n,
# edges along m, along k with whole vectors, and along n in slices of the
# inner dimension.
cases=("n:TestMatrixMulCPU:along_n,_whole_blocks" "m:TestMatrixMulCPU:along_m"
	"k:TestMatrixMulCPU:along_k,_whole_vectors" "n-sliced:TestMatrixMulCPUSlices:along_n,_whole_slices_and_blocks")
dtypes=(float32 float64 complex64 complex128)

# loops FILE: for each loop of the disassembly (a backward jump and its
# target), the packed multiply-adds and the element-wise inserts in it, one
# line "FMAS INSERTS" each.
loops() {
	objdump -d --no-show-raw-insn "$1" | awk '
		function hex(s,    v, i) {
			v = 0
			for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return v
		}
		/^ *[0-9a-f]+:\t/ {
			split($0, f, "\t"); sub(/^ +/, "", f[1]); addr = hex(substr(f[1], 1, index(f[1], ":") - 1))
			n++; a[n] = addr; ins[n] = f[2]
		}
		END {
			for (i = 1; i <= n; i++) {
				if (ins[i] !~ /^j[a-z]+ +[0-9a-f]+ </) continue
				split(ins[i], w, " +"); target = hex(w[2])
				if (target >= a[i]) continue
				fmas = 0; inserts = 0
				for (j = 1; j <= i; j++) {
					if (a[j] < target) continue
					if (ins[j] ~ /^v(fn?m(add|sub)[0-9]+p[sd]|mulp[sd]) .*%[yz]mm/) fmas++
					if (ins[j] ~ /^v(p?insr|insert(ps|f|i)|p?gather)/) inserts++
				}
				print fmas, inserts
			}
		}'
}

failed=0
for c in "${cases[@]}"; do
	kind=${c%%:*} rest=${c#*:}
	test=${rest%%:*} name=${rest#*:}
	for dt in "${dtypes[@]}"; do
		dir=$tmp/$kind-$dt
		mkdir -p "$dir/pocl" "$dir/reikna"
		if ! POCL_CACHE_DIR=$dir/pocl REIKNA_CACHE_DIR=$dir/reikna POCL_VECTORIZER_REMARKS=1 \
			go test ./computations -count=1 -run "^${test}\$/^${name}\$/^${dt}\$" -v >"$dir/remarks.txt" 2>&1; then
			echo "FAIL $kind $dt: the test failed (see $dir/remarks.txt with KEEP=1)"
			failed=1
			continue
		fi
		grep -q -- "--- PASS: ${test}/${name}/${dt}" "$dir/remarks.txt" || {
			echo "FAIL $kind $dt: the test did not run"
			failed=1
			continue
		}
		best=0
		while IFS= read -r so; do
			while read -r fmas inserts; do
				if [ "$inserts" = 0 ] && [ "$fmas" -gt "$best" ]; then best=$fmas; fi
			done < <(loops "$so")
		done < <(find "$dir/pocl" -name 'matrix_mul.so')
		notvec=$(grep -o "loop not vectorized: [a-z ]*" "$dir/remarks.txt" | sed 's/^loop not vectorized: //' | sort | uniq -c | sed 's/^ *//' | paste -sd ';' -)
		if [ "$best" -ge "$min" ]; then
			echo "ok   $kind $dt: $best packed multiply-adds in the inner loop (loops the vectoriser left: ${notvec:-none})"
		else
			echo "FAIL $kind $dt: at most $best packed multiply-adds in a loop without element-wise loads, want at least $min"
			failed=1
		fi
	done
done
exit $failed
