#!/bin/bash
# The GPU record at the commit of the binaries: the FFT-family sets through CUDA with the peers and the FFT tests through both interfaces; then every 13-smooth length up to 4096 through CUDA in five chunks, as time allows.
. .devbin/rec/gpu_env.sh
mkdir -p /tmp/rec
DEADLINES="cuda=300" TESTS_TIMEOUT=140 scripts/gpu_record.sh --parts cuda,tests --tests $PWD/.devbin/rec/fft.test --pack $OUT/rec.tgz .devbin/rec/reikna /tmp/rec/rec 2>&1 | tail -25
echo "record at $SECONDS"
mkdir -p /tmp/sm; i=0
while read -r sizes; do
  i=$((i + 1)); left=$((575 - SECONDS)); [ $left -lt 40 ] && break
  timeout $left .devbin/rec/reikna bench --api cuda --sweep --sizes $sizes --mib 128 --runs 10 --json /tmp/sm/smooth-$i.json > /tmp/sm/smooth-$i.txt 2>&1
  echo "chunk $i rc=$? at $SECONDS"
done < .devbin/rec/smooth_chunks.txt
tar czf $OUT/smooth.tgz -C /tmp sm
