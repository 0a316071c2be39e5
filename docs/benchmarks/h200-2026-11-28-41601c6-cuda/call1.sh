#!/usr/bin/env bash
# Call 1 of the record at the final commit: MatrixMul's tests through both interfaces, the matmul set through both, the FFT tests through both
. .devbin/rec/gpu_env.sh
cd .devbin/rec && for f in *.xz; do xz -d -T8 $f; done; chmod +x reikna fft.test comp.test; cd ../..
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
mkdir -p /tmp/rec
(cd computations && for api in cuda opencl; do start=$SECONDS; REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 timeout 150 ../.devbin/rec/comp.test -test.run 'MatrixMul|Matmul' -test.v > /tmp/rec/matmul-tests-$api.txt 2>&1; rc=$?; echo "matmul tests $api: rc=$rc after $((SECONDS-start)) s"; grep -E "^(--- FAIL|FAIL|ok|PASS)|panic" /tmp/rec/matmul-tests-$api.txt | tail -5; done)
for api in cuda opencl; do start=$SECONDS; SETS=matmul DEADLINE_S=150 scripts/gpu_compare.sh --api $api .devbin/rec/reikna /tmp/rec/mm-$api > /tmp/rec/mm-$api.log 2>&1; echo "matmul set $api rc=$? after $((SECONDS-start)) s"; grep -A14 -i "matmul\|TFLOP" /tmp/rec/mm-$api/table.txt 2>/dev/null | head -24; done
tar czf $OUT/mm.tgz -C /tmp/rec .
DEADLINES="cuda=1" TESTS_TIMEOUT=110 scripts/gpu_record.sh --parts tests --tests $PWD/.devbin/rec/fft.test --pack $OUT/rec.tgz .devbin/rec/reikna /tmp/rec/rec > $OUT/rec.log 2>&1
echo "tests rc=$?"; tail -4 $OUT/rec.log
