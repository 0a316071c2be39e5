package computations_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// fftShiftSource returns, for every element of the shift over axes of an
// array of the given shape, the flat index of the input element it holds:
// numpy's fftshift rolls each axis of length n by n/2 rounded down, and
// ifftshift by minus that.
func fftShiftSource(shape, axes []int, inverse bool) []int {
	source := make([]int, shapeSize(shape))
	for i := range source {
		idx := unflatten(i, shape)
		for _, a := range axes {
			n := shape[a]
			shift := n / 2
			if inverse {
				shift = -shift
			}
			idx[a] = ((idx[a]-shift)%n + n) % n
		}
		source[i] = flatten(idx, shape)
	}
	return source
}

// fftShiftCases are the shapes and axes the FFTShift tests run, with the
// kernel each runs: swapping where every shifted length is even.
var fftShiftCases = []struct {
	shape, axes []int
	swap        bool
}{
	{[]int{8}, nil, true},
	{[]int{7}, nil, false},
	{[]int{6, 5}, nil, false},
	{[]int{6, 5}, []int{0}, true},
	{[]int{6, 5}, []int{-1}, false},
	{[]int{4, 6, 8}, []int{0, 2}, true},
	{[]int{4, 6, 8}, []int{2, 1}, true},
	{[]int{4, 6, 8}, nil, true},
	{[]int{3, 1, 5}, nil, false},
	{[]int{2, 1, 4}, nil, true},
	{[]int{5, 7}, []int{}, false},
	{[]int{1, 1}, nil, false},
	{[]int{}, nil, false},
}

// runFFTShift calls c (an FFTShift) on fresh random data of type input
// both ways, into output or, where inPlace is set, into the input array,
// and checks the results.
func runFFTShift(t *testing.T, thr *cluda.Thread, c *core.Callable, input, output core.Type, axes []int, inPlace bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(input.Size()), uint64(len(axes))))
	for _, inverse := range []bool{false, true} {
		t.Run(fmt.Sprintf("inverse=%v/in place=%v", inverse, inPlace), func(t *testing.T) {
			x := randomValues(rng, input.DType(), input.Size())
			in := uploadValues(t, thr, input, x)
			out := in
			if !inPlace {
				out = comptest.ArrayOfType(t, thr, output)
			}
			flag := 0
			if inverse {
				flag = 1
			}
			if err := c.Call(out, in, flag); err != nil {
				t.Fatal(err)
			}
			checkGathered(t, readValues(t, out), x, fftShiftSource(input.Shape(), axes, inverse))
		})
	}
}

func TestFFTShift(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, tc := range fftShiftCases {
		t.Run(fmt.Sprintf("%v/%v", tc.shape, tc.axes), func(t *testing.T) {
			typ := core.ArrayOf(dtypes.Complex64, tc.shape...)
			s := comptest.Must(computations.NewFFTShift(typ, tc.axes, computations.FFTShiftOptions{}))
			c := comptest.Must(s.Compile(thr))
			defer c.Release()
			want := "fftshift_gather"
			if tc.swap {
				want = "fftshift_swap"
			}
			if k := c.Kernels(); len(k) != 1 || k[0].Name != want {
				t.Errorf("kernels %v, want one %s", k, want)
			}
			runFFTShift(t, thr, c, typ, typ, s.Axes(), false)
			// In place where every shifted length is even, or nothing
			// moves.
			if tc.swap || !slices.ContainsFunc(s.Axes(), func(a int) bool { return tc.shape[a] > 1 }) {
				runFFTShift(t, thr, c, typ, typ, s.Axes(), true)
			}
		})
	}
}

// TestFFTShiftDTypes shifts arrays of every dtype by the gathering kernel,
// and of the smallest and largest dtypes by the swapping one.
func TestFFTShiftDTypes(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, dt := range movementDTypes {
		for _, shape := range [][]int{{6, 8}, {5, 8}} {
			if shape[0]%2 == 0 && dt != dtypes.Int8 && dt != dtypes.Complex128 {
				continue
			}
			t.Run(fmt.Sprintf("%v/%v", dt, shape), func(t *testing.T) {
				comptest.Supported(t, thr, dt)
				typ := core.ArrayOf(dt, shape...)
				s := comptest.Must(computations.NewFFTShift(typ, nil, computations.FFTShiftOptions{}))
				c := comptest.Must(s.Compile(thr))
				defer c.Release()
				runFFTShift(t, thr, c, typ, typ, s.Axes(), false)
			})
		}
	}
}

