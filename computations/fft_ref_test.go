package computations_test

import (
	"math"
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/dsp/fourier"
)

// Reference transforms in float64, for comparison with the device.

// dft1 returns the forward DFT of x: gonum's FFT where the length has only
// small prime factors, else a float64 Bluestein transform built on gonum's
// power-of-two FFT.
func dft1(x []complex128) []complex128 {
	n := len(x)
	if largestPrime(n) <= 97 {
		return fourier.NewCmplxFFT(n).Coefficients(nil, x)
	}
	return bluestein64(x)
}

func largestPrime(n int) int {
	p, best := 2, 1
	for n > 1 {
		if p*p > n {
			return max(best, n)
		}
		for n%p == 0 {
			n /= p
			best = p
		}
		p++
	}
	return best
}

func bluestein64(x []complex128) []complex128 {
	n := len(x)
	m := 1
	for m < 2*n-1 {
		m *= 2
	}
	w := make([]complex128, n)
	for k := range w {
		sq := (int64(k) * int64(k)) % int64(2*n)
		w[k] = cmplx.Exp(complex(0, -math.Pi*float64(sq)/float64(n)))
	}
	a := make([]complex128, m)
	b := make([]complex128, m)
	for k := 0; k < n; k++ {
		a[k] = x[k] * w[k]
		b[k] = cmplx.Conj(w[k])
		if k > 0 {
			b[m-k] = cmplx.Conj(w[k])
		}
	}
	f := fourier.NewCmplxFFT(m)
	fa := f.Coefficients(nil, a)
	fb := f.Coefficients(nil, b)
	for i := range fa {
		fa[i] *= fb[i]
	}
	c := f.Sequence(nil, fa) // unnormalised inverse
	out := make([]complex128, n)
	for k := range out {
		out[k] = w[k] * c[k] / complex(float64(m), 0)
	}
	return out
}

// directDFT is the O(n²) definition, for checking the references.
func directDFT(x []complex128) []complex128 {
	n := len(x)
	out := make([]complex128, n)
	for k := range out {
		var s complex128
		for j, v := range x {
			e := (int64(j) * int64(k)) % int64(n)
			s += v * cmplx.Exp(complex(0, -2*math.Pi*float64(e)/float64(n)))
		}
		out[k] = s
	}
	return out
}

// fftn transforms x (row-major, of the given shape) over axes, as
// numpy.fft.fftn or, with inverse, numpy.fft.ifftn.
func fftn(x []complex128, shape, axes []int, inverse bool) []complex128 {
	out := append([]complex128(nil), x...)
	scale := 1.0
	for _, a := range axes {
		n := shape[a]
		inner := 1
		for _, s := range shape[a+1:] {
			inner *= s
		}
		outer := len(x) / (n * inner)
		line := make([]complex128, n)
		for o := 0; o < outer; o++ {
			for i := 0; i < inner; i++ {
				for k := 0; k < n; k++ {
					v := out[(o*n+k)*inner+i]
					if inverse {
						v = cmplx.Conj(v)
					}
					line[k] = v
				}
				res := dft1(line)
				for k := 0; k < n; k++ {
					v := res[k]
					if inverse {
						v = cmplx.Conj(v)
					}
					out[(o*n+k)*inner+i] = v
				}
			}
		}
		scale /= float64(n)
	}
	if inverse {
		for i := range out {
			out[i] *= complex(scale, 0)
		}
	}
	return out
}

// relError is the relative L2 error of got against want.
func relError[T complex64 | complex128](got []T, want []complex128) float64 {
	var num, den float64
	for i, w := range want {
		d := complex128(got[i]) - w
		num += real(d)*real(d) + imag(d)*imag(d)
		den += real(w)*real(w) + imag(w)*imag(w)
	}
	if den == 0 {
		return math.Sqrt(num)
	}
	return math.Sqrt(num / den)
}

func randomData(rng *rand.Rand, n int) []complex128 {
	out := make([]complex128, n)
	for i := range out {
		out[i] = complex(rng.NormFloat64(), rng.NormFloat64())
	}
	return out
}

// TestReferences checks the float64 references against the definition:
// gonum's FFT for smooth lengths and the Bluestein reference for lengths
// with a prime factor above 97.
func TestReferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	for _, n := range []int{1, 2, 17, 60, 97, 101, 211, 2 * 103, 1009} {
		x := randomData(rng, n)
		if e := relError(dft1(x), directDFT(x)); e > 1e-13 {
			t.Errorf("N=%d: the reference differs from the direct DFT by %.3g", n, e)
		}
	}
}
