package fft_test

import (
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// FuzzConvolveOptions fuzzes NewConvolve over the dtypes and shapes of the
// signal and the filter, the axes, the mode and the correlation option,
// with the property of the package's fuzz targets (see package
// computations/internal/comptest).
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
		{uint8(dtypes.Complex64), uint8(dtypes.Complex64), 1, 20, 0, 5, 0, 0, 0, 0, uint8(fft.ConvolveFull), false},
		{uint8(dtypes.Complex128), uint8(dtypes.Complex128), 2, 3, 16, 1, 16, 2, -1, 0, uint8(fft.ConvolveCircular), true},
		{uint8(dtypes.Complex64), uint8(dtypes.Complex64), 2, 6, 7, 3, 2, 0, 0, 0, uint8(fft.ConvolveSame), false},
		{uint8(dtypes.Float32), uint8(dtypes.Float64), 1, 8, 0, 3, 0, 0, 0, 0, uint8(fft.ConvolveFull), false},
		{uint8(dtypes.Complex64), uint8(dtypes.Complex64), 1, 4, 0, 9, 0, 0, 0, 0, uint8(fft.ConvolveCircular), false},
		{uint8(dtypes.Complex64), uint8(dtypes.Complex64), 1, 1 << 40, 0, 1 << 40, 0, 0, 0, 0, uint8(fft.ConvolveFull), false},
	}
	for _, s := range seeds {
		f.Add(s.dtS, s.dtF, s.rank, s.s0, s.s1, s.f0, s.f1, s.count, s.a0, s.a1, s.mode, s.correlate)
	}
	f.Fuzz(func(t *testing.T, dtS, dtF, rank uint8, s0, s1, f0, f1 int64, count uint8, a0, a1 int8, mode uint8, correlate bool) {
		ss, fs, axes := comptest.FuzzShape(rank, s0, s1), comptest.FuzzShape(rank, f0, f1), comptest.FuzzAxes(count, a0, a1)
		signal, filter := core.ArrayOf(comptest.FuzzDType(dtS), ss...), core.ArrayOf(comptest.FuzzDType(dtF), fs...)
		m := fft.ConvolveMode(mode % 4)
		start := comptest.HostAllocated()
		c, err := fft.NewConvolve(signal, filter, axes, m, fft.ConvolveOptions{Correlate: correlate})
		if err != nil {
			comptest.CheckRefusal(t, err, "fft: Convolve", ss, fs, len(ss), axes, signal.DType(), filter.DType(), m)
			return
		}
		out := c.OutputType()
		if !comptest.CheckRenders(t, c, "fft: ", "convolve", start) || !signal.DType().IsComplex() || !filter.DType().IsComplex() ||
			!comptest.FuzzRuns(thr, []dtypes.DType{signal.DType()}, signal.Size(), filter.Size(), out.Size()) {
			return
		}
		k := comptest.CompileFuzzed(t, thr, c)
		tc := convolveCase{name: "fuzz", dt: signal.DType(), signal: ss, filter: fs, axes: c.Axes(), mode: m, correlate: correlate}
		if e := runConvolve(t, thr, k, tc, out.Shape(), nil); !(e <= convolveTolerance(tc.dt)) {
			t.Fatalf("convolution of %v with %v over %v, %v: relative error %.3g, want at most %.3g", ss, fs, c.Axes(), m, e, convolveTolerance(tc.dt))
		}
	})
}
