package lab

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/multi"
)

// Defaults of bench --multi: on GPUs, the sizes the multi-device targets
// are stated at; elsewhere, sizes that run in seconds.
const (
	multiGPUMiB    = 8192
	multiOtherMiB  = 8
	multiGPUShape  = "1024,1024,1024"
	multiOtherSize = "32,32,32"
	multiLength    = 4096
)

// multiCheckTol bounds the relative L2 difference between the results on
// several devices and on one: each is within the FFT's bound of 1e-6 of
// the exact transform (DESIGN), so they are within twice that of each
// other.
const multiCheckTol = 2e-6

// multiFlags are the bench flags that --multi uses besides the common
// ones; the others do not apply to it.
var multiFlags = []string{"multi", "devices", "repeat", "separate-contexts", "sizes", "shape", "mib", "precision", "runs", "json", "device", "api"}

// multiBench is the state of a run of bench --multi.
type multiBench struct {
	o       *Options
	dt      dtypes.DType
	lengths []int
	shape   []int
	counts  []int
	filter  cluda.DeviceFilter
	bytes   int64 // of one array of the batched FFTs, and of a copy
	rep     *multiReport
	bar     *cliutil.Progress
	step    int
	// single holds, per case, the one-device time and the sampled rows
	// of its output, for the efficiency and the check of the runs on
	// several devices.
	single map[string]singleRun
}

// singleRun is the time of a case on one device and samples of its
// output.
type singleRun struct {
	ms      float64
	samples [][]complex128
	err     string
}

// benchMulti times, on sets of devices of one MultiThread, the copy
// bandwidth between every two devices, the batched 1-D FFT split among
// the devices against one device, and the slab-decomposed FFT of --shape
// (to transposed slabs and back to slabs) against one device, with its
// compute and exchange phases.
func benchMulti(o *Options, stdout, stderr io.Writer) error {
	mb, err := newMultiBench(o)
	if err != nil {
		return err
	}
	maxDevices := slices.Max(mb.counts)
	m, err := cluda.CreateMultiThread(mb.filter, maxDevices, mb.threadOptions())
	if err != nil {
		return fmt.Errorf("%w (`reikna devices` lists the devices; --repeat opens a device again in turn where there are fewer)", err)
	}
	if o.SeparateContexts && m.Thread(0).API() != cluda.OpenCL {
		m.Release()
		return fmt.Errorf("--separate-contexts applies to OpenCL devices, not to the %s devices chosen", m.Thread(0).API())
	}
	if err := mb.defaults(m.Thread(0).Params()); err != nil {
		m.Release()
		return err
	}
	mb.rep = newMultiReport(m, o, mb)
	steps := 2 + len(mb.lengths) + len(mb.counts)*(len(mb.lengths)+2)
	mb.bar = cliutil.StartProgress(stderr, steps)
	defer mb.bar.Finish()

	mb.next("copies between the devices")
	mb.rep.Copies = measureCopies(m, mb.bytes, mb.runs())
	mb.single = map[string]singleRun{}
	for _, n := range mb.lengths {
		mb.next(fmt.Sprintf("batched FFT of length %d on one device", n))
		mb.single[batchedKey(n)] = mb.singleBatched(m.Thread(0), n)
	}
	mb.next(fmt.Sprintf("FFT of %s on one device", cliutil.DimsString(mb.shape)))
	mb.single["slab"] = mb.singleSlab(m.Thread(0))
	for _, k := range mb.counts {
		if err := mb.onDevices(m, k); err != nil {
			m.Release()
			return err
		}
	}
	m.Release()
	mb.bar.Finish()
	mb.rep.derive()
	if err := mb.rep.writeTable(stdout); err != nil {
		return err
	}
	if o.JSON != "" {
		if err := writeJSONFile(o.JSON, mb.rep); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", o.JSON)
	}
	return mb.rep.wrongResults()
}

