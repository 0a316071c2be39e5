package lab

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// Options are the settings of a run of the bench command, one field for
// each of its flags.
type Options struct {
	Sizes            string                 // --sizes: the FFT lengths, a list and ranges A-B
	MiB              float64                // --mib: the MiB of one array (0: the mode's default)
	Precision        *cliutil.PrecisionFlag // --precision: single or double
	Device           string                 // --device: part of the device's name
	API              string                 // --api: opencl, cuda or "" for the default
	Pipeline         bool                   // --pipeline: also time the fused pipelines
	CPU              bool                   // --cpu: also time gonum on the CPU
	Runs             int                    // --runs: timed runs per measurement (0: as many as fit)
	JSON             string                 // --json: the file of the results as JSON
	Plot             string                 // --plot: the PNG file of the plot
	Shape            string                 // --shape: the N-D shape to time instead of --sizes
	Axes             string                 // --axes: the axes of --shape to transform
	Algos            bool                   // --algos: the set of other algorithms
	Random           bool                   // --random: the set of CBRNG fills
	Matmul           bool                   // --matmul: the set of MatrixMul cases
	Convolve         bool                   // --convolve: the set of Convolve cases
	RFFT             bool                   // --rfft: the set of RFFT cases
	DCT              bool                   // --dct: the set of DCT and DST cases
	Half             bool                   // --half: the set of half-precision FFTs
	Sweep            bool                   // --sweep: the sweep of FFT lengths
	SweepSample      int                    // --sweep-sample: how many lengths of the sweep to time
	SweepKinds       string                 // --sweep-kinds: the kinds of length of the sweep to time
	List             bool                   // --list: print the sweep's lengths and time nothing
	Multi            bool                   // --multi: several devices together
	MPI              bool                   // --mpi: with --multi, the processes that mpirun started, one device each
	NCCL             bool                   // --nccl: with --mpi, the slab FFT's blocks through NCCL
	Devices          string                 // --devices: the numbers of devices of --multi
	Repeat           bool                   // --repeat: open the matching devices again in turn
	SeparateContexts bool                   // --separate-contexts: a context for each device
	PeerCopy         string                 // --peer-copy: what moves blocks between CUDA devices
	Exchange         string                 // --exchange: the order of an exchange's blocks among three or more devices
	Chunks           string                 // --chunks: the chunks of the slab FFT's exchanges beside its transforms
	Cases            string                 // --cases: the names of the cases of a set
	Args             []string               // the arguments as given, for the report
	Given            map[string]bool        // the flags given on the command line
}

// defaultSlabChunks are the slab FFT rows of bench --multi: each exchange
// after its transform, and beside it in the chunks the SlabFFT chooses.
const defaultSlabChunks = "1,0"

