package computations_test

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// powULPs is OpenCL's bound on the error of pow in single precision (16
// ulp; hypot and sqrt are tighter), which each element's |x|^order and the
// final root may carry on top of the sum's rounding.
const powULPs = 16

// normTolerance is the relative tolerance of a norm of n elements of dt:
// the sum of n positive terms (see sumTolerance) and the rounding of pow.
func normTolerance(dt dtypes.DType, n int) float64 {
	return sumTolerance(dt, n) + 2*powULPs*epsilon(dt)
}

// normReference returns the entrywise norm of values of shape over axes,
// in float64, as a scaled sum: each output's largest |x| times the
// order-th root of the sum of (|x|/largest)^order, which neither
// underflows nor overflows at any order.
func normReference(values []complex128, shape, axes []int, order float64) []float64 {
	reduced := make([]bool, len(shape))
	for _, a := range axes {
		reduced[a] = true
	}
	outLen := 1
	for d, n := range shape {
		if !reduced[d] {
			outLen *= n
		}
	}
	scale, sum := make([]float64, outLen), make([]float64, outLen)
	for k, v := range values {
		// The output of element k: its index without the reduced axes.
		o, rest, stride := 0, k, 1
		for d := len(shape) - 1; d >= 0; d-- {
			i := rest % shape[d]
			rest /= shape[d]
			if !reduced[d] {
				o += i * stride
				stride *= shape[d]
			}
		}
		switch a := cmplx.Abs(v); {
		case a == 0:
		case a > scale[o]:
			sum[o] = sum[o]*math.Pow(scale[o]/a, order) + 1
			scale[o] = a
		default:
			sum[o] += math.Pow(a/scale[o], order)
		}
	}
	out := make([]float64, outLen)
	for o := range out {
		if sum[o] > 0 {
			out[o] = scale[o] * math.Pow(sum[o], 1/order)
		}
	}
	return out
}

// TestEntrywiseNorm compares norms of random arrays with the float64
// reference for float and complex dtypes and several orders and axes.
func TestEntrywiseNorm(t *testing.T) {
	thr := cludatest.Thread(t)
	cases := []struct {
		shape []int
		axes  []int
	}{
		{[]int{6000}, nil},
		{[]int{30, 40}, []int{0}},
		{[]int{5, 6, 7}, []int{0, 2}},
	}
	for ci, c := range cases {
		for di, dt := range []dtypes.DType{dtypes.Float32, dtypes.Float64, dtypes.Complex64, dtypes.Complex128} {
			for oi, order := range []float64{1, 2, 3, 0.5} {
				// Every dtype and order on the first case; on the others, one
				// order for each dtype, in turn.
				if ci > 0 && oi != (ci+di)%4 {
					continue
				}
				t.Run(fmt.Sprintf("%v/%v/%v/order%v", c.shape, c.axes, dt, order), func(t *testing.T) {
					norm := comptest.Must(computations.NewEntrywiseNorm(core.ArrayOf(dt, c.shape...), c.axes, computations.EntrywiseNormOptions{Order: order}))
					f := comptest.Must(norm.Compile(thr))
					defer f.Release()
					size := core.ArrayOf(dt, c.shape...).Size()
					values := randomComplexes(rand.New(rand.NewPCG(uint64(ci), uint64(dt))), dt, size, false)
					in := uploadComplexes(t, thr, dt, values, c.shape, nil, 0)
					outParam, _ := norm.Parameter("output")
					if outParam.Type().DType() != dt.Real() {
						t.Fatalf("output dtype %v, want %v", outParam.Type().DType(), dt.Real())
					}
					out := comptest.Must(thr.Empty(outParam.Type().Shape(), dt.Real()))
					defer func() { in.Release(); out.Release() }()
					poison(t, out)
					if err := f.Call(out, in); err != nil {
						t.Fatal(err)
					}
					axes := comptest.AllAxes(c.shape, c.axes)
					n := 1
					for _, a := range axes {
						n *= c.shape[a]
					}
					want := normReference(values, c.shape, axes, order)
					for k, g := range readComplexes(t, out) {
						if !(math.Abs(real(g)-want[k]) <= normTolerance(dt, n)*want[k]) {
							t.Fatalf("element %d: got %v, want %v", k, real(g), want[k])
						}
					}
				})
			}
		}
	}
}

