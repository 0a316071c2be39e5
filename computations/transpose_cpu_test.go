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

// skipCUDA skips a test of the CPU's kernel of Transpose, which only
// OpenCL devices run.
func skipCUDA(t *testing.T, thr *cluda.Thread) {
	t.Helper()
	if thr.Params().API == cluda.CUDA {
		t.Skip("the CPU's kernel of Transpose is OpenCL's")
	}
}

// cpuPassNames returns the names of n passes of the CPU's kernel.
func cpuPassNames(n int) []string {
	var names []string
	for i := range n {
		names = append(names, fmt.Sprintf("transpose_cpu_pass%d", i))
	}
	return names
}

// transposeCPUShapes are permutations for the CPU's kernel: sides that are
// and are not multiples of the blocks (16 elements of 4 bytes, 8 of 8, 4
// of 16), matrices smaller than a block, batches, 3-D and 4-D permutations
// of one pass and of several; passes is their number. Each is a kernel
// the compiler takes seconds over on PoCL (its blocks are unrolled): the
// list is kept short.
var transposeCPUShapes = []struct {
	shape, axes []int
	passes      int
}{
	{[]int{32, 64}, nil, 1},
	{[]int{1, 1}, []int{1, 0}, 0},
	{[]int{5, 3}, nil, 1},
	{[]int{17, 33}, nil, 1},
	{[]int{5, 19, 23}, []int{0, 2, 1}, 1},
	{[]int{7, 9, 11}, []int{2, 1, 0}, 2},
	{[]int{2, 3, 17, 5}, []int{3, 1, 0, 2}, 2},
}

// TestTransposeCPU runs the CPU's kernel on every permutation of
// transposeCPUShapes in float32 and checks every element and the kernels.
func TestTransposeCPU(t *testing.T) {
	thr := cludatest.Thread(t)
	skipCUDA(t, thr)
	for _, tc := range transposeCPUShapes {
		t.Run(fmt.Sprintf("%v/%v", tc.shape, tc.axes), func(t *testing.T) {
			kernels := runTranspose(t, thr, core.ArrayOf(dtypes.Float32, tc.shape...), tc.axes, computations.TransposeOptions{}, -1)
			want := cpuPassNames(tc.passes)
			if tc.passes == 0 {
				want = []string{"transpose_gather"}
			}
			if !slices.Equal(kernels, want) {
				t.Errorf("kernels %v, want %v", kernels, want)
			}
		})
	}
}

// TestTransposeCPUDTypes runs the CPU's kernel on elements of every size,
// from 1 to 16 bytes, with partial blocks and batches.
func TestTransposeCPUDTypes(t *testing.T) {
	thr := cludatest.Thread(t)
	skipCUDA(t, thr)
	for _, dt := range append(slices.Clone(movementDTypes), dtypes.Int16, dtypes.Float16) {
		// Every kernel of the unrolled blocks takes the compiler seconds
		// on PoCL: one permutation per element size, with partial blocks
		// and a batch (TestTransposeCPU has the shapes in float32).
		for _, tc := range []struct{ shape, axes []int }{
			{[]int{3, 33, 40}, []int{2, 0, 1}},
		} {
			t.Run(fmt.Sprintf("%v/%v/%v", dt, tc.shape, tc.axes), func(t *testing.T) {
				runTranspose(t, thr, core.ArrayOf(dt, tc.shape...), tc.axes, computations.TransposeOptions{}, -1)
			})
		}
	}
}

// cpuTransposeTriple is a struct of 12 bytes: blocks of 5 elements.
type cpuTransposeTriple struct {
	A float32
	B int32
	C uint32
}

// TestTransposeCPUStruct runs the CPU's kernel on a struct dtype.
func TestTransposeCPUStruct(t *testing.T) {
	thr := cludatest.Thread(t)
	skipCUDA(t, thr)
	dt, err := dtypes.StructFor[cpuTransposeTriple]()
	if err != nil {
		t.Fatal(err)
	}
	shape, axes := []int{2, 23, 31}, []int{2, 0, 1}
	input := core.ArrayOf(dt, shape...)
	tr := comptest.Must(computations.NewTranspose(input, axes, computations.TransposeOptions{}))
	computations.SetTransposeCPU(tr)
	c := comptest.Must(tr.Compile(thr))
	defer c.Release()
	x := make([]cpuTransposeTriple, input.Size())
	for i := range x {
		x[i] = cpuTransposeTriple{A: float32(i) + 0.5, B: int32(-i), C: uint32(3 * i)}
	}
	in := uploadValues(t, thr, input, x)
	out := comptest.ArrayOfType(t, thr, core.ArrayOf(dt, 31, 2, 23))
	if err := c.Call(out, in); err != nil {
		t.Fatal(err)
	}
	got := make([]cpuTransposeTriple, input.Size())
	if err := out.Get(got); err != nil {
		t.Fatal(err)
	}
	checkGathered(t, got, x, transposeSource(shape, axes))
}