// AddFlags defines the flags of the bench command on fs and returns the
// options they set once fs parses the command line.
func AddFlags(fs *flag.FlagSet) *Options {
	o := &Options{}
	fs.StringVar(&o.Sizes, "sizes", "2^4-2^24", "the transform `lengths`: a list and ranges A-B (A, 2A, 4A, ... up to B), such as 16-65536 or 100,1000,2^20")
	cliutil.NumberVar(fs, &o.MiB, "mib", 0, "the size of one array in `MiB`: the batch of each length fills it (default 512 on a GPU, 8 on other devices)")
	o.Precision = cliutil.AddPrecision(fs)
	fs.StringVar(&o.Device, "device", "", "the first device whose name contains `SUBSTRING` (default: the first GPU, else the first device)")
	cliutil.AddAPIFlag(fs, &o.API)
	fs.BoolVar(&o.Pipeline, "pipeline", false, "also time the fused pipelines combine → FFT → scale → split and pad → FFT")
	fs.BoolVar(&o.CPU, "cpu", true, "time the same transforms on the CPU with gonum (float64)")
	cliutil.NumberVar(fs, &o.Runs, "runs", 0, "timed runs per length after the warm-up (default: as many as fit in about half a second, 5 to 100)")
	fs.StringVar(&o.JSON, "json", "", "write the results as JSON to `FILE`")
	fs.StringVar(&o.Plot, "plot", "", "draw time and bandwidth against length to `FILE.png`")
	fs.StringVar(&o.Shape, "shape", "", "time one FFT of an array of exactly this shape, a row-major `LIST` such as 8192,8192, on the device only (instead of --sizes)")
	fs.StringVar(&o.Axes, "axes", "", "with --shape, the axes to transform, a `LIST` such as 1 or 0,1; the others are the batch (default: all)")
	fs.BoolVar(&o.Algos, "algos", false, "time Transpose, Reduce, Scan and FFTShift on the cases of the comparison with PyTorch, bare and with a fused scale (instead of FFTs); --mib below 512 shrinks the cases")
	fs.BoolVar(&o.Random, "random", false, "time CBRNG's uniform and normal fills on the cases of the comparison with PyTorch, bare and with a fused scale (instead of FFTs); --mib below 512 shrinks the cases")
	fs.BoolVar(&o.Matmul, "matmul", false, "time MatrixMul on the cases of the comparison with PyTorch, with the plan's tiling and those of REIKNA_MATMUL_TILE (instead of FFTs); --mib below 512 shrinks the cases")
	fs.BoolVar(&o.Convolve, "convolve", false, "time Convolve's circular convolution of complex64 rows with one filter on the cases of the comparison with PyTorch, each beside the bare FFT of its rows (instead of FFTs); --mib below 512 shrinks the cases")
	fs.BoolVar(&o.RFFT, "rfft", false, "time RFFT on the cases of the comparison with PyTorch, bare and with a fused scale (instead of FFTs); --mib below 512 shrinks the batches")
	fs.BoolVar(&o.DCT, "dct", false, "time the DCT and DST (NewDCT, NewDST) on the cases of the comparison with PyTorch, each beside the complex64 FFT of the same shape (instead of FFTs); --mib below 512 shrinks the batches")
	fs.BoolVar(&o.Half, "half", false, "time batched FFTs of lengths 64 to 4096 on complex32 arrays (half precision, through FromHalf and ToHalf) beside the complex64 FFTs of as many elements (instead of --sizes); --mib, the MiB of complex32 data, below 512 shrinks them")
	fs.BoolVar(&o.Sweep, "sweep", false, "time batched FFTs over the sweep of lengths, every one from 2 to 4096 and smooth ones, primes and ones with one large prime factor above it up to 2^24, on the device only (instead of --sizes; with --sizes, over those lengths), each with its kind")
	cliutil.NumberVar(fs, &o.SweepSample, "sweep-sample", 0, "with --sweep, time `N` of the lengths: as many of each kind, each kind spread evenly over log N (the same N lengths in every run)")
	fs.StringVar(&o.SweepKinds, "sweep-kinds", "", "with --sweep, time only the lengths of these kinds, a comma-separated `LIST` of smooth-short (no prime factor above 13, up to 4096), smooth-long (above 4096), prime, prime-factor (one prime factor above 13 times a smooth one) and other (default: every kind)")
	fs.BoolVar(&o.List, "list", false, "with --sweep, print its lengths (after --sweep-sample) on one line, comma-separated, and time nothing")
	fs.BoolVar(&o.Multi, "multi", false, "time several devices together (instead of FFTs on one): copies between every two, the batched FFT of each --sizes length on --mib split by rows against one device, and the slab-decomposed FFT of --shape against one device, with its compute and exchange times")
	fs.StringVar(&o.Devices, "devices", "2", "with --multi, the numbers of devices to run on, a `LIST` such as 2,4: the first of those that match --device")
	fs.BoolVar(&o.Repeat, "repeat", false, "with --multi, open the matching devices again in turn where fewer match than --devices asks: one CPU device stands for several")
	fs.BoolVar(&o.MPI, "mpi", false, "with --multi, under mpirun: the slab FFT of --shape over the processes, one device each (the process's local rank picks it), to transposed slabs and back, against rank 0's device alone")
	fs.BoolVar(&o.NCCL, "nccl", false, "with --multi --mpi on CUDA, move the slab FFT's blocks between the devices by NCCL rather than through host memory and MPI, and the pencil FFT's within each grid row and column")
	fs.BoolVar(&o.SeparateContexts, "separate-contexts", false, "with --multi on OpenCL, give each device a context of its own, so that copies between devices go through host memory rather than the runtime's moves within one context")
	fs.StringVar(&o.PeerCopy, "peer-copy", "default", "with --multi on CUDA, what moves the blocks of an exchange between devices with peer access: `WAY` default, engines (the driver's peer copies), read (a kernel on the receiver) or write (a kernel on the sender)")
	fs.StringVar(&o.Exchange, "exchange", "default", "with --multi, the order of an exchange's blocks among three or more devices: `ORDER` default, rounds (every device sending one block and receiving one at a time, round after round) or at-once (every block at once)")
	fs.StringVar(&o.Chunks, "chunks", defaultSlabChunks, "with --multi, the slab FFT's rows: a `LIST` of the chunks its exchanges run beside its transforms in, 1 for none and 0 for the number it chooses")
	fs.StringVar(&o.Cases, "cases", "", "with --algos, --random, --matmul, --convolve, --rfft, --dct or --half, the cases to time, a comma-separated `LIST` of names (default: all); with --rfft also rfft_f32_N, rows of any length N")
	return o
}

