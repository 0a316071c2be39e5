#!/usr/bin/env bash
# .devbin/x4s.sh: the several-GPU cases at the head on 4 GPUs: tests, bench --multi 1024³ on 2 and 4,
# the rank slab FFT through NCCL on 2 and 4 processes at 1024³ and 512³, peer_bench on 2 and 4 GPUs.
. .devbin/gpu_env.sh
tar xJf .devbin/x4.tar.xz -C .devbin
B=$(pwd)/.devbin/x4; R=/tmp/rec; mkdir -p $R
N=$(nvidia-smi -L | wc -l); DEVS=2; [ $N -ge 4 ] && DEVS=2,4
( sleep ${BUDGET:-520}; tar czf $OUT/rec.tgz -C /tmp rec ) &
nvidia-smi -L | tee $R/gpus.txt; nvidia-smi topo -m > $R/topo.txt 2>&1
step() { local name=$1 limit=$2; shift 2; local s=$(date +%s); timeout -k 5 $limit "$@" > $R/$name.txt 2>&1; echo "$name rc=$? $(( $(date +%s) - s ))s" | tee -a $R/steps.txt; }
(nvcc -O3 -arch=sm_90 -o /tmp/peer_bench scripts/peer_bench.cu > $R/nvcc.txt 2>&1) &
export REIKNA_REQUIRE_DEVICE=1 REIKNA_REQUIRE_NCCL=1 REIKNA_API=cuda
(cd cluda && step t-cluda 100 $B/cluda.test -test.v)
(cd multi && step t-multi 150 $B/multi.test -test.v)
(cd multi/nccl && step t-nccl 100 $B/multi_nccl.test -test.v)
(cd multi/mpi && step t-mpi 60 $B/multi_mpi.test -test.v)
grep -h -E '^\s*--- FAIL|^panic:|^FAIL' $R/t-*.txt | head -20
unset REIKNA_API
MPI="mpirun --allow-run-as-root --oversubscribe -x NCCL_NVLS_ENABLE -x LD_LIBRARY_PATH -x OCL_ICD_VENDORS"
[ $N -ge 4 ] && step mpi1024-nccl4 120 $MPI -np 4 $B/reikna bench --multi --mpi --nccl --api cuda --shape 1024,1024,1024 --runs 5 --json $R/mpi1024-nccl4.json
step mpi1024-nccl 100 $MPI -np 2 $B/reikna bench --multi --mpi --nccl --api cuda --shape 1024,1024,1024 --runs 5 --json $R/mpi1024-nccl.json
tail -n 6 $R/mpi*.txt
step m1024 120 $B/reikna bench --multi --devices $DEVS --api cuda --mib 2048 --shape 1024,1024,1024 --runs 5 --chunks 1,4 --json $R/m1024.json
grep -A10 "^Slab" $R/m1024.txt
wait %2 2>/dev/null
(/tmp/peer_bench 2 512 > $R/peer2.txt 2>&1; [ $N -ge 4 ] && timeout 60 /tmp/peer_bench 4 512 > $R/peer4.txt 2>&1; head -30 $R/peer4.txt)
[ $N -ge 4 ] && step mpi512-nccl4 60 $MPI -np 4 $B/reikna bench --multi --mpi --nccl --api cuda --shape 512,512,512 --json $R/mpi512-nccl4.json
tar czf $OUT/rec.tgz -C /tmp rec; kill %1 2>/dev/null; true
