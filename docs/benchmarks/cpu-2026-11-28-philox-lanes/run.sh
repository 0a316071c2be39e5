#!/bin/sh
# Three interleaved rounds on the 2-core machine: numpy's Philox fills,
# scripts/cpu_philox_lanes.go's kernels, and reikna's CBRNG fills of the
# same 2^24 float32 (32 × 524288), from the repository's root.
make build
go build -o /tmp/philox scripts/cpu_philox_lanes.go
for r in 1 2 3; do
	echo "== round $r"
	/usr/bin/python3 docs/benchmarks/cpu-2026-11-28-philox-lanes/numpy_random.py
	/tmp/philox 2>&1 | grep -v warning | grep -v lanes16
	bin/reikna bench --random --mib 64 --cases 'uniform_f32_2^27,normal_f32_2^27' 2>&1 | grep -E '^ *(uniform|normal)_f32_2\^27 '
done
