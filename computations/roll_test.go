package computations_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// rollSource returns, for every element of the roll of an array of the
// given shape along axis by shift, the flat index of the input element it
// holds: numpy.roll's element i + shift (cyclically) is element i.
func rollSource(shape []int, axis, shift int) []int {
	n := shape[axis]
	source := make([]int, shapeSize(shape))
	for i := range source {
		idx := unflatten(i, shape)
		idx[axis] = ((idx[axis]-shift)%n + n) % n
		source[i] = flatten(idx, shape)
	}
	return source
}

// rollShifts are the shifts each roll test runs: zero, both signs, a whole
// length and more, and the extremes of int32.
func rollShifts(n int) []int {
	return []int{0, 1, 3, -2, n, -n - 1, 3*n + 2, math.MaxInt32, math.MinInt32}
}

// rollCases are the shapes and axes the roll tests run.
var rollCases = []struct {
	shape []int
	axis  int
}{
	{[]int{17}, 0},
	{[]int{4, 5, 6}, 0},
	{[]int{4, 5, 6}, 1},
	{[]int{4, 5, 6}, 2},
	{[]int{4, 5, 6}, -1},
	{[]int{3, 1, 7}, 1},
	{[]int{2, 3, 4, 5}, 2},
}

// normal returns axis counted from the start of rank axes.
func normal(axis, rank int) int {
	if axis < 0 {
		return axis + rank
	}
	return axis
}

// checkRoll calls c (a Roll) on fresh random data of type input for each
// shift and checks the result.
func checkRoll(t *testing.T, thr *cluda.Thread, c *core.Callable, input, output core.Type, axis int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(input.Size()), uint64(axis)))
	shape := input.Shape()
	for _, shift := range rollShifts(shape[axis]) {
		x := randomValues(rng, input.DType(), input.Size())
		in := uploadValues(t, thr, input, x)
		out := comptest.ArrayOfType(t, thr, output)
		if err := c.Call(out, in, shift); err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprintf("shift=%d", shift), func(t *testing.T) {
			checkGathered(t, readValues(t, out), x, rollSource(shape, axis, shift))
		})
	}
}

func TestRoll(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, tc := range rollCases {
		t.Run(fmt.Sprintf("%v/axis=%d", tc.shape, tc.axis), func(t *testing.T) {
			typ := core.ArrayOf(dtypes.Float32, tc.shape...)
			r := comptest.Must(computations.NewRoll(typ, tc.axis, computations.RollOptions{}))
			c := comptest.Must(r.Compile(thr))
			defer c.Release()
			checkRoll(t, thr, c, typ, typ, normal(tc.axis, len(tc.shape)))
		})
	}
}

func TestRollDTypes(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, dt := range movementDTypes {
		t.Run(dt.String(), func(t *testing.T) {
			comptest.Supported(t, thr, dt)
			typ := core.ArrayOf(dt, 5, 6, 7)
			r := comptest.Must(computations.NewRoll(typ, 1, computations.RollOptions{}))
			c := comptest.Must(r.Compile(thr))
			defer c.Release()
			checkRoll(t, thr, c, typ, typ, 1)
		})
	}
	for _, dt := range []dtypes.DType{dtypes.Int8, dtypes.Int64} {
		t.Run("shift "+dt.String(), func(t *testing.T) {
			typ := core.ArrayOf(dtypes.Float32, 4, 9)
			r := comptest.Must(computations.NewRoll(typ, 1, computations.RollOptions{ShiftDType: dt}))
			c := comptest.Must(r.Compile(thr))
			defer c.Release()
			rng := rand.New(rand.NewPCG(7, 8))
			for _, shift := range []int{-100, 5, 127} {
				x := randomValues(rng, dtypes.Float32, typ.Size())
				in, out := uploadValues(t, thr, typ, x), comptest.ArrayOfType(t, thr, typ)
				if err := c.Call(out, in, shift); err != nil {
					t.Fatal(err)
				}
				checkGathered(t, readValues(t, out), x, rollSource([]int{4, 9}, 1, shift))
			}
		})
	}
}

