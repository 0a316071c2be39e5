#!/bin/bash
. .devbin/rec/gpu_env.sh
mkdir -p /tmp/rec
SWEEP_SAMPLE=64 DEADLINES="cuda-sweep=400" scripts/gpu_record.sh --parts cuda-sweep --pack $OUT/sweep.tgz .devbin/rec/reikna /tmp/rec/rec 2>&1 | tail -30
echo at $SECONDS
