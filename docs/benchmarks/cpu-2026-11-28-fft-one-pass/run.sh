#!/bin/sh
# Five interleaved rounds on the 2-core machine (AVX2, PoCL's haswell
# target): scripts/cpu_fft_rows_lanes.go's one-pass kernel, reikna's plan
# (`reikna bench`, kernel times) and scipy.fft, on rows of 256, 1024 and
# 4096 complex64 points filling 8 MiB, from the repository's root.
make build
go build -o /tmp/fftrows scripts/cpu_fft_rows_lanes.go
for r in 1 2 3 4 5; do
	echo "== round $r"
	/tmp/fftrows -sizes 256,1024,4096 -mib 8 2>&1 | grep -v warning
	bin/reikna bench --cpu=false --sizes 256,1024,4096 --mib 8 --runs 20 2>&1 | grep -E '^ +(256|1024|4096) '
	/usr/bin/python3 docs/benchmarks/cpu-2026-11-28-fft-one-pass/scipy_fft.py 256,1024,4096
done
