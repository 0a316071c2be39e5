package computations_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// The dtypes the reductions and scans are tested with.
var reductionDTypes = []dtypes.DType{
	dtypes.Float32, dtypes.Float64, dtypes.Complex64, dtypes.Complex128,
	dtypes.Int32, dtypes.Int64, dtypes.Uint32,
}

// Machine epsilons of the float dtypes (and of the complex dtypes' parts).
const (
	eps32 = 0x1p-23
	eps64 = 0x1p-52
)

// epsilon returns the machine epsilon of dt's parts (0 for integers).
func epsilon(dt dtypes.DType) float64 {
	switch dt.Real() {
	case dtypes.Float32:
		return eps32
	case dtypes.Float64:
		return eps64
	}
	return 0
}

// randomComplexes returns n random values that dt holds exactly, none zero:
// integers in [1, 1000] with random signs (non-negative for unsigned
// dtypes), floats of a normal distribution, rounded to dt's precision.
// With nearOne the floats lie in [0.9, 1.1] and the integers are ±1 or ±2,
// so that long products stay in range.
func randomComplexes(rng *rand.Rand, dt dtypes.DType, n int, nearOne bool) []complex128 {
	out := make([]complex128, n)
	for k := range out {
		switch {
		case dt.IsInteger():
			v := float64(1 + rng.IntN(1000))
			if nearOne {
				v = float64(1 + rng.IntN(2))
			}
			if dt.IsSigned() && rng.IntN(2) == 0 {
				v = -v
			}
			out[k] = complex(v, 0)
		case nearOne:
			out[k] = complex(0.9+0.2*rng.Float64(), 0)
			if dt.IsComplex() {
				out[k] = complex(real(out[k]), 0.1*rng.NormFloat64())
			}
		default:
			out[k] = complex(rng.NormFloat64(), 0)
			if dt.IsComplex() {
				out[k] = complex(real(out[k]), rng.NormFloat64())
			}
		}
		out[k] = roundTo(dt, out[k])
	}
	return out
}

// roundTo rounds v to the precision of dt's float parts.
func roundTo(dt dtypes.DType, v complex128) complex128 {
	if dt.Real() == dtypes.Float32 {
		return complex(float64(float32(real(v))), float64(float32(imag(v))))
	}
	return v
}

// typedSlice converts values to a Go slice of dt.
func typedSlice(dt dtypes.DType, values []complex128) any {
	switch dt {
	case dtypes.Float32:
		return convert(values, func(v complex128) float32 { return float32(real(v)) })
	case dtypes.Float64:
		return convert(values, func(v complex128) float64 { return real(v) })
	case dtypes.Complex64:
		return convert(values, func(v complex128) complex64 { return complex64(v) })
	case dtypes.Complex128:
		return convert(values, func(v complex128) complex128 { return v })
	case dtypes.Int32:
		return convert(values, func(v complex128) int32 { return int32(real(v)) })
	case dtypes.Int64:
		return convert(values, func(v complex128) int64 { return int64(real(v)) })
	case dtypes.Uint32:
		return convert(values, func(v complex128) uint32 { return uint32(real(v)) })
	}
	panic(fmt.Sprintf("no Go slice for %v", dt))
}

func convert[S, T any](values []S, f func(S) T) []T {
	out := make([]T, len(values))
	for k, v := range values {
		out[k] = f(v)
	}
	return out
}

// readComplexes reads an array of any tested dtype as complex128 values.
func readComplexes(tb testing.TB, a *cluda.Array) []complex128 {
	tb.Helper()
	back := func(v any, err error) []complex128 {
		if err != nil {
			tb.Fatal(err)
		}
		switch s := v.(type) {
		case []float32:
			return convert(s, func(x float32) complex128 { return complex(float64(x), 0) })
		case []float64:
			return convert(s, func(x float64) complex128 { return complex(x, 0) })
		case []complex64:
			return convert(s, func(x complex64) complex128 { return complex128(x) })
		case []complex128:
			return s
		case []int32:
			return convert(s, func(x int32) complex128 { return complex(float64(x), 0) })
		case []int64:
			return convert(s, func(x int64) complex128 { return complex(float64(x), 0) })
		case []uint32:
			return convert(s, func(x uint32) complex128 { return complex(float64(x), 0) })
		}
		tb.Fatalf("no Go slice for %v", a.DType())
		return nil
	}
	switch a.DType() {
	case dtypes.Float32:
		return back(cluda.Read[float32](a))
	case dtypes.Float64:
		return back(cluda.Read[float64](a))
	case dtypes.Complex64:
		return back(cluda.Read[complex64](a))
	case dtypes.Complex128:
		return back(cluda.Read[complex128](a))
	case dtypes.Int32:
		return back(cluda.Read[int32](a))
	case dtypes.Int64:
		return back(cluda.Read[int64](a))
	case dtypes.Uint32:
		return back(cluda.Read[uint32](a))
	}
	tb.Fatalf("no Go slice for %v", a.DType())
	return nil
}

// poison fills an output array with NaN (floats) or the all-ones bit
// pattern (integers), so that an element a kernel forgets to write shows.
func poison(tb testing.TB, a *cluda.Array) {
	tb.Helper()
	var v any = math.NaN()
	switch dt := a.DType(); {
	case dt.IsComplex():
		v = complex(math.NaN(), math.NaN())
	case dt.IsSigned():
		v = -1
	case dt.IsUnsigned():
		v = uint64(math.MaxUint64) >> (64 - 8*dt.Size())
	}
	if err := a.Fill(v); err != nil {
		tb.Fatal(err)
	}
}

// uploadComplexes puts values of dt on the device in an array of the given shape,
// strides (nil for row-major) and offset.
func uploadComplexes(tb testing.TB, thr *cluda.Thread, dt dtypes.DType, values []complex128, shape, strides []int, offset int) *cluda.Array {
	tb.Helper()
	a, err := thr.NewArray(shape, dt, strides, offset)
	if err != nil {
		tb.Fatal(err)
	}
	if err := a.Set(typedSlice(dt, values)); err != nil {
		tb.Fatal(err)
	}
	return a
}

// eachSumCase runs run as a subtest for every case of a sum test and
// dtype: every dtype of reductionDTypes for the first two cases, and
// float32 and int32 (a float and an exact type) for the others, which
// vary the layout. The seed is the case's index.
func eachSumCase[C any](t *testing.T, cases []C, run func(t *testing.T, c C, dt dtypes.DType, seed uint64)) {
	for ci, c := range cases {
		for _, dt := range reductionDTypes {
			if ci > 1 && dt != dtypes.Float32 && dt != dtypes.Int32 {
				continue
			}
			t.Run(fmt.Sprintf("%v/%v", c, dt), func(t *testing.T) { run(t, c, dt, uint64(ci)) })
		}
	}
}
