package computations_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
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
	side := math.Pow(float64(comptest.BenchMiB()<<20/size), 1/float64(rank))
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
			comptest.BenchMovement(b, thr, tr.Computation, bc.input, output.Type())
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
			comptest.BenchMovement(b, thr, r.Computation, typ, typ, int32(n/3))
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
			comptest.BenchMovement(b, thr, s.Computation, typ, typ, int32(0))
		})
	}
}
