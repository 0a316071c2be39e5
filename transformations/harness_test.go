package transformations_test

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// Tolerances, in units of the machine epsilon of the dtype times the
// magnitude of the expected value.
const (
	// ulpExact: data movement, sign changes and single operations that
	// the device and Go round the same way (copies, casts, parts, padding,
	// real sums and products, integer arithmetic).
	ulpExact = 0
	// ulpArith: one complex product or quotient. Each part of a product
	// is a sum of two products, which OpenCL C may contract into an fma,
	// and the textbook complex quotient rounds several times; both stay
	// within a few ulp of |result|, and so does the float64 reference of
	// complex128 values.
	ulpArith = 4
	// ulpHypot is OpenCL 1.2's bound for hypot (|z| of a complex z).
	ulpHypot = 4
	// ulpPow is OpenCL 1.2's bound for pow; pow(|z|, p) adds p times the
	// relative error of |z| to it.
	ulpPow = 16
)

// testDTypes are the dtypes every transformation is tested on where it
// applies.
var testDTypes = []dtypes.DType{dtypes.Int32, dtypes.Int64, dtypes.Float32, dtypes.Float64, dtypes.Complex64, dtypes.Complex128}

// n is the number of elements of the elementwise tests.
const n = 1000

// vec holds the values of an array of any dtype under test as complex128:
// the integers of the tests are small enough to be exact.
type vec []complex128

// toVec converts a Go slice of numbers to a vec.
func toVec(slice any) vec {
	rv := reflect.ValueOf(slice)
	v := make(vec, rv.Len())
	for i := range v {
		e := rv.Index(i)
		switch e.Kind() {
		case reflect.Int32, reflect.Int64:
			v[i] = complex(float64(e.Int()), 0)
		case reflect.Float32, reflect.Float64:
			v[i] = complex(e.Float(), 0)
		case reflect.Complex64, reflect.Complex128:
			v[i] = e.Complex()
		default:
			panic(fmt.Sprintf("toVec: %v", e.Type()))
		}
	}
	return v
}

// fromVec converts a vec to a Go slice of d's Go type, rounding floats and
// truncating integers as Go's conversions do.
func fromVec(d dtypes.DType, v vec) any {
	t := d.GoType()
	s := reflect.MakeSlice(reflect.SliceOf(t), len(v), len(v))
	for i, z := range v {
		e := s.Index(i)
		switch {
		case d.IsComplex():
			e.SetComplex(z)
		case d.IsFloat():
			e.SetFloat(real(z))
		default:
			e.SetInt(int64(real(z)))
		}
	}
	return s.Interface()
}

// round returns v as the values of dtype d hold them.
func round(d dtypes.DType, v vec) vec { return toVec(fromVec(d, v)) }

// random returns n random values of dtype d: integers in [-100, 100],
// standard normal floats and complex parts.
func random(rng *rand.Rand, d dtypes.DType, n int) vec {
	v := make(vec, n)
	for i := range v {
		switch {
		case d.IsInteger():
			v[i] = complex(float64(rng.IntN(201)-100), 0)
		case d.IsFloat():
			v[i] = complex(rng.NormFloat64(), 0)
		default:
			v[i] = complex(rng.NormFloat64(), rng.NormFloat64())
		}
	}
	return round(d, v)
}

// mapVec returns f applied to each element of v, rounded to d.
func mapVec(d dtypes.DType, v vec, f func(complex128) complex128) vec {
	out := make(vec, len(v))
	for i, z := range v {
		out[i] = f(z)
	}
	return round(d, out)
}

// poison returns the value output arrays are filled with before a run, so
// that elements a transformation fails to write are caught.
func poison(d dtypes.DType) any {
	if d.IsInteger() {
		return -559038737 // 0xdeadbeef as an int32
	}
	return math.NaN()
}

// eps returns the machine epsilon of d's precision (0 for integers).
func eps(d dtypes.DType) float64 {
	switch d.Real() {
	case dtypes.Float32:
		return 0x1p-23
	case dtypes.Float64:
		return 0x1p-52
	}
	return 0
}

// thread returns the test Thread, skipping the test if the device lacks a
// dtype it needs.
func thread(t testing.TB, ds ...dtypes.DType) *cluda.Thread {
	t.Helper()
	thr := cludatest.Thread(t)
	for _, d := range ds {
		if !thr.Params().SupportsDType(d) {
			t.Skipf("the device does not support %v", d)
		}
	}
	return thr
}

