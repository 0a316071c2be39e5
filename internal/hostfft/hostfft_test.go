package hostfft

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"testing"
)

// tolerance bounds the relative L2 error against the direct sum: the
// round-off of float64 transforms of up to a few thousand points.
const tolerance = 1e-12

// TestCoefficients compares the transforms with the direct sum, for
// lengths gonum takes and lengths of more factors than it takes.
func TestCoefficients(t *testing.T) {
	tests := []struct {
		n     int
		split bool // split once even where gonum takes the length
	}{{1, false}, {2, false}, {97, false}, {1000, false}, {12, true}, {360, true}, {1024, true}, {4 * 97, true}, {2310, true}}
	for _, tc := range tests {
		n := tc.n
		t.Run(fmt.Sprintf("%d/split=%v", n, tc.split), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(n), 1))
			x := make([]complex128, n)
			for i := range x {
				x[i] = complex(rng.NormFloat64(), rng.NormFloat64())
			}
			f := New(n)
			if tc.split {
				f = split(n)
			}
			got := f.Coefficients(nil, x)
			var num, den float64
			for k := 0; k < n; k++ {
				var s complex128
				for j := 0; j < n; j++ {
					s += x[j] * cmplx.Exp(complex(0, -2*math.Pi*float64((j*k)%n)/float64(n)))
				}
				num += sq(got[k] - s)
				den += sq(s)
			}
			if e := math.Sqrt(num / den); !(e <= tolerance) {
				t.Errorf("relative error %.3g (factors %d)", e, factors(n))
			}
		})
	}
}

// TestManyFactors checks that lengths of more factors than gonum takes
// are split, and transform as their halves do (the length of Bluestein's
// algorithm that gonum refused, and a power of three).
func TestManyFactors(t *testing.T) {
	for _, n := range []int{2 * 1594323, 31352832} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			if factors(n) <= maxFactors {
				t.Fatalf("%d has %d factors: not past gonum's limit", n, factors(n))
			}
			f := New(n)
			if f.gonum != nil {
				t.Fatal("not split")
			}
			if n > 1<<22 {
				return // the length Bluestein's algorithm chose: built, not run
			}
			// An impulse at 1 transforms to the roots of unity.
			x := make([]complex128, n)
			x[1] = 1
			got := f.Coefficients(nil, x)
			for _, k := range []int{0, 1, n / 3, n - 1} {
				want := cmplx.Exp(complex(0, -2*math.Pi*float64(k)/float64(n)))
				if cmplx.Abs(got[k]-want) > 1e-9 {
					t.Errorf("output %d is %v, want %v", k, got[k], want)
				}
			}
		})
	}
}

// TestSequence checks that the inverse without its 1/n undoes the
// forward transform, split or not.
func TestSequence(t *testing.T) {
	for _, f := range []*FFT{New(360), split(360)} {
		x := make([]complex128, f.Len())
		for i := range x {
			x[i] = complex(float64(i%7), float64(i%5)-2)
		}
		back := f.Sequence(nil, f.Coefficients(nil, x))
		for i := range x {
			if cmplx.Abs(back[i]/complex(float64(f.Len()), 0)-x[i]) > 1e-12 {
				t.Fatalf("split %v: element %d comes back as %v, want %v", f.gonum == nil, i, back[i], x[i])
			}
		}
	}
}

func sq(z complex128) float64 { return real(z)*real(z) + imag(z)*imag(z) }
