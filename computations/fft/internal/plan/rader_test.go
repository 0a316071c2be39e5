package plan

import (
	"fmt"
	"math/cmplx"
	"testing"
)

// TestRaderIndices checks that the indices of Rader's algorithm are the
// powers of a generator: every position from 1 to n-1 once.
func TestRaderIndices(t *testing.T) {
	for _, n := range []int{2, 3, 17, 97, 1009, 10007, 65537} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			idx := raderIndices(n)
			seen := make([]bool, n)
			for q, e := range idx {
				if e < 1 || int(e) >= n || seen[e] {
					t.Fatalf("index %d is %d: not a new position of 1 to %d", q, e, n-1)
				}
				seen[e] = true
			}
		})
	}
}

// tolRaderKernel bounds the relative error of Rader's transformed kernel
// against the direct sum in float64: the host FFT's rounding over a few
// thousand points.
const tolRaderKernel = 1e-12

// TestRaderKernel checks Rader's transformed convolution kernel against
// the DFT of b[i] = W_n^(g^i) summed directly, divided by n-1.
func TestRaderKernel(t *testing.T) {
	for _, n := range []int{17, 97, 1009} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			got := raderKernel(n)
			idx := raderIndices(n)
			m := n - 1
			for k := range m {
				var want complex128
				for i, e := range idx {
					want += UnitRoot(int(e), n) * UnitRoot(i*k%m, m)
				}
				want /= complex(float64(m), 0)
				if d := cmplx.Abs(got[k] - want); d > tolRaderKernel*max(1, cmplx.Abs(want)) {
					t.Fatalf("entry %d: %v, want %v", k, got[k], want)
				}
			}
		})
	}
}

// TestRaderChoice checks which lengths take Rader's algorithm: primes
// above the largest butterfly whose predecessor the butterflies take, by
// the CPU device's rule where Bluestein's algorithm is no looped pass or
// where the tuning asks; on GPUs by their rule where Bluestein's
// algorithm pads the most (raderPays).
func TestRaderChoice(t *testing.T) {
	cpuLimits128 := complex128Of(cpuLimits)
	tests := []struct {
		name  string
		n     int
		lim   Limits
		rader bool
	}{
		{"CPU 97 by Bluestein's looped kernel", 97, cpuLimits, false},
		{"CPU 97 without looped passes", 97, tuned(cpuLimits, Tuning{NoLooped: true}), true},
		{"CPU 2161 in complex128: Bluestein's looped kernel in a scratch array", 2161, cpuLimits128, false},
		{"CPU 13 is a butterfly", 13, cpuLimits, false},
		{"CPU 47: 46 has 23", 47, cpuLimits, false},
		{"CPU 96 is no prime", 96, cpuLimits, false},
		{"CPU 97 by Bluestein where tuned", 97, tuned(cpuLimits, Tuning{Primes: PrimesBluestein}), false},
		{"GPU 97 by its rule: 256 points against 96", 97, gpuLimits, false},
		{"GPU 127 by its rule: 256 against 126", 127, gpuLimits, false},
		{"GPU 131 by its rule: 512 against 130", 131, gpuLimits, true},
		{"GPU 37 by its rule: 128 against 36", 37, gpuLimits, true},
		{"GPU 2161 by its rule: 8192 against 2160", 2161, gpuLimits, true},
		{"GPU 131 by Bluestein where tuned", 131, tuned(gpuLimits, Tuning{Primes: PrimesBluestein}), false},
		{"GPU 97 where tuned", 97, tuned(gpuLimits, Tuning{Primes: PrimesRader}), true},
		{"GPU 29 where tuned", 29, tuned(gpuLimits, Tuning{Primes: PrimesRader}), true},
		{"GPU 23 is a butterfly", 23, tuned(gpuLimits, Tuning{Primes: PrimesRader}), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New([]int{4, tt.n}, []int{1}, tt.lim)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Axes[0].Rader; got != tt.rader {
				t.Errorf("Rader's algorithm: %v, want %v", got, tt.rader)
			}
		})
	}
	if _, err := New([]int{4, 97}, []int{1}, tuned(cpuLimits, Tuning{Primes: 7})); err == nil {
		t.Error("an unknown algorithm for primes was accepted")
	}
}