// newMultiBench checks the flags of bench --multi.
func newMultiBench(o *Options) (*multiBench, error) {
	for f := range o.Given {
		if !slices.Contains(multiFlags, f) {
			return nil, fmt.Errorf("--%s does not apply to --multi", f)
		}
	}
	if o.MiB < 0 || o.Runs < 0 {
		return nil, fmt.Errorf("--mib and --runs cannot be negative (0 chooses the default)")
	}
	if err := checkOutputFile("--json", o.JSON, ""); err != nil {
		return nil, err
	}
	api, err := cluda.ParseAPI(o.API)
	if err != nil {
		return nil, fmt.Errorf("--api: %w", err)
	}
	mb := &multiBench{o: o, dt: o.Precision.ComplexDType(), filter: cluda.DeviceFilter{Device: o.Device, API: api}, lengths: []int{multiLength}}
	if o.Given["sizes"] {
		if mb.lengths, err = parseSizes(o.Sizes); err != nil {
			return nil, err
		}
	}
	if mb.counts, err = cliutil.ParseInts("--devices", o.Devices, 1); err != nil {
		return nil, err
	}
	if o.Given["shape"] {
		if mb.shape, err = cliutil.ParseInts("--shape", o.Shape, 1); err != nil {
			return nil, err
		}
		if len(mb.shape) < 2 {
			return nil, fmt.Errorf("--shape %s: the slab-decomposed FFT needs two or more dimensions", o.Shape)
		}
	}
	return mb, nil
}

// defaults fills the sizes left to the device's kind, and checks that
// the devices compute in the dtype.
func (mb *multiBench) defaults(p *cluda.DeviceParams) error {
	if err := cliutil.CheckPrecision(p, mb.dt); err != nil {
		return err
	}
	if mb.o.MiB == 0 {
		mb.o.MiB = multiOtherMiB
		if p.IsGPU() {
			mb.o.MiB = multiGPUMiB
		}
	}
	mb.bytes = int64(mb.o.MiB * (1 << 20))
	if mb.shape == nil {
		s := multiOtherSize
		if p.IsGPU() {
			s = multiGPUShape
		}
		mb.shape, _ = cliutil.ParseInts("--shape", s, 1)
	}
	return nil
}

// threadOptions returns the options of the run's MultiThreads.
func (mb *multiBench) threadOptions() cluda.MultiThreadOptions {
	return cluda.MultiThreadOptions{ThreadOptions: cluda.ThreadOptions{Profiling: true}, Repeat: mb.o.Repeat, SeparateContexts: mb.o.SeparateContexts}
}

// next steps the progress bar.
func (mb *multiBench) next(what string) {
	mb.bar.Step(mb.step, what)
	mb.step++
}

// runsAfter returns the number of timed runs after a run of last took as
// long: --runs, or as many as fit in runBudget, 5 to 100.
func (mb *multiBench) runsAfter(last time.Duration) int {
	if mb.o.Runs > 0 {
		return mb.o.Runs
	}
	return int(min(max(runBudget/max(last, 1), 5), 100))
}

// runs returns the number of timed copies of a pair of devices.
func (mb *multiBench) runs() int {
	if mb.o.Runs > 0 {
		return mb.o.Runs
	}
	return 5
}

// timeWall times call by the wall clock, from its start to the return of
// sync: warm-up calls, then the timed runs. It returns the median in ms.
func (mb *multiBench) timeWall(call, sync func() error) (float64, int, error) {
	var last time.Duration
	var times []time.Duration
	for i := 0; ; i++ {
		start := time.Now()
		if err := call(); err != nil {
			return 0, 0, err
		}
		if err := sync(); err != nil {
			return 0, 0, err
		}
		last = time.Since(start)
		if i >= warmUps {
			times = append(times, last)
		}
		if i >= warmUps && len(times) >= mb.runsAfter(last) {
			break
		}
	}
	return ms(median(times)), len(times), nil
}

// onDevices measures the runs on k devices: each batched FFT and the slab
// FFT in both layouts.
func (mb *multiBench) onDevices(all *cluda.MultiThread, k int) error {
	m := all
	if k != all.Len() {
		var err error
		m, err = cluda.CreateMultiThread(mb.filter, k, mb.threadOptions())
		if err != nil {
			return fmt.Errorf("%d devices: %w", k, err)
		}
		defer m.Release()
	}
	for _, n := range mb.lengths {
		mb.next(fmt.Sprintf("batched FFT of length %d on %d devices", n, k))
		mb.rep.Batched = append(mb.rep.Batched, mb.splitBatched(m, n))
	}
	for _, layout := range []multi.SlabLayout{multi.SlabsToTransposed, multi.SlabsToSlabs} {
		mb.next(fmt.Sprintf("slab FFT of %s on %d devices, %v", cliutil.DimsString(mb.shape), k, layout))
		mb.rep.Slabs = append(mb.rep.Slabs, mb.splitSlab(m, layout))
	}
	return nil
}

