package computations_test

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// f32 returns a contiguous float32 array type of the given shape.
func f32(shape ...int) core.Type { return core.ArrayOf(dtypes.Float32, shape...) }

func TestMatrixMulShapes(t *testing.T) {
	thr := cludatest.Thread(t)
	tr := computations.MatrixMulOptions{TransposedA: true}
	trB := computations.MatrixMulOptions{TransposedB: true}
	trAB := computations.MatrixMulOptions{TransposedA: true, TransposedB: true}
	for _, tc := range []struct {
		name string
		matmulCase
	}{
		{"small", matmulCase{a: f32(5, 7), b: f32(7, 3)}},
		{"square", matmulCase{a: f32(64, 64), b: f32(64, 64)}},
		{"partial tiles", matmulCase{a: f32(130, 70), b: f32(70, 129)}},
		{"one row", matmulCase{a: f32(1, 40), b: f32(40, 33)}},
		{"transposed a", matmulCase{a: f32(37, 21), b: f32(37, 19), opts: tr}},
		{"transposed b", matmulCase{a: f32(21, 37), b: f32(19, 37), opts: trB}},
		{"both transposed", matmulCase{a: f32(37, 21), b: f32(19, 37), opts: trAB}},
		{"batch", matmulCase{a: f32(3, 20, 30), b: f32(3, 30, 10)}},
		{"batch of a", matmulCase{a: f32(2, 3, 20, 30), b: f32(30, 10)}},
		{"batch of b", matmulCase{a: f32(20, 30), b: f32(4, 30, 10)}},
		{"batch of b with axes of 1", matmulCase{a: f32(1, 1, 20, 30), b: f32(4, 30, 10)}},
		{"batch with leading 1", matmulCase{a: f32(1, 3, 5, 6), b: f32(3, 6, 7)}},
		{"transposed batch", matmulCase{a: f32(3, 30, 20), b: f32(3, 10, 30), opts: trAB}},
		{"1-D a", matmulCase{a: f32(7), b: f32(7, 5)}},
		{"1-D b", matmulCase{a: f32(4, 7), b: f32(7)}},
		{"1-D both", matmulCase{a: f32(9), b: f32(9)}},
		{"1-D a, batched b", matmulCase{a: f32(6), b: f32(2, 6, 5)}},
		{"inner 1", matmulCase{a: f32(6, 1), b: f32(1, 5)}},
		{"inner 0", matmulCase{a: f32(6, 0), b: f32(0, 5)}},
		{"long inner", matmulCase{a: f32(3, 1000), b: f32(1000, 2)}},
	} {
		t.Run(tc.name, func(t *testing.T) { runMatmul(t, thr, tc.matmulCase, 1, 1) })
	}
}