// TestTransposeCPUTransformations connects a scaling on the input and one
// on the output of the CPU's kernel: they run inside its loads and stores.
func TestTransposeCPUTransformations(t *testing.T) {
	thr := cludatest.Thread(t)
	skipCUDA(t, thr)
	for _, tc := range []struct{ shape, axes []int }{
		{[]int{4, 9, 35}, []int{2, 0, 1}},
		{[]int{5, 6, 7}, []int{2, 1, 0}},
		{[]int{48, 32}, nil},
	} {
		t.Run(fmt.Sprintf("%v/%v", tc.shape, tc.axes), func(t *testing.T) {
			input := core.ArrayOf(dtypes.Complex64, tc.shape...)
			tr := comptest.Must(computations.NewTranspose(input, tc.axes, computations.TransposeOptions{}))
			computations.SetTransposeCPU(tr)
			outParam, _ := tr.Parameter("output")
			output := outParam.Type()
			connectScalings(t, tr.Computation, "input", input, 2, "output", output, 4)
			c := comptest.Must(tr.Compile(thr))
			defer c.Release()
			for _, k := range c.Kernels() {
				if !strings.HasPrefix(k.Name, "transpose_cpu_pass") {
					t.Errorf("kernel %s, want the CPU's passes", k.Name)
				}
			}
			x := randomValues(rand.New(rand.NewPCG(3, 4)), dtypes.Complex64, input.Size()).([]complex64)
			in := uploadValues(t, thr, input, x)
			out := comptest.ArrayOfType(t, thr, output)
			if err := c.Call(out, in); err != nil {
				t.Fatal(err)
			}
			checkGathered(t, readValues(t, out), scaledValues(x, 8), transposeSource(tc.shape, normalPermutation(tc.axes, len(tc.shape))))
		})
	}
}

// TestTransposeCPULayouts runs the CPU's kernel on a strided input and a
// column-major output with an offset.
func TestTransposeCPULayouts(t *testing.T) {
	thr := cludatest.Thread(t)
	skipCUDA(t, thr)
	dt := dtypes.Float64
	strided := func(shape, strides []int, offset int) core.Type {
		typ, err := core.NewArrayType(dt, shape, strides, offset)
		if err != nil {
			t.Fatal(err)
		}
		return typ
	}
	t.Run("input", func(t *testing.T) {
		input := strided([]int{13, 20}, []int{2 * 40 * 8, 2 * 8}, 8)
		runTranspose(t, thr, input, []int{1, 0}, computations.TransposeOptions{}, -1)
	})
	t.Run("output", func(t *testing.T) {
		output := strided([]int{5, 14, 3}, []int{8, 5 * 8, 70 * 8}, 64)
		runTranspose(t, thr, core.ArrayOf(dt, 3, 5, 14), []int{1, 2, 0}, computations.TransposeOptions{Output: output}, -1)
	})
}

// TestTransposeCPUByRules checks that an OpenCL CPU takes its own kernel by
// the rules for an array of more than 1 MiB, and the GPU's tiles when
// asked for them.
func TestTransposeCPUByRules(t *testing.T) {
	thr := cludatest.Thread(t)
	if p := thr.Params(); !p.IsCPU() || p.API == cluda.CUDA {
		t.Skip("not an OpenCL CPU")
	}
	input := core.ArrayOf(dtypes.Float32, 3, 300, 301)
	if got := runTranspose(t, thr, input, []int{0, 2, 1}, computations.TransposeOptions{}, 0); !slices.Equal(got, cpuPassNames(1)) {
		t.Errorf("kernels %v, want %v", got, cpuPassNames(1))
	}
	if got := runTranspose(t, thr, input, []int{0, 2, 1}, computations.TransposeOptions{}, 32); !slices.Equal(got, []string{"transpose_pass0"}) {
		t.Errorf("with tiles: kernels %v, want [transpose_pass0]", got)
	}
}
