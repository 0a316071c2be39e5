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

// transposeSource returns, for every element of the output of the
// permutation axes of an array of the given shape, the flat index of the
// input element it holds.
func transposeSource(shape, axes []int) []int {
	out := make([]int, len(axes))
	for k, a := range axes {
		out[k] = shape[a]
	}
	source := make([]int, shapeSize(out))
	in := make([]int, len(shape))
	for i := range source {
		idx := unflatten(i, out)
		for k, a := range axes {
			in[a] = idx[k]
		}
		source[i] = flatten(in, shape)
	}
	return source
}

// normalPermutation returns axes with negative axes counted from the end,
// and the reversed axes for nil.
func normalPermutation(axes []int, rank int) []int {
	if axes == nil {
		axes = make([]int, rank)
		for i := range axes {
			axes[i] = rank - 1 - i
		}
	}
	out := slices.Clone(axes)
	for i, a := range out {
		if a < 0 {
			out[i] = a + rank
		}
	}
	return out
}

// runTranspose permutes fresh random data of type input on the device and
// checks the result against the reference: with tiles of at most that side
// where tiles is positive, by the CPU's kernel (on any OpenCL device) where
// it is negative.
// It returns the names of the kernels it ran.
func runTranspose(t *testing.T, thr *cluda.Thread, input core.Type, axes []int, opts computations.TransposeOptions, tiles int) []string {
	t.Helper()
	comptest.Supported(t, thr, input.DType())
	tr, err := computations.NewTranspose(input, axes, opts)
	if err != nil {
		t.Fatal(err)
	}
	if tiles > 0 {
		computations.SetTransposeTiles(tr, tiles)
	}
	if tiles < 0 {
		computations.SetTransposeCPU(tr)
	}
	c, err := tr.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	rng := rand.New(rand.NewPCG(uint64(input.Size()), uint64(len(axes))))
	x := randomValues(rng, input.DType(), input.Size())
	in := uploadValues(t, thr, input, x)
	outParam, _ := tr.Parameter("output")
	out := comptest.ArrayOfType(t, thr, outParam.Type())
	if err := c.Call(out, in); err != nil {
		t.Fatal(err)
	}
	checkGathered(t, readValues(t, out), x, transposeSource(input.Shape(), normalPermutation(axes, input.Rank())))
	var names []string
	for _, k := range c.Kernels() {
		names = append(names, k.Name)
	}
	return names
}

// transposeCases are permutations that exercise the plans: one tiled
// pass, several, batches, merged axes, axes of length 1, an innermost axis
// that stays, partial tiles, the identity and 0-d arrays.
//
// passes is the number of tiled passes where tiles are asked for (0 for
// the one gathering kernel of identities).
var transposeCases = []struct {
	shape, axes []int
	passes      int
}{
	{[]int{5, 7}, []int{1, 0}, 1},
	{[]int{37, 70}, nil, 1},
	{[]int{3, 4, 5}, []int{2, 0, 1}, 1},
	{[]int{3, 4, 5}, []int{0, 2, 1}, 1},
	{[]int{3, 4, 5}, []int{1, 0, 2}, 2},
	{[]int{3, 4, 5}, []int{2, 1, 0}, 2},
	{[]int{2, 3, 4, 5}, []int{3, 1, 0, 2}, 2},
	{[]int{2, 3, 4, 5, 3}, []int{4, 2, 0, 3, 1}, 3},
	{[]int{6, 1, 5}, []int{2, 1, 0}, 1},
	{[]int{1, 9, 1, 11}, []int{3, 2, 0, 1}, 1},
	{[]int{3, 40}, []int{-2, -1}, 0},
	{[]int{4, 5}, []int{0, 1}, 0},
	{[]int{1, 1}, []int{1, 0}, 0},
	{[]int{}, nil, 0},
	{[]int{17}, []int{0}, 0},
}

func TestTranspose(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, tc := range transposeCases {
		for _, tiles := range []int{0, 8} {
			name := fmt.Sprintf("%v/%v/tiles=%d", tc.shape, tc.axes, tiles)
			t.Run(name, func(t *testing.T) {
				kernels := runTranspose(t, thr, core.ArrayOf(dtypes.Float32, tc.shape...), tc.axes, computations.TransposeOptions{}, tiles)
				// A GPU moves in tiles what a CPU gathers where the plan
				// is left to the device.
				want := []string{"transpose_gather"}
				if tc.passes > 0 && (tiles > 0 || !thr.Params().IsCPU()) {
					want = nil
					for i := range tc.passes {
						want = append(want, fmt.Sprintf("transpose_pass%d", i))
					}
				}
				if !slices.Equal(kernels, want) {
					t.Errorf("kernels %v, want %v", kernels, want)
				}
			})
		}
	}
}

