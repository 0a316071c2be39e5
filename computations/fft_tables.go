package computations

import (
	"math"
	"math/bits"

	"gonum.org/v1/gonum/dsp/fourier"

	"github.com/reikna-go/reikna/cluda/dtypes"
)

// Tables of twiddle factors and chirps are computed in float64 from exact
// integer exponents and rounded once to the working precision.

// unitRoot returns exp(-2πi e/n), with the angle reduced to [0, π/4] in
// exact integer arithmetic so that the result is accurate to the last bit
// of float64 for any e and n.
func unitRoot(e, n int) complex128 {
	e %= n
	if e < 0 {
		e += n
	}
	// θ = 2π e/n = (π/2)(q + r/n) with q = floor(4e/n).
	num := 4 * int64(e)
	den := int64(n)
	q := num / den
	r := num - q*den
	var c, s float64 // cos and sin of φ = (π/2) r/n
	if 2*r <= den {
		s, c = math.Sincos(math.Pi / 2 * float64(r) / float64(den))
	} else {
		// φ = π/2 - φ' with φ' = (π/2)(n-r)/n.
		c, s = math.Sincos(math.Pi / 2 * float64(den-r) / float64(den))
	}
	var x, y float64 // cos θ, sin θ: φ rotated by q quarter turns
	switch q {
	case 0:
		x, y = c, s
	case 1:
		x, y = -s, c
	case 2:
		x, y = -c, -s
	default:
		x, y = s, -c
	}
	return complex(x, -y)
}

// toDType returns the values as a Go slice of the complex dtype dt.
func toDType(v []complex128, dt dtypes.DType) any {
	if dt == dtypes.Complex128 {
		return v
	}
	out := make([]complex64, len(v))
	for i, x := range v {
		out[i] = complex64(x)
	}
	return out
}

// chirp returns exp(-πi e²/n) for e < n, with e² reduced modulo 2n in
// integers so that large e lose nothing.
func chirp(n int) []complex128 {
	out := make([]complex128, n)
	for e := range out {
		sq := (int64(e) * int64(e)) % int64(2*n)
		out[e] = unitRoot(int(sq), 2*n)
	}
	return out
}

// bluesteinKernel returns FFT_m(b)/m for Bluestein's convolution kernel
// b[e] = conj(chirp[e]) for |e| < n (indices modulo m).
func bluesteinKernel(n, m int, w []complex128) []complex128 {
	b := make([]complex128, m)
	for e := 0; e < n; e++ {
		c := complex(real(w[e]), -imag(w[e]))
		b[e] = c
		if e > 0 {
			b[m-e] = c
		}
	}
	out := fourier.NewCmplxFFT(m).Coefficients(nil, b)
	inv := 1 / float64(m)
	for i := range out {
		out[i] *= complex(inv, 0)
	}
	return out
}

// stageTwiddles returns the twiddle factors of the stages of a DFT of size
// l with the given radices, laid out so that neighbouring butterflies read
// neighbouring entries: for the stage of radix r after stages of nsIn, the
// entries (m-1)*nsIn + k, for 1 <= m < r and k < nsIn, hold
// W_{nsIn*r}^{k*m}, starting at offsets[stage]. Stages with nsIn == 1 have
// no twiddles.
func stageTwiddles(rs []int) (table []complex128, offsets []int) {
	nsIn := 1
	for _, r := range rs {
		offsets = append(offsets, len(table))
		if nsIn > 1 {
			for m := 1; m < r; m++ {
				for k := 0; k < nsIn; k++ {
					table = append(table, unitRoot(k*m, nsIn*r))
				}
			}
		}
		nsIn *= r
	}
	return table, offsets
}

// passTwiddleBlock is the number of k a row of the low table of two-level
// pass twiddles holds.
const passTwiddleBlock = 256

// passTwiddles returns the twiddle factors W_{ns*l}^{k*m} (k < ns, m < l)
// of a pass, laid out as rows of m so that neighbouring k are neighbours:
// one table of l rows of ns entries, or, when that is larger than
// maxEntries, a low table of l rows of block entries (k mod block) and a
// high table of l rows of ns/block entries (k / block), to be multiplied.
func passTwiddles(ns, l, maxEntries int) (lo, hi []complex128, block int) {
	p := ns * l
	if p <= maxEntries || ns <= passTwiddleBlock {
		lo = make([]complex128, 0, p)
		for m := 0; m < l; m++ {
			for k := 0; k < ns; k++ {
				lo = append(lo, unitRoot(int(int64(k)*int64(m)%int64(p)), p))
			}
		}
		return lo, nil, 0
	}
	block = passTwiddleBlock
	rows := (ns + block - 1) / block
	for m := 0; m < l; m++ {
		for k := 0; k < block; k++ {
			lo = append(lo, unitRoot(int(int64(k)*int64(m)%int64(p)), p))
		}
	}
	for m := 0; m < l; m++ {
		for kh := 0; kh < rows; kh++ {
			hi = append(hi, unitRoot(int(int64(kh*block)*int64(m)%int64(p)), p))
		}
	}
	return lo, hi, block
}

// expTwiddleSplit returns the bit at which exponents below p split into the
// high and low tables of expTwiddles.
func expTwiddleSplit(p int) int { return (bits.Len(uint(p-1)) + 1) / 2 }

// expTwiddles returns W_p^e for e < 2^shift (low) and W_p^(e << shift) for
// e < ceil(p / 2^shift) (high).
func expTwiddles(p, shift int) (lo, hi []complex128) {
	b := 1 << shift
	for e := 0; e < b; e++ {
		lo = append(lo, unitRoot(e%p, p))
	}
	for e := 0; e < (p+b-1)/b; e++ {
		hi = append(hi, unitRoot(int(int64(e)*int64(b)%int64(p)), p))
	}
	return lo, hi
}
