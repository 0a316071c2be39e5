package computations_test

import (
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// FuzzMatrixMulOptions fuzzes NewMatrixMul over the operands' dtypes and
// shapes, the output's dtype (0: the default), the transposed operands
// and the tilings given as options, with the property of the package's
// fuzz targets (fuzz_test.go).
func FuzzMatrixMulOptions(f *testing.F) {
	thr := cludatest.Thread(f)
	seeds := []struct {
		dtA, dtB, dtOut    uint8
		rankA, rankB       uint8
		a0, a1, a2         int64
		b0, b1, b2         int64
		transA, transB     bool
		bm, bn, bk, im, in int64
	}{
		{uint8(dtypes.Float32), uint8(dtypes.Float32), 0, 2, 2, 5, 7, 0, 7, 3, 0, false, false, 0, 0, 0, 0, 0},
		{uint8(dtypes.Complex64), uint8(dtypes.Float32), uint8(dtypes.Complex128), 3, 2, 2, 4, 3, 4, 6, 0, true, false, 0, 0, 0, 0, 0},
		{uint8(dtypes.Float64), uint8(dtypes.Float64), 0, 1, 3, 6, 0, 0, 2, 6, 5, false, true, 0, 0, 0, 0, 0},
		{uint8(dtypes.Float32), uint8(dtypes.Float32), 0, 2, 2, 9, 9, 0, 9, 9, 0, false, false, 8, 8, 4, 2, 2},
		{uint8(dtypes.Int32), uint8(dtypes.Float32), 0, 2, 2, 3, 3, 0, 3, 3, 0, false, false, 0, 0, 0, 0, 0},
		{uint8(dtypes.Float32), uint8(dtypes.Float32), 0, 2, 2, 3, 4, 0, 5, 3, 0, false, false, 0, 0, 0, 0, 0},
	}
	for _, s := range seeds {
		f.Add(s.dtA, s.dtB, s.dtOut, s.rankA, s.rankB, s.a0, s.a1, s.a2, s.b0, s.b1, s.b2, s.transA, s.transB, s.bm, s.bn, s.bk, s.im, s.in)
	}
	f.Fuzz(func(t *testing.T, dtA, dtB, dtOut, rankA, rankB uint8, a0, a1, a2, b0, b1, b2 int64, transA, transB bool, bm, bn, bk, im, in int64) {
		sa, sb := fuzzShape(rankA, a0, a1, a2), fuzzShape(rankB, b0, b1, b2)
		a, b := core.ArrayOf(fuzzDType(dtA), sa...), core.ArrayOf(fuzzDType(dtB), sb...)
		opts := computations.MatrixMulOptions{TransposedA: transA, TransposedB: transB,
			Tiling: computations.MatrixMulTiling{BlockM: int(bm), BlockN: int(bn), BlockK: int(bk), ItemM: int(im), ItemN: int(in)}}
		outDType := dtypes.Invalid
		if dtOut != 0 {
			// The output's shape is the product's, which a first try with the
			// default output finds; a refusal of that try is checked below.
			outDType = fuzzDType(dtOut)
			if mm, err := computations.NewMatrixMul(a, b, computations.MatrixMulOptions{TransposedA: transA, TransposedB: transB}); err == nil {
				p, _ := mm.Parameter("output")
				opts.Output = core.ArrayOf(outDType, p.Type().Shape()...)
			}
		}
		start := hostAllocated()
		mm, err := computations.NewMatrixMul(a, b, opts)
		if err != nil {
			checkRefusal(t, err, "computations: MatrixMul", sa, sb, len(sa), len(sb), a.DType(), b.DType(), outDType,
				[]int{opts.Tiling.BlockM, opts.Tiling.BlockN, opts.Tiling.BlockK, opts.Tiling.ItemM, opts.Tiling.ItemN}, opts.Tiling)
			return
		}
		p, _ := mm.Parameter("output")
		if !checkRenders(t, mm, "matrix_mul", start) ||
			!fuzzRuns(thr, []dtypes.DType{a.DType(), b.DType(), p.Type().DType()}, a.Size(), b.Size(), p.Type().Size()) {
			return
		}
		runMatmul(t, thr, matmulCase{a: a, b: b, opts: opts}, 1, 1)
	})
}

// FuzzConvolveOptions fuzzes NewConvolve over the dtypes and shapes of
// the signal and the filter, the axes, the mode and the correlation
// option, with the property of the package's fuzz targets (fuzz_test.go).
func FuzzConvolveOptions(f *testing.F) {
	thr := cludatest.Thread(f)
	seeds := []struct {
		dtS, dtF, rank uint8
		s0, s1         int64
		f0, f1         int64
		count          uint8
		a0, a1         int8
		mode           uint8
		correlate      bool
	}{
		{uint8(dtypes.Complex64), uint8(dtypes.Complex64), 1, 20, 0, 5, 0, 0, 0, 0, uint8(computations.ConvolveFull), false},
		{uint8(dtypes.Complex128), uint8(dtypes.Complex128), 2, 3, 16, 1, 16, 2, -1, 0, uint8(computations.ConvolveCircular), true},
		{uint8(dtypes.Complex64), uint8(dtypes.Complex64), 2, 6, 7, 3, 2, 0, 0, 0, uint8(computations.ConvolveSame), false},
		{uint8(dtypes.Float32), uint8(dtypes.Float64), 1, 8, 0, 3, 0, 0, 0, 0, uint8(computations.ConvolveFull), false},
		{uint8(dtypes.Complex64), uint8(dtypes.Complex64), 1, 4, 0, 9, 0, 0, 0, 0, uint8(computations.ConvolveCircular), false},
		{uint8(dtypes.Complex64), uint8(dtypes.Complex64), 1, 1 << 40, 0, 1 << 40, 0, 0, 0, 0, uint8(computations.ConvolveFull), false},
	}
	for _, s := range seeds {
		f.Add(s.dtS, s.dtF, s.rank, s.s0, s.s1, s.f0, s.f1, s.count, s.a0, s.a1, s.mode, s.correlate)
	}
	f.Fuzz(func(t *testing.T, dtS, dtF, rank uint8, s0, s1, f0, f1 int64, count uint8, a0, a1 int8, mode uint8, correlate bool) {
		ss, fs, axes := fuzzShape(rank, s0, s1), fuzzShape(rank, f0, f1), fuzzAxes(count, a0, a1)
		signal, filter := core.ArrayOf(fuzzDType(dtS), ss...), core.ArrayOf(fuzzDType(dtF), fs...)
		m := computations.ConvolveMode(mode % 4)
		start := hostAllocated()
		c, err := computations.NewConvolve(signal, filter, axes, m, computations.ConvolveOptions{Correlate: correlate})
		if err != nil {
			checkRefusal(t, err, "computations: Convolve", ss, fs, len(ss), axes, signal.DType(), filter.DType(), m)
			return
		}
		out := c.OutputType()
		if !checkRenders(t, c, "convolve", start) || !signal.DType().IsComplex() || !filter.DType().IsComplex() ||
			!fuzzRuns(thr, []dtypes.DType{signal.DType()}, signal.Size(), filter.Size(), out.Size()) {
			return
		}
		k := compileFuzzed(t, thr, c)
		tc := convolveCase{name: "fuzz", dt: signal.DType(), signal: ss, filter: fs, axes: c.Axes(), mode: m, correlate: correlate}
		if e := runConvolve(t, thr, k, tc, out.Shape(), nil); !(e <= convolveTolerance(tc.dt)) {
			t.Fatalf("convolution of %v with %v over %v, %v: relative error %.3g, want at most %.3g", ss, fs, c.Axes(), m, e, convolveTolerance(tc.dt))
		}
	})
}
