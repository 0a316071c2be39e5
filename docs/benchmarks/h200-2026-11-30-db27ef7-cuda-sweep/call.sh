#!/bin/bash
. .devbin/rec2/gpu_env.sh
mkdir -p /tmp/rec $OUT/n
SWEEP_SAMPLE=64 DEADLINES="cuda-sweep=400 opencl-sweep=160" scripts/gpu_record.sh --parts cuda-sweep,opencl-sweep --pack $OUT/sweep.tgz .devbin/rec2/reikna /tmp/rec/rec 2>&1 | tail -30
echo sweep at $SECONDS
R=$PWD/.devbin/rec2/reikna
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu | head -1)
M=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__throughput.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum
for n in 48 60 120 234 4096 3380 50 96; do
  [ $SECONDS -gt 560 ] && break
  timeout 30 $NCU --kernel-name regex:fft --launch-skip 2 --launch-count 1 --metrics $M $R bench --api cuda --sweep --sizes $n --mib 64 --runs 3 > $OUT/n/ncu-$n.txt 2>&1
  echo ncu $n rc=$? at $SECONDS
done
