#!/bin/bash
. .devbin/ab/gpu_env.sh
T=$PWD/.devbin/ab/fft.test
for f in .devbin/ab/ptx/*.ptx; do echo "== $f"; ptxas -arch=sm_90 -v $f -o /tmp/x.cubin 2>&1 | tail -3; done
cd computations/fft
for api in cuda opencl; do
REIKNA_API=$api REIKNA_BENCH_SIZES=34,50 REIKNA_BENCH_MIB=512 timeout 150 ncu --section LaunchStats --section Occupancy --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis -k regex:fft_axis --launch-skip 3 --launch-count 2 $T -test.run none -test.bench 'BenchmarkFFT$/^N=' -test.benchtime 3x > $OUT/ncu-$api.txt 2>&1
grep -E "==PROF==|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit|Duration|DRAM Throughput|Memory Throughput|Compute \(SM\)|Dynamic Shared|Static Shared|Stall|Warp Cycles Per Issued|Executed Ipc|Issue Slots|fft_axis" $OUT/ncu-$api.txt | head -80
done
echo at $SECONDS
