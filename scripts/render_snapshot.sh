#!/usr/bin/env bash
# scripts/render_snapshot.sh REIKNA DIR [MODEL]
#
# Renders a fixed set of computations with `REIKNA render --model MODEL`
# (gpu by default) on both interfaces and both precisions, one file per
# case in DIR. Two snapshots, of two builds, diffed with `diff -r` show
# whether a change alters any kernel a GPU would compile: a change that
# leaves every file byte-identical generates the same GPU code.
set -euo pipefail
bin=$1 dir=$2 model=${3:-gpu}
mkdir -p "$dir"

cases=(
	# FFT: powers of two, smooth, odd, prime and Bluestein lengths; batches; N-D; fused ends
	"fft --shape 8,1024 --axes 1"
	"fft --shape 64,64"
	"fft --shape 100,100,100"
	"fft --shape 16 --in conj"
	"fft --shape 1000,1000 --in real --out norm"
	"fft --shape 1024 --in combine --out scale --out split"
	"fft --shape 4096 --in real --in pad:1000"
	"fft --shape 256,360 --axes 1"
	"fft --shape 256,4095 --axes 1"
	"fft --shape 64,12288 --axes 1"
	"fft --shape 8,65536 --axes 1"
	"fft --shape 4,1048576 --axes 1"
	"fft --shape 65536,16384 --axes 1"
	"fft --shape 1024,17 --axes 1"
	"fft --shape 1024,23 --axes 1"
	"fft --shape 256,1009 --axes 1"
	"fft --shape 32,40009 --axes 1"
	"fft --shape 1000,1280 --axes 1"
	"fft --shape 1024,1024 --axes 0"
	"fft --shape 64,64 --out crop:32"
	"rfft --shape 64,4096 --axes 1"
	"rfft --shape 256,1000 --axes 1"
	"rfft --shape 65536"
	"fft-module --length 1024"
	"fft-module --length 1024 --inverse"
	"fft-module --length 360"
	# the other computations
	"pureparallel --shape 1024 --in real --out scale:2 --out abs"
	"pureparallel --shape 64,1000 --in pad:900 --out crop:800"
	"transpose --shape 256,256,256 --axes 2,0,1"
	"transpose --shape 2048,8192"
	"transpose --shape 1000,3"
	"fftshift --shape 1023,1024"
	"fftshift --shape 512,512"
	"sum --shape 8192,16384 --axes 0 --in real"
	"sum --shape 8192,16384 --axes 1"
	"sum --shape 16777216"
	"sum --shape 100,7,300 --axes 0,2"
	"cumsum --shape 8192,16384 --axes 1"
	"cumsum --shape 8192,16384 --axes 0"
	"cumsum --shape 16777216"
	"matmul --shape 4096,4096 --shape-b 4096,4096"
	"matmul --shape 512,512 --shape-b 512,512 --complex"
	"matmul --shape 8,100,300 --shape-b 70,300 --transposed-b"
	"matmul --shape 1000,30 --shape-b 1000,30 --transposed-a"
	"dht --shape 64,64 --axes 1 --inverse --order 2"
	"dht --shape 32,48"
	"cbrng --shape 1024,1024 --sampler normal --bijection threefry4x64 --seed 7"
	"cbrng --shape 1000000 --sampler uniform"
	"cbrng --shape 4096 --sampler gamma:2.5"
	"cbrng --shape 4096 --sampler vonmises:1,3 --bijection philox2x32"
	"cbrng --shape 4096 --sampler integer:-5,17"
)

n=0
for api in opencl cuda; do
	for precision in single double; do
		for c in "${cases[@]}"; do
			name=$(echo "$api $precision $c" | tr -c 'A-Za-z0-9.,:\n-' '_')
			# shellcheck disable=SC2086
			if ! "$bin" render $c --model "$model" --api "$api" --precision "$precision" >"$dir/$name.txt" 2>&1; then
				echo "refused: $api $precision $c" >>"$dir/$name.txt"
			fi
			n=$((n + 1))
		done
	done
done
echo "$n renders in $dir"
