package fft_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
)

// Accuracy targets: relative L2 error against a float64 reference. A
// careful float32 FFT stays near 1e-7 for every length; 1e-6 leaves room
// for Bluestein's two transforms and long mixed-radix chains, none for
// inaccurate twiddles. The complex128 target is the same margin above
// float64's rounding.
const (
	tolComplex64  = 1e-6
	tolComplex128 = 1e-14
)

func tolerance(dt dtypes.DType) float64 {
	if dt == dtypes.Complex128 {
		return tolComplex128
	}
	return tolComplex64
}

// compileFFT compiles an FFT of typ over axes; the test releases it when it
// ends.
func compileFFT(t testing.TB, thr *cluda.Thread, typ core.Type, axes []int, opts fft.FFTOptions) *core.Callable {
	t.Helper()
	return compileTunedFFT(t, thr, typ, axes, opts, fft.FFTTuning{})
}

// compileTunedFFT is compileFFT with the plan tuned.
func compileTunedFFT(t testing.TB, thr *cluda.Thread, typ core.Type, axes []int, opts fft.FFTOptions, tuning fft.FFTTuning) *core.Callable {
	t.Helper()
	f, err := fft.NewTunedFFT(typ, axes, opts, tuning)
	if err != nil {
		t.Fatal(err)
	}
	c, err := f.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Release)
	return c
}

// runFFT transforms fresh random data of the given shape on the device and
// returns the relative error against the reference.
func runFFT(t *testing.T, thr *cluda.Thread, dt dtypes.DType, shape, axes []int, inverse bool, seed uint64) float64 {
	t.Helper()
	c := compileFFT(t, thr, core.ArrayOf(dt, shape...), axes, fft.FFTOptions{})
	rng := rand.New(rand.NewPCG(seed, uint64(len(shape))))
	x := randomData(rng, core.ArrayOf(dtypes.Complex64, shape...).Size())
	in, out := upload(t, thr, dt, x, shape), poisoned(t, thr, dt, shape)
	defer in.Release()
	defer out.Release()
	inv := int32(0)
	if inverse {
		inv = 1
	}
	if err := c.Call(out, in, inv); err != nil {
		t.Fatal(err)
	}
	want := reference.FFTN(x, shape, axes, inverse)
	return download(t, out, want)
}

func upload(t testing.TB, thr *cluda.Thread, dt dtypes.DType, x []complex128, shape []int) *cluda.Array {
	t.Helper()
	var data any = x
	if dt == dtypes.Complex64 {
		y := make([]complex64, len(x))
		for i, v := range x {
			y[i] = complex64(v)
		}
		data = y
	}
	a, err := thr.ToDevice(data, shape...)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// poisoned returns an array filled with NaN, so that unwritten elements
// show in the error.
func poisoned(t testing.TB, thr *cluda.Thread, dt dtypes.DType, shape []int) *cluda.Array {
	t.Helper()
	a, err := thr.Empty(shape, dt)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Fill(complex(math.NaN(), math.NaN())); err != nil {
		t.Fatal(err)
	}
	return a
}

func download(t testing.TB, a *cluda.Array, want []complex128) float64 {
	t.Helper()
	if a.DType() == dtypes.Complex64 {
		got, err := cluda.Read[complex64](a)
		if err != nil {
			t.Fatal(err)
		}
		return reference.RelativeL2(got, want)
	}
	got, err := cluda.Read[complex128](a)
	if err != nil {
		t.Fatal(err)
	}
	return reference.RelativeL2(got, want)
}
