package main

import (
	"math"
	"math/cmplx"

	"gonum.org/v1/gonum/dsp/fourier"
)

// referenceFFT returns the discrete Fourier transform of x (row-major, of
// the given shape) over axes, computed on the CPU in float64 with gonum's
// dsp/fourier: numpy.fft.fftn, or ifftn (divided by the product of the
// transformed lengths) when inverse is set.
func referenceFFT(x []complex128, shape, axes []int, inverse bool) []complex128 {
	y := append([]complex128(nil), x...)
	for _, a := range axes {
		n := shape[a]
		inner := 1
		for _, m := range shape[a+1:] {
			inner *= m
		}
		outer := len(y) / (n * inner)
		line := newLineFFT(n)
		buf := make([]complex128, n)
		for o := 0; o < outer; o++ {
			for i := 0; i < inner; i++ {
				base := o*n*inner + i
				for k := range buf {
					buf[k] = y[base+k*inner]
				}
				line.transform(buf, inverse)
				for k, v := range buf {
					y[base+k*inner] = v
				}
			}
		}
		if inverse {
			s := complex(1/float64(n), 0)
			for i := range y {
				y[i] *= s
			}
		}
	}
	return y
}

// lineFFT transforms sequences of one length in place, unnormalised: by
// gonum's mixed-radix FFT where the length's prime factors are small, and
// by Bluestein's algorithm over gonum FFTs of a power-of-two length where
// a large prime factor would make gonum's general radix quadratic.
type lineFFT struct {
	n     int
	fft   *fourier.CmplxFFT // of length n, or m for Bluestein
	chirp []complex128      // exp(-iπk²/n), k < n (Bluestein)
	kern  []complex128      // the FFT of the conjugate chirp, wrapped to length m
	work  []complex128
}

func newLineFFT(n int) *lineFFT {
	if largestPrimeFactor(n) <= 64 {
		return &lineFFT{n: n, fft: fourier.NewCmplxFFT(n)}
	}
	m := nextPow2(2*n - 1)
	l := &lineFFT{n: n, fft: fourier.NewCmplxFFT(m), chirp: make([]complex128, n),
		kern: make([]complex128, m), work: make([]complex128, m)}
	for k := 0; k < n; k++ {
		// k² mod 2n keeps the angle exact for large k.
		e := (k * k) % (2 * n)
		l.chirp[k] = cmplx.Exp(complex(0, -math.Pi*float64(e)/float64(n)))
	}
	l.kern[0] = cmplx.Conj(l.chirp[0])
	for k := 1; k < n; k++ {
		l.kern[k] = cmplx.Conj(l.chirp[k])
		l.kern[m-k] = l.kern[k]
	}
	l.fft.Coefficients(l.kern, l.kern)
	return l
}

// transform replaces x by its forward transform (exp(-2πi kn/N)), or by
// the unnormalised inverse.
func (l *lineFFT) transform(x []complex128, inverse bool) {
	if inverse {
		conjugate(x)
		defer conjugate(x)
	}
	if l.chirp == nil {
		l.fft.Coefficients(x, x)
		return
	}
	w := l.work
	clear(w)
	for k, v := range x {
		w[k] = v * l.chirp[k]
	}
	l.fft.Coefficients(w, w)
	for i := range w {
		w[i] *= l.kern[i]
	}
	l.fft.Sequence(w, w)
	s := complex(1/float64(len(w)), 0)
	for k := range x {
		x[k] = w[k] * s * l.chirp[k]
	}
}

func conjugate(x []complex128) {
	for i, v := range x {
		x[i] = cmplx.Conj(v)
	}
}

// largestPrimeFactor returns the largest prime factor of n (1 for n = 1).
func largestPrimeFactor(n int) int {
	p := 1
	for f := 2; f*f <= n; f++ {
		for n%f == 0 {
			p, n = f, n/f
		}
	}
	return max(p, n)
}

// comparison is how a result differs from a reference.
type comparison struct {
	relL2, maxAbs, refMax float64
	over                  int // values off by more than tol·refMax
	tol                   float64
}

// compare returns how got differs from want, counting the values whose
// error exceeds tol times the largest magnitude of want.
func compare(got, want []complex128, tol float64) comparison {
	var num, den float64
	c := comparison{tol: tol}
	for i := range want {
		d := cmplx.Abs(got[i] - want[i])
		num += d * d
		den += real(want[i])*real(want[i]) + imag(want[i])*imag(want[i])
		c.maxAbs = max(c.maxAbs, d)
		c.refMax = max(c.refMax, cmplx.Abs(want[i]))
	}
	switch {
	case den > 0:
		c.relL2 = math.Sqrt(num / den)
	case num > 0:
		c.relL2 = math.Inf(1)
	}
	for i := range want {
		if d := cmplx.Abs(got[i] - want[i]); !(d <= tol*c.refMax) { // NaN counts
			c.over++
		}
	}
	return c
}
