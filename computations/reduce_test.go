package computations_test

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/transformations"
)

// Tolerances of float reductions, relative to the sum of the magnitudes
// of the elements (for sums) or to the exact result (for products). Every
// addition or multiplication rounds by at most eps relatively (a complex
// multiplication by about 2·eps); over n elements the worst case is n·eps,
// but rounding errors of random sign grow as a random walk, about
// sqrt(n)·eps, whatever the order of the operations. The factors leave a
// margin of 4 over that walk.
const (
	sumTolFactor     = 4
	productTolFactor = 8
)

// sumTolerance is the tolerance of a sum of n elements of dt, relative to
// the sum of their magnitudes.
func sumTolerance(dt dtypes.DType, n int) float64 {
	return sumTolFactor * math.Sqrt(float64(n)+1) * epsilon(dt)
}

// productTolerance is the tolerance of a product of n elements of dt,
// relative to the product's magnitude.
func productTolerance(dt dtypes.DType, n int) float64 {
	return productTolFactor * math.Sqrt(float64(n)+1) * epsilon(dt)
}

// reduction names a ready predicate and its float64 reference.
type reduction struct {
	name      string
	predicate func(dtypes.DType) (*computations.Predicate, error)
	op        func(a, b complex128) complex128
	nearOne   bool // needs values near 1 (products)
}

var (
	reductionSum = reduction{"sum", computations.PredicateSum,
		func(a, b complex128) complex128 { return a + b }, false}
	reductionProduct = reduction{"product", computations.PredicateProduct,
		func(a, b complex128) complex128 { return a * b }, true}
	reductionMin = reduction{"min", computations.PredicateMin,
		func(a, b complex128) complex128 { return complex(math.Min(real(a), real(b)), 0) }, false}
	reductionMax = reduction{"max", computations.PredicateMax,
		func(a, b complex128) complex128 { return complex(math.Max(real(a), real(b)), 0) }, false}
)

// reduceReference folds values of shape over axes with op, in row-major
// order, and returns the result with, for each output element, the sum of
// the magnitudes of the elements folded into it.
func reduceReference(values []complex128, shape, axes []int, op func(a, b complex128) complex128) (out, magnitude []complex128) {
	outSize := 1
	for a, n := range shape {
		if !slices.Contains(axes, a) {
			outSize *= n
		}
	}
	out = make([]complex128, outSize)
	magnitude = make([]complex128, outSize)
	seen := make([]bool, outSize)
	idx := make([]int, len(shape))
	for _, v := range values {
		flat := 0
		for a, n := range shape {
			if !slices.Contains(axes, a) {
				flat = flat*n + idx[a]
			}
		}
		if seen[flat] {
			out[flat] = op(out[flat], v)
		} else {
			out[flat], seen[flat] = v, true
		}
		magnitude[flat] += complex(cmplx.Abs(v), 0)
		for a := len(shape) - 1; a >= 0; a-- {
			if idx[a]++; idx[a] < shape[a] {
				break
			}
			idx[a] = 0
		}
	}
	return out, magnitude
}

// checkReduced compares a reduction of n elements per output element with
// its reference: exactly for integers and extrema, within the tolerances
// above for float sums and products.
func checkReduced(t *testing.T, red reduction, dt dtypes.DType, n int, got, want, magnitude []complex128) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d", len(got), len(want))
	}
	for k := range want {
		var bad bool
		switch {
		case dt.IsInteger() || red.name == "min" || red.name == "max":
			bad = got[k] != want[k]
		case red.name == "product":
			bad = !(cmplx.Abs(got[k]-want[k]) <= productTolerance(dt, n)*cmplx.Abs(want[k]))
		default:
			bad = !(cmplx.Abs(got[k]-want[k]) <= sumTolerance(dt, n)*real(magnitude[k]))
		}
		if bad {
			t.Fatalf("element %d: got %v, want %v (of %d elements)", k, got[k], want[k], n)
		}
	}
}

// reduceCase is a shape and the axes reduced over.
type reduceCase struct {
	shape []int
	axes  []int
}

func (c reduceCase) String() string { return fmt.Sprintf("%v/axes%v", c.shape, c.axes) }

// reducedLength returns the number of elements folded into each output
// element.
func (c reduceCase) reducedLength() int {
	axes := c.axes
	n := 1
	for a, l := range c.shape {
		if axes == nil || slices.Contains(axes, a) {
			n *= l
		}
	}
	return n
}