// TestTransposeTileSizes permutes arrays whose passes take tiles of each
// size where tiles of 32 fit: smaller ones for short matrices.
func TestTransposeTileSizes(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, tc := range []struct{ shape, axes []int }{
		{[]int{7, 33, 40}, []int{0, 2, 1}},
		{[]int{50, 12, 10}, []int{0, 2, 1}},
		{[]int{3, 4, 5}, []int{1, 0, 2}},
	} {
		t.Run(fmt.Sprintf("%v/%v", tc.shape, tc.axes), func(t *testing.T) {
			runTranspose(t, thr, core.ArrayOf(dtypes.Uint16, tc.shape...), tc.axes, computations.TransposeOptions{}, 32)
		})
	}
	// Every device transposes an array of more than 1 MiB in passes: a
	// GPU in tiles, an OpenCL CPU by its own kernel.
	t.Run("large", func(t *testing.T) {
		kernels := runTranspose(t, thr, core.ArrayOf(dtypes.Float32, 600, 520), nil, computations.TransposeOptions{}, 0)
		want := "transpose_pass0"
		if p := thr.Params(); p.IsCPU() && p.API != cluda.CUDA {
			want = "transpose_cpu_pass0"
		}
		if !slices.Equal(kernels, []string{want}) {
			t.Errorf("kernels %v, want [%s]", kernels, want)
		}
	})
}

// TestTransposeDTypes permutes arrays of every dtype in tiles of 32, the
// GPU's, and of the smallest and largest dtypes by the gathering kernel.
func TestTransposeDTypes(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, dt := range movementDTypes {
		for _, tiles := range []int{0, 32} {
			if tiles == 0 && dt != dtypes.Int8 && dt != dtypes.Complex128 {
				continue
			}
			t.Run(fmt.Sprintf("%v/tiles=%d", dt, tiles), func(t *testing.T) {
				runTranspose(t, thr, core.ArrayOf(dt, 3, 33, 40), []int{2, 0, 1}, computations.TransposeOptions{}, tiles)
			})
		}
	}
}

// TestTransposeLayouts permutes arrays with strides and offsets, in the
// input and in the output.
func TestTransposeLayouts(t *testing.T) {
	thr := cludatest.Thread(t)
	dt := dtypes.Complex64
	strided := func(shape, strides []int, offset int) core.Type {
		typ, err := core.NewArrayType(dt, shape, strides, offset)
		if err != nil {
			t.Fatal(err)
		}
		return typ
	}
	for _, tiles := range []int{0, 16} {
		t.Run(fmt.Sprintf("input/tiles=%d", tiles), func(t *testing.T) {
			// Every other row of a 6×40 array, from the second element on.
			input := strided([]int{3, 20}, []int{2 * 40 * 8, 2 * 8}, 8)
			runTranspose(t, thr, input, []int{1, 0}, computations.TransposeOptions{}, tiles)
		})
		t.Run(fmt.Sprintf("output/tiles=%d", tiles), func(t *testing.T) {
			// A column-major output with an offset.
			output := strided([]int{5, 4, 3}, []int{8, 5 * 8, 20 * 8}, 64)
			runTranspose(t, thr, core.ArrayOf(dt, 3, 5, 4), []int{1, 2, 0}, computations.TransposeOptions{Output: output}, tiles)
		})
	}
}

// TestTransposeTransformations connects a scaling on the input and one on
// the output, and checks that they run inside the kernels of the bare
// transpose.
func TestTransposeTransformations(t *testing.T) {
	thr := cludatest.Thread(t)
	shape, axes := []int{4, 9, 35}, []int{2, 0, 1}
	input := core.ArrayOf(dtypes.Float32, shape...)
	output := core.ArrayOf(dtypes.Float32, 35, 4, 9)
	for _, tiles := range []int{0, 8} {
		t.Run(fmt.Sprintf("tiles=%d", tiles), func(t *testing.T) {
			bare := comptest.Must(computations.NewTranspose(input, axes, computations.TransposeOptions{}))
			tr := comptest.Must(computations.NewTranspose(input, axes, computations.TransposeOptions{}))
			if tiles > 0 {
				computations.SetTransposeTiles(bare, tiles)
				computations.SetTransposeTiles(tr, tiles)
			}
			connectScalings(t, tr.Computation, "input", input, 2, "output", output, 4)
			c := comptest.Must(tr.Compile(thr))
			defer c.Release()
			b := comptest.Must(bare.Compile(thr))
			defer b.Release()
			if len(c.Kernels()) != len(b.Kernels()) {
				t.Errorf("with transformations %d kernels, bare %d", len(c.Kernels()), len(b.Kernels()))
			}
			rng := rand.New(rand.NewPCG(3, 4))
			x := randomValues(rng, dtypes.Float32, input.Size()).([]float32)
			in := uploadValues(t, thr, input, x)
			out := comptest.ArrayOfType(t, thr, output)
			if err := c.Call(out, in); err != nil {
				t.Fatal(err)
			}
			checkGathered(t, readValues(t, out), scaledValues(x, 8), transposeSource(shape, axes))
		})
	}
}

