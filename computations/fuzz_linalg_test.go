package computations_test

import (
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// FuzzMatrixMulOptions fuzzes NewMatrixMul over the operands' dtypes and
// shapes, the output's dtype (0: the default), the transposed operands and
// the tilings given as options, with the property of the package's fuzz
// targets (see package internal/comptest).
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
		sa, sb := comptest.FuzzShape(rankA, a0, a1, a2), comptest.FuzzShape(rankB, b0, b1, b2)
		a, b := core.ArrayOf(comptest.FuzzDType(dtA), sa...), core.ArrayOf(comptest.FuzzDType(dtB), sb...)
		opts := computations.MatrixMulOptions{TransposedA: transA, TransposedB: transB,
			Tiling: computations.MatrixMulTiling{BlockM: int(bm), BlockN: int(bn), BlockK: int(bk), ItemM: int(im), ItemN: int(in)}}
		outDType := dtypes.Invalid
		if dtOut != 0 {
			// The output's shape is the product's, which a first try with the
			// default output finds; a refusal of that try is checked below.
			outDType = comptest.FuzzDType(dtOut)
			if mm, err := computations.NewMatrixMul(a, b, computations.MatrixMulOptions{TransposedA: transA, TransposedB: transB}); err == nil {
				p, _ := mm.Parameter("output")
				opts.Output = core.ArrayOf(outDType, p.Type().Shape()...)
			}
		}
		start := comptest.HostAllocated()
		mm, err := computations.NewMatrixMul(a, b, opts)
		if err != nil {
			comptest.CheckRefusal(t, err, "computations: MatrixMul", sa, sb, len(sa), len(sb), a.DType(), b.DType(), outDType,
				[]int{opts.Tiling.BlockM, opts.Tiling.BlockN, opts.Tiling.BlockK, opts.Tiling.ItemM, opts.Tiling.ItemN}, opts.Tiling)
			return
		}
		p, _ := mm.Parameter("output")
		if !comptest.CheckRenders(t, mm, "computations: ", "matrix_mul", start) ||
			!comptest.FuzzRuns(thr, []dtypes.DType{a.DType(), b.DType(), p.Type().DType()}, a.Size(), b.Size(), p.Type().Size()) {
			return
		}
		runMatmul(t, thr, matmulCase{a: a, b: b, opts: opts}, 1, 1)
	})
}
