package lab

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
)

const (
	// rotateBytes is how much memory the argument sets of a length span at
	// least, so that no run finds its inputs in a cache.
	rotateBytes = 64 << 20
	// warmUps is the number of untimed calls before the timed runs.
	warmUps = 3
	// runBudget is how long the timed runs of one length take by default.
	runBudget = 500 * time.Millisecond
)

// budgetRuns returns how many timed runs fit in runBudget where a run
// takes last: 5 at the least, 100 at the most.
func budgetRuns(last time.Duration) int {
	return int(min(max(runBudget/max(last, 1), 5), 100))
}

// bencher times FFTs of one dtype on one Thread.
type bencher struct {
	thr        *cluda.Thread
	dt         dtypes.DType
	arrayBytes int64 // of one array, which the batch fills
	runs       int   // 0: by runBudget
	pipeline   bool
	random     map[dtypes.DType]any // random values, reused across lengths
}

// pipeline is a chain of transformations timed beside the bare FFT.
type pipeline struct {
	name    string
	in, out []cliutil.TrfSpec
}

// pipelines returns the pipelines timed for length n.
func pipelines(n int) []pipeline {
	ps := []pipeline{{name: "combine → FFT → scale → split",
		in: []cliutil.TrfSpec{{Name: "combine"}}, out: []cliutil.TrfSpec{{Name: "scale"}, {Name: "split"}}}}
	if n >= 8 {
		ps = append(ps, pipeline{name: "pad from 7N/8 → FFT", in: []cliutil.TrfSpec{{Name: "pad", Arg: fmt.Sprint(7 * n / 8)}}})
	}
	return ps
}

// measure times the batched FFT of length n (and the pipelines if asked),
// or says in Skipped why it could not.
func (b *bencher) measure(n int, step func(string)) benchResult {
	r := benchResult{N: n}
	p := b.thr.Params()
	one := int64(n) * int64(b.dt.Size())
	// The batch fills an array, within the largest allocation, and the
	// input, the output and a temporary array fit in memory.
	batch := min(max(b.arrayBytes/one, 1), p.MaxMemAllocSize/one, p.GlobalMemSize/(3*one))
	if batch < 1 {
		r.Skipped = fmt.Sprintf("does not fit: one transform needs %s per array; the device allows %s per array, %s in all",
			cliutil.BytesString(one), cliutil.BytesString(p.MaxMemAllocSize), cliutil.BytesString(p.GlobalMemSize))
		return r
	}
	r.Batch, r.Bytes = int(batch), batch*one
	step("device")
	shape, axes := []int{r.Batch, n}, []int{1}
	// The bare FFT's output is checked against the float64 reference
	// before it is timed; a wrong one is not timed.
	check := func(call *core.Callable, sets [][]any) error {
		var err error
		r.RelL2, err = checkFFTRows(call, sets[0], shape, fftCheckTolerance(b.dt))
		return err
	}
	kernel, wall, plan, err := b.timeFFT(shape, axes, pipeline{}, &r.Kernels, check)
	if err != nil {
		var w *wrongResultError
		if errors.As(err, &w) {
			r.Wrong = w.Error()
		}
		r.Skipped = err.Error()
		return r
	}
	r.setTimes(kernel, wall, plan)
	if b.pipeline {
		step("fused pipelines")
		for _, pl := range pipelines(n) {
			pr := pipelineResult{Name: pl.name}
			if k, _, _, err := b.timeFFT(shape, axes, pl, nil, nil); err != nil {
				pr.Skipped = err.Error()
			} else {
				pr.MedianMS, pr.MinMS = ms(median(k)), ms(slices.Min(k))
				pr.Ratio = pr.MedianMS / r.MedianMS
			}
			r.Pipelines = append(r.Pipelines, pr)
		}
	}
	return r
}