// TestFFTShiftLayouts shifts arrays with strides and offsets, in place
// too.
func TestFFTShiftLayouts(t *testing.T) {
	thr := cludatest.Thread(t)
	input := comptest.Must(core.NewArrayType(dtypes.Float32, []int{4, 6}, []int{4, 5 * 4}, 12))
	output := comptest.Must(core.NewArrayType(dtypes.Float32, []int{4, 6}, []int{10 * 4, 4}, 4))
	s := comptest.Must(computations.NewFFTShift(input, nil, computations.FFTShiftOptions{Output: output}))
	c := comptest.Must(s.Compile(thr))
	defer c.Release()
	runFFTShift(t, thr, c, input, output, s.Axes(), false)
	odd := comptest.Must(core.NewArrayType(dtypes.Float32, []int{3, 5}, []int{4, 4 * 4}, 8))
	s = comptest.Must(computations.NewFFTShift(odd, nil, computations.FFTShiftOptions{}))
	c = comptest.Must(s.Compile(thr))
	defer c.Release()
	runFFTShift(t, thr, c, odd, odd, s.Axes(), false)
	inPlace := comptest.Must(computations.NewFFTShift(input, nil, computations.FFTShiftOptions{}))
	c = comptest.Must(inPlace.Compile(thr))
	defer c.Release()
	runFFTShift(t, thr, c, input, input, inPlace.Axes(), true)
}

// TestFFTShiftTransformations connects a scaling on the input and one on
// the output, inside the kernel of the bare shift, gathering and swapping.
func TestFFTShiftTransformations(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, shape := range [][]int{{6, 8}, {7, 8}} {
		t.Run(fmt.Sprint(shape), func(t *testing.T) {
			typ := core.ArrayOf(dtypes.Float32, shape...)
			s := comptest.Must(computations.NewFFTShift(typ, nil, computations.FFTShiftOptions{}))
			connectScalings(t, s.Computation, "input", typ, 4, "output", typ, 0.5)
			c := comptest.Must(s.Compile(thr))
			defer c.Release()
			if n := len(c.Kernels()); n != 1 {
				t.Errorf("%d kernels, want 1", n)
			}
			rng := rand.New(rand.NewPCG(17, 18))
			x := randomValues(rng, typ.DType(), typ.Size()).([]float32)
			in, out := uploadValues(t, thr, typ, x), comptest.ArrayOfType(t, thr, typ)
			if err := c.Call(out, in, 1); err != nil {
				t.Fatal(err)
			}
			checkGathered(t, readValues(t, out), scaledValues(x, 2), fftShiftSource(shape, []int{0, 1}, true))
		})
	}
}

// TestFFTShiftBack checks that the inverse shift undoes the shift, odd
// lengths included.
func TestFFTShiftBack(t *testing.T) {
	thr := cludatest.Thread(t)
	typ := core.ArrayOf(dtypes.Complex64, 5, 4, 7)
	c := comptest.Must(comptest.Must(computations.NewFFTShift(typ, nil, computations.FFTShiftOptions{})).Compile(thr))
	defer c.Release()
	rng := rand.New(rand.NewPCG(19, 20))
	identity := make([]int, typ.Size())
	for i := range identity {
		identity[i] = i
	}
	for _, first := range []int{0, 1} {
		t.Run(fmt.Sprintf("inverse first=%d", first), func(t *testing.T) {
			x := randomValues(rng, typ.DType(), typ.Size())
			in, mid, out := uploadValues(t, thr, typ, x), comptest.ArrayOfType(t, thr, typ), comptest.ArrayOfType(t, thr, typ)
			if err := c.Call(mid, in, first); err != nil {
				t.Fatal(err)
			}
			if err := c.Call(out, mid, 1-first); err != nil {
				t.Fatal(err)
			}
			checkGathered(t, readValues(t, out), x, identity)
		})
	}
}

func TestFFTShiftErrors(t *testing.T) {
	f32 := core.ArrayOf(dtypes.Float32, 4, 5)
	for _, tc := range []struct {
		name string
		typ  core.Type
		axes []int
		opts computations.FFTShiftOptions
		want string
	}{
		{"scalar", core.ScalarOf(dtypes.Float32), nil, computations.FFTShiftOptions{}, "scalar"},
		{"axis", f32, []int{0, 2}, computations.FFTShiftOptions{}, "axis 2 is out of range"},
		{"negative axis", f32, []int{-3}, computations.FFTShiftOptions{}, "axis -3 is out of range"},
		{"repeated", f32, []int{1, -1}, computations.FFTShiftOptions{}, "repeated"},
		{"output", f32, nil, computations.FFTShiftOptions{Output: core.ArrayOf(dtypes.Complex64, 4, 5)}, "not an array of float32"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := computations.NewFFTShift(tc.typ, tc.axes, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %v, want one that says %q", err, tc.want)
			}
		})
	}
	// With an odd length the output may not be the input.
	thr := cludatest.Thread(t)
	c := comptest.Must(comptest.Must(computations.NewFFTShift(f32, nil, computations.FFTShiftOptions{})).Compile(thr))
	defer c.Release()
	a := comptest.ArrayOfType(t, thr, f32)
	if err := c.Call(a, a, 0); err == nil {
		t.Errorf("a shift of odd lengths in place: no error")
	}
	if err := c.Call(comptest.ArrayOfType(t, thr, f32), a, 0.5); err == nil {
		t.Errorf("an inverse flag of 0.5: no error")
	}
}