// TestMatrixMulDTypes multiplies operands of every supported dtype, and of
// mixed dtypes, which give numpy's result type.
func TestMatrixMulDTypes(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, tc := range []struct{ a, b, out dtypes.DType }{
		{dtypes.Float32, dtypes.Float32, dtypes.Float32},
		{dtypes.Float64, dtypes.Float64, dtypes.Float64},
		{dtypes.Complex64, dtypes.Complex64, dtypes.Complex64},
		{dtypes.Complex128, dtypes.Complex128, dtypes.Complex128},
		{dtypes.Float32, dtypes.Complex64, dtypes.Complex64},
		{dtypes.Complex64, dtypes.Float64, dtypes.Complex128},
		{dtypes.Float32, dtypes.Float64, dtypes.Float64},
		{dtypes.Int32, dtypes.Float32, dtypes.Float64},
		{dtypes.Int16, dtypes.Complex64, dtypes.Complex64},
	} {
		t.Run(fmt.Sprintf("%v×%v", tc.a, tc.b), func(t *testing.T) {
			c := matmulCase{a: core.ArrayOf(tc.a, 2, 33, 45), b: core.ArrayOf(tc.b, 2, 45, 70)}
			mm, err := computations.NewMatrixMul(c.a, c.b, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if p, _ := mm.Parameter("output"); p.Type().DType() != tc.out {
				t.Errorf("output dtype %v, want %v", p.Type().DType(), tc.out)
			}
			runMatmul(t, thr, c, 1, 1)
		})
	}
	t.Run("float64 into float32", func(t *testing.T) {
		c := matmulCase{a: core.ArrayOf(dtypes.Float64, 20, 30), b: core.ArrayOf(dtypes.Float64, 30, 10),
			opts: computations.MatrixMulOptions{Output: f32(20, 10)}}
		runMatmul(t, thr, c, 1, 1)
	})
	t.Run("float32 into complex64", func(t *testing.T) {
		c := matmulCase{a: f32(20, 30), b: f32(30, 10),
			opts: computations.MatrixMulOptions{Output: core.ArrayOf(dtypes.Complex64, 20, 10)}}
		runMatmul(t, thr, c, 1, 1)
	})
}

// TestMatrixMulTilings runs the GPU's tilings of every dtype on the test's
// device, and small odd ones for float32, across the edges of their tiles;
// the largest tiling of each dtype also with the operands stored
// transposed.
func TestMatrixMulTilings(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, dt := range []dtypes.DType{dtypes.Float32, dtypes.Float64, dtypes.Complex64, dtypes.Complex128} {
		tilings := computations.MatrixMulTilingsFor(dt)
		if dt == dtypes.Float32 {
			tilings = append(tilings, []computations.MatrixMulTiling{
				{BlockM: 16, BlockN: 16, BlockK: 4, ItemM: 2, ItemN: 2},
				{BlockM: 8, BlockN: 32, BlockK: 8, ItemM: 1, ItemN: 4},
				{BlockM: 32, BlockN: 16, BlockK: 8, ItemM: 4, ItemN: 1},
			}...)
		}
		for i, tiling := range tilings {
			for _, opts := range []computations.MatrixMulOptions{{}, {TransposedA: true, TransposedB: true}} {
				if opts.TransposedA && i > 0 {
					continue
				}
				opts.Tiling = tiling
				name := fmt.Sprintf("%v/%v/transposed=%v", dt, tiling, opts.TransposedA)
				t.Run(name, func(t *testing.T) {
					a, b := core.ArrayOf(dt, 2, 150, 41), core.ArrayOf(dt, 2, 41, 131)
					if opts.TransposedA {
						a, b = core.ArrayOf(dt, 2, 41, 150), core.ArrayOf(dt, 2, 131, 41)
					}
					runMatmul(t, thr, matmulCase{a: a, b: b, opts: opts}, 1, 1)
				})
			}
		}
	}
}

// TestMatrixMulLayouts multiplies operands with strides and offsets into
// an output with an offset.
func TestMatrixMulLayouts(t *testing.T) {
	thr := cludatest.Thread(t)
	layout := func(dt dtypes.DType, shape, strides []int, offset int) core.Type {
		typ, err := core.NewArrayType(dt, shape, strides, offset)
		if err != nil {
			t.Fatal(err)
		}
		return typ
	}
	dt := dtypes.Complex64
	// Every other row of a 40×30 array, from the second element on.
	a := layout(dt, []int{20, 30}, []int{2 * 30 * 8, 8}, 8)
	// A column-major matrix.
	b := layout(dt, []int{30, 17}, []int{8, 30 * 8}, 0)
	out := layout(dt, []int{20, 17}, []int{17 * 8, 8}, 64)
	runMatmul(t, thr, matmulCase{a: a, b: b, opts: computations.MatrixMulOptions{Output: out}}, 1, 1)
}

// TestMatrixMulFused connects scalings to matrix_a, matrix_b and the
// output; all run inside the kernel.
func TestMatrixMulFused(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, dt := range []dtypes.DType{dtypes.Float32, dtypes.Complex64} {
		t.Run(dt.String(), func(t *testing.T) {
			c := matmulCase{a: core.ArrayOf(dt, 3, 40, 50), b: core.ArrayOf(dt, 3, 50, 20), bScale: 0.25}
			if kernels := runMatmul(t, thr, c, 0.5, 4); kernels != 1 {
				t.Errorf("%d kernels, want 1", kernels)
			}
		})
	}
}

func TestMatrixMulErrors(t *testing.T) {
	c64 := func(shape ...int) core.Type { return core.ArrayOf(dtypes.Complex64, shape...) }
	for _, tc := range []struct {
		name string
		a, b core.Type
		opts computations.MatrixMulOptions
		want string
	}{
		{"inner dimensions", f32(3, 4), f32(5, 6), computations.MatrixMulOptions{}, "inner dimensions differ"},
		{"inner dimensions transposed", f32(3, 4), f32(3, 6), computations.MatrixMulOptions{TransposedA: false, TransposedB: true}, "inner dimensions differ"},
		{"batch shapes", f32(2, 3, 4), f32(3, 4, 5), computations.MatrixMulOptions{}, "not broadcastable"},
		{"batch ranks", f32(2, 3, 3, 4), f32(6, 4, 5), computations.MatrixMulOptions{}, "not broadcastable"},
		{"0-d", f32(), f32(3), computations.MatrixMulOptions{}, "0-d"},
		{"scalar", core.ScalarOf(dtypes.Float32), f32(3), computations.MatrixMulOptions{}, "scalar"},
		{"1-D transposed", f32(3), f32(3, 2), computations.MatrixMulOptions{TransposedA: true}, "cannot be transposed"},
		{"integers", core.ArrayOf(dtypes.Int32, 2, 2), core.ArrayOf(dtypes.Int32, 2, 2), computations.MatrixMulOptions{}, "float or complex"},
		{"complex into real", c64(2, 2), f32(2, 2), computations.MatrixMulOptions{Output: f32(2, 2)}, "imaginary"},
		{"output shape", f32(2, 3), f32(3, 4), computations.MatrixMulOptions{Output: f32(4, 2)}, "output type"},
		{"output integer", f32(2, 3), f32(3, 4), computations.MatrixMulOptions{Output: core.ArrayOf(dtypes.Int32, 2, 4)}, "float or complex"},
		{"tiling not dividing", f32(2, 3), f32(3, 4), computations.MatrixMulOptions{Tiling: computations.MatrixMulTiling{BlockM: 30, BlockN: 32, BlockK: 8, ItemM: 4, ItemN: 4}}, "multiples"},
		{"tiling loads", f32(2, 3), f32(3, 4), computations.MatrixMulOptions{Tiling: computations.MatrixMulTiling{BlockM: 32, BlockN: 32, BlockK: 3, ItemM: 2, ItemN: 2}}, "do not divide"},
		{"tiling zero", f32(2, 3), f32(3, 4), computations.MatrixMulOptions{Tiling: computations.MatrixMulTiling{BlockM: 32}}, "positive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := computations.NewMatrixMul(tc.a, tc.b, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestMatrixMulHugeTilings checks that tilings of huge sizes, whose
// products overflow an int, are refused by the constructor with an error
// naming the field and its value, rather than dividing by a work-item
// count that overflowed to zero or failing later in the kernel's template.
func TestMatrixMulHugeTilings(t *testing.T) {
	type tiling = computations.MatrixMulTiling
	cases := []struct {
		name   string
		tiling tiling
		want   string
	}{
		{"blocks of 2^40", tiling{BlockM: 1 << 40, BlockN: 1 << 40, BlockK: 8, ItemM: 1, ItemN: 1}, "BlockM/ItemM = 1099511627776"},
		{"blocks and items of 2^40", tiling{BlockM: 1 << 40, BlockN: 1 << 40, BlockK: 8, ItemM: 1 << 40, ItemN: 1 << 40}, "ItemM·ItemN = 1099511627776·1099511627776"},
		{"BlockM of 2^61", tiling{BlockM: 1 << 61, BlockN: 32, BlockK: 8, ItemM: 1 << 61, ItemN: 4}, "BlockM = 2305843009213693952"},
	}
	fields := []struct {
		name string
		set  func(*tiling, int)
	}{
		{"BlockM", func(t *tiling, v int) { t.BlockM, t.ItemM = v, v }},
		{"BlockN", func(t *tiling, v int) { t.BlockN, t.ItemN = v, v }},
		{"BlockK", func(t *tiling, v int) { t.BlockK = v }},
		{"ItemM", func(t *tiling, v int) { t.ItemM = v }},
	}
	for _, f := range fields {
		for _, v := range []int{1 << 31, 1 << 40, 1 << 61, math.MaxInt} {
			tl := tiling{BlockM: 32, BlockN: 32, BlockK: 8, ItemM: 4, ItemN: 4}
			f.set(&tl, v)
			cases = append(cases, struct {
				name   string
				tiling tiling
				want   string
			}{fmt.Sprintf("%s %d", f.name, v), tl, fmt.Sprint(v)})
		}
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := computations.NewMatrixMul(f32(4, 4), f32(4, 4), computations.MatrixMulOptions{Tiling: tc.tiling})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestMatrixMulDeviceLimits compiles tilings the constructor accepts but
// too large for the device's work-groups or local memory: an error naming
// the fields, not a crash.
func TestMatrixMulDeviceLimits(t *testing.T) {
	thr := cludatest.Thread(t)
	side := 2
	for side*side <= thr.Params().MaxWorkGroupSize {
		side *= 2
	}
	// Slices of 64 rows and columns, 256 work-items loading 256 elements
	// each, twice, padded by a vector of 4: more than 1 MiB.
	deep := 256 * 256 / 64
	deepBytes := 2 * deep * (64 + 4 + 64) * 4
	for _, tc := range []struct {
		name     string
		tiling   computations.MatrixMulTiling
		minLocal int // the local memory above which the tiling fits
		want     string
	}{
		{"work-items", computations.MatrixMulTiling{BlockM: side, BlockN: side, BlockK: side, ItemM: 1, ItemN: 1}, 0, "work-items"},
		// The slices alone exceed a device's local memory of less than
		// twice 64·deep elements, their padded pair one of less than
		// deepBytes: either refusal names BlockK and local memory.
		{"local memory", computations.MatrixMulTiling{BlockM: 64, BlockN: 64, BlockK: deep, ItemM: 4, ItemN: 4}, deepBytes, fmt.Sprintf(`BlockK = %d.* take more than the device's \d+ bytes of local memory`, deep)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if local := int(thr.Params().LocalMemSize); tc.minLocal > 0 && local >= tc.minLocal {
				t.Skipf("the device's %d bytes of local memory hold the tiling", local)
			}
			mm, err := computations.NewMatrixMul(f32(4, 4), f32(4, 4), computations.MatrixMulOptions{Tiling: tc.tiling})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := mm.Compile(thr); err == nil || !regexp.MustCompile(tc.want).MatchString(err.Error()) {
				t.Errorf("error %v, want one matching %q", err, tc.want)
			}
		})
	}
}

// TestMatrixMulTensorCores runs float64 products large enough for the
// tensor cores' kernel (128 × 128 tiles over every compute unit of an
// H200) where the device takes it: whole tiles, tiles across the edges of
// all three sizes in a batch, transposed operands, and scalings fused into
// its loads and stores. On a device without tensor cores each case runs
// at an eighth of its sizes, on the kernel the device takes.
func TestMatrixMulTensorCores(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, tc := range []struct {
		name string
		tensorCoresCase
	}{
		{"whole tiles", tensorCoresCase{1, 1536, 512, 1536, false, 1, 0, 1}},
		{"edges", tensorCoresCase{2, 1000, 333, 1200, false, 1, 0, 1}},
		{"transposed", tensorCoresCase{1, 1536, 256, 1536, true, 1, 0, 1}},
		{"fused scalings", tensorCoresCase{1, 1536, 256, 1408, false, 0.5, 0.25, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			runTensorCores(t, thr, tc.tensorCoresCase, dtypes.Float64, computations.Float32Precision, "/mma-f64")
		})
	}
}
