package fft_test

import (
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
)

// The transforms FuzzFFTOptions builds, by its kind argument modulo 3.
const (
	fuzzFFT = iota
	fuzzRFFT
	fuzzIRFFT
)

// FuzzFFTOptions fuzzes NewFFT, NewRFFT and NewIRFFT over dtypes, shapes,
// axes, the output length of IRFFT and the FFT's options, with the
// property of the package's fuzz targets (see package
// computations/internal/comptest).
func FuzzFFTOptions(f *testing.F) {
	thr := cludatest.Thread(f)
	seeds := []struct {
		kind, dtype, rank uint8
		d0, d1, d2        int64
		count             uint8
		a0, a1, a2        int8
		n                 int64
		flag              bool // Unnormalized for an FFT, and the inverse transform
	}{
		{fuzzFFT, uint8(dtypes.Complex64), 2, 6, 10, 0, 0, 0, 0, 0, 0, true},
		{fuzzFFT, uint8(dtypes.Complex128), 3, 3, 1, 17, 3, 2, 0, 0, 0, false},
		{fuzzRFFT, uint8(dtypes.Float32), 2, 4, 9, 0, 0, 0, 0, 0, 0, false},
		{fuzzIRFFT, uint8(dtypes.Complex64), 2, 3, 5, 0, 3, 0, 1, 0, 8, false},
		{fuzzFFT, uint8(dtypes.Float32), 1, 8, 0, 0, 0, 0, 0, 0, 0, false},
		{fuzzFFT, uint8(dtypes.Complex64), 2, 4, 4, 0, 3, 1, 1, 0, 0, false},
		{fuzzRFFT, uint8(dtypes.Float64), 1, 8, 0, 0, 1, 0, 0, 0, 0, false},
		{fuzzIRFFT, uint8(dtypes.Complex128), 1, 5, 0, 0, 2, 0, 0, 0, 7, false},
		// Tables that the host cannot afford, from a Bluestein length and
		// a real transform's twiddles, are refused before they are made.
		{fuzzFFT, uint8(dtypes.Complex64), 1, 1<<28 + 3, 0, 0, 0, 0, 0, 0, 0, false},
		{fuzzRFFT, uint8(dtypes.Float32), 1, 1 << 32, 0, 0, 0, 0, 0, 0, 0, false},
		{fuzzFFT, uint8(dtypes.Complex128), 2, 1 << 40, 1 << 20, 0, 0, 0, 0, 0, 0, false},
	}
	for _, s := range seeds {
		f.Add(s.kind, s.dtype, s.rank, s.d0, s.d1, s.d2, s.count, s.a0, s.a1, s.a2, s.n, s.flag)
	}
	f.Fuzz(func(t *testing.T, kind, dtype, rank uint8, d0, d1, d2 int64, count uint8, a0, a1, a2 int8, n int64, flag bool) {
		dt, shape, axes := comptest.FuzzDType(dtype), comptest.FuzzShape(rank, d0, d1, d2), comptest.FuzzAxes(count, a0, a1, a2)
		typ := core.ArrayOf(dt, shape...)
		start := comptest.HostAllocated()
		switch kind % 3 {
		case fuzzFFT:
			ft, err := fft.NewFFT(typ, axes, fft.FFTOptions{Unnormalized: flag})
			if err != nil {
				comptest.CheckRefusal(t, err, "fft: FFT", shape, len(shape), axes, dt)
				return
			}
			// The upload helpers give a 0-d array the shape (1,).
			if comptest.CheckRenders(t, ft, "fft: ", "fft", start) && comptest.FuzzRuns(thr, []dtypes.DType{dt}, typ.Size()) && len(shape) > 0 {
				runFuzzedFFT(t, thr, ft, typ, flag)
			}
		case fuzzRFFT:
			r, err := fft.NewRFFT(typ, axes, fft.RFFTOptions{})
			if err != nil {
				comptest.CheckRefusal(t, err, "fft: RFFT", shape, len(shape), axes, dt)
				return
			}
			if comptest.CheckRenders(t, r, "fft: ", "rfft", start) && comptest.FuzzRuns(thr, []dtypes.DType{dt}, typ.Size()) {
				c := comptest.CompileFuzzed(t, thr, r)
				if e := runRFFT(t, thr, c, dt, shape, r.Axes(), 1); !(e <= realTolerance(dt)) {
					t.Fatalf("RFFT of %v over %v: relative error %.3g, want at most %.3g", typ, r.Axes(), e, realTolerance(dt))
				}
			}
		case fuzzIRFFT:
			r, err := fft.NewIRFFT(typ, axes, fft.IRFFTOptions{N: int(n)})
			if err != nil {
				comptest.CheckRefusal(t, err, "fft: IRFFT", shape, len(shape), axes, dt, n)
				return
			}
			if comptest.CheckRenders(t, r, "fft: ", "irfft", start) && comptest.FuzzRuns(thr, []dtypes.DType{dt}, typ.Size(), typ.Size()/shape[r.Axes()[len(r.Axes())-1]]*int(n)) {
				c := comptest.CompileFuzzed(t, thr, r)
				if e := runIRFFT(t, thr, c, dt, shape, r.Axes(), int(n), 1); !(e <= realTolerance(dt)) {
					t.Fatalf("IRFFT of %v over %v to length %d: relative error %.3g, want at most %.3g", typ, r.Axes(), n, e, realTolerance(dt))
				}
			}
		}
	})
}

// runFuzzedFFT compiles ft of arrays of typ and compares a forward and an
// inverse transform of random data with the float64 reference.
func runFuzzedFFT(t *testing.T, thr *cluda.Thread, ft *fft.FFT, typ core.Type, unnormalized bool) {
	t.Helper()
	c := comptest.CompileFuzzed(t, thr, ft)
	dt, shape := typ.DType(), typ.Shape()
	x := randomData(rand.New(rand.NewPCG(uint64(typ.Size()), 23)), typ.Size())
	in := upload(t, thr, dt, x, shape)
	defer in.Release()
	for inverse := range int32(2) {
		out := poisoned(t, thr, dt, shape)
		defer out.Release()
		if err := c.Call(out, in, inverse); err != nil {
			t.Fatal(err)
		}
		want := reference.FFTN(x, shape, ft.Axes(), inverse == 1)
		if inverse == 1 && unnormalized {
			scale := 1
			for _, a := range ft.Axes() {
				scale *= shape[a]
			}
			for i := range want {
				want[i] *= complex(float64(scale), 0)
			}
		}
		if e := download(t, out, want); !(e <= tolerance(dt)) {
			t.Fatalf("FFT of %v over %v (inverse %d): relative error %.3g, want at most %.3g", typ, ft.Axes(), inverse, e, tolerance(dt))
		}
	}
}
