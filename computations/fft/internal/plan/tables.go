package plan

import (
	"math"
	"math/bits"

	"github.com/reikna-go/reikna/internal/hostfft"
)

// Tables of twiddle factors and chirps are computed in float64 from exact
// integer exponents and rounded once to the working precision.

// UnitRoot returns exp(-2πi e/n), with the angle reduced to [0, π/4] in
// exact integer arithmetic so that the result is accurate to the last bit
// of float64 for any e and n (a multiple of a quarter turn exactly).
func UnitRoot(e, n int) complex128 {
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

// chirp returns exp(-πi e²/n) for e < n, with e² reduced modulo 2n in
// integers so that large e lose nothing.
func chirp(n int) []complex128 {
	out := make([]complex128, n)
	for e := range out {
		sq := (int64(e) * int64(e)) % int64(2*n)
		out[e] = UnitRoot(int(sq), 2*n)
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
	return scaledTransform(b)
}

// bluesteinKernelRows returns the kernel's transform v in the order of
// rows: position q·l + k holds v[q + k·ns], for q < ns and k < l.
func bluesteinKernelRows(v []complex128, ns, l int) []complex128 {
	out := make([]complex128, len(v))
	for q := 0; q < ns; q++ {
		for k := 0; k < l; k++ {
			out[q*l+k] = v[q+k*ns]
		}
	}
	return out
}

// scaledTransform returns the DFT of b divided by its length: a
// convolution kernel that the transform back, unnormalized, leaves as the
// convolution.
func scaledTransform(b []complex128) []complex128 {
	out := hostfft.New(len(b)).Coefficients(nil, b)
	inv := complex(1/float64(len(b)), 0)
	for i := range out {
		out[i] *= inv
	}
	return out
}

// stageOffsets returns where the twiddles of each stage start in the table
// of stageTwiddles.
func stageOffsets(rs []int) []int {
	offsets := make([]int, len(rs))
	off, nsIn := 0, 1
	for i, r := range rs {
		offsets[i] = off
		if nsIn > 1 {
			off += (r - 1) * nsIn
		}
		nsIn *= r
	}
	return offsets
}

// stageTwiddles returns the twiddle factors of the stages of a DFT with
// the given radices, laid out so that neighbouring butterflies read
// neighbouring entries: for the stage of radix r after stages of nsIn, the
// entries (m-1)*nsIn + k, for 1 <= m < r and k < nsIn, hold
// W_{nsIn*r}^{k*m}, starting at stageOffsets. Stages with nsIn == 1 have
// no twiddles.
func stageTwiddles(rs []int) []complex128 {
	var table []complex128
	nsIn := 1
	for _, r := range rs {
		if nsIn > 1 {
			for m := 1; m < r; m++ {
				for k := 0; k < nsIn; k++ {
					table = append(table, UnitRoot(k*m, nsIn*r))
				}
			}
		}
		nsIn *= r
	}
	return table
}

// passTwiddleBlock is the number of k a row of the low table of two-level
// pass twiddles holds.
const passTwiddleBlock = 256

// The pass twiddles W_{ns*l}^{k*m} (k < ns, m < l) are laid out as rows of
// m so that neighbouring k are neighbours: one table of l rows of ns
// entries, or, when that would have more than maxEntries, a low table of l
// rows of block entries (k mod block) and a high table of l rows of
// ns/block entries (k / block), to be multiplied.

// passTwiddleBlocks returns the block of the two-level tables, or 0 for
// one table.
func passTwiddleBlocks(ns, l, maxEntries int) int {
	if ns*l <= maxEntries || ns <= passTwiddleBlock {
		return 0
	}
	return passTwiddleBlock
}

// passTwiddlesLow returns the one table (block 0) or the low table.
func passTwiddlesLow(ns, l, block int) []complex128 {
	cols := ns
	if block > 0 {
		cols = block
	}
	return powerRows(ns*l, l, cols, 1)
}

// passTwiddlesHigh returns the high table of two-level pass twiddles.
func passTwiddlesHigh(ns, l, block int) []complex128 {
	return powerRows(ns*l, l, (ns+block-1)/block, block)
}

// powerRows returns W_p^(k*step*m) for rows m < rows and k < cols.
func powerRows(p, rows, cols, step int) []complex128 {
	out := make([]complex128, 0, rows*cols)
	for m := 0; m < rows; m++ {
		for k := 0; k < cols; k++ {
			out = append(out, UnitRoot(int(int64(k*step)*int64(m)%int64(p)), p))
		}
	}
	return out
}

// expTwiddleSplit returns the bit at which exponents below p split into the
// high and low tables of exponent-indexed pass twiddles (CPU devices).
func expTwiddleSplit(p int) int { return (bits.Len(uint(p-1)) + 1) / 2 }

// expTwiddlesLow returns W_p^e for e < 2^shift.
func expTwiddlesLow(p, shift int) []complex128 {
	out := make([]complex128, 1<<shift)
	for e := range out {
		out[e] = UnitRoot(e%p, p)
	}
	return out
}

// expTwiddlesHigh returns W_p^(e << shift) for e < ceil(p / 2^shift).
func expTwiddlesHigh(p, shift int) []complex128 {
	out := make([]complex128, (p+1<<shift-1)>>shift)
	for e := range out {
		out[e] = UnitRoot(int((int64(e)<<shift)%int64(p)), p)
	}
	return out
}