// Record notes the arguments that fs parsed, which the reports quote, and
// the flags that they gave.
func (o *Options) Record(fs *flag.FlagSet, args []string) {
	o.Args = args
	o.Given = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { o.Given[f.Name] = true })
}

// lengthWritten, where set (by tests), is called with the --json file
// each time the bench writes it after a length and before the last.
var lengthWritten func(file string)

// Bench runs the benchmark that the options choose: the sweep of FFT
// lengths or one N-D shape, by default, or the set of --algos, --random,
// --matmul, --convolve, --rfft, --dct, --half or --multi. It prints the table to
// stdout and the progress bar to stderr, and writes the files that the
// options name.
func Bench(o *Options, stdout, stderr io.Writer) error {
	if o.Multi && o.MPI {
		if err := benchMultiMPI(o, stdout); err != nil {
			return fmt.Errorf("bench --multi --mpi: %w", err)
		}
		return nil
	}
	if o.Multi {
		if err := benchMulti(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --multi: %w", err)
		}
		return nil
	}
	for _, f := range []string{"devices", "repeat", "separate-contexts", "peer-copy", "exchange", "chunks", "mpi", "nccl"} {
		if o.Given[f] {
			return fmt.Errorf("bench: --%s needs --multi", f)
		}
	}
	if o.Random {
		if err := benchRandom(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --random: %w", err)
		}
		return nil
	}
	if o.Matmul {
		if err := benchMatmul(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --matmul: %w", err)
		}
		return nil
	}
	if o.Convolve {
		if err := benchConvolve(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --convolve: %w", err)
		}
		return nil
	}
	if o.RFFT {
		if err := benchRFFT(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --rfft: %w", err)
		}
		return nil
	}
	if o.DCT {
		if err := benchDCT(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --dct: %w", err)
		}
		return nil
	}
	if o.Half {
		if err := benchHalf(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --half: %w", err)
		}
		return nil
	}
	if o.Algos {
		if err := benchAlgos(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --algos: %w", err)
		}
		return nil
	}
	if o.Given["cases"] {
		return fmt.Errorf("bench: --cases needs --algos, --random, --matmul, --convolve, --rfft, --dct or --half")
	}
	if err := bench(o, stdout, stderr); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return nil
}