// TestRollLayouts rolls arrays with strides and offsets.
func TestRollLayouts(t *testing.T) {
	thr := cludatest.Thread(t)
	input := comptest.Must(core.NewArrayType(dtypes.Complex64, []int{3, 10}, []int{2 * 12 * 8, 8}, 16))
	output := comptest.Must(core.NewArrayType(dtypes.Complex64, []int{3, 10}, []int{8, 3 * 8}, 8))
	for axis := range 2 {
		t.Run(fmt.Sprintf("axis=%d", axis), func(t *testing.T) {
			r := comptest.Must(computations.NewRoll(input, axis, computations.RollOptions{Output: output}))
			c := comptest.Must(r.Compile(thr))
			defer c.Release()
			checkRoll(t, thr, c, input, output, axis)
		})
	}
}

// TestRollTransformations connects a scaling on the input and one on the
// output, inside the kernel of the bare roll.
func TestRollTransformations(t *testing.T) {
	thr := cludatest.Thread(t)
	typ := core.ArrayOf(dtypes.Float64, 6, 11)
	comptest.Supported(t, thr, typ.DType())
	r := comptest.Must(computations.NewRoll(typ, 1, computations.RollOptions{}))
	connectScalings(t, r.Computation, "input", typ, 2, "output", typ, 0.25)
	c := comptest.Must(r.Compile(thr))
	defer c.Release()
	if n := len(c.Kernels()); n != 1 {
		t.Errorf("%d kernels, want 1", n)
	}
	rng := rand.New(rand.NewPCG(9, 10))
	x := randomValues(rng, typ.DType(), typ.Size()).([]float64)
	in, out := uploadValues(t, thr, typ, x), comptest.ArrayOfType(t, thr, typ)
	if err := c.Call(out, in, -4); err != nil {
		t.Fatal(err)
	}
	checkGathered(t, readValues(t, out), scaledValues(x, 0.5), rollSource([]int{6, 11}, 1, -4))
}

// TestRollBack checks that rolling by n then by -n gives the input back.
func TestRollBack(t *testing.T) {
	thr := cludatest.Thread(t)
	typ := core.ArrayOf(dtypes.Complex64, 5, 13)
	c := comptest.Must(comptest.Must(computations.NewRoll(typ, -1, computations.RollOptions{})).Compile(thr))
	defer c.Release()
	rng := rand.New(rand.NewPCG(11, 12))
	identity := make([]int, typ.Size())
	for i := range identity {
		identity[i] = i
	}
	for _, n := range []int{1, 7, -20, 1000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			x := randomValues(rng, typ.DType(), typ.Size())
			in, mid, out := uploadValues(t, thr, typ, x), comptest.ArrayOfType(t, thr, typ), comptest.ArrayOfType(t, thr, typ)
			if err := c.Call(mid, in, n); err != nil {
				t.Fatal(err)
			}
			if err := c.Call(out, mid, -n); err != nil {
				t.Fatal(err)
			}
			checkGathered(t, readValues(t, out), x, identity)
		})
	}
}

func TestRollInPlace(t *testing.T) {
	thr := cludatest.Thread(t)
	strided := comptest.Must(core.NewArrayType(dtypes.Float32, []int{4, 6}, []int{4, 5 * 4}, 12))
	cases := []struct {
		name string
		typ  core.Type
		axis int
	}{
		{"strided/axis=0", strided, 0},
		{"strided/axis=1", strided, 1},
	}
	for _, tc := range rollCases {
		cases = append(cases, struct {
			name string
			typ  core.Type
			axis int
		}{fmt.Sprintf("%v/axis=%d", tc.shape, tc.axis), core.ArrayOf(dtypes.Int32, tc.shape...), tc.axis})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := comptest.Must(computations.NewRollInPlace(tc.typ, tc.axis, computations.RollOptions{}))
			c := comptest.Must(r.Compile(thr))
			defer c.Release()
			rng := rand.New(rand.NewPCG(13, 14))
			axis := normal(tc.axis, tc.typ.Rank())
			for _, shift := range rollShifts(tc.typ.Shape()[axis]) {
				x := randomValues(rng, tc.typ.DType(), tc.typ.Size())
				a := uploadValues(t, thr, tc.typ, x)
				if err := c.Call(a, shift); err != nil {
					t.Fatal(err)
				}
				checkGathered(t, readValues(t, a), x, rollSource(tc.typ.Shape(), axis, shift))
			}
		})
	}
}

