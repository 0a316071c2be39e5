package hostfft

import (
	"fmt"
	"math"
	"math/cmplx"

	"gonum.org/v1/gonum/dsp/fourier"
)

// maxFactors is the most factors gonum's FFT takes a length in (the
// factors of FFTPACK's cffti: 4, 2, 3, 5 and the other primes, each
// counted once per time it divides).
const maxFactors = 13

// FFT is a transform of one length.
type FFT struct {
	n int
	// gonum is the transform of the whole length, where gonum takes it;
	// otherwise the length is a*b, with the transforms of a and b.
	gonum *fourier.CmplxFFT
	a, b  *FFT
}

// New returns the transform of length n > 0.
func New(n int) *FFT {
	if n < 1 {
		panic(fmt.Sprintf("hostfft: a transform of length %d", n))
	}
	if factors(n) <= maxFactors {
		return &FFT{n: n, gonum: fourier.NewCmplxFFT(n)}
	}
	return split(n)
}

// split returns the transform of n (not a prime) as transforms of a and
// n/a.
func split(n int) *FFT {
	a := splitFactor(n)
	b := n / a
	return &FFT{n: n, a: New(a), b: New(b)}
}

// Len returns the length of the transform.
func (f *FFT) Len() int { return f.n }

// Coefficients returns the forward transform of seq, sum_j seq[j]
// exp(-2πi jk/n), in dst (allocated where nil; dst may be seq), as gonum's
// CmplxFFT.Coefficients does. It panics where a length is not n.
func (f *FFT) Coefficients(dst, seq []complex128) []complex128 {
	dst = f.output(dst, seq)
	if f.gonum != nil {
		return f.gonum.Coefficients(dst, seq)
	}
	// Element b*n1 + n2 of seq; output k1 + a*k2.
	a, b := f.a.n, f.b.n
	cols := make([]complex128, f.n) // the transforms over n1, column n2 by column
	col := make([]complex128, a)
	for n2 := 0; n2 < b; n2++ {
		for n1 := 0; n1 < a; n1++ {
			col[n1] = seq[b*n1+n2]
		}
		f.a.Coefficients(col, col)
		for k1 := 0; k1 < a; k1++ {
			// The twiddle W_n^(n2*k1), from its exponent mod n (the
			// roots are computed rather than kept: a table would take
			// as much memory as the data).
			e := (n2 * k1) % f.n
			cols[n2*a+k1] = col[k1] * cmplx.Exp(complex(0, -2*math.Pi*float64(e)/float64(f.n)))
		}
	}
	row := make([]complex128, b)
	for k1 := 0; k1 < a; k1++ {
		for n2 := 0; n2 < b; n2++ {
			row[n2] = cols[n2*a+k1]
		}
		f.b.Coefficients(row, row)
		for k2 := 0; k2 < b; k2++ {
			dst[k1+a*k2] = row[k2]
		}
	}
	return dst
}

// factors returns the number of factors FFTPACK takes n in: its fours,
// a two left over, and every other prime factor.
func factors(n int) int {
	count, twos := 0, 0
	for n%2 == 0 {
		n /= 2
		twos++
	}
	count += twos/2 + twos%2
	for p := 3; p*p <= n; p += 2 {
		for n%p == 0 {
			n /= p
			count++
		}
	}
	if n > 1 {
		count++
	}
	return count
}

// splitFactor returns a divisor a of n, 1 < a < n, near the square root
// of n, made of its smallest prime factors.
func splitFactor(n int) int {
	a, rest := 1, n
	for p := 2; p*p <= rest && a*a < n; {
		if rest%p == 0 {
			a *= p
			rest /= p
			continue
		}
		p++
	}
	if a == 1 || a == n {
		// n is a prime (one factor: never split) or a prime power
		// reached above; take its smallest prime.
		for p := 2; p*p <= n; p++ {
			if n%p == 0 {
				return p
			}
		}
	}
	return a
}

// Sequence returns the inverse transform of coeff without its 1/n, sum_k
// coeff[k] exp(2πi jk/n), in dst (allocated where nil; dst may be coeff),
// as gonum's CmplxFFT.Sequence does. It panics where a length is not n.
func (f *FFT) Sequence(dst, coeff []complex128) []complex128 {
	if f.gonum != nil {
		return f.gonum.Sequence(f.output(dst, coeff), coeff)
	}
	// The conjugate of the forward transform of the conjugate.
	conj := make([]complex128, len(coeff))
	for i, c := range coeff {
		conj[i] = cmplx.Conj(c)
	}
	dst = f.Coefficients(dst, conj)
	for i, c := range dst {
		dst[i] = cmplx.Conj(c)
	}
	return dst
}

// output checks that in and dst (where not nil) hold n values, as gonum's
// transforms require, and returns dst, allocated where nil.
func (f *FFT) output(dst, in []complex128) []complex128 {
	if len(in) != f.n || dst != nil && len(dst) != f.n {
		panic(fmt.Sprintf("hostfft: sequences of %d and %d values for a transform of %d", len(in), len(dst), f.n))
	}
	if dst == nil {
		dst = make([]complex128, f.n)
	}
	return dst
}
