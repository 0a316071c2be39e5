#!/usr/bin/env bash
# .devbin/ab.sh: the FFT sweep's lengths through CUDA with several binaries in turn, 256 MiB per array
. .devbin/gpu_env.sh
for b in ${BINS:-old new newc}; do xz -dkf .devbin/reikna-$b.xz && chmod +x .devbin/reikna-$b; done
L=${LENGTHS:-2,4,6,10,15,17,26,34,44,47,72,94,113,121,198,217,281,289,330,361,437,511,527,540,589,703,719,851,896,1007,1189,1208,1411,1485,1702,1789,2033,2451,2500,2871,2890,3361,3441,4078,4094,4096,4374,7840,10091,13689,15472,23328,26627,35147,37500,66528,70241,92692,129600,161377,212964,214326,351384,425857,489198,629856,978359,1048576,1290957,2012283,2581907,2965870,3359232,5467500,6813673,6813805,9779616,15653699,15653744,16777216,16,64,256,1024,4096,16384,65536,1048576,4194304,1000,10000,100000,6144,1536,2187,4095,65537}
start=$(date +%s)
for round in 1 2; do
  for b in ${BINS:-old new newc}; do
    [ $(( $(date +%s) - start )) -gt ${DEADLINE:-400} ] && break 2
    .devbin/reikna-$b bench --api cuda --sweep --sizes $L --mib 256 --runs 10 --json $OUT/$b-$round.json > $OUT/$b-$round.txt 2>&1
    echo "$b round $round rc=$? at $(( $(date +%s) - start )) s"
  done
done
