package computations_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// The computations that move elements (Transpose, Roll, FFTShift) copy
// their bits: their results are compared with the reference exactly, with
// no tolerance. Transformations connected to them are compared exactly
// too, as the tests scale by powers of two.

// movementDTypes are the dtypes the movement tests run for.
var movementDTypes = []dtypes.DType{
	dtypes.Complex64, dtypes.Complex128, dtypes.Float32, dtypes.Float64,
	dtypes.Int8, dtypes.Int16, dtypes.Int32, dtypes.Int64, dtypes.Uint8, dtypes.Uint32, dtypes.Uint64,
}

// randomValues returns n random values of dtype dt as a Go slice, none of
// them zero.
func randomValues(rng *rand.Rand, dt dtypes.DType, n int) any {
	s := reflect.MakeSlice(reflect.SliceOf(dt.GoType()), n, n)
	for i := range n {
		var v any
		switch {
		case dt.IsComplex():
			v = complex(rng.NormFloat64()+0.5, rng.NormFloat64()+0.5)
		case dt.IsFloat():
			v = rng.NormFloat64() + 0.5
		default:
			v = 1 + rng.IntN(100)
		}
		c, err := dt.Convert(v)
		if err != nil {
			panic(err)
		}
		s.Index(i).Set(reflect.ValueOf(c))
	}
	return s.Interface()
}

// uploadValues returns an array of the layout of typ holding data.
func uploadValues(t testing.TB, thr *cluda.Thread, typ core.Type, data any) *cluda.Array {
	t.Helper()
	a := comptest.ArrayOfType(t, thr, typ)
	if err := a.Set(data); err != nil {
		t.Fatal(err)
	}
	return a
}

// readValues returns the elements of a in row-major order as a Go slice.
func readValues(t testing.TB, a *cluda.Array) any {
	t.Helper()
	s := reflect.MakeSlice(reflect.SliceOf(a.DType().GoType()), a.Size(), a.Size())
	if err := a.Get(s.Interface()); err != nil {
		t.Fatal(err)
	}
	return s.Interface()
}

// checkGathered checks that got[i] is x[source[i]] for every i, and
// reports the first few differences.
func checkGathered(t testing.TB, got, x any, source []int) {
	t.Helper()
	g, v := reflect.ValueOf(got), reflect.ValueOf(x)
	if g.Len() != len(source) {
		t.Fatalf("%d elements, want %d", g.Len(), len(source))
	}
	bad := 0
	for i, s := range source {
		if g.Index(i).Interface() == v.Index(s).Interface() {
			continue
		}
		if bad < 5 {
			t.Errorf("element %d is %v, want %v (input element %d)", i, g.Index(i), v.Index(s), s)
		}
		bad++
	}
	if bad > 5 {
		t.Errorf("... %d elements differ in all", bad)
	}
}

// unflatten returns the row-major multi-index of flat in shape.
func unflatten(flat int, shape []int) []int {
	idx := make([]int, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		idx[d] = flat % shape[d]
		flat /= shape[d]
	}
	return idx
}

// flatten returns the row-major flat index of idx in shape.
func flatten(idx, shape []int) int {
	flat := 0
	for d, n := range shape {
		flat = flat*n + idx[d]
	}
	return flat
}

// shapeSize returns the number of elements of shape.
func shapeSize(shape []int) int {
	n := 1
	for _, l := range shape {
		n *= l
	}
	return n
}

// connectScalings connects a multiplication by inFactor to the input
// parameter in of c, whose new leaf is called "raw", and one by outFactor
// to the output parameter out, whose new leaf is called "scaled" (in and
// out may be the same input-output parameter).
func connectScalings(t testing.TB, c *core.Computation, in string, inType core.Type, inFactor float64, out string, outType core.Type, outFactor float64) {
	t.Helper()
	if err := c.Connect(in, comptest.Must(transformations.MulConst(inType, inFactor)), "output", map[string]string{"input": "raw"}); err != nil {
		t.Fatal(err)
	}
	if err := c.Connect(out, comptest.Must(transformations.MulConst(outType, outFactor)), "input", map[string]string{"output": "scaled"}); err != nil {
		t.Fatal(err)
	}
}

// scaledValues returns the elements of x multiplied by factor.
func scaledValues[T float32 | float64 | complex64 | complex128](x []T, factor T) []T {
	out := make([]T, len(x))
	for i, v := range x {
		out[i] = factor * v
	}
	return out
}
