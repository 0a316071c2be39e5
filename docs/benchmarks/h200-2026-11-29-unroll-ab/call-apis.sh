#!/bin/bash
# Why the same kernels of short lengths run slower through CUDA than through
# OpenCL: both interfaces and two NVRTC option sets, each with its program
# cache kept, then ptxas -v over every PTX the caches hold.
. .devbin/ab/gpu_env.sh
T=$PWD/.devbin/ab/fft.test
python3 scripts/bench_ab.py --test-binary $T --api cuda --mib 512 --rounds 2 --run-timeout 60 --deadline 230 --pack \
  --sizes 34,50,96,17,1026,625 $OUT/apis \
  cuda=REIKNA_CACHE_DIR=/tmp/c-cuda ocl=REIKNA_API=opencl,REIKNA_CACHE_DIR=/tmp/c-ocl \
  reg64=REIKNA_BENCH_OPTIONS=--maxrregcount=64,REIKNA_CACHE_DIR=/tmp/c-reg64 \
  ftz=REIKNA_BENCH_OPTIONS=--ftz=true,REIKNA_CACHE_DIR=/tmp/c-ftz 2>&1 | tail -40
tar czf $OUT/caches.tgz -C /tmp c-cuda c-ocl
mkdir -p $OUT/ptxas
for d in /tmp/c-cuda /tmp/c-ocl; do
  find $d -type f | while read f; do
    if grep -q "\.entry" "$f" 2>/dev/null; then
      b=$(basename $d)-$(basename $f)
      sed -n '/^\/\/\|^\.version/,$p' "$f" > /tmp/x.ptx
      # the PTX text may sit after a header of the cache: cut from ".version"
      python3 - "$f" /tmp/x.ptx <<'PY'
import sys
d=open(sys.argv[1],'rb').read(); i=d.find(b'.version')
j=d.rfind(b'\n//',0,i); s=d[(j+1 if j>=0 else i):]
open(sys.argv[2],'wb').write(s.split(b'\x00')[0])
PY
      cp /tmp/x.ptx $OUT/ptxas/$b.ptx
      ptxas -arch=sm_90 -v /tmp/x.ptx -o /dev/null > $OUT/ptxas/$b.txt 2>&1
    fi
  done
done
grep -H "registers\|spill" $OUT/ptxas/*.txt | head -60
echo at $SECONDS
