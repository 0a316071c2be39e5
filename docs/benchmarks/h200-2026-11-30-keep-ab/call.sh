#!/bin/bash
# Call 2: CUDA's 48 KiB one pass kept on fewer stages (KeepFewerStages) on every length it changes, complex and real; the row strides on the even lengths where the model finds 0.9-1.0 of the wavefronts, both interfaces.
. .devbin/c2/gpu_env.sh
B=$PWD/.devbin/c2/fft.test
A=/tmp/ab; mkdir -p $A
ab() { python3 scripts/bench_ab.py --test-binary $B --runs 10 --run-timeout 120 --pack "$@" 2>&1 | tail -${TAILN:-12}; }
ab --api cuda --mib 256 --rounds 3 --deadline 70 --sizes 2560,3072,3136,3584,5120,6272,7168 $A/keep rule=REIKNA_BENCH_KEEP_FEWER_STAGES=0 keep=REIKNA_BENCH_KEEP_FEWER_STAGES=1
echo "keep at $SECONDS"
S="40,88,120,140,168,180,200,210,250,260,264,270,280,294,300,308,312,324,336,352,378,390,392,396,432,440,468,484,486,500,520,546,572,624,676,686,728"
TAILN=45 ab --api cuda --mib 128 --rounds 2 --deadline 110 --sizes $S $A/strides2-cuda rule=REIKNA_BENCH_NO_ROW_STRIDES=1 strides=REIKNA_BENCH_NO_ROW_STRIDES=0
echo "strides2-cuda at $SECONDS"
TAILN=45 ab --api opencl --mib 128 --rounds 2 --deadline 110 --sizes $S $A/strides2-opencl rule=REIKNA_BENCH_NO_ROW_STRIDES=1 strides=REIKNA_BENCH_NO_ROW_STRIDES=0
echo "strides2-opencl at $SECONDS"
left=$((430 - SECONDS)); [ $left -gt 20 ] && ab --bench RFFT --api cuda --mib 256 --rounds 2 --deadline $((left - 40)) --sizes 5120,6144,6272,7168,10240,12544,14336 $A/keep-rfft rule=REIKNA_BENCH_KEEP_FEWER_STAGES=0 keep=REIKNA_BENCH_KEEP_FEWER_STAGES=1
echo "keep-rfft at $SECONDS"
cp $A/*.tgz $OUT/ 2>/dev/null
ls $OUT