// setTimes fills the times of a row from the runs of its transform.
func (r *benchResult) setTimes(kernel, wall []time.Duration, plan time.Duration) {
	r.PlanMS = ms(plan)
	r.Runs = len(kernel)
	r.MedianMS, r.MinMS, r.WallMS = ms(median(kernel)), ms(slices.Min(kernel)), ms(median(wall))
}

// timeFFT compiles the FFT of an array of the given shape over axes, with
// the pipeline's transformations, and returns the kernel and wall times of
// its runs, and the time the plan took to build (render, compile or load
// from the program cache, upload its tables). Where launches is not nil,
// it receives the kernels a call enqueues (see launchList); where check is
// not nil, it checks the results before the runs, and its error ends the
// measurement.
func (b *bencher) timeFFT(shape, axes []int, pl pipeline, launches *[]string, check func(*core.Callable, [][]any) error) (kernel, wall []time.Duration, plan time.Duration, err error) {
	start := time.Now()
	t := core.ArrayOf(b.dt, shape...)
	f, err := fft.NewFFT(t, axes, fft.FFTOptions{})
	if err != nil {
		return nil, nil, 0, err
	}
	site := cliutil.ChainSite{Type: t, Axes: axes, Scale: 1 / float64(transformLength(shape, axes))}
	if err := cliutil.ConnectChains(f.Computation, site, pl.in, pl.out); err != nil {
		return nil, nil, 0, err
	}
	c, err := f.Compile(b.thr)
	if err != nil {
		return nil, nil, 0, err
	}
	plan = time.Since(start)
	defer c.Release()
	if launches != nil {
		*launches = launchList(c.Kernels())
	}
	sets, release, err := b.argSets(c.Signature())
	if err != nil {
		return nil, nil, 0, err
	}
	defer release()
	if check != nil {
		if err := check(c, sets); err != nil {
			return nil, nil, 0, err
		}
	}
	kernel, wall, err = b.timeRuns(c, sets)
	return kernel, wall, plan, err
}

// argSets allocates sets of arguments for a signature: random inputs, empty
// outputs, and 0 for scalars (the forward transform). The sets span at
// least rotateBytes, and at least two of them, where memory allows.
func (b *bencher) argSets(sig core.Signature) ([][]any, func(), error) {
	var setBytes int64
	for _, p := range sig {
		if p.Role() != core.Scalar {
			setBytes += int64(p.Type().Size() * p.Type().DType().Size())
		}
	}
	count := max(2, (rotateBytes+setBytes-1)/setBytes)
	// Leave room for the temporary arrays of the transform.
	free := int64(0.9*float64(b.thr.Params().GlobalMemSize)) - 2*b.arrayBytes
	count = max(min(count, free/setBytes), 1)

	var arrays []*cluda.Array
	release := func() {
		for _, a := range arrays {
			a.Release()
		}
	}
	sets := make([][]any, count)
	for i := range sets {
		for _, p := range sig {
			var v any
			switch p.Role() {
			case core.Scalar:
				v = int32(0)
			case core.Input:
				a, err := b.thr.ToDevice(b.randomValues(p.Type().DType(), p.Type().Size()), p.Type().Shape()...)
				if err != nil {
					release()
					return nil, nil, err
				}
				arrays, v = append(arrays, a), a
			default:
				a, err := b.thr.Empty(p.Type().Shape(), p.Type().DType())
				if err != nil {
					release()
					return nil, nil, err
				}
				arrays, v = append(arrays, a), a
			}
			sets[i] = append(sets[i], v)
		}
	}
	return sets, release, nil
}

// randomValues returns n random values of dtype dt, uniform in [-1, 1) in
// each part. The values are made once per dtype and reused.
func (b *bencher) randomValues(dt dtypes.DType, n int) any {
	if b.random == nil {
		b.random = map[dtypes.DType]any{}
	}
	rng := rand.New(rand.NewPCG(uint64(n), uint64(dt)))
	u := func() float64 { return 2*rng.Float64() - 1 }
	switch dt {
	case dtypes.Float32:
		return grow(b.random, dt, n, func() float32 { return float32(u()) })
	case dtypes.Float64:
		return grow(b.random, dt, n, u)
	case dtypes.Complex64:
		return grow(b.random, dt, n, func() complex64 { return complex(float32(u()), float32(u())) })
	case dtypes.Complex32:
		return grow(b.random, dt, n, func() dtypes.HalfComplex { return dtypes.NewHalfComplex(complex(float32(u()), float32(u()))) })
	}
	return grow(b.random, dt, n, func() complex128 { return complex(u(), u()) })
}

