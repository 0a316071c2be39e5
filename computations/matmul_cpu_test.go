package computations_test

import (
	"fmt"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestMatrixMulCPU runs the CPU's kernel, on any OpenCL device, with its
// vectors along each dimension, for every dtype: sizes that are not
// multiples of its blocks and that are, inner dimensions with and without
// a part of a vector left over, batches of either operand and of both,
// and 1-D operands; each product of fresh random values into an output
// poisoned with NaNs, against float64 products.
func TestMatrixMulCPU(t *testing.T) {
	thr := cludatest.Thread(t)
	cludatest.RequireOpenCL(t, thr)
	trA := computations.MatrixMulOptions{TransposedA: true}
	trB := computations.MatrixMulOptions{TransposedB: true}
	trAB := computations.MatrixMulOptions{TransposedA: true, TransposedB: true}
	for _, tc := range []struct {
		name string
		a, b []int
		opts computations.MatrixMulOptions
		kind string
	}{
		{"along n, odd sizes", []int{37, 53}, []int{53, 71}, computations.MatrixMulOptions{}, "n"},
		{"along n, whole blocks", []int{24, 40}, []int{40, 192}, computations.MatrixMulOptions{}, "n"},
		{"along n, transposed a", []int{53, 37}, []int{53, 71}, trA, "n"},
		{"along n, one column", []int{5, 9}, []int{9, 1}, computations.MatrixMulOptions{}, "n"},
		{"along m", []int{53, 37}, []int{71, 53}, trAB, "m"},
		{"along m, three columns", []int{29, 70}, []int{29, 3}, trA, "m"},
		{"along k, odd inner", []int{37, 53}, []int{71, 53}, trB, "k"},
		{"along k, whole vectors", []int{9, 64}, []int{10, 64}, trB, "k"},
		{"along k, inner below a vector", []int{9, 5}, []int{10, 5}, trB, "k"},
		{"batch", []int{3, 20, 30}, []int{3, 30, 45}, computations.MatrixMulOptions{}, "n"},
		{"batch of a", []int{2, 3, 20, 30}, []int{30, 45}, computations.MatrixMulOptions{}, "n"},
		{"batch of b along k", []int{20, 30}, []int{4, 45, 30}, trB, "k"},
		{"batch along m", []int{3, 30, 20}, []int{3, 45, 30}, trAB, "m"},
		{"1-D a", []int{30}, []int{30, 45}, computations.MatrixMulOptions{}, "n"},
		{"1-D b", []int{20, 30}, []int{30}, computations.MatrixMulOptions{}, "k"},
		{"1-D b, transposed a", []int{30, 20}, []int{30}, trA, "m"},
		{"1-D both", []int{30}, []int{30}, computations.MatrixMulOptions{}, "k"},
		{"inner 0", []int{6, 0}, []int{0, 5}, computations.MatrixMulOptions{}, "n"},
		{"one element", []int{1, 1}, []int{1, 1}, computations.MatrixMulOptions{}, "n"},
	} {
		for _, dt := range []dtypes.DType{dtypes.Float32, dtypes.Float64, dtypes.Complex64, dtypes.Complex128} {
			t.Run(fmt.Sprintf("%s/%v", tc.name, dt), func(t *testing.T) {
				c := matmulCase{a: core.ArrayOf(dt, tc.a...), b: core.ArrayOf(dt, tc.b...), opts: tc.opts, cpuKind: tc.kind}
				runMatmul(t, thr, c, 1, 1)
			})
		}
	}
}

// TestMatrixMulCPUSlices runs the CPU's kernel along N and M in slices of
// the inner dimension, of 16 inner indices for 3 blocks at a time (the
// plan's own slices serve larger products): inner dimensions that slices
// divide and that they do not, blocks in part past the matrices, a
// number of blocks that rounds do not divide and one whose positions are
// a power of two, batches and 1-D operands.
func TestMatrixMulCPUSlices(t *testing.T) {
	thr := cludatest.Thread(t)
	cludatest.RequireOpenCL(t, thr)
	trAB := computations.MatrixMulOptions{TransposedA: true, TransposedB: true}
	for _, tc := range []struct {
		name string
		a, b []int
		opts computations.MatrixMulOptions
		kind string
	}{
		{"along n, odd sizes", []int{37, 53}, []int{53, 71}, computations.MatrixMulOptions{}, "n"},
		{"along n, whole slices and blocks", []int{24, 48}, []int{48, 192}, computations.MatrixMulOptions{}, "n"},
		{"along n, 12 blocks of rows", []int{70, 33}, []int{33, 40}, computations.MatrixMulOptions{}, "n"},
		{"along m", []int{53, 37}, []int{71, 53}, trAB, "m"},
		{"batch", []int{3, 20, 30}, []int{3, 30, 45}, computations.MatrixMulOptions{}, "n"},
		{"1-D a", []int{30}, []int{30, 45}, computations.MatrixMulOptions{}, "n"},
		{"along k, not sliced", []int{37, 53}, []int{71, 53}, computations.MatrixMulOptions{TransposedB: true}, "k"},
	} {
		for _, dt := range []dtypes.DType{dtypes.Float32, dtypes.Float64, dtypes.Complex64, dtypes.Complex128} {
			t.Run(fmt.Sprintf("%s/%v", tc.name, dt), func(t *testing.T) {
				c := matmulCase{a: core.ArrayOf(dt, tc.a...), b: core.ArrayOf(dt, tc.b...), opts: tc.opts, cpuKind: tc.kind, cpuSlices: [2]int{16, 3}}
				runMatmul(t, thr, c, 1, 1)
			})
		}
	}
}

// TestMatrixMulCPUConversions runs the CPU's kernel on operands of dtypes
// other than the output's, which it converts as it loads them.
func TestMatrixMulCPUConversions(t *testing.T) {
	thr := cludatest.Thread(t)
	cludatest.RequireOpenCL(t, thr)
	trB := computations.MatrixMulOptions{TransposedB: true}
	for _, tc := range []struct {
		a, b dtypes.DType
		out  dtypes.DType // the default where Invalid
		opts computations.MatrixMulOptions
		kind string
	}{
		{dtypes.Int16, dtypes.Complex64, dtypes.Invalid, computations.MatrixMulOptions{}, "n"},
		{dtypes.Float32, dtypes.Complex64, dtypes.Invalid, trB, "k"},
		{dtypes.Complex64, dtypes.Float64, dtypes.Invalid, computations.MatrixMulOptions{}, "n"},
		{dtypes.Float32, dtypes.Float64, dtypes.Invalid, trB, "k"},
		{dtypes.Float64, dtypes.Float64, dtypes.Float32, computations.MatrixMulOptions{}, "n"},
		{dtypes.Float32, dtypes.Float32, dtypes.Complex64, computations.MatrixMulOptions{TransposedA: true, TransposedB: true}, "m"},
	} {
		t.Run(fmt.Sprintf("%v×%v→%v/%s", tc.a, tc.b, tc.out, tc.kind), func(t *testing.T) {
			a, b := core.ArrayOf(tc.a, 2, 33, 45), core.ArrayOf(tc.b, 2, 45, 70)
			if tc.opts.TransposedA {
				a = core.ArrayOf(tc.a, 2, 45, 33)
			}
			if tc.opts.TransposedB {
				b = core.ArrayOf(tc.b, 2, 70, 45)
			}
			if tc.out != dtypes.Invalid {
				tc.opts.Output = core.ArrayOf(tc.out, 2, 33, 70)
			}
			runMatmul(t, thr, matmulCase{a: a, b: b, opts: tc.opts, cpuKind: tc.kind}, 1, 1)
		})
	}
}

// TestMatrixMulCPUFused connects scalings to matrix_a, matrix_b and the
// output of the CPU's kernel along each dimension: all run inside its one
// kernel. The operands have strides and offsets where layout is set.
func TestMatrixMulCPUFused(t *testing.T) {
	thr := cludatest.Thread(t)
	cludatest.RequireOpenCL(t, thr)
	for _, dt := range []dtypes.DType{dtypes.Float32, dtypes.Complex64} {
		for _, tc := range []struct {
			kind string
			a, b []int
			opts computations.MatrixMulOptions
		}{
			{"n", []int{3, 40, 50}, []int{3, 50, 20}, computations.MatrixMulOptions{}},
			{"m", []int{3, 50, 40}, []int{3, 20, 50}, computations.MatrixMulOptions{TransposedA: true, TransposedB: true}},
			{"k", []int{3, 40, 50}, []int{3, 20, 50}, computations.MatrixMulOptions{TransposedB: true}},
		} {
			t.Run(fmt.Sprintf("%v/%s", dt, tc.kind), func(t *testing.T) {
				c := matmulCase{a: core.ArrayOf(dt, tc.a...), b: core.ArrayOf(dt, tc.b...), opts: tc.opts, bScale: 0.25, cpuKind: tc.kind}
				if kernels := runMatmul(t, thr, c, 0.5, 4); kernels != 1 {
					t.Errorf("%d kernels, want 1", kernels)
				}
			})
		}
	}
	t.Run("layouts", func(t *testing.T) {
		layout := func(dt dtypes.DType, shape, strides []int, offset int) core.Type {
			typ, err := core.NewArrayType(dt, shape, strides, offset)
			if err != nil {
				t.Fatal(err)
			}
			return typ
		}
		dt := dtypes.Complex64
		// Every other row of a 40×30 array, from the second element on;
		// a column-major matrix; an output with an offset.
		a := layout(dt, []int{20, 30}, []int{2 * 30 * 8, 8}, 8)
		b := layout(dt, []int{30, 17}, []int{8, 30 * 8}, 0)
		out := layout(dt, []int{20, 17}, []int{17 * 8, 8}, 64)
		runMatmul(t, thr, matmulCase{a: a, b: b, opts: computations.MatrixMulOptions{Output: out}, cpuKind: "n"}, 1, 1)
	})
}