func bench(o *Options, stdout, stderr io.Writer) error {
	for _, f := range []string{"sweep-sample", "sweep-kinds", "list"} {
		if o.Given[f] && !o.Sweep {
			return fmt.Errorf("--%s needs --sweep", f)
		}
	}
	var sizes []int
	var nd *shapeCase
	var err error
	if o.Sweep {
		sizes, err = o.sweepLengths()
	} else if o.Given["shape"] {
		nd, err = o.shapeCase()
	} else if o.Given["axes"] {
		err = fmt.Errorf("--axes needs --shape: the lengths of --sizes have one axis")
	} else {
		sizes, err = parseSizes(o.Sizes)
	}
	if err != nil {
		return err
	}
	if o.List {
		_, err := fmt.Fprintln(stdout, cliutil.JoinInts(sizes, ","))
		return err
	}
	if o.MiB < 0 || o.Runs < 0 {
		return fmt.Errorf("--mib and --runs cannot be negative (0 chooses the default)")
	}
	// Find out now, not after the sweep, that a file cannot be written.
	if err := checkOutputFile("--json", o.JSON, ""); err != nil {
		return err
	}
	if err := checkOutputFile("--plot", o.Plot, ".png"); err != nil {
		return err
	}
	thr, err := cliutil.OpenThread(o.Device, o.API, true)
	if err != nil {
		return err
	}
	defer thr.Release()
	dt := o.Precision.ComplexDType()
	if err := cliutil.CheckPrecision(thr.Params(), dt); err != nil {
		return err
	}
	var ndBytes float64
	switch {
	case nd != nil:
		// The array is exactly the shape; its size is reported as the MiB
		// per array.
		ndBytes = cliutil.ShapeSize(nd.shape) * float64(dt.Size())
		if err := cliutil.CheckFits(thr.Params(), ndBytes, ndBytes, ndBytes); err != nil {
			return fmt.Errorf("--shape %s: %w", o.Shape, err)
		}
		o.MiB = ndBytes / (1 << 20)
	case o.MiB == 0:
		o.MiB = 8
		if thr.Params().IsGPU() {
			o.MiB = 512
		}
	}
	rep := newBenchReport(thr, o, dt)
	bar := cliutil.StartProgress(stderr, max(len(sizes), 1)+1)
	defer bar.Finish()

	bar.Step(0, "measuring the copy bandwidth")
	if rep.CopyGBs, err = copyBandwidth(thr, int64(o.MiB*(1<<20))); err != nil {
		return fmt.Errorf("copy bandwidth: %w", err)
	}
	b := &bencher{thr: thr, dt: dt, arrayBytes: int64(o.MiB * (1 << 20)), runs: o.Runs, pipeline: o.Pipeline}
	if nd != nil {
		b.arrayBytes = int64(ndBytes)
		bar.Step(1, fmt.Sprintf("%s over %s", cliutil.DimsString(nd.shape), cliutil.AxesString(nd.axes)))
		r, err := b.measureShape(nd.shape, nd.axes)
		if err != nil {
			return fmt.Errorf("--shape %s: %w", o.Shape, err)
		}
		r.derive(rep.CopyGBs)
		rep.Results = append(rep.Results, r)
	}
	var panicked, wrong []int
	for i, n := range sizes {
		step := func(what string) { bar.Step(i+1, fmt.Sprintf("N = %d: %s", n, what)) }
		r, ok := measureOrRecover(b, n, step, stderr)
		if !ok {
			panicked = append(panicked, n)
		}
		if r.Wrong != "" {
			wrong = append(wrong, n)
		}
		if o.CPU && r.Skipped == "" {
			step("CPU (gonum)")
			r.CPUMS, r.CPUTransforms = cpuTime(n, r.Batch)
			r.Speedup = r.CPUMS / r.MedianMS
		}
		if o.Sweep {
			r.Kind = lengthKind(n)
		}
		r.derive(rep.CopyGBs)
		rep.Results = append(rep.Results, r)
		if o.JSON != "" && i+1 < len(sizes) {
			rep.Partial = true
			if err := rep.writeJSON(o.JSON); err != nil {
				return fmt.Errorf("--json after N = %d: %w", n, err)
			}
			if lengthWritten != nil {
				lengthWritten(o.JSON)
			}
		}
	}
	rep.Partial = false
	rep.BreakEven = breakEven(rep.Results)
	if o.Sweep {
		rep.CopySummary = copySummary(rep.Results)
	}
	if o.CPU {
		rep.CPU = cpuNote(rep.Results)
	}
	bar.Finish()

	if err := rep.writeTable(stdout); err != nil {
		return err
	}
	if len(rep.CopySummary) > 0 {
		if err := writeCopySummary(stdout, rep.CopySummary); err != nil {
			return err
		}
	}
	if o.JSON != "" {
		if err := rep.writeJSON(o.JSON); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", o.JSON)
	}
	if o.Plot != "" {
		if err := rep.plot(o.Plot); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", o.Plot)
	}
	if len(panicked) > 0 {
		return fmt.Errorf("the FFT panicked at %s (their rows say so, and the stacks are above): %s",
			cliutil.Plural(len(panicked), "length"), cliutil.JoinInts(panicked, ","))
	}
	if len(wrong) > 0 {
		return fmt.Errorf("the FFT gave wrong results at %s (their rows say how far off): %s",
			cliutil.Plural(len(wrong), "length"), cliutil.JoinInts(wrong, ","))
	}
	return nil
}