// grow returns the first n values of the cached slice of dt, extending it
// with gen where it is shorter.
func grow[T any](cache map[dtypes.DType]any, dt dtypes.DType, n int, gen func() T) []T {
	s, _ := cache[dt].([]T)
	for len(s) < n {
		s = append(s, gen())
	}
	cache[dt] = s
	return s[:n]
}

// timeRuns calls c over the argument sets: warm-up calls, then the timed
// runs. It returns the kernel time (OpenCL profiling) and the wall time
// (from enqueueing to completion) of each run.
func (b *bencher) timeRuns(c *core.Callable, sets [][]any) (kernel, wall []time.Duration, err error) {
	var last time.Duration
	for i := 0; i < warmUps; i++ {
		start := time.Now()
		if _, err := c.CallProfiled(sets[i%len(sets)]...); err != nil {
			return nil, nil, err
		}
		last = time.Since(start)
	}
	runs := b.runs
	if runs == 0 {
		runs = budgetRuns(last)
	}
	for i := 0; i < runs; i++ {
		start := time.Now()
		d, err := c.CallProfiled(sets[(warmUps+i)%len(sets)]...)
		if err != nil {
			return nil, nil, err
		}
		wall = append(wall, time.Since(start))
		kernel = append(kernel, d)
	}
	return kernel, wall, nil
}

// copyBandwidth measures the device's copy bandwidth in GB/s: the median of
// device-to-device copies of at least 64 MiB (bytes, if larger, within
// what the device allows), counting the bytes read and written.
func copyBandwidth(thr *cluda.Thread, bytes int64) (float64, error) {
	p := thr.Params()
	n := min(max(bytes, 64<<20), p.MaxMemAllocSize, p.GlobalMemSize/4) &^ 15
	src, err := thr.Empty([]int{int(n / 4)}, dtypes.Float32)
	if err != nil {
		return 0, err
	}
	defer src.Release()
	dst, err := thr.EmptyLike(src)
	if err != nil {
		return 0, err
	}
	defer dst.Release()
	if err := src.Fill(1.5); err != nil {
		return 0, err
	}
	var times []time.Duration
	for i := 0; i < 12; i++ {
		ev, err := thr.EnqueueCopy(dst, src, true)
		if err != nil {
			return 0, err
		}
		err = ev.Wait()
		var d time.Duration
		if err == nil {
			d, err = ev.Duration()
		}
		ev.Release()
		if err != nil {
			return 0, err
		}
		if i >= 2 { // the first two warm up
			times = append(times, d)
		}
	}
	return 2 * float64(n) / median(times).Seconds() / 1e9, nil
}

// median returns the median of ds (the upper one of an even count).
func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return d.Seconds() * 1e3 }

// transformLength returns the number of points one transform over axes of
// an array of the given shape has: the product of their lengths.
func transformLength(shape, axes []int) int {
	n := 1
	for _, a := range axes {
		n *= shape[a]
	}
	return n
}

// flops returns the conventional operation count of batch transforms of
// n points each: 5·n·log2(n) each, for a multi-dimensional transform too.
func flops(n, batch int) float64 {
	return 5 * float64(n) * math.Log2(float64(n)) * float64(batch)
}

// launchList describes each kernel of a compiled computation in one line:
// its name and its work-group and global sizes as OpenCL launches them.
func launchList(ks []core.KernelInfo) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = fmt.Sprintf("%s local %v global %v", k.Name, k.RealLocalSize, k.RealGlobalSize)
	}
	return out
}