// call runs a compiled computation: inputs gives the values of its input
// arrays and scalars the values of its scalars, by name. Every output is
// filled with poison first. It returns the values of the outputs.
func call(t *testing.T, thr *cluda.Thread, c *core.Callable, inputs map[string]vec, scalars map[string]any) map[string]vec {
	t.Helper()
	res := map[string]vec{}
	for name, s := range callExact(t, thr, c, inputs, scalars) {
		res[name] = toVec(s)
	}
	return res
}

// callExact is call with the outputs as the Go slices the device wrote,
// for checks that a complex128 cannot hold exactly (int64 beyond 2^53).
func callExact(t *testing.T, thr *cluda.Thread, c *core.Callable, inputs map[string]vec, scalars map[string]any) map[string]any {
	t.Helper()
	var args []any
	outputs := map[string]*cluda.Array{}
	for _, p := range c.Signature() {
		pt := p.Type()
		switch p.Role() {
		case core.Scalar:
			v, ok := scalars[p.Name]
			if !ok {
				t.Fatalf("no value for scalar %s", p.Name)
			}
			args = append(args, v)
			continue
		case core.Input:
			v, ok := inputs[p.Name]
			if !ok {
				t.Fatalf("no values for input %s", p.Name)
			}
			// NewArray and Set rather than ToDevice, which takes an
			// empty shape for the length of the slice and makes
			// contiguous arrays only.
			a, err := thr.NewArray(pt.Shape(), pt.DType(), pt.Strides(), pt.Offset())
			if err != nil {
				t.Fatal(err)
			}
			defer a.Release()
			if err := a.Set(fromVec(pt.DType(), v)); err != nil {
				t.Fatal(err)
			}
			args = append(args, a)
		case core.Output:
			a, err := thr.NewArray(pt.Shape(), pt.DType(), pt.Strides(), pt.Offset())
			if err != nil {
				t.Fatal(err)
			}
			defer a.Release()
			if err := a.Fill(poison(pt.DType())); err != nil {
				t.Fatal(err)
			}
			outputs[p.Name] = a
			args = append(args, a)
		default:
			t.Fatalf("parameter %v: unexpected role", p)
		}
	}
	if err := c.Call(args...); err != nil {
		t.Fatal(err)
	}
	res := map[string]any{}
	for name, a := range outputs {
		s := reflect.MakeSlice(reflect.SliceOf(a.DType().GoType()), a.Size(), a.Size())
		if err := a.Get(s.Interface()); err != nil {
			t.Fatal(err)
		}
		res[name] = s.Interface()
	}
	return res
}

// runTransformation applies trf to whole arrays, as a PureParallel over the
// shape of its parameter guiding, and returns its outputs.
func runTransformation(t *testing.T, thr *cluda.Thread, trf *core.Transformation, guiding string,
	inputs map[string]vec, scalars map[string]any) map[string]vec {
	t.Helper()
	res := map[string]vec{}
	for name, s := range runExact(t, thr, trf, guiding, inputs, scalars) {
		res[name] = toVec(s)
	}
	return res
}

// runExact is runTransformation with the outputs as the Go slices the
// device wrote (see callExact).
func runExact(t *testing.T, thr *cluda.Thread, trf *core.Transformation, guiding string,
	inputs map[string]vec, scalars map[string]any) map[string]any {
	t.Helper()
	pp, err := computations.PureParallelFromTransformation(trf, guiding)
	if err != nil {
		t.Fatal(err)
	}
	c, err := pp.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	return callExact(t, thr, c, inputs, scalars)
}

// compare checks got against want element by element: exactly where ulps
// is 0, else within ulps·eps(d)·|want|. shape, if given, prints the
// indices of a mismatch.
func compare(t *testing.T, what string, d dtypes.DType, got, want vec, ulps float64, shape ...int) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	bad := 0
	for i := range got {
		ok := got[i] == want[i]
		if !ok && ulps > 0 {
			ok = cmplx.Abs(got[i]-want[i]) <= ulps*eps(d)*cmplx.Abs(want[i])
		}
		if ok {
			continue
		}
		if bad++; bad <= 5 {
			t.Errorf("%s: element %s: got %v, want %v", what, indexOf(i, shape), got[i], want[i])
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d elements of %d differ", what, bad, len(got))
	}
}

// indexOf prints flat index i as indices of shape.
func indexOf(i int, shape []int) string {
	if len(shape) == 0 {
		return fmt.Sprint(i)
	}
	idx := make([]string, len(shape))
	for k := len(shape) - 1; k >= 0; k-- {
		idx[k] = fmt.Sprint(i % shape[k])
		i /= shape[k]
	}
	return "[" + strings.Join(idx, " ") + "]"
}

// scalar returns the Go value of dtype d nearest to z.
func scalar(d dtypes.DType, z complex128) any {
	return reflect.ValueOf(fromVec(d, vec{z})).Index(0).Interface()
}
