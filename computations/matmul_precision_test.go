package computations_test

import (
	"math"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// roundValues rounds the real parts of x (finite float32 values) as the
// tensor cores round their operands in the precision p.
func roundValues(x []complex128, p computations.MatrixMulPrecision) {
	for i, v := range x {
		x[i] = complex(roundToPrecision(real(v), p), 0)
	}
}

// roundToPrecision returns the float32 value v rounded to TF32 (to the nearest,
// ties away from zero: cvt.rna.tf32.f32), bfloat16 or half precision (to
// the nearest even: cvt.rn.bf16x2.f32, cvt.rn.f16x2.f32), for values
// within half precision's range.
func roundToPrecision(v float64, p computations.MatrixMulPrecision) float64 {
	bits := math.Float32bits(float32(v))
	switch p {
	case computations.TF32Precision:
		// 13 of float32's 23 mantissa bits dropped; adding half of the
		// last kept one to the magnitude rounds ties away from zero.
		return float64(math.Float32frombits((bits + 0x1000) &^ 0x1fff))
	case computations.BFloat16Precision:
		return float64(math.Float32frombits((bits + 0x7fff + (bits>>16)&1) &^ 0xffff))
	case computations.Float16Precision:
		if math.Abs(v) < 0x1p-14 {
			// Half precision's subnormals are multiples of 2⁻²⁴.
			return math.RoundToEven(v*0x1p24) * 0x1p-24
		}
		return float64(math.Float32frombits((bits + 0xfff + (bits>>13)&1) &^ 0x1fff))
	}
	return v
}

// TestRoundTo checks the rounding of the reference against values whose
// rounding is known.
func TestRoundTo(t *testing.T) {
	for _, tc := range []struct {
		p       computations.MatrixMulPrecision
		v, want float64
	}{
		{computations.TF32Precision, 1 + 0x1p-11, 1 + 0x1p-10}, // a tie, away from zero
		{computations.TF32Precision, -(1 + 0x1p-11), -(1 + 0x1p-10)},
		{computations.TF32Precision, 1 + 0x1p-12, 1},
		{computations.BFloat16Precision, 1 + 0x1p-8, 1}, // a tie, to the even 1
		{computations.BFloat16Precision, 1 + 3*0x1p-8, 1 + 0x1p-6},
		{computations.Float16Precision, 1 + 0x1p-11, 1},
		{computations.Float16Precision, 1 + 3*0x1p-11, 1 + 0x1p-9},
		{computations.Float16Precision, 3 * 0x1p-26, 0x1p-24}, // a subnormal
		{computations.Float32Precision, 1 + 0x1p-20, 1 + 0x1p-20},
	} {
		if got := roundToPrecision(tc.v, tc.p); got != tc.want {
			t.Errorf("%v of %v: %v, want %v", tc.p, tc.v, got, tc.want)
		}
	}
}

// TestMatrixMulReducedPrecision runs float32 products in each reduced
// precision, large enough for the tensor cores' kernel of 128 × 256 tiles
// over every compute unit of an H200: whole tiles, tiles across the edges
// of all three sizes in a batch, transposed operands, and scalings fused
// into the loads and stores. Where the device takes the tensor cores, the
// reference rounds the operands as they do; elsewhere the product runs in
// float32, at an eighth of the sizes, and is checked as one.
func TestMatrixMulReducedPrecision(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, p := range []computations.MatrixMulPrecision{computations.TF32Precision, computations.BFloat16Precision, computations.Float16Precision} {
		for _, tc := range []struct {
			name string
			tensorCoresCase
		}{
			{"whole tiles", tensorCoresCase{1, 1536, 512, 2816, false, 1, 0, 1}},
			{"edges", tensorCoresCase{4, 1000, 333, 1200, false, 1, 0, 1}},
			{"transposed", tensorCoresCase{1, 1536, 256, 2816, true, 1, 0, 1}},
			{"fused scalings", tensorCoresCase{1, 1536, 256, 2816, false, 0.5, 0.25, 4}},
		} {
			t.Run(p.String()+"/"+tc.name, func(t *testing.T) {
				runTensorCores(t, thr, tc.tensorCoresCase, dtypes.Float32, p, "/mma-"+p.String())
			})
		}
	}
}

// TestMatrixMulPrecisionErrors checks that a precision outside the
// constants, or a reduced one for a product that does not compute in
// float32, is refused.
func TestMatrixMulPrecisionErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		dt        dtypes.DType
		precision computations.MatrixMulPrecision
		want      string
	}{
		{"unknown", dtypes.Float32, computations.MatrixMulPrecision(7), "not one of"},
		{"negative", dtypes.Float32, computations.MatrixMulPrecision(-1), "not one of"},
		{"float64", dtypes.Float64, computations.TF32Precision, "apply to float32 products"},
		{"complex64", dtypes.Complex64, computations.BFloat16Precision, "apply to float32 products"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			typ := core.ArrayOf(tc.dt, 64, 64)
			_, err := computations.NewMatrixMul(typ, typ, computations.MatrixMulOptions{Precision: tc.precision})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// tensorCoresCase is a product of the tensor cores' tests: batch products
// of m×k by k×n matrices, the operands transposed or not, with scalings of
// the operands and the output fused into the loads and stores where the
// factors are not 1 (0 for bScale: none).
type tensorCoresCase struct {
	batch, m, k, n  int
	transposed      bool
	inScale, bScale float64
	outScale        float64
}

// runTensorCores runs the case with operands of dtype dt in the precision:
// at its sizes where the device's plan ends in suffix (the tensor cores'
// kernel), at an eighth of them otherwise.
func runTensorCores(t *testing.T, thr *cluda.Thread, tc tensorCoresCase, dt dtypes.DType, precision computations.MatrixMulPrecision, suffix string) {
	t.Helper()
	typ := func(shape ...int) core.Type { return core.ArrayOf(dt, shape...) }
	shapes := func(div int) matmulCase {
		m, k, n := tc.m/div, tc.k/div, tc.n/div
		opts := computations.MatrixMulOptions{TransposedA: tc.transposed, TransposedB: tc.transposed, Precision: precision}
		c := matmulCase{a: typ(tc.batch, m, k), b: typ(tc.batch, k, n), bScale: tc.bScale, opts: opts}
		if tc.transposed {
			c.a, c.b = typ(tc.batch, k, m), typ(tc.batch, n, k)
		}
		return c
	}
	c := shapes(1)
	mm, err := computations.NewMatrixMul(c.a, c.b, c.opts)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := mm.PlanOn(thr.Params())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(plan, suffix) {
		c = shapes(8)
		t.Logf("the device takes %s: an eighth of the sizes", plan)
	}
	runMatmul(t, thr, c, tc.inScale, tc.outScale)
}
