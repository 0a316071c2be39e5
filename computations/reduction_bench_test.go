package computations_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// benchShrink is how many times smaller the reduction benchmarks' arrays
// are on a device that is no GPU, so that PoCL runs them in seconds.
const benchShrink = 64

// benchShape returns the shape of a benchmark: the one given on a GPU, its
// first axis divided by benchShrink elsewhere.
func benchShape(thr *cluda.Thread, shape ...int) []int {
	if !thr.Params().IsGPU() {
		shape = slices.Clone(shape)
		shape[0] = max(shape[0]/benchShrink, 1)
	}
	return shape
}

// benchComputation times calls of c on float32 data of shape (the input,
// rotating over two arrays so that no call finds its input in a cache) and
// an output of outShape, and reports the median kernel time per call
// (OpenCL profiling) and the bandwidth of moved bytes per call.
func benchComputation(b *testing.B, thr *cluda.Thread, c *core.Computation, shape, outShape []int, moved int) {
	f, err := c.Compile(thr)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Release()
	n := core.ArrayOf(dtypes.Float32, shape...).Size()
	rng := rand.New(rand.NewPCG(1, 2))
	var ins []*cluda.Array
	for range 2 {
		ins = append(ins, uploadComplexes(b, thr, dtypes.Float32, randomComplexes(rng, dtypes.Float32, n, false), shape, nil, 0))
	}
	out, err := thr.Empty(outShape, dtypes.Float32)
	if err != nil {
		b.Fatal(err)
	}
	defer func() { ins[0].Release(); ins[1].Release(); out.Release() }()
	for i := range 3 { // warm-up
		if _, err := f.CallProfiled(out, ins[i%2]); err != nil {
			b.Fatal(err)
		}
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := f.CallProfiled(out, ins[i%2])
		if err != nil {
			b.Fatal(err)
		}
		times = append(times, d)
	}
	b.StopTimer()
	slices.Sort(times)
	med := times[len(times)/2].Seconds()
	b.SetBytes(int64(moved))
	b.ReportMetric(med*1e3, "ms/call")
	b.ReportMetric(float64(moved)/med/1e9, "GB/s")
}

// BenchmarkReduce sums float32 arrays as the speed targets name them: 2^27
// elements, the rows and the columns of 8192×16384, and 2^27 elements
// with a transformation on the input (which should cost nothing more). It
// counts the bytes read.
func BenchmarkReduce(b *testing.B) {
	thr := cludatest.Thread(b)
	sum := comptest.Must(computations.PredicateSum(dtypes.Float32))
	for _, bc := range []struct {
		name   string
		shape  []int
		axes   []int
		scaled bool
	}{
		{"sum_2^27", []int{1 << 27}, nil, false},
		{"sum_2^27_scaled", []int{1 << 27}, nil, true},
		{"rows_8192x16384", []int{8192, 16384}, []int{1}, false},
		{"columns_8192x16384", []int{8192, 16384}, []int{0}, false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			shape := benchShape(thr, bc.shape...)
			typ := core.ArrayOf(dtypes.Float32, shape...)
			rd := comptest.Must(computations.NewReduce(typ, sum, bc.axes, computations.ReduceOptions{}))
			if bc.scaled {
				if err := rd.Connect("input", comptest.Must(transformations.MulConst(typ, 0.5)), "output", map[string]string{"input": "raw"}); err != nil {
					b.Fatal(err)
				}
			}
			out, _ := rd.Parameter("output")
			benchComputation(b, thr, rd.Computation, shape, out.Type().Shape(), typ.Size()*4)
		})
	}
}

// BenchmarkScan takes inclusive sums of float32 arrays as the speed targets
// name them: 2^27 elements and the rows of 8192×16384, in the form the
// plan takes (a single pass where the device has global atomics and the
// chain is short) and,
// for comparison, in levels. It counts the bytes read and written once.
func BenchmarkScan(b *testing.B) {
	thr := cludatest.Thread(b)
	sum := comptest.Must(computations.PredicateSum(dtypes.Float32))
	multiPass := computations.ScanTuning{Passes: computations.ScanMultiPass}
	for _, bc := range []struct {
		name   string
		shape  []int
		axes   []int
		tuning computations.ScanTuning
	}{
		{"cumsum_2^27", []int{1 << 27}, nil, computations.ScanTuning{}},
		{"rows_8192x16384", []int{8192, 16384}, []int{1}, computations.ScanTuning{}},
		{"cumsum_2^27_multipass", []int{1 << 27}, nil, multiPass},
		{"rows_8192x16384_multipass", []int{8192, 16384}, []int{1}, multiPass},
	} {
		b.Run(bc.name, func(b *testing.B) {
			shape := benchShape(thr, bc.shape...)
			typ := core.ArrayOf(dtypes.Float32, shape...)
			sc := comptest.Must(computations.NewTunedScan(typ, sum, bc.axes, false, bc.tuning))
			benchComputation(b, thr, sc.Computation, shape, shape, 2*typ.Size()*4)
		})
	}
}

// BenchmarkEntrywiseNorm takes the 2-norm of 2^27 float32 values, counting
// the bytes read.
func BenchmarkEntrywiseNorm(b *testing.B) {
	thr := cludatest.Thread(b)
	shape := benchShape(thr, 1<<27)
	typ := core.ArrayOf(dtypes.Float32, shape...)
	norm := comptest.Must(computations.NewEntrywiseNorm(typ, nil, computations.EntrywiseNormOptions{}))
	benchComputation(b, thr, norm.Computation, shape, []int{}, typ.Size()*4)
}
