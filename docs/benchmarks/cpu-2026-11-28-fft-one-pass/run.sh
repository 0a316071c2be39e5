#!/bin/sh
# Five interleaved rounds on the 2-core machine (AVX2, PoCL's haswell
# target): scripts/cpu_fft_rows_lanes.go's one-pass kernel, reikna's plan
# (`reikna bench`, kernel times) and scipy.fft, on rows of 256, 1024 and
# 4096 complex64 points filling 8 MiB, from the repository's root.
# (The rounds ran scipy_rows.py's three kinds as three scripts of the same code,
# merged into it afterwards.)
make build
go build -o /tmp/fftrows scripts/cpu_fft_rows_lanes.go
for r in 1 2 3 4 5; do
	echo "== round $r"
	/tmp/fftrows -sizes 256,1024,4096 -mib 8 2>&1 | grep -v warning
	bin/reikna bench --cpu=false --sizes 256,1024,4096 --mib 8 --runs 20 2>&1 | grep -E '^ +(256|1024|4096) '
	/usr/bin/python3 docs/benchmarks/cpu-2026-11-28-fft-one-pass/scipy_rows.py fft 256,1024,4096
done

# The real FFT: five interleaved rounds of the prototype with -real,
# reikna's RFFT (`reikna bench --rfft`), scipy.fft.rfft and FFTW's r2c
# (scripts/fftw_bench.c --real, built as scripts/cpu_compare.sh builds it),
# rows of 1024, 4096 and 65536 float32 filling 8 MiB.
cc -O2 -o /tmp/fftw_bench scripts/fftw_bench.c -lfftw3f_threads -lfftw3f -lfftw3_threads -lfftw3 -lm -lpthread
for r in 1 2 3 4 5; do
	echo "== round $r"
	/tmp/fftrows -real -sizes 1024,4096,65536 -mib 8 2>&1 | grep -v warning
	bin/reikna bench --rfft --mib 8 --cases rfft_f32_1024,rfft_f32_4096,rfft_f32_65536 2>&1 | grep -E '^ *rfft_f32_[0-9]+ '
	/usr/bin/python3 docs/benchmarks/cpu-2026-11-28-fft-one-pass/scipy_rows.py rfft 1024,4096,65536
	/tmp/fftw_bench --real --mib 8 --sizes 1024,4096,65536 --threads 2 | grep -v fftw-
done

# complex128: five interleaved rounds of the prototype with -double,
# reikna's plan, scipy.fft and FFTW in double precision, rows of 1024 and
# 4096 points filling 8 MiB.
for r in 1 2 3 4 5; do
	echo "== round $r"
	/tmp/fftrows -double -sizes 1024,4096 -mib 8 2>&1 | grep -v warning
	bin/reikna bench --cpu=false --precision double --sizes 1024,4096 --mib 8 --runs 20 2>&1 | grep -E '^ +(1024|4096) '
	/usr/bin/python3 docs/benchmarks/cpu-2026-11-28-fft-one-pass/scipy_rows.py fft128 1024,4096
	/tmp/fftw_bench --precision double --mib 8 --sizes 1024,4096 --threads 2 | grep -v fftw-
done
