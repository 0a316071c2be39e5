#!/usr/bin/env bash
# Call 2 of the record at the final commit: MatrixMul's tests through both interfaces (the tensor cores' kernel through CUDA), the matmul set through both
. .devbin/rec/gpu_env.sh
cd .devbin/rec && for f in *.xz; do xz -d -T8 $f; done; chmod +x reikna comp.test; cd ../..
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
mkdir -p /tmp/rec
(cd computations && for api in cuda opencl; do start=$SECONDS; REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 timeout 200 ../.devbin/rec/comp.test -test.run 'MatrixMul|Matmul' -test.v > /tmp/rec/matmul-tests-$api.txt 2>&1; rc=$?; echo "matmul tests $api: rc=$rc after $((SECONDS-start)) s"; grep -E "^(--- FAIL|FAIL|ok|PASS)|panic|TensorCores|device takes|error" /tmp/rec/matmul-tests-$api.txt | head -20; done)
for api in cuda opencl; do start=$SECONDS; SETS=matmul DEADLINE_S=150 scripts/gpu_compare.sh --api $api .devbin/rec/reikna /tmp/rec/mm-$api > /tmp/rec/mm-$api.log 2>&1; echo "matmul set $api rc=$? after $((SECONDS-start)) s"; grep -B2 -A9 "^case.*batch×m×n×k.*tiling" /tmp/rec/mm-$api/table.txt 2>/dev/null | head -14; done
tar czf $OUT/mm.tgz -C /tmp/rec .
