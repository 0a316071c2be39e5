#!/bin/bash
# The Scan tests of computations through both interfaces (second call).
. .devbin/ctest/gpu_env.sh
cd computations
for api in cuda opencl; do
	echo "== $api"
	REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 timeout 120 ../.devbin/ctest/computations.test -test.run 'Scan' 2>&1 | tail -5
done | tee $OUT/scan-tests.txt