// TestEntrywiseNormConnected takes the norm of a strided array with an
// offset, scaled by a transformation on the input, with the result scaled
// by one on the output.
func TestEntrywiseNormConnected(t *testing.T) {
	thr := cludatest.Thread(t)
	shape, strides := []int{8, 100}, []int{8 * 128, 8}
	const offset = 8 * 2
	typ := comptest.Must(core.NewArrayType(dtypes.Complex64, shape, strides, offset))
	norm := comptest.Must(computations.NewEntrywiseNorm(typ, []int{1}, computations.EntrywiseNormOptions{}))
	scale := comptest.Must(transformations.MulConst(typ, 3))
	if err := norm.Connect("input", scale, "output", map[string]string{"input": "raw"}); err != nil {
		t.Fatal(err)
	}
	outParam, _ := norm.Parameter("output")
	half := comptest.Must(transformations.MulConst(outParam.Type(), 0.5))
	if err := norm.Connect("output", half, "input", map[string]string{"output": "halved"}); err != nil {
		t.Fatal(err)
	}
	f := comptest.Must(norm.Compile(thr))
	defer f.Release()
	values := randomComplexes(rand.New(rand.NewPCG(6, 7)), dtypes.Complex64, 800, false)
	in := uploadComplexes(t, thr, dtypes.Complex64, values, shape, strides, offset)
	out := comptest.Must(thr.Empty([]int{8}, dtypes.Float32))
	defer func() { in.Release(); out.Release() }()
	poison(t, out)
	if err := f.Call(out, in); err != nil {
		t.Fatal(err)
	}
	want := normReference(values, shape, []int{1}, 2)
	for k, g := range readComplexes(t, out) {
		if w := 1.5 * want[k]; !(math.Abs(real(g)-w) <= normTolerance(dtypes.Complex64, 100)*w) {
			t.Fatalf("element %d: got %v, want %v", k, real(g), w)
		}
	}
}

// TestEntrywiseNormErrors checks that bad arguments are refused with an
// error of EntrywiseNorm's own, naming the value, whose prefix is not
// nested in another of the package's (the reduction's, which it builds
// on).
func TestEntrywiseNormErrors(t *testing.T) {
	typ := core.ArrayOf(dtypes.Float32, 4, 5)
	for _, tc := range []struct {
		name  string
		typ   core.Type
		order float64
		axes  []int
		want  string
	}{
		{"integer dtype", core.ArrayOf(dtypes.Int32, 4), 2, nil, "int32"},
		{"negative order", typ, -1, nil, "order -1"},
		{"infinite order", typ, math.Inf(1), nil, "order +Inf"},
		{"NaN order", typ, math.NaN(), nil, "order NaN"},
		{"axis out of range", typ, 2, []int{3}, "axis 3 is out of range"},
		{"repeated axis", typ, 2, []int{0, 0}, "axis 0 is repeated"},
		{"scalar type", core.ScalarOf(dtypes.Float32), 2, nil, "scalar type"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := computations.NewEntrywiseNorm(tc.typ, tc.axes, computations.EntrywiseNormOptions{Order: tc.order})
			switch {
			case err == nil:
				t.Fatal("no error")
			case !strings.HasPrefix(err.Error(), "computations: EntrywiseNorm") || strings.Count(err.Error(), "computations: ") != 1:
				t.Errorf("error %q, want one prefix, computations: EntrywiseNorm", err)
			case !strings.Contains(err.Error(), tc.want):
				t.Errorf("error %q, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestEntrywiseNormDefaultOrder checks that the zero options take the
// Frobenius norm, reikna's default order 2.
func TestEntrywiseNormDefaultOrder(t *testing.T) {
	n, err := computations.NewEntrywiseNorm(core.ArrayOf(dtypes.Complex64, 4, 5), nil, computations.EntrywiseNormOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if n.Order() != 2 {
		t.Errorf("Order() = %v, want 2", n.Order())
	}
}

// TestEntrywiseNormExtremeOrders takes norms of high and low orders of
// values whose powers leave float32 (|x|^80 underflows below about 0.33
// and overflows above about 3), which the scaled sums must carry: each
// against the scaled float64 reference.
func TestEntrywiseNormExtremeOrders(t *testing.T) {
	thr := cludatest.Thread(t)
	shape := []int{4, 3000}
	for _, dt := range []dtypes.DType{dtypes.Float32, dtypes.Complex64, dtypes.Float64} {
		for _, order := range []float64{80, 1000, 0.05} {
			for _, magnitude := range []float64{0.2, 5, 1e-30} {
				t.Run(fmt.Sprintf("%v/order%v/magnitude%v", dt, order, magnitude), func(t *testing.T) {
					norm := comptest.Must(computations.NewEntrywiseNorm(core.ArrayOf(dt, shape...), []int{1}, computations.EntrywiseNormOptions{Order: order}))
					f := comptest.Must(norm.Compile(thr))
					defer f.Release()
					values := randomComplexes(rand.New(rand.NewPCG(3, uint64(dt))), dt, 4*3000, false)
					for i := range values {
						values[i] *= complex(magnitude, 0)
					}
					in := uploadComplexes(t, thr, dt, values, shape, nil, 0)
					out := comptest.Must(thr.Empty([]int{4}, dt.Real()))
					defer func() { in.Release(); out.Release() }()
					poison(t, out)
					if err := f.Call(out, in); err != nil {
						t.Fatal(err)
					}
					want := normReference(values, shape, []int{1}, order)
					largest := math.MaxFloat64
					if dt.Real() == dtypes.Float32 {
						largest = math.MaxFloat32
					}
					for k, g := range readComplexes(t, out) {
						switch {
						case want[k] > largest: // the norm itself is beyond the dtype
							if !math.IsInf(real(g), 1) {
								t.Errorf("row %d: got %v, want +Inf (the norm is %v)", k, real(g), want[k])
							}
						case !(want[k] > 0) || !(math.Abs(real(g)-want[k]) <= normTolerance(dt, 3000)*want[k]):
							t.Errorf("row %d: got %v, want %v", k, real(g), want[k])
						}
					}
				})
			}
		}
	}
}
