package fft_test

import "math/rand/v2"

// randomData returns n complex values with normally distributed parts,
// the inputs compared against the float64 references of
// internal/reference.
func randomData(rng *rand.Rand, n int) []complex128 {
	out := make([]complex128, n)
	for i := range out {
		out[i] = complex(rng.NormFloat64(), rng.NormFloat64())
	}
	return out
}