// TestRollInPlaceTransformations connects an input transformation and an
// output transformation to the array of a RollInPlace, so that it reads
// one array and writes another.
func TestRollInPlaceTransformations(t *testing.T) {
	thr := cludatest.Thread(t)
	typ := core.ArrayOf(dtypes.Complex64, 3, 8)
	r := comptest.Must(computations.NewRollInPlace(typ, 1, computations.RollOptions{}))
	connectScalings(t, r.Computation, "array", typ, 2, "array", typ, 2)
	c := comptest.Must(r.Compile(thr))
	defer c.Release()
	rng := rand.New(rand.NewPCG(15, 16))
	x := randomValues(rng, typ.DType(), typ.Size()).([]complex64)
	in, out := uploadValues(t, thr, typ, x), comptest.ArrayOfType(t, thr, typ)
	if err := c.Call(out, in, 3); err != nil {
		t.Fatal(err)
	}
	checkGathered(t, readValues(t, out), scaledValues(x, 4), rollSource([]int{3, 8}, 1, 3))
}

func TestRollErrors(t *testing.T) {
	f32 := core.ArrayOf(dtypes.Float32, 4, 5)
	for _, tc := range []struct {
		name string
		typ  core.Type
		axis int
		opts computations.RollOptions
		want string
	}{
		{"scalar", core.ScalarOf(dtypes.Float32), 0, computations.RollOptions{}, "scalar"},
		{"0-d", core.ArrayOf(dtypes.Float32), 0, computations.RollOptions{}, "axis 0 is out of range for an array of 0 dimensions"},
		{"axis", f32, 2, computations.RollOptions{}, "axis 2 is out of range"},
		{"negative axis", f32, -3, computations.RollOptions{}, "axis -3 is out of range"},
		{"float shift", f32, 0, computations.RollOptions{ShiftDType: dtypes.Float32}, "not a signed integer"},
		{"unsigned shift", f32, 0, computations.RollOptions{ShiftDType: dtypes.Uint32}, "not a signed integer"},
		{"output shape", f32, 0, computations.RollOptions{Output: core.ArrayOf(dtypes.Float32, 5, 4)}, "shape"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := computations.NewRoll(tc.typ, tc.axis, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Roll: got error %v, want one that says %q", err, tc.want)
			}
			if tc.opts.Output.IsArray() {
				return
			}
			_, err = computations.NewRollInPlace(tc.typ, tc.axis, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("RollInPlace: got error %v, want one that says %q", err, tc.want)
			}
		})
	}
	t.Run("in place with an output", func(t *testing.T) {
		_, err := computations.NewRollInPlace(f32, 0, computations.RollOptions{Output: f32})
		if err == nil || !strings.Contains(err.Error(), "output type") {
			t.Errorf("got error %v, want one about the output type", err)
		}
	})
	thr := cludatest.Thread(t)
	c := comptest.Must(comptest.Must(computations.NewRoll(f32, 0, computations.RollOptions{})).Compile(thr))
	defer c.Release()
	in, out := comptest.ArrayOfType(t, thr, f32), comptest.ArrayOfType(t, thr, f32)
	t.Run("in place", func(t *testing.T) {
		if err := c.Call(in, in, 1); err == nil {
			t.Errorf("Roll with the output in the input: no error")
		}
	})
	for _, shift := range []any{2.5, int64(math.MaxInt32) + 1, "1"} {
		t.Run(fmt.Sprintf("call shift %T %v", shift, shift), func(t *testing.T) {
			if err := c.Call(out, in, shift); err == nil || !strings.Contains(err.Error(), "int32") {
				t.Errorf("got error %v, want one that names int32", err)
			}
		})
	}
}
