#!/usr/bin/env bash
# Runs the test suite on a GPU machine that has no Go, on both of NVIDIA's
# interfaces: OpenCL (REIKNA_API=opencl) and CUDA (REIKNA_API=cuda), with
# REIKNA_REQUIRE_DEVICE=1 so that a missing device fails instead of
# skipping, and reports both side by side.
#
# Usage, from the repository's root:
#   scripts/gpu_test.sh build DIR         where Go is: a test binary per
#                                         package into DIR, and DIR/packages
#                                         (binary and package directory)
#   scripts/gpu_test.sh run DIR [OUTDIR]  on the GPU machine, in a copy of
#                                         the same tree: every binary of DIR
#                                         in its package's directory, once
#                                         per interface
#
# build takes the packages from PKGS (go list patterns, default ./...),
# leaving out internal/layers and the module's root, whose tests run the go
# command (no GPU machine has it; their other tests need no device), and strips
# the binaries (-ldflags=-s -w): about 120 MB for the whole module, 30 MB
# as a tar.xz.
#
# run writes OUTDIR (default ./gpu-test): for each interface a log per
# package (opencl/PACKAGE.log, cuda/PACKAGE.log, the path's slashes as
# underscores), and summary.txt, the table it prints: one row per package,
# its result and seconds on each interface. The environment chooses:
#   APIS          the interfaces [opencl cuda]
#   TEST_TIMEOUT  go test's -timeout of each binary [20m]
#   TEST_RUN      a -test.run pattern for every binary [all tests]
#   REIKNA_TEST_DEVICE  the device, a substring of its name [the first GPU]
# Each interface runs with a program cache of its own, made empty.
# The exit status is 1 if any package failed on any interface, 2 for bad
# usage.
set -uo pipefail

die() {
	echo "gpu_test: $*" >&2
	exit 2
}

usage="usage: scripts/gpu_test.sh build DIR | run DIR [OUTDIR]"
[ $# -ge 2 ] || die "$usage"
cmd=$1
dir=$2
[ -f go.mod ] || die "run it from the repository's root (no go.mod here)"
root=$(pwd)

build() {
	command -v go >/dev/null || die "build needs Go"
	mkdir -p "$dir" || die "cannot create $dir"
	: >"$dir/packages"
	local module pkg rel bin
	module=$(go list -m) || die "go list -m failed"
	# Packages with test files only: go test -c writes nothing for others.
	for pkg in $(go list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ${PKGS:-./...}); do
		rel=${pkg#"$module"}
		rel=${rel#/}
		case $rel in
		internal/layers | "") continue ;;
		*) bin=$(echo "$rel" | tr / _).test ;;
		esac
		echo "gpu_test: building $rel" >&2
		go test -c -ldflags='-s -w' -o "$dir/$bin" "$pkg" || die "go test -c $pkg failed"
		echo "$bin $rel" >>"$dir/packages"
	done
	du -sh "$dir" >&2
}

run() {
	local out=${3:-gpu-test}
	local apis=${APIS:-opencl cuda}
	[ -f "$dir/packages" ] || die "$dir/packages is missing: make DIR with scripts/gpu_test.sh build DIR"
	dir=$(cd "$dir" && pwd)
	mkdir -p "$out" || die "cannot create $out"
	out=$(cd "$out" && pwd)
	local failed=0 api bin rel log start status secs cache
	declare -A result
	local args=(-test.timeout "${TEST_TIMEOUT:-20m}")
	if [ -n "${TEST_RUN:-}" ]; then
		args+=(-test.run "$TEST_RUN")
	fi
	for api in $apis; do
		case $api in
		opencl | cuda) ;;
		*) die "APIS: unknown interface \"$api\" (opencl or cuda)" ;;
		esac
		mkdir -p "$out/$api"
		cache=$(mktemp -d) || die "mktemp failed"
		while read -r bin rel; do
			log="$out/$api/$(echo "$rel" | tr / _).log"
			echo "gpu_test: $api: $rel" >&2
			start=$(date +%s)
			(cd "$root/$rel" && REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 REIKNA_REQUIRE_CUDA=1 REIKNA_CACHE_DIR=$cache \
				"$dir/$bin" "${args[@]}" -test.v) >"$log" 2>&1
			status=$?
			secs=$(($(date +%s) - start))
			if [ $status -eq 0 ]; then
				result[$api,$rel]="ok $secs"
			else
				result[$api,$rel]="FAIL $secs"
				failed=1
				grep -E '^\s*--- FAIL|^panic:|^FAIL' "$log" | head -20 | sed "s|^|gpu_test: $api: $rel: |" >&2
			fi
		done <"$dir/packages"
		rm -rf "$cache"
	done
	{
		printf '%-36s' package
		for api in $apis; do printf ' %-14s' "$api"; done
		printf '\n'
		while read -r bin rel; do
			printf '%-36s' "$rel"
			for api in $apis; do printf ' %-14s' "${result[$api,$rel]}s"; done
			printf '\n'
		done <"$dir/packages"
		if [ $failed -eq 0 ]; then
			echo "all packages passed on: $apis"
		else
			echo "some packages FAILED; their logs are in $out/API/PACKAGE.log"
		fi
	} | tee "$out/summary.txt"
	return $failed
}

case $cmd in
build) build ;;
run) run "$@" ;;
*) die "$usage" ;;
esac
