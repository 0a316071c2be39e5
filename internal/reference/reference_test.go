package reference

import (
	"math/rand/v2"
	"testing"
)

// referenceTolerance bounds the relative L2 difference of the references
// from the direct DFT: both in float64, whose sums over up to 1009 terms
// round to about 1e-15 relative.
const referenceTolerance = 1e-13

// TestReferences checks the float64 references against the definition:
// gonum's FFT for smooth lengths and the Bluestein reference for lengths
// with a prime factor above 64 (smallPrimes).
func TestReferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	for _, n := range []int{1, 2, 17, 60, 97, 101, 211, 2 * 103, 1009} {
		x := make([]complex128, n)
		for i := range x {
			x[i] = complex(rng.NormFloat64(), rng.NormFloat64())
		}
		if e := RelativeL2(DFT(x), directDFT(x)); e > referenceTolerance {
			t.Errorf("N=%d: the reference differs from the direct DFT by %.3g", n, e)
		}
	}
}

func TestLargestPrime(t *testing.T) {
	for n, want := range map[int]int{1: 1, 2: 2, 12: 3, 1031: 1031, 2 * 1031: 1031, 1 << 20: 2, 1000: 5} {
		if got := LargestPrime(n); got != want {
			t.Errorf("LargestPrime(%d) = %d, want %d", n, got, want)
		}
	}
}
