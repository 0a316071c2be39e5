#!/usr/bin/env bash
# The record at the final commit: MatrixMul's tests and the matmul set through both interfaces, then the FFT-family sets through CUDA and the FFT tests through both
. .devbin/c5/gpu_env.sh
cd .devbin/c5 && for f in *.xz; do xz -d -T8 $f; done; chmod +x reikna comp.test fft.test; cd ../..
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
mkdir -p /tmp/rec
(cd computations && for api in cuda opencl; do start=$SECONDS; REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 timeout 120 ../.devbin/c5/comp.test -test.run 'MatrixMul|Matmul|RoundTo' -test.v > /tmp/rec/matmul-tests-$api.txt 2>&1; rc=$?; echo "matmul tests $api: rc=$rc after $((SECONDS-start)) s"; grep -E "^(--- FAIL|FAIL|ok|PASS)|panic|device takes|error" /tmp/rec/matmul-tests-$api.txt | head -12; done)
for api in cuda opencl; do start=$SECONDS; SETS=matmul DEADLINE_S=120 scripts/gpu_compare.sh --api $api .devbin/c5/reikna /tmp/rec/mm-$api > /tmp/rec/mm-$api.log 2>&1; echo "matmul set $api rc=$? after $((SECONDS-start)) s"; grep -B2 -A12 "^case.*batch×m×n×k.*tiling" /tmp/rec/mm-$api/table.txt 2>/dev/null | head -16; done
tar czf $OUT/mm.tgz -C /tmp/rec .
DEADLINES="cuda=210" TESTS_TIMEOUT=80 scripts/gpu_record.sh --parts cuda,tests --tests $PWD/.devbin/c5/fft.test --pack $OUT/rec.tgz .devbin/c5/reikna /tmp/rec/rec > $OUT/rec.log 2>&1
echo "record rc=$?"; tail -12 $OUT/rec.log