// measureOrRecover measures the length n with b, as b.measure does, and
// reports whether it did: a panic makes the row skipped, with the panic's
// value, and prints its stack to stderr, so that one length cannot end a
// sweep of many and lose the others.
func measureOrRecover(b *bencher, n int, step func(string), stderr io.Writer) (r benchResult, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			r, ok = benchResult{N: n, Skipped: fmt.Sprintf("panicked: %v", p)}, false
			fmt.Fprintf(stderr, "reikna: bench: N = %d panicked: %v\n%s\n", n, p, debug.Stack())
		}
	}()
	return b.measure(n, step), true
}

// newBenchReport starts the report of a sweep on thr.
func newBenchReport(thr *cluda.Thread, o *Options, dt fmt.Stringer) *benchReport {
	return &benchReport{
		runHeader: newRunHeader(thr, o.Args),
		DType:     dt.String(),
		MiB:       o.MiB,
		Build:     readBuildInfo(),
	}
}

// newRunHeader describes a run of the bench command with args on thr,
// starting now.
func newRunHeader(thr *cluda.Thread, args []string) runHeader {
	p := thr.Params()
	return runHeader{
		Command:    strings.TrimSpace("reikna bench " + strings.Join(args, " ")),
		Date:       time.Now().Format(time.RFC3339),
		Device:     p.Name,
		DeviceType: p.Type.String(),
		Platform:   p.PlatformName,
		Driver:     p.DriverVersion,
		Version:    p.Version,
	}
}

// cpuNote says how the CPU times were taken.
func cpuNote(rs []benchResult) string {
	note := fmt.Sprintf("gonum dsp/fourier CmplxFFT in float64 on %s, the median of up to 5 runs", cliutil.Plural(cpuWorkers(), "goroutine"))
	for _, r := range rs {
		if r.CPUTransforms > 0 && r.CPUTransforms < r.Batch {
			return note + fmt.Sprintf("; from N = %d on, on part of the batch (%d transforms at N = %d) and scaled to the whole", r.N, r.CPUTransforms, r.N)
		}
	}
	return note
}

// checkOutputFile returns an error unless file ("" for none) can be
// created: its directory exists, and its name ends in ext where ext is
// given.
func checkOutputFile(flagName, file, ext string) error {
	if file == "" {
		return nil
	}
	if ext != "" && !strings.EqualFold(filepath.Ext(file), ext) {
		return fmt.Errorf("%s %s: the file is written as %s; name it so", flagName, file, strings.ToUpper(ext[1:]))
	}
	if fi, err := os.Stat(filepath.Dir(file)); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s %s: the directory %s does not exist", flagName, file, filepath.Dir(file))
	}
	return nil
}
