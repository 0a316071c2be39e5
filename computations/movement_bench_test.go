package computations_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// The benchmarks of Transpose, Roll and FFTShift move arrays of
// REIKNA_BENCH_MIB MiB (8 by default; 512 gives the sizes of the GPU
// comparison: 8192×8192 complex64, 16384×8192 float32, and 256³ complex64
// for the 3-D permutation). Each reports the median kernel time per call
// (OpenCL profiling) and the effective bandwidth: the bytes read and
// written over that time. Copy is the identity permutation, a plain copy
// through the same machinery, the floor the others are measured against.

// benchSide returns the side of a cube of rank dimensions of items of
// size bytes that fills the benchmark's array size, rounded down to a
// power of two.
func benchSide(rank, size int) int {
	side := math.Pow(float64(benchMiB()<<20/size), 1/float64(rank))
	return 1 << int(math.Log2(side+0.5))
}

func BenchmarkTranspose(b *testing.B) {
	thr := cludatest.Thread(b)
	n2 := benchSide(2, 8)
	n3 := benchSide(3, 32)
	m := benchSide(2, 8)
	for _, bc := range []struct {
		name  string
		input core.Type
		axes  []int
	}{
		{"copy", core.ArrayOf(dtypes.Complex64, n2, n2), []int{0, 1}},
		{fmt.Sprintf("%dx%d_complex64", n2, n2), core.ArrayOf(dtypes.Complex64, n2, n2), nil},
		{fmt.Sprintf("%dx%d_float32", 2*m, m), core.ArrayOf(dtypes.Float32, 2*m, m), nil},
		{fmt.Sprintf("%d^3_complex64_(2,0,1)", n3), core.ArrayOf(dtypes.Complex64, n3, n3, n3), []int{2, 0, 1}},
		{fmt.Sprintf("%d^3_complex64_(2,1,0)", n3), core.ArrayOf(dtypes.Complex64, n3, n3, n3), []int{2, 1, 0}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			tr, err := computations.NewTranspose(bc.input, bc.axes, computations.TransposeOptions{})
			if err != nil {
				b.Fatal(err)
			}
			output, _ := tr.Parameter("output")
			benchMovement(b, thr, tr.Computation, bc.input, output.Type())
		})
	}
}

func BenchmarkRoll(b *testing.B) {
	thr := cludatest.Thread(b)
	n := benchSide(2, 8)
	typ := core.ArrayOf(dtypes.Complex64, n, n)
	for axis := range 2 {
		b.Run(fmt.Sprintf("%dx%d_complex64_axis=%d", n, n, axis), func(b *testing.B) {
			r, err := computations.NewRoll(typ, axis, computations.RollOptions{})
			if err != nil {
				b.Fatal(err)
			}
			benchMovement(b, thr, r.Computation, typ, typ, int32(n/3))
		})
	}
}

func BenchmarkFFTShift(b *testing.B) {
	thr := cludatest.Thread(b)
	n := benchSide(2, 8)
	for _, shape := range [][]int{{n, n}, {n - 1, n - 1}} {
		typ := core.ArrayOf(dtypes.Complex64, shape...)
		b.Run(fmt.Sprintf("%dx%d_complex64", shape[0], shape[1]), func(b *testing.B) {
			s, err := computations.NewFFTShift(typ, nil, computations.FFTShiftOptions{})
			if err != nil {
				b.Fatal(err)
			}
			benchMovement(b, thr, s.Computation, typ, typ, int32(0))
		})
	}
}

// benchMovement times c, compiled, from an array of type input into one of
// type output, with the scalars.
func benchMovement(b *testing.B, thr *cluda.Thread, c *core.Computation, input, output core.Type, scalars ...any) {
	b.Helper()
	if !thr.Params().SupportsDType(input.DType()) {
		b.Skipf("the device does not support %v", input.DType())
	}
	call, err := c.Compile(thr)
	if err != nil {
		b.Fatal(err)
	}
	defer call.Release()
	in := randomBits(b, thr, input)
	out := arrayOfType(b, thr, output)
	args := append([]any{out, in}, scalars...)
	for range 3 { // warm-up
		if _, err := call.CallProfiled(args...); err != nil {
			b.Fatal(err)
		}
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		d, err := call.CallProfiled(args...)
		if err != nil {
			b.Fatal(err)
		}
		times = append(times, d)
	}
	b.StopTimer()
	slices.Sort(times)
	med := times[len(times)/2].Seconds()
	bytes := float64(input.Size() * input.DType().Size())
	b.SetBytes(int64(2 * bytes))
	b.ReportMetric(med*1e3, "ms/call")
	b.ReportMetric(2*bytes/med/1e9, "GB/s")
}

// randomBits returns a contiguous array of type typ whose bytes are
// random: the computations move bits, and making 512 MiB of values one by
// one would take longer than the runs.
func randomBits(b *testing.B, thr *cluda.Thread, typ core.Type) *cluda.Array {
	b.Helper()
	a := arrayOfType(b, thr, typ)
	buf := make([]byte, typ.Size()*typ.DType().Size())
	rand.NewChaCha8([32]byte{1}).Read(buf)
	bytes, err := a.View([]int{len(buf)}, dtypes.Uint8, nil, 0)
	if err != nil {
		b.Fatal(err)
	}
	if err := bytes.Set(buf); err != nil {
		b.Fatal(err)
	}
	return a
}
