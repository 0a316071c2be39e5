#!/bin/bash
# The GPU record at the commit of the binaries: the FFT-family sets through CUDA with the peers, and the FFT tests of the GPU's plans through both interfaces.
. .devbin/rec/gpu_env.sh
mkdir -p /tmp/rec
DEADLINES="cuda=300" TESTS_TIMEOUT=140 scripts/gpu_record.sh --parts cuda,tests --tests $PWD/.devbin/rec/fft.test --pack $OUT/rec.tgz .devbin/rec/reikna /tmp/rec/rec 2>&1 | tail -25
echo "record at $SECONDS"
