package main

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
      its input; --mib shrinks the batches
  reikna bench --multi --devices 2,4 --json multi.json
      on 2 and then 4 devices: the copy bandwidth between every two, the
      batched FFT of length 4096 on 8 GiB split by rows against one device
      (strong scaling), and the slab-decomposed FFT of 1024×1024×1024
      (to transposed slabs and back to slabs) against one device, with its
      compute and exchange times; on a CPU, --repeat opens its one device
      for each, at 8 MiB and 32×32×32 unless --mib and --shape say otherwise;
      --separate-contexts gives each OpenCL device a context of its own
  reikna bench --sweep --json sweep.json
      batched complex64 FFTs of every length from 2 to 4096 and of smooth
      lengths, primes and lengths with one large prime factor above it up
      to 2^24 (the same list in every run), each length's kind in the table
      and the JSON; --sweep-sample 300 times 300 of them, every kind kept
  reikna bench --sweep --sweep-sample 300 --list
      print those 300 lengths, comma-separated, for the peers' --sizes, and
      time nothing
  reikna bench --half --json half.json
      batched FFTs of lengths 64 to 4096 on 512 MiB of complex32
      (half-precision) data, read and written through FromHalf and ToHalf,
      each beside the complex64 FFT of as many elements, with the ratio of
      their times; --mib shrinks the data`

// benchOptions are the flags of the bench command.
type benchOptions struct {
	sizes     string
	mib       float64
	precision *precisionFlag
	device    string
	api       string
	pipeline  bool
	cpu       bool
	runs      int
	jsonFile  string
	plotFile  string
	shape     string
	axes      string
	algos     bool
	random    bool
	matmul    bool
	convolve  bool
	rfft      bool
	half      bool
	sweep     bool
	sample    int
	list      bool
	multi     bool
	devices   string
	repeat    bool
	separate  bool
	cases     string
	args      []string        // as given, for the report
	given     map[string]bool // the flags given on the command line
}

func runBench(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", "bench [options]", benchExamples, stderr)
	o := &benchOptions{args: args}
	fs.StringVar(&o.sizes, "sizes", "2^4-2^24", "the transform `lengths`: a list and ranges A-B (A, 2A, 4A, ... up to B), such as 16-65536 or 100,1000,2^20")
	numberVar(fs, &o.mib, "mib", 0, "the size of one array in `MiB`: the batch of each length fills it (default 512 on a GPU, 8 on other devices)")
	o.precision = addPrecision(fs)
	fs.StringVar(&o.device, "device", "", "the first device whose name contains `SUBSTRING` (default: the first GPU, else the first device)")
	addAPIFlag(fs, &o.api)
	fs.BoolVar(&o.pipeline, "pipeline", false, "also time the fused pipelines combine → FFT → scale → split and pad → FFT")
	fs.BoolVar(&o.cpu, "cpu", true, "time the same transforms on the CPU with gonum (float64)")
	numberVar(fs, &o.runs, "runs", 0, "timed runs per length after the warm-up (default: as many as fit in about half a second, 5 to 100)")
	fs.StringVar(&o.jsonFile, "json", "", "write the results as JSON to `FILE`")
	fs.StringVar(&o.plotFile, "plot", "", "draw time and bandwidth against length to `FILE.png`")
	fs.StringVar(&o.shape, "shape", "", "time one FFT of an array of exactly this shape, a row-major `LIST` such as 8192,8192, on the device only (instead of --sizes)")
	fs.StringVar(&o.axes, "axes", "", "with --shape, the axes to transform, a `LIST` such as 1 or 0,1; the others are the batch (default: all)")
	fs.BoolVar(&o.algos, "algos", false, "time Transpose, Reduce, Scan and FFTShift on the cases of the comparison with PyTorch, bare and with a fused scale (instead of FFTs); --mib below 512 shrinks the cases")
	fs.BoolVar(&o.random, "random", false, "time CBRNG's uniform and normal fills on the cases of the comparison with PyTorch, bare and with a fused scale (instead of FFTs); --mib below 512 shrinks the cases")
	fs.BoolVar(&o.matmul, "matmul", false, "time MatrixMul on the cases of the comparison with PyTorch, with the plan's tiling and those of REIKNA_MATMUL_TILE (instead of FFTs); --mib below 512 shrinks the cases")
	fs.BoolVar(&o.convolve, "convolve", false, "time Convolve's circular convolution of complex64 rows with one filter on the cases of the comparison with PyTorch, each beside the bare FFT of its rows (instead of FFTs); --mib below 512 shrinks the cases")
	fs.BoolVar(&o.rfft, "rfft", false, "time RFFT on the cases of the comparison with PyTorch, bare and with a fused scale (instead of FFTs); --mib below 512 shrinks the batches")
	fs.BoolVar(&o.half, "half", false, "time batched FFTs of lengths 64 to 4096 on complex32 arrays (half precision, through FromHalf and ToHalf) beside the complex64 FFTs of as many elements (instead of --sizes); --mib, the MiB of complex32 data, below 512 shrinks them")
	fs.BoolVar(&o.sweep, "sweep", false, "time batched FFTs over the sweep of lengths, every one from 2 to 4096 and smooth ones, primes and ones with one large prime factor above it up to 2^24, on the device only (instead of --sizes; with --sizes, over those lengths), each with its kind")
	numberVar(fs, &o.sample, "sweep-sample", 0, "with --sweep, time `N` of the lengths: as many of each kind, each kind spread evenly over log N (the same N lengths in every run)")
	fs.BoolVar(&o.list, "list", false, "with --sweep, print its lengths (after --sweep-sample) on one line, comma-separated, and time nothing")
	fs.BoolVar(&o.multi, "multi", false, "time several devices together (instead of FFTs on one): copies between every two, the batched FFT of each --sizes length on --mib split by rows against one device, and the slab-decomposed FFT of --shape against one device, with its compute and exchange times")
	fs.StringVar(&o.devices, "devices", "2", "with --multi, the numbers of devices to run on, a `LIST` such as 2,4: the first of those that match --device")
	fs.BoolVar(&o.repeat, "repeat", false, "with --multi, open the matching devices again in turn where fewer match than --devices asks: one CPU device stands for several")
	fs.BoolVar(&o.separate, "separate-contexts", false, "with --multi on OpenCL, give each device a context of its own, so that copies between devices go through host memory rather than the runtime's moves within one context")
	fs.StringVar(&o.cases, "cases", "", "with --algos, --random, --matmul, --convolve, --rfft or --half, the cases to time, a comma-separated `LIST` of names (default: all)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	o.given = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { o.given[f.Name] = true })
	if fs.NArg() > 0 {
		return fmt.Errorf("bench: unexpected arguments %v (the sizes go in --sizes)", fs.Args())
	}
	if o.multi {
		if err := benchMulti(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --multi: %w", err)
		}
		return nil
	}
	for _, f := range []string{"devices", "repeat", "separate-contexts"} {
		if o.given[f] {
			return fmt.Errorf("bench: --%s needs --multi", f)
		}
	}
	if o.random {
		if err := benchRandom(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --random: %w", err)
		}
		return nil
	}
	if o.matmul {
		if err := benchMatmul(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --matmul: %w", err)
		}
		return nil
	}
	if o.convolve {
		if err := benchConvolve(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --convolve: %w", err)
		}
		return nil
	}
	if o.rfft {
		if err := benchRFFT(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --rfft: %w", err)
		}
		return nil
	}
	if o.half {
		if err := benchHalf(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --half: %w", err)
		}
		return nil
	}
	if o.algos {
		if err := benchAlgos(o, stdout, stderr); err != nil {
			return fmt.Errorf("bench --algos: %w", err)
		}
		return nil
	}
	if o.given["cases"] {
		return fmt.Errorf("bench: --cases needs --algos, --random, --matmul, --convolve, --rfft or --half")
	}
	if err := bench(o, stdout, stderr); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return nil
}

func bench(o *benchOptions, stdout, stderr io.Writer) error {
	for _, f := range []string{"sweep-sample", "list"} {
		if o.given[f] && !o.sweep {
			return fmt.Errorf("--%s needs --sweep", f)
		}
	}
	var sizes []int
	var nd *shapeCase
	var err error
	if o.sweep {
		sizes, err = o.sweepLengths()
	} else if o.given["shape"] {
		nd, err = o.shapeCase()
	} else if o.given["axes"] {
		err = fmt.Errorf("--axes needs --shape: the lengths of --sizes have one axis")
	} else {
		sizes, err = parseSizes(o.sizes)
	}
	if err != nil {
		return err
	}
	if o.list {
		_, err := fmt.Fprintln(stdout, joinInts(sizes, ","))
		return err
	}
	if o.mib < 0 || o.runs < 0 {
		return fmt.Errorf("--mib and --runs cannot be negative (0 chooses the default)")
	}
	// Find out now, not after the sweep, that a file cannot be written.
	if err := checkOutputFile("--json", o.jsonFile, ""); err != nil {
		return err
	}
	if err := checkOutputFile("--plot", o.plotFile, ".png"); err != nil {
		return err
	}
	thr, err := openThread(o.device, o.api, true)
	if err != nil {
		return err
	}
	defer thr.Release()
	dt := o.precision.complexDType()
	if err := checkPrecision(thr.Params(), dt); err != nil {
		return err
	}
	var ndBytes float64
	switch {
	case nd != nil:
		// The array is exactly the shape; its size is reported as the MiB
		// per array.
		ndBytes = shapeSize(nd.shape) * float64(dt.Size())
		if err := checkFits(thr.Params(), ndBytes, ndBytes, ndBytes); err != nil {
			return fmt.Errorf("--shape %s: %w", o.shape, err)
		}
		o.mib = ndBytes / (1 << 20)
	case o.mib == 0:
		o.mib = 8
		if thr.Params().IsGPU() {
			o.mib = 512
		}
	}
	rep := newBenchReport(thr, o, dt)
	bar := startProgress(stderr, max(len(sizes), 1)+1)
	defer bar.Finish()

	bar.Step(0, "measuring the copy bandwidth")
	if rep.CopyGBs, err = copyBandwidth(thr, int64(o.mib*(1<<20))); err != nil {
		return fmt.Errorf("copy bandwidth: %w", err)
	}
	b := &bencher{thr: thr, dt: dt, arrayBytes: int64(o.mib * (1 << 20)), runs: o.runs, pipeline: o.pipeline}
	if nd != nil {
		b.arrayBytes = int64(ndBytes)
		bar.Step(1, fmt.Sprintf("%s over %s", dimsString(nd.shape), axesString(nd.axes)))
		r, err := b.measureShape(nd.shape, nd.axes)
		if err != nil {
			return fmt.Errorf("--shape %s: %w", o.shape, err)
		}
		r.derive(rep.CopyGBs)
		rep.Results = append(rep.Results, r)
	}
	var panicked []int
	for i, n := range sizes {
		step := func(what string) { bar.Step(i+1, fmt.Sprintf("N = %d: %s", n, what)) }
		r, ok := measureOrRecover(b, n, step, stderr)
		if !ok {
			panicked = append(panicked, n)
		}
		if o.cpu && r.Skipped == "" {
			step("CPU (gonum)")
			r.CPUMS, r.CPUTransforms = cpuTime(n, r.Batch)
			r.Speedup = r.CPUMS / r.MedianMS
		}
		if o.sweep {
			r.Kind = lengthKind(n)
		}
		r.derive(rep.CopyGBs)
		rep.Results = append(rep.Results, r)
	}
	rep.BreakEven = breakEven(rep.Results)
	if o.cpu {
		rep.CPU = cpuNote(rep.Results)
	}
	bar.Finish()

	if err := rep.writeTable(stdout); err != nil {
		return err
	}
	if o.jsonFile != "" {
		if err := rep.writeJSON(o.jsonFile); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", o.jsonFile)
	}
	if o.plotFile != "" {
		if err := rep.plot(o.plotFile); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", o.plotFile)
	}
	if len(panicked) > 0 {
		return fmt.Errorf("the FFT panicked at %s (their rows say so, and the stacks are above): %s",
			plural(len(panicked), "length"), joinInts(panicked, ","))
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
func newBenchReport(thr *cluda.Thread, o *benchOptions, dt fmt.Stringer) *benchReport {
	return &benchReport{
		runHeader: newRunHeader(thr, o.args),
		DType:     dt.String(),
		MiB:       o.mib,
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
	note := fmt.Sprintf("gonum dsp/fourier CmplxFFT in float64 on %s, the median of up to 5 runs", plural(cpuWorkers(), "goroutine"))
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
