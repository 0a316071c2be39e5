package multi_test

import (
	"math"
	"math/cmplx"
	"math/rand/v2"
)

// dftReference returns the DFT over every axis of a row-major array of
// the given shape, in float64, as numpy.fft.fftn (inverse false) or
// numpy.fft.ifftn computes it: one naive transform along each axis in
// turn, with twiddles of the exact angle of k·n mod N.
func dftReference(data []complex128, shape []int, inverse bool) []complex128 {
	out := append([]complex128(nil), data...)
	sign := -1.0
	if inverse {
		sign = 1
	}
	for axis, n := range shape {
		inner := 1
		for _, s := range shape[axis+1:] {
			inner *= s
		}
		outer := len(out) / (n * inner)
		line := make([]complex128, n)
		for o := range outer {
			for i := range inner {
				at := func(k int) int { return (o*n+k)*inner + i }
				for k := range n {
					var sum complex128
					for j := range n {
						angle := sign * 2 * math.Pi * float64(k*j%n) / float64(n)
						sum += out[at(j)] * cmplx.Rect(1, angle)
					}
					line[k] = sum
				}
				for k := range n {
					out[at(k)] = line[k]
					if inverse {
						out[at(k)] /= complex(float64(n), 0)
					}
				}
			}
		}
	}
	return out
}

// relativeL2 returns ‖got − want‖₂ / ‖want‖₂.
func relativeL2[T complex64 | complex128](got []T, want []complex128) float64 {
	var diff, norm float64
	for i, w := range want {
		d := complex128(got[i]) - w
		diff += real(d)*real(d) + imag(d)*imag(d)
		norm += real(w)*real(w) + imag(w)*imag(w)
	}
	return math.Sqrt(diff / norm)
}

// randomComplex returns n complex values with parts uniform in [-1, 1).
func randomComplex(n int, seed uint64) []complex128 {
	r := rand.New(rand.NewPCG(seed, 1))
	out := make([]complex128, n)
	for i := range out {
		out[i] = complex(2*r.Float64()-1, 2*r.Float64()-1)
	}
	return out
}

// to64 rounds complex128 values to complex64.
func to64(data []complex128) []complex64 {
	out := make([]complex64, len(data))
	for i, v := range data {
		out[i] = complex64(v)
	}
	return out
}

// from64 widens complex64 values to complex128.
func from64(data []complex64) []complex128 {
	out := make([]complex128, len(data))
	for i, v := range data {
		out[i] = complex128(v)
	}
	return out
}
