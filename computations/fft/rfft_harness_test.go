package fft_test

import (
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
)

// halfShape returns shape with the real axis, the last of axes, cut to
// the n/2+1 elements of the half spectrum.
func halfShape(shape, axes []int) []int {
	axes = comptest.AllAxes(shape, axes)
	h := slices.Clone(shape)
	last := axes[len(axes)-1]
	h[last] = h[last]/2 + 1
	return h
}

// rfftnRef is numpy.fft.rfftn of the real x of shape over axes, in
// float64: the complex transform with the real axis cut to its first half.
func rfftnRef(x []float64, shape, axes []int) []complex128 {
	axes = comptest.AllAxes(shape, axes)
	z := make([]complex128, len(x))
	for i, v := range x {
		z[i] = complex(v, 0)
	}
	return cutAxis(reference.FFTN(z, shape, axes, false), shape, axes[len(axes)-1], shape[axes[len(axes)-1]]/2+1)
}

// cutAxis returns the first m elements along axis of x of shape.
func cutAxis(x []complex128, shape []int, axis, m int) []complex128 {
	n, inner := shape[axis], 1
	for _, s := range shape[axis+1:] {
		inner *= s
	}
	outer := len(x) / (n * inner)
	out := make([]complex128, 0, outer*m*inner)
	for o := 0; o < outer; o++ {
		out = append(out, x[o*n*inner:o*n*inner+m*inner]...)
	}
	return out
}

// irfftnRef is numpy.fft.irfftn of the half spectrum x of shape over axes,
// with n along the real axis, in float64: the inverse over the other axes,
// then along the real axis the inverse of the whole spectrum that the half
// stands for (the imaginary parts of elements 0 and n/2 left out).
func irfftnRef(x []complex128, shape, axes []int, n int) []float64 {
	axes = comptest.AllAxes(shape, axes)
	last := axes[len(axes)-1]
	y := reference.FFTN(x, shape, axes[:len(axes)-1], true)
	h, inner := shape[last], 1
	for _, s := range shape[last+1:] {
		inner *= s
	}
	outer := len(y) / (h * inner)
	out := make([]float64, outer*n*inner)
	row := make([]complex128, n)
	for o := 0; o < outer; o++ {
		for i := 0; i < inner; i++ {
			for k := 0; k < n; k++ {
				switch {
				case k < h:
					row[k] = y[(o*h+k)*inner+i]
				default:
					row[k] = cmplx.Conj(y[(o*h+n-k)*inner+i])
				}
				if k == 0 || 2*k == n {
					row[k] = complex(real(row[k]), 0)
				}
			}
			res := reference.FFTN(row, []int{n}, []int{0}, true)
			for k := 0; k < n; k++ {
				out[(o*n+k)*inner+i] = real(res[k])
			}
		}
	}
	return out
}

// realTolerance is the bound of the relative error of a real transform of
// dt: that of the complex FFT of its precision.
func realTolerance(dt dtypes.DType) float64 {
	if dt == dtypes.Float64 || dt == dtypes.Complex128 {
		return tolComplex128
	}
	return tolComplex64
}

func randomReal(rng *rand.Rand, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = rng.NormFloat64()
	}
	return out
}

// uploadReal copies x to the device as an array of the real dtype dt.
func uploadReal(t testing.TB, thr *cluda.Thread, dt dtypes.DType, x []float64, shape []int) *cluda.Array {
	t.Helper()
	var data any = x
	if dt == dtypes.Float32 {
		y := make([]float32, len(x))
		for i, v := range x {
			y[i] = float32(v)
		}
		data = y
	}
	a, err := thr.ToDevice(data, shape...)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// poisonedReal returns an array of the real dtype dt filled with NaN.
func poisonedReal(t testing.TB, thr *cluda.Thread, dt dtypes.DType, shape []int) *cluda.Array {
	t.Helper()
	a, err := thr.Empty(shape, dt)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Fill(math.NaN()); err != nil {
		t.Fatal(err)
	}
	return a
}

// readReal returns the real array a as float64 values.
func readReal(t testing.TB, a *cluda.Array) []float64 {
	t.Helper()
	if a.DType() == dtypes.Float64 {
		v, err := cluda.Read[float64](a)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	v, err := cluda.Read[float32](a)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

// relErrorReal is the relative L2 error of got against want.
func relErrorReal(got, want []float64) float64 {
	var num, den float64
	for i, w := range want {
		d := got[i] - w
		num += d * d
		den += w * w
	}
	if den == 0 {
		return math.Sqrt(num)
	}
	return math.Sqrt(num / den)
}

// runRFFT runs the compiled real transform c of real arrays of dt and
// shape on fresh random data and returns its relative error.
func runRFFT(t *testing.T, thr *cluda.Thread, c *core.Callable, dt dtypes.DType, shape, axes []int, seed uint64) float64 {
	t.Helper()
	x := randomReal(rand.New(rand.NewPCG(seed, 17)), core.ArrayOf(dt, shape...).Size())
	in := uploadReal(t, thr, dt, x, shape)
	defer in.Release()
	out := poisoned(t, thr, complexOfReal(dt), halfShape(shape, axes))
	defer out.Release()
	if err := c.Call(out, in); err != nil {
		t.Fatal(err)
	}
	return download(t, out, rfftnRef(x, shape, axes))
}

// runIRFFT runs the compiled inverse c of half spectra of dt and shape,
// with n along the real axis, on fresh random data (whose elements 0 and
// n/2 along the real axis have imaginary parts, which do not count) and
// returns its relative error.
func runIRFFT(t *testing.T, thr *cluda.Thread, c *core.Callable, dt dtypes.DType, shape, axes []int, n int, seed uint64) float64 {
	t.Helper()
	x := randomData(rand.New(rand.NewPCG(seed, 19)), core.ArrayOf(dt, shape...).Size())
	in := upload(t, thr, dt, x, shape)
	defer in.Release()
	axes = comptest.AllAxes(shape, axes)
	outShape := slices.Clone(shape)
	outShape[axes[len(axes)-1]] = n
	out := poisonedReal(t, thr, dt.Real(), outShape)
	defer out.Release()
	if err := c.Call(out, in); err != nil {
		t.Fatal(err)
	}
	return relErrorReal(readReal(t, out), irfftnRef(x, shape, axes, n))
}

func complexOfReal(dt dtypes.DType) dtypes.DType {
	if dt == dtypes.Float64 {
		return dtypes.Complex128
	}
	return dtypes.Complex64
}