// runReduce reduces random values of dt with red over the case on the
// device and checks the result.
func runReduce(t *testing.T, thr *cluda.Thread, red reduction, dt dtypes.DType, c reduceCase, seed uint64) {
	pred, err := red.predicate(dt)
	if err != nil {
		t.Fatal(err)
	}
	typ := core.ArrayOf(dt, c.shape...)
	rd, err := computations.NewReduce(typ, pred, c.axes, computations.ReduceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := rd.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Release()
	rng := rand.New(rand.NewPCG(seed, uint64(dt)))
	size := typ.Size()
	values := randomComplexes(rng, dt, size, red.nearOne)
	in := uploadComplexes(t, thr, dt, values, c.shape, nil, 0)
	defer in.Release()
	outParam, _ := rd.Parameter("output")
	out, err := thr.Empty(outParam.Type().Shape(), dt)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	poison(t, out)
	if err := f.Call(out, in); err != nil {
		t.Fatal(err)
	}
	axes := c.axes
	if axes == nil {
		for a := range c.shape {
			axes = append(axes, a)
		}
	}
	want, magnitude := reduceReference(values, c.shape, axes, red.op)
	checkReduced(t, red, dt, c.reducedLength(), readComplexes(t, out), want, magnitude)
}

// TestReduceSum sums random arrays of every dtype over sets of axes: the
// trailing ones, leading ones (reduced side by side), ones in between,
// all, none, and lengths that take several passes.
func TestReduceSum(t *testing.T) {
	thr := cludatest.Thread(t)
	// Every dtype on the first two cases, float32 and int32 on the others.
	cases := []reduceCase{
		{[]int{20000}, nil},                 // several passes over one row
		{[]int{300, 40}, []int{0}},          // leading axis, lanes side by side, several passes
		{[]int{5, 7, 6}, []int{1}},          // an axis in the middle
		{[]int{4, 3, 5, 2}, []int{0, 2}},    // interleaved axes
		{[]int{6, 33}, []int{1}},            // rows
		{[]int{1}, nil},                     // a single element
		{[]int{3, 4}, []int{}},              // no axis: a copy
		{[]int{}, nil},                      // a 0-d array
		{[]int{2, 3, 1000}, []int{0, 1, 2}}, // every axis, named
	}
	eachSumCase(t, cases, func(t *testing.T, c reduceCase, dt dtypes.DType, seed uint64) {
		runReduce(t, thr, reductionSum, dt, c, seed)
	})
}

// TestReducePredicates reduces with the other ready predicates.
func TestReducePredicates(t *testing.T) {
	thr := cludatest.Thread(t)
	cases := []struct {
		red    reduction
		dtypes []dtypes.DType
	}{
		{reductionProduct, []dtypes.DType{dtypes.Float32, dtypes.Float64, dtypes.Complex64, dtypes.Int32, dtypes.Int64}},
		{reductionMin, []dtypes.DType{dtypes.Float32, dtypes.Float64, dtypes.Int32, dtypes.Uint32, dtypes.Int64}},
		{reductionMax, []dtypes.DType{dtypes.Float32, dtypes.Float64, dtypes.Int32, dtypes.Uint32, dtypes.Int64}},
	}
	for _, tc := range cases {
		for di, dt := range tc.dtypes {
			for ci, c := range []reduceCase{{[]int{7, 20}, []int{1}}, {[]int{20, 9}, []int{0}}} {
				if ci != di%2 { // rows and columns in turn
					continue
				}
				t.Run(fmt.Sprintf("%s/%v/%v", tc.red.name, dt, c), func(t *testing.T) {
					runReduce(t, thr, tc.red, dt, c, uint64(10+ci))
				})
			}
		}
	}
}

// TestReduceUserPredicate reduces with a predicate made from a snippet:
// the sum of squares of differences from a constant is no ready one, and
// the largest magnitude tests a multi-statement operation.
func TestReduceUserPredicate(t *testing.T) {
	thr := cludatest.Thread(t)
	op := snippets.MustSnippet("larger_magnitude", []string{"a", "b"},
		"const float ma = fabs({{ .a }}), mb = fabs({{ .b }});\n    return ma > mb ? ma : mb;", nil)
	pred, err := computations.NewPredicate(dtypes.Float32, op, 0)
	if err != nil {
		t.Fatal(err)
	}
	red := reduction{"max", func(dtypes.DType) (*computations.Predicate, error) { return pred, nil },
		func(a, b complex128) complex128 { return complex(math.Max(math.Abs(real(a)), math.Abs(real(b))), 0) }, false}
	runReduce(t, thr, red, dtypes.Float32, reduceCase{[]int{9, 5000}, []int{1}}, 3)
}

// TestReduceEmptyAxis reduces over an axis of length 0, which gives the
// predicate's empty value, into a matrix and into a 0-d array.
func TestReduceEmptyAxis(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, c := range []reduceCase{{[]int{3, 0, 4}, []int{1}}, {[]int{0}, nil}} {
		for _, red := range []reduction{reductionSum, reductionProduct, reductionMax} {
			t.Run(fmt.Sprintf("%v/%s", c, red.name), func(t *testing.T) {
				pred := comptest.Must(red.predicate(dtypes.Float32))
				rd := comptest.Must(computations.NewReduce(core.ArrayOf(dtypes.Float32, c.shape...), pred, c.axes, computations.ReduceOptions{}))
				f := comptest.Must(rd.Compile(thr))
				defer f.Release()
				outParam, _ := rd.Parameter("output")
				in := comptest.Must(thr.Empty(c.shape, dtypes.Float32))
				out := comptest.Must(thr.Empty(outParam.Type().Shape(), dtypes.Float32))
				defer func() { in.Release(); out.Release() }()
				poison(t, out)
				if err := f.Call(out, in); err != nil {
					t.Fatal(err)
				}
				empty, _ := pred.Empty()
				want := comptest.Must(dtypes.Float32.Convert(empty)).(float32)
				for k, v := range comptest.Must(cluda.Read[float32](out)) {
					if v != want {
						t.Fatalf("element %d: %v, want the empty value %v", k, v, want)
					}
				}
			})
		}
	}
}

// TestReduceLayoutAndTransformations reduces a strided array with an
// offset, with a transformation on the input (scaling by 2) and one on the
// output (adding 1), both fused into the kernels.
func TestReduceLayoutAndTransformations(t *testing.T) {
	thr := cludatest.Thread(t)
	shape := []int{30, 50}
	strides := []int{4 * 64, 4} // rows padded to 64 elements
	const offset = 4 * 3
	typ := comptest.Must(core.NewArrayType(dtypes.Float32, shape, strides, offset))
	for _, axes := range [][]int{{1}, {0}, nil} {
		t.Run(fmt.Sprint(axes), func(t *testing.T) {
			rd := comptest.Must(computations.NewReduce(typ, comptest.Must(computations.PredicateSum(dtypes.Float32)), axes, computations.ReduceOptions{}))
			scale := comptest.Must(transformations.MulConst(typ, 2))
			if err := rd.Connect("input", scale, "output", map[string]string{"input": "raw"}); err != nil {
				t.Fatal(err)
			}
			outParam, _ := rd.Parameter("output")
			shift := comptest.Must(transformations.AddConst(outParam.Type(), 1))
			if err := rd.Connect("output", shift, "input", map[string]string{"output": "shifted"}); err != nil {
				t.Fatal(err)
			}
			f := comptest.Must(rd.Compile(thr))
			defer f.Release()
			rng := rand.New(rand.NewPCG(4, 5))
			values := randomComplexes(rng, dtypes.Float32, 30*50, false)
			in := uploadComplexes(t, thr, dtypes.Float32, values, shape, strides, offset)
			out := comptest.Must(thr.Empty(outParam.Type().Shape(), dtypes.Float32))
			defer func() { in.Release(); out.Release() }()
			poison(t, out)
			if err := f.Call(out, in); err != nil {
				t.Fatal(err)
			}
			all := axes
			if all == nil {
				all = []int{0, 1}
			}
			want, magnitude := reduceReference(values, shape, all, reductionSum.op)
			got := readComplexes(t, out)
			n := 1
			for _, a := range all {
				n *= shape[a]
			}
			for k := range want {
				w := 2*want[k] + 1
				if !(cmplx.Abs(got[k]-w) <= sumTolerance(dtypes.Float32, n)*(2*real(magnitude[k])+1)) {
					t.Fatalf("element %d: got %v, want %v", k, got[k], w)
				}
			}
		})
	}
}

// TestReduceErrors checks that bad arguments are refused with an error.
func TestReduceErrors(t *testing.T) {
	sum32 := comptest.Must(computations.PredicateSum(dtypes.Float32))
	noEmpty := comptest.Must(computations.NewPredicate(dtypes.Float32, snippets.MustSnippet("add", []string{"a", "b"}, "return {{ .a }} + {{ .b }};", nil), nil))
	typ := core.ArrayOf(dtypes.Float32, 4, 5)
	for _, tc := range []struct {
		name string
		typ  core.Type
		pred *computations.Predicate
		axes []int
	}{
		{"axis out of range", typ, sum32, []int{2}},
		{"negative axis out of range", typ, sum32, []int{-3}},
		{"repeated axis", typ, sum32, []int{1, 1}},
		{"dtype mismatch", core.ArrayOf(dtypes.Float64, 4, 5), sum32, nil},
		{"nil predicate", typ, nil, nil},
		{"scalar type", core.ScalarOf(dtypes.Float32), sum32, nil},
		{"empty reduction without an empty value", core.ArrayOf(dtypes.Float32, 4, 0), noEmpty, []int{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := computations.NewReduce(tc.typ, tc.pred, tc.axes, computations.ReduceOptions{}); err == nil {
				t.Error("no error")
			} else {
				t.Log(err)
			}
		})
	}
}

// TestPredicateErrors checks that bad predicates are refused.
func TestPredicateErrors(t *testing.T) {
	one := snippets.MustSnippet("neg", []string{"a"}, "return -{{ .a }};", nil)
	add := snippets.MustSnippet("add", []string{"a", "b"}, "return {{ .a }} + {{ .b }};", nil)
	for _, tc := range []struct {
		name string
		make func() (*computations.Predicate, error)
	}{
		{"one parameter", func() (*computations.Predicate, error) { return computations.NewPredicate(dtypes.Float32, one, 0) }},
		{"nil operation", func() (*computations.Predicate, error) { return computations.NewPredicate(dtypes.Float32, nil, 0) }},
		{"invalid dtype", func() (*computations.Predicate, error) { return computations.NewPredicate(dtypes.Invalid, add, 0) }},
		{"empty value the dtype cannot hold", func() (*computations.Predicate, error) { return computations.NewPredicate(dtypes.Int32, add, 0.5) }},
		{"min of complex", func() (*computations.Predicate, error) { return computations.PredicateMin(dtypes.Complex64) }},
		{"max of complex", func() (*computations.Predicate, error) { return computations.PredicateMax(dtypes.Complex128) }},
		{"sum of an invalid dtype", func() (*computations.Predicate, error) { return computations.PredicateSum(dtypes.Invalid) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := tc.make(); err == nil {
				t.Error("no error")
			} else {
				t.Log(err)
			}
		})
	}
}

// TestReduceOutputLayout reduces into outputs with strides and an offset
// of their own (ReduceOptions.Output, reikna's output_arr_t): every
// element lands at its place, checked against a float64 reference.
func TestReduceOutputLayout(t *testing.T) {
	thr := cludatest.Thread(t)
	sum32 := comptest.Must(computations.PredicateSum(dtypes.Float32))
	for _, tc := range []struct {
		name   string
		shape  []int
		axis   int
		output core.Type
	}{
		{"rows into every third element", []int{6, 40}, 1,
			comptest.Must(core.NewArrayType(dtypes.Float32, []int{6}, []int{3 * 4}, 2*4))},
		{"columns into every other element", []int{50, 300}, -2,
			comptest.Must(core.NewArrayType(dtypes.Float32, []int{300}, []int{2 * 4}, 4))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			typ := core.ArrayOf(dtypes.Float32, tc.shape...)
			rd := comptest.Must(computations.NewReduce(typ, sum32, []int{tc.axis}, computations.ReduceOptions{Output: tc.output}))
			if got, _ := rd.Parameter("output"); !got.Type().Equal(tc.output) {
				t.Fatalf("output parameter %v, want %v", got.Type(), tc.output)
			}
			c := comptest.Must(rd.Compile(thr))
			defer c.Release()
			rng := rand.New(rand.NewPCG(31, uint64(typ.Size())))
			x := randomValues(rng, dtypes.Float32, typ.Size()).([]float32)
			in, out := uploadValues(t, thr, typ, x), comptest.ArrayOfType(t, thr, tc.output)
			if err := c.Call(out, in); err != nil {
				t.Fatal(err)
			}
			got := readValues(t, out).([]float32)
			cols := tc.shape[1]
			at := func(k, j int) float64 { return float64(x[k*cols+j]) } // the j-th summand of output k
			n := cols
			if tc.axis != 1 {
				at = func(k, j int) float64 { return float64(x[j*cols+k]) }
				n = tc.shape[0]
			}
			for k := range got {
				var want, mag float64
				for j := range n {
					want += at(k, j)
					mag += math.Abs(at(k, j))
				}
				if tol := sumTolerance(dtypes.Float32, len(x)) * mag; math.Abs(float64(got[k])-want) > tol {
					t.Fatalf("element %d: got %v, want %v (tolerance %g)", k, got[k], want, tol)
				}
			}
		})
	}
}
