#!/bin/bash
. .devbin/rec2/gpu_env.sh
mkdir -p $OUT
for api in cuda opencl; do
  (cd computations && REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 timeout 80 ../.devbin/rec2/computations.test -test.run 'Scan' -test.v > $OUT/scan-tests-$api.txt 2>&1; echo "scan tests $api rc=$?" >> $OUT/scan-tests-$api.txt)
  tail -2 $OUT/scan-tests-$api.txt; grep -c "^    --- PASS" $OUT/scan-tests-$api.txt
done
echo at $SECONDS
R=/tmp/r0; rm -rf $R; cp -r .devbin/rec2/r0 $R
RESUME=$R DEADLINE_S=150 scripts/gpu_compare.sh --api cuda .devbin/rec2/reikna /tmp/r1 > /tmp/r1.log 2>&1; echo compare rc=$? at $SECONDS
cp /tmp/r1.log /tmp/r1/record-resume.log 2>/dev/null
tar czf $OUT/res.tgz -C /tmp r1
grep "NOT RUN\|^+ " /tmp/r1.log | cut -c1-150 | tail -20
