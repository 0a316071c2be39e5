package multi_test

import "math/rand/v2"

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