// TestTransposeTwice checks that the inverse permutation undoes a
// permutation.
func TestTransposeTwice(t *testing.T) {
	thr := cludatest.Thread(t)
	shape, axes := []int{3, 5, 2, 7}, []int{2, 3, 0, 1}
	inverse := make([]int, len(axes))
	for k, a := range axes {
		inverse[a] = k
	}
	input := core.ArrayOf(dtypes.Complex64, shape...)
	first := comptest.Must(computations.NewTranspose(input, axes, computations.TransposeOptions{}))
	middle, _ := first.Parameter("output")
	second := comptest.Must(computations.NewTranspose(middle.Type(), inverse, computations.TransposeOptions{}))
	for _, tiles := range []int{0, 8} {
		t.Run(fmt.Sprintf("tiles=%d", tiles), func(t *testing.T) {
			computations.SetTransposeTiles(first, tiles)
			computations.SetTransposeTiles(second, tiles)
			c1 := comptest.Must(first.Compile(thr))
			defer c1.Release()
			c2 := comptest.Must(second.Compile(thr))
			defer c2.Release()
			rng := rand.New(rand.NewPCG(5, 6))
			x := randomValues(rng, dtypes.Complex64, input.Size())
			in := uploadValues(t, thr, input, x)
			mid := comptest.ArrayOfType(t, thr, middle.Type())
			out := comptest.ArrayOfType(t, thr, input)
			if err := c1.Call(mid, in); err != nil {
				t.Fatal(err)
			}
			if err := c2.Call(out, mid); err != nil {
				t.Fatal(err)
			}
			identity := make([]int, input.Size())
			for i := range identity {
				identity[i] = i
			}
			checkGathered(t, readValues(t, out), x, identity)
		})
	}
}

func TestTransposeErrors(t *testing.T) {
	f32 := core.ArrayOf(dtypes.Float32, 3, 4, 5)
	for _, tc := range []struct {
		name  string
		input core.Type
		axes  []int
		opts  computations.TransposeOptions
		want  string
	}{
		{"scalar", core.ScalarOf(dtypes.Float32), nil, computations.TransposeOptions{}, "scalar"},
		{"invalid", core.ArrayOf(dtypes.Float32, -1, 2), nil, computations.TransposeOptions{}, "negative"},
		{"too few axes", f32, []int{1, 0}, computations.TransposeOptions{}, "do not permute"},
		{"too many axes", f32, []int{1, 0, 2, 3}, computations.TransposeOptions{}, "do not permute"},
		{"out of range", f32, []int{0, 1, 3}, computations.TransposeOptions{}, "axis 3 is out of range"},
		{"negative out of range", f32, []int{0, 1, -4}, computations.TransposeOptions{}, "axis -4 is out of range"},
		{"repeated", f32, []int{0, 1, 1}, computations.TransposeOptions{}, "repeated"},
		{"repeated negative", f32, []int{0, 2, -1}, computations.TransposeOptions{}, "repeated"},
		{"output shape", f32, []int{2, 1, 0}, computations.TransposeOptions{Output: core.ArrayOf(dtypes.Float32, 3, 4, 5)}, "shape"},
		{"output dtype", f32, []int{2, 1, 0}, computations.TransposeOptions{Output: core.ArrayOf(dtypes.Int32, 5, 4, 3)}, "not an array of float32"},
		{"output scalar", f32, []int{2, 1, 0}, computations.TransposeOptions{Output: core.ScalarOf(dtypes.Float32)}, "scalar"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := computations.NewTranspose(tc.input, tc.axes, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %v, want one that says %q", err, tc.want)
			}
		})
	}
}
