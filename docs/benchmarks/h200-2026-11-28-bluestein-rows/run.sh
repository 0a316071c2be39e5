#!/usr/bin/env bash
# A/B of Bluestein's transforms over rows: head (ac26ce5) vs new (rows from three passes, rows up to 16384 on CUDA) vs 8k/4k (rows at most 8192/4096) vs two (rows from two passes)
. .devbin/ab/gpu_env.sh
cd .devbin/ab && for f in *.xz; do xz -d -T4 $f; done; chmod +x reikna-* fft.test; cd ../..
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
R=212964,561923,645496,1703437,1956714
T=8813,17569,23204,53233,70258,161377
B=.devbin/ab/reikna
(cd computations/fft && for api in cuda opencl; do REIKNA_API=$api REIKNA_REQUIRE_DEVICE=1 REIKNA_FFT_LENGTHS=$R,$T timeout 100 ../../.devbin/ab/fft.test -test.run 'TestFFTLengths|TestBluesteinLengths' 2>&1 | tail -4; echo "tests $api rc=$?"; done) > $OUT/tests.txt 2>&1
cat $OUT/tests.txt
python3 scripts/bench_ab.py --pack --rounds 2 --sizes $R --mib 512 --api cuda --runs 10 --deadline 110 /tmp/rows head=$B-head new=$B-new 8k=$B-8k 4k=$B-4k 2>&1 | tail -22
cp /tmp/rows.tgz $OUT/ 2>/dev/null
python3 scripts/bench_ab.py --pack --rounds 2 --sizes $T --mib 512 --api cuda --runs 10 --deadline 50 /tmp/two head=$B-head two=$B-two 2>&1 | tail -16
cp /tmp/two.tgz $OUT/ 2>/dev/null
python3 scripts/bench_ab.py --pack --rounds 2 --sizes $R,$T --mib 512 --api opencl --runs 10 --deadline 90 /tmp/ocl head=$B-head new=$B-new two=$B-two 2>&1 | tail -26
cp /tmp/ocl.tgz $OUT/ 2>/dev/null
