#!/bin/bash
. .devbin/res/gpu_env.sh
R=/tmp/r0; rm -rf $R; cp -r .devbin/res/r0 $R
S=16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536,131072,262144,524288,1048576,2097152,4194304,8388608,16777216,1000,1536,2187,6144,10000,15625,16807,100000,1009,4095,65537
bash scripts/vkfft_build.sh /tmp/vkb > $R/vkfft_build.txt 2>&1 && echo built at $SECONDS
timeout 90 /tmp/vkb --sizes $S --json $R/vkfft.json > $R/vkfft.txt 2>&1; echo vkfft rc=$? at $SECONDS
mkdir -p $OUT; tar czf $OUT/res.tgz -C /tmp r0
RESUME=$R DEADLINE_S=95 scripts/gpu_compare.sh --api cuda .devbin/rec/reikna /tmp/r1 > /tmp/r1.log 2>&1; echo compare rc=$? at $SECONDS
cp /tmp/r1.log /tmp/r1/record-resume.log 2>/dev/null
tar czf $OUT/res.tgz -C /tmp r0 r1
grep "NOT RUN\|^+ " /tmp/r1.log | cut -c1-150
