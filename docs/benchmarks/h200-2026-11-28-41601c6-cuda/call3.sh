#!/usr/bin/env bash
# Call 3 of the record at the final commit: the FFT-family sets through CUDA with the peers, and the FFT tests through both interfaces
. .devbin/rec/gpu_env.sh
cd .devbin/rec && for f in reikna.xz fft.test.xz; do xz -d -T8 $f; done; chmod +x reikna fft.test; cd ../..
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
DEADLINES="cuda=230" TESTS_TIMEOUT=90 scripts/gpu_record.sh --parts cuda,tests --tests $PWD/.devbin/rec/fft.test --pack $OUT/rec.tgz .devbin/rec/reikna /tmp/rec/rec > $OUT/rec.log 2>&1
echo "record rc=$?"; tail -12 $OUT/rec.log
