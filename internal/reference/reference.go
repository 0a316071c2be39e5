package reference

import (
	"math"
	"math/cmplx"

	"github.com/reikna-go/reikna/internal/hostfft"
)

// FFTN returns the discrete Fourier transform of x (row-major, of the
// given shape) over axes (nil: every axis), in float64: numpy.fft.fftn,
// or numpy.fft.ifftn (divided by the product of the transformed lengths)
// when inverse is set. x is not changed.
func FFTN(x []complex128, shape, axes []int, inverse bool) []complex128 {
	if axes == nil {
		for i := range shape {
			axes = append(axes, i)
		}
	}
	y := append([]complex128(nil), x...)
	for _, a := range axes {
		n := shape[a]
		inner := 1
		for _, m := range shape[a+1:] {
			inner *= m
		}
		outer := len(y) / (n * inner)
		line := newLine(n)
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

// DFT returns the forward discrete Fourier transform of x.
func DFT(x []complex128) []complex128 {
	y := append([]complex128(nil), x...)
	newLine(len(x)).transform(y, false)
	return y
}

// line transforms sequences of one length in place, unnormalised: by
// gonum's mixed-radix FFT where the length's prime factors are small, and
// by Bluestein's algorithm over gonum FFTs of a power-of-two length where
// a large prime factor would make gonum's general radix quadratic.
type line struct {
	n     int
	fft   *hostfft.FFT // of length n, or m for Bluestein
	chirp []complex128 // exp(-iπk²/n), k < n (Bluestein)
	kern  []complex128 // the FFT of the conjugate chirp, wrapped to length m
	work  []complex128
}

// smallPrimes is the largest prime factor of a length that gonum's FFT
// transforms directly; beyond it, the length goes by Bluestein's
// algorithm.
const smallPrimes = 64

func newLine(n int) *line {
	if LargestPrime(n) <= smallPrimes {
		return &line{n: n, fft: hostfft.New(n)}
	}
	m := 1
	for m < 2*n-1 {
		m *= 2
	}
	l := &line{n: n, fft: hostfft.New(m), chirp: make([]complex128, n),
		kern: make([]complex128, m), work: make([]complex128, m)}
	for k := 0; k < n; k++ {
		// k² mod 2n keeps the angle exact for large k.
		e := (int64(k) * int64(k)) % int64(2*n)
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
func (l *line) transform(x []complex128, inverse bool) {
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

// LargestPrime returns the largest prime factor of n (1 for n = 1).
func LargestPrime(n int) int {
	p := 1
	for f := 2; f*f <= n; f++ {
		for n%f == 0 {
			p, n = f, n/f
		}
	}
	return max(p, n)
}

// RelativeL2 returns the relative L2 error of got against want,
// ‖got − want‖₂ / ‖want‖₂ (‖got − want‖₂ where want is zero).
func RelativeL2[T complex64 | complex128](got []T, want []complex128) float64 {
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

// Complex returns the real values x as complex128 ones, for RelativeL2 of
// a real result.
func Complex[T float32 | float64](x []T) []complex128 {
	out := make([]complex128, len(x))
	for i, v := range x {
		out[i] = complex(float64(v), 0)
	}
	return out
}

// directDFT is the O(n²) definition, which the package's test checks the
// references against.
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
