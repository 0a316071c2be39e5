#!/usr/bin/env bash
# BenchmarkFFT through CUDA of two builds of computations/fft's test binary,
# interleaved, 512 MiB per array: old.test built at 8d85c2a (before the
# rule fftplan.fewerStages), new.test with the rule (without its 2048-point
# limit, which this run led to). Run from the repository's root on the GPU
# machine, the binaries in .devbin/ab, with gpu_env.sh beside them; the
# outputs are old-1.txt, new-1.txt, old-2.txt and new-2.txt.
. .devbin/gpu_env.sh
for b in old new; do xz -dkf .devbin/ab/$b.test.xz && chmod +x .devbin/ab/$b.test; done
cd computations/fft
export REIKNA_API=cuda REIKNA_BENCH_MIB=512 REIKNA_BENCH_SIZES=${SIZES:-40,56,80,112,160,224,288,320,384,405,448,486,640,800,896,972,1215,1280,1458,1536,1568,1600,1792,1944,2560,2916,3072,3136,3584,3645,5103,5120,5832,6272,7168,1000,4096,360}
for r in 1 2; do for b in old new; do
  start=$(date +%s)
  timeout 200 ../../.devbin/ab/$b.test -test.run XXX -test.bench 'BenchmarkFFT$' -test.benchtime 20x > $OUT/$b-$r.txt 2>&1
  echo "rc=$? seconds=$(( $(date +%s) - start ))" >> $OUT/$b-$r.txt
  tail -1 $OUT/$b-$r.txt
done; done
