package lab

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
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
var multiFlags = []string{"multi", "devices", "repeat", "separate-contexts", "peer-copy", "exchange", "chunks", "sizes", "shape", "mib", "precision", "runs", "json", "device", "api"}

// multiBench is the state of a run of bench --multi.
type multiBench struct {
	o        *Options
	dt       dtypes.DType
	lengths  []int
	shape    []int
	counts   []int
	filter   cluda.DeviceFilter
	peer     cluda.PeerCopy
	exchange cluda.ExchangeOrder
	chunks   []int // of the slab FFT rows, 0 for the SlabFFT's choice
	bytes    int64 // of one array of the batched FFTs, and of a copy
	rep      *multiReport
	bar      *cliutil.Progress
	step     int
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
	if o.Given["peer-copy"] && m.Thread(0).API() != cluda.CUDA {
		m.Release()
		return fmt.Errorf("--peer-copy applies to CUDA devices, not to the %s devices chosen", m.Thread(0).API())
	}
	if err := mb.defaults(m.Thread(0).Params()); err != nil {
		m.Release()
		return err
	}
	mb.rep = newMultiReport(m, o, mb)
	steps := 2 + len(mb.lengths) + len(mb.counts)*(len(mb.lengths)+1+2*len(mb.chunks))
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
	if mb.peer, err = cluda.ParsePeerCopy(cmp(o.PeerCopy, cluda.PeerCopyDefault.String())); err != nil {
		return nil, fmt.Errorf("--peer-copy: %w", err)
	}
	if mb.exchange, err = cluda.ParseExchangeOrder(cmp(o.Exchange, cluda.ExchangeDefault.String())); err != nil {
		return nil, fmt.Errorf("--exchange: %w", err)
	}
	if mb.chunks, err = cliutil.ParseInts("--chunks", cmp(o.Chunks, defaultSlabChunks), 0); err != nil {
		return nil, err
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
	return cluda.MultiThreadOptions{ThreadOptions: cluda.ThreadOptions{Profiling: true}, Repeat: mb.o.Repeat, SeparateContexts: mb.o.SeparateContexts, PeerCopy: mb.peer, Exchange: mb.exchange}
}

// next steps the progress bar.
func (mb *multiBench) next(what string) {
	mb.bar.Step(mb.step, what)
	mb.step++
}

// runsAfter returns the number of timed runs after a run of last took as
// long: --runs, or budgetRuns(last).
func (mb *multiBench) runsAfter(last time.Duration) int {
	if mb.o.Runs > 0 {
		return mb.o.Runs
	}
	return budgetRuns(last)
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
