package plan

import (
	"slices"
	"testing"
)

// TestLoopedPrimes checks the CPU device's rule of budget.loopedPrimes:
// lengths with a prime factor from 17 to maxLoopedFactor that one looped
// pass holds take it as a stage of that pass (34, 1785, 5168, 899, 74,
// 7194, 12851; 2300 in complex128), and the prime lengths up to
// maxLoopedPrimeLength (61); past the stack over a scratch array
// (9775, 100947, 9212, 28564); and the longer ones, prime lengths above
// maxLoopedPrimeLength, factors above maxLoopedFactor, those without
// looped passes or with Tuning.LoopedPrime 31 and those below loopedFrom
// take Bluestein's algorithm as before (139264 = 2^13·17 without looped
// passes of several, 127, 197, 526 =
// 2·263, 1785 with NoLooped, 74 with LoopedPrime 31, 19).
func TestLoopedPrimes(t *testing.T) {
	double := complex128Of(cpuLimits)
	for _, tc := range []struct {
		name   string
		n      int
		lim    Limits
		factor int // the stage of the looped pass; 0: Bluestein's algorithm
	}{
		{"34", 34, cpuLimits, 17},
		{"1785", 1785, cpuLimits, 17},
		{"5168", 5168, cpuLimits, 19},
		{"899", 899, cpuLimits, 31},
		{"2300 in complex128", 2300, double, 23},
		{"9775 over a scratch array", 9775, cpuLimits, 23},
		{"100947 over a scratch array", 100947, cpuLimits, 23},
		{"74 = 2·37", 74, cpuLimits, 37},
		{"7194 = 2·3·11·109", 7194, cpuLimits, 109},
		{"12851 = 71·181", 12851, cpuLimits, 181},
		{"61, prime", 61, cpuLimits, 61},
		{"127, prime above maxLoopedPrimeLength", 127, cpuLimits, 0},
		{"9212 = 2²·7²·47 over a scratch array", 9212, cpuLimits, 47},
		{"28564 = 2²·37·193 over a scratch array", 28564, cpuLimits, 193},
		{"139264 without looped passes of several", 139264, tuned(cpuLimits, Tuning{NoLoopedPasses: true}), 0},
		{"197, prime above maxLoopedPrimeLength", 197, cpuLimits, 0},
		{"526 = 2·263, a factor above maxLoopedFactor", 526, cpuLimits, 0},
		{"74 with LoopedPrime 31", 74, tuned(cpuLimits, Tuning{LoopedPrime: 31}), 0},
		{"1785 with NoLooped", 1785, tuned(cpuLimits, Tuning{NoLooped: true}), 0},
		{"19: below loopedFrom", 19, cpuLimits, 0},
		{"1785 on a GPU", 1785, gpuLimits, 17},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New([]int{4, tc.n}, []int{1}, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			a := p.Axes[0]
			if tc.factor == 0 {
				if !a.Bluestein {
					t.Errorf("not Bluestein's algorithm: %s", summary(a.Kernels[0]))
				}
				return
			}
			if a.Bluestein || a.Rader || !slices.Contains(a.Kernels[0].Pass.Radices, tc.factor) {
				t.Fatalf("no stage of %d: %s", tc.factor, summary(a.Kernels[0]))
			}
			if tc.lim.CPU && (len(a.Kernels) != 1 || !a.Kernels[0].Pass.Looped) {
				t.Errorf("%d kernels, the first %s; want one looped pass", len(a.Kernels), summary(a.Kernels[0]))
			}
			if err := checkAxis(a, []int{4, tc.n}, tc.lim, tc.lim.budget().localBytes); err != nil {
				t.Error(err)
			}
		})
	}
}
