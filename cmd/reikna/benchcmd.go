package main

import (
	"fmt"
	"io"

	"github.com/reikna-go/reikna/internal/lab"
)

const benchExamples = `  reikna bench
      batched 1-D FFTs of lengths 2^4 to 2^24 against gonum on the CPU
  reikna bench --sizes 16-65536 --plot bench.png --json bench.json
      lengths 16, 32, ..., 65536, with a plot and the numbers as JSON
  reikna bench --sizes 1000,1024,1031 --precision double --pipeline
      three lengths in double precision, with the fused pipelines
      combine → FFT → scale → split and pad → FFT timed beside the bare FFT
  reikna bench --device 'RTX' --mib 1024 --cpu=false
      on the device whose name contains RTX, 1 GiB per array, no CPU runs
  reikna bench --shape 16,4096,1024 --axes 1,2 --json fft2.json
      one 2-D FFT over the last two axes of a 16×4096×1024 array (a batch
      of 16), on the device only
  reikna bench --algos --json algos.json
      Transpose, Reduce, Scan and FFTShift on the cases PyTorch is compared
      on (scripts/torch_algos_bench.py), each also with a scale fused into
      its input; --mib 1 shrinks them to run in seconds on a CPU
  reikna bench --random --json random.json
      CBRNG's uniform and normal fills on the cases PyTorch's uniform_ and
      normal_ are compared on (scripts/torch_random_bench.py), each also with
      a scale fused into its output; --mib shrinks them as for --algos
  reikna bench --matmul --json matmul.json
      MatrixMul on the cases PyTorch is compared on
      (scripts/torch_matmul_bench.py), in TFLOP/s, with the tilings listed
      in REIKNA_MATMUL_TILE (such as 128x128x16/8x8,64x64x16/4x4) timed
      beside the plan's own; --mib 1 shrinks them to run in seconds on a CPU
  reikna bench --convolve --json convolve.json
      Convolve's circular convolution of complex64 rows with one filter, on
      the cases PyTorch's fft → multiply → ifft is compared on
      (scripts/torch_convolve_bench.py), each beside the bare FFT of its
      rows: the convolution's target is 1.1 times two FFTs
  reikna bench --rfft --json rfft.json
      RFFT of batched float32 rows on the cases torch.fft.rfft is compared
      on (scripts/torch_rfft_bench.py), each also with a scale fused into
      its input; --mib shrinks the batches, and --cases rfft_f32_1000,...
      times rows of any length
  reikna bench --dct --json dct.json
      NewDCT and NewDST (DCT-II of rows of 256 to 65536 points and of
      1024×1024 arrays over both axes, the inverse DCT-II, the DST-II and
      the DCT-IV) on the cases of scripts/torch_dct_bench.py (a DCT built
      from torch.fft.rfft), each beside the complex64 FFT of the same
      shape: the target is 1.1 times the FFT; --mib shrinks the batches
  reikna bench --multi --devices 2,4 --json multi.json
      on 2 and then 4 devices: the copy bandwidth between every two, the
      batched FFT of length 4096 on 8 GiB split by rows against one device
      (strong scaling), and the slab-decomposed FFT of 1024×1024×1024
      (to transposed slabs and back to slabs) against one device, with its
      compute and exchange times; on a CPU, --repeat opens its one device
      for each, at 8 MiB and 32×32×32 unless --mib and --shape say otherwise;
      --separate-contexts gives each OpenCL device a context of its own;
      --chunks 1,4 times the slab FFT with each exchange after its
      transform and beside it in 4 chunks (default 1 and the chosen
      number); --peer-copy read or write moves the blocks between CUDA
      devices by kernels rather than the copy engines; --exchange at-once
      moves every block of an exchange among three or more devices at
      once rather than in rounds
  mpirun -np 4 reikna bench --multi --mpi --json mpi.json
      the same slab FFT over 4 processes, one device each, through MPI,
      against rank 0's device alone, each rank's part of the output
      checked against the transform of a sum of plane waves; --nccl
      moves the slab and pencil FFTs' blocks between the devices by NCCL
      instead (CUDA)
  reikna bench --sweep --json sweep.json
      batched complex64 FFTs of every length from 2 to 4096 and of smooth
      lengths, primes and lengths with one large prime factor above it up
      to 2^24 (the same list in every run), each length's kind in the table
      and the JSON; --sweep-sample 300 times 300 of them, every kind kept.
      Every length's first rows are checked against a float64 FFT before
      it is timed (rel_l2 in the JSON); a wrong one is not timed, and the
      command fails
  reikna bench --sweep --sweep-kinds smooth-short --mib 128 --json smooth.json
      every length from 2 to 4096 without a prime factor above 13 (489 of
      them); after the table of every sweep, the share of the copy
      bandwidth by kind of length: the median, the 10th percentile, the
      lowest, and how many lengths reach 90% of the copy
  reikna bench --sweep --sweep-sample 300 --list
      print those 300 lengths, comma-separated, for the peers' --sizes, and
      time nothing
  reikna bench --half --json half.json
      batched FFTs of lengths 64 to 4096 on 512 MiB of complex32
      (half-precision) data, read and written through FromHalf and ToHalf,
      each beside the complex64 FFT of as many elements, with the ratio of
      their times; --mib shrinks the data`

// runBench parses the flags of the bench command and runs it.
func runBench(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", "bench [options]", benchExamples, stderr)
	o := lab.AddFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	o.Record(fs, args)
	if fs.NArg() > 0 {
		return fmt.Errorf("bench: unexpected arguments %v (the sizes go in --sizes)", fs.Args())
	}
	return lab.Bench(o, stdout, stderr)
}
