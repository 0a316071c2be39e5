#!/usr/bin/env bash
# .devbin/prof.sh: Nsight Compute on the FFT kernels of chosen lengths, ours and cuFFT's
. .devbin/gpu_env.sh
xz -dkf .devbin/reikna.xz && chmod +x .devbin/reikna
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $NCU"
S="--section LaunchStats --section Occupancy --section SpeedOfLight --section WarpStateStats --section InstructionStats"
M="--metrics smsp__inst_executed_op_local_ld.sum,smsp__inst_executed_op_local_st.sum"
for n in ${LENGTHS:-17 34 289 361 527 589 217 121}; do
  timeout 60 $NCU --launch-skip 4 --launch-count 1 $S $M .devbin/reikna bench --api cuda --sweep --sizes $n --mib 256 --runs 5 > $OUT/ncu-$n.txt 2>&1
  echo "== $n rc=$?"
  grep -E "fft_|Registers Per|Achieved Occupancy|Theoretical Occupancy|Duration|DRAM Throughput|Compute \(SM\)|Memory Throughput|Issue Slots Busy|local_ld|local_st|Executed Instructions  |Block Limit Registers|Stall|Warp Cycles Per Issued" $OUT/ncu-$n.txt | head -40
done
cat > /tmp/cufft.py <<'PY'
import torch, sys
for n in [int(a) for a in sys.argv[1:]]:
    x = torch.randn(256*1024*1024//8//n, n, dtype=torch.complex64, device='cuda')
    for i in range(2): y = torch.fft.fft(x)
    torch.cuda.synchronize()
PY
timeout 120 $NCU -k regex:'fft|FFT' $S $M python3 /tmp/cufft.py ${CUFFT_LENGTHS:-361 527 17} > $OUT/ncu-cufft.txt 2>&1
echo "== cufft rc=$?"
grep -E "^  [a-zA-Z_].*\(|Registers Per|Achieved Occupancy|Duration|DRAM Throughput|Compute \(SM\)|Issue Slots Busy|local_ld|local_st|Executed Instructions  |Grid Size|Block Size" $OUT/ncu-cufft.txt | head -80