// splitBatched times the batched FFT of length n split among the devices
// of m by rows, and checks it against the run on one device.
func (mb *multiBench) splitBatched(m *cluda.MultiThread, n int) scalingRow {
	shape := []int{mb.batch(n), n}
	r := scalingRow{N: n, Batch: shape[0], Devices: m.Len(), Bytes: int64(shape[0]) * int64(n) * int64(mb.dt.Size())}
	single := mb.single[batchedKey(n)]
	if single.err != "" {
		r.Skipped = "on one device: " + single.err
		return r
	}
	r.OneMS = single.ms
	shares, err := cluda.SplitShares(shape[0], nil, m.Len())
	if err != nil {
		r.Skipped = err.Error()
		return r
	}
	r.Shares = shares
	c, err := multi.Compile(m, shares, func(p multi.Part) (core.AnyComputation, error) {
		return fft.NewFFT(core.ArrayOf(mb.dt, p.Length, n), []int{1}, fft.FFTOptions{})
	})
	if err != nil {
		r.setError(err)
		return r
	}
	defer c.Release()
	err = mb.splitRun(m, shape, 0, shares, func(out, in *cluda.SplitArray) func() error {
		return func() error { return c.Call(out, in, 0) }
	}, func(out *cluda.SplitArray) (err error) {
		r.RelL2, err = checkSplitSamples(out, batchedRows(shape[0]), single.samples)
		return err
	}, &r.MultiMS, &r.Runs)
	r.setError(err)
	return r
}

// splitSlab times the slab FFT of --shape on the devices of m in layout,
// and checks it against the run on one device.
func (mb *multiBench) splitSlab(m *cluda.MultiThread, layout multi.SlabLayout) slabRow {
	r := slabRow{Shape: mb.shape, Devices: m.Len(), Layout: layout.String(), Bytes: int64(cliutil.ShapeSize(mb.shape)) * int64(mb.dt.Size())}
	single := mb.single["slab"]
	if single.err != "" {
		r.Skipped = "on one device: " + single.err
		return r
	}
	r.OneMS = single.ms
	ft, err := multi.NewSlabFFT(m, core.ArrayOf(mb.dt, mb.shape...), multi.SlabFFTOptions{Layout: layout})
	if err != nil {
		r.Skipped = err.Error()
		return r
	}
	defer ft.Release()
	outAxis := 1
	if layout == multi.SlabsToSlabs {
		outAxis = 0
	}
	var stats []multi.SlabStats
	err = mb.splitRunTo(m, mb.shape, 0, ft.Shares(0), outAxis, ft.Shares(outAxis), func(out, in *cluda.SplitArray) func() error {
		return func() error {
			if err := ft.Call(out, in, 0); err != nil {
				return err
			}
			stats = append(stats, ft.Stats())
			return nil
		}
	}, func(out *cluda.SplitArray) (err error) {
		r.RelL2, err = checkSplitSamples(out, slabPositions(mb.shape), single.samples)
		return err
	}, &r.TotalMS, &r.Runs)
	if err == nil {
		// The timed runs are the last: the check's and the warm-ups' come
		// before them.
		r.setPhases(stats[len(stats)-r.Runs:])
	}
	r.setError(err)
	return r
}

// splitRun is splitRunTo with the output split as the input.
func (mb *multiBench) splitRun(m *cluda.MultiThread, shape []int, axis int, shares []int,
	call func(out, in *cluda.SplitArray) func() error, check func(out *cluda.SplitArray) error, median *float64, runs *int) error {
	return mb.splitRunTo(m, shape, axis, shares, axis, shares, call, check, median, runs)
}

// splitRunTo allocates a filled input split along axis into shares and
// an output split along outAxis into outShares, runs the call that
// callOn makes of them once on the output poisoned and checks it, then
// times it by the wall clock until every device is done.
func (mb *multiBench) splitRunTo(m *cluda.MultiThread, shape []int, axis int, shares []int, outAxis int, outShares []int,
	callOn func(out, in *cluda.SplitArray) func() error, check func(out *cluda.SplitArray) error, median *float64, runs *int) error {
	in, err := m.EmptySplit(shape, mb.dt, axis, shares)
	if err != nil {
		return err
	}
	defer in.Release()
	out, err := m.EmptySplit(shape, mb.dt, outAxis, outShares)
	if err != nil {
		return err
	}
	defer out.Release()
	if err := fillSplit(in); err != nil {
		return fmt.Errorf("filling the input: %w", err)
	}
	for _, p := range out.Parts() {
		if err := poisonComplex(p); err != nil {
			return err
		}
	}
	call := callOn(out, in)
	if err := call(); err != nil {
		return err
	}
	if err := m.Synchronize(); err != nil {
		return err
	}
	if err := check(out); err != nil {
		return &wrongResultError{err}
	}
	*median, *runs, err = mb.timeWall(call, m.Synchronize)
	return err
}
