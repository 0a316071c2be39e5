#!/bin/bash
. .devbin/rec/gpu_env.sh
mkdir -p /tmp/rec
DEADLINES="cuda=400" TESTS_TIMEOUT=200 scripts/gpu_record.sh --parts cuda,tests --tests $PWD/.devbin/rec/fft.test --pack $OUT/rec.tgz .devbin/rec/reikna /tmp/rec/rec 2>&1 | tail -40
echo at $SECONDS
