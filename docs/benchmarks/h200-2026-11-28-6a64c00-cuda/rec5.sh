#!/usr/bin/env bash
# Call 1 on four H200: the several-GPU cases of the head, then the record's cuda and tests parts
. .devbin/gpu_env.sh
xz -dkf .devbin/reikna.xz .devbin/nccl.test.xz .devbin/multi.test.xz .devbin/fft.test.xz && chmod +x .devbin/reikna .devbin/nccl.test .devbin/multi.test .devbin/fft.test
R=$OUT/x4; mkdir -p $R; B=$(pwd)/.devbin
nvidia-smi -L | tee $R/gpus.txt
step() { local name=$1 limit=$2; shift 2; local s=$(date +%s); timeout -k 5 $limit "$@" > $R/$name.txt 2>&1; echo "$name rc=$? $(( $(date +%s) - s ))s" | tee -a $R/steps.txt; }
(cd multi/nccl && REIKNA_REQUIRE_DEVICE=1 REIKNA_API=cuda step t-nccl 150 $B/nccl.test -test.v)
(cd multi && REIKNA_REQUIRE_DEVICE=1 REIKNA_API=cuda step t-multi 60 $B/multi.test -test.run 'Pencil|Slab|Rank' -test.v)
grep -h -E '^\s*--- (FAIL|PASS|SKIP)|^panic:|^FAIL|^ok|^PASS|processes under mpirun' $R/t-*.txt | head -40
step m1024 90 .devbin/reikna bench --multi --devices 4 --api cuda --mib 2048 --shape 1024,1024,1024 --runs 5 --chunks 1,4 --json $R/m1024.json
grep -A9 "^Slab" $R/m1024.txt | cut -c1-200
(cd $OUT && tar czf x4.tgz x4 && rm -rf x4)
DEADLINES="cuda=250" scripts/gpu_record.sh --parts cuda,tests --tests .devbin/fft.test .devbin/reikna $OUT/rec > $OUT/rec-1.log 2>&1
echo "record rc=$?"; tail -5 $OUT/rec-1.log
(cd $OUT && tar czf rec-1.tgz rec rec-1.log && rm -rf rec)
