package plan

import (
	"fmt"
	"slices"
	"testing"
)

// TestLoopedSeveral checks the CPU device's rule of looped passes of
// several (loopedSplit): transforms past one looped pass whose factors are
// at most maxLoopedFactor with one above maxPrimeRadix, and Bluestein's
// transforms past the one looped kernel of the whole algorithm, run as
// Stockham passes of looped sub-transforms of at most maxLoopedLength
// points, whose lengths multiply to the transform's, each after the
// stages of those before it; and the transforms that keep their plans:
// 13-smooth ones (their passes in lanes), those that one looped pass
// holds, a prime factor above maxLoopedFactor without Bluestein's
// algorithm, Tuning.NoLoopedPasses, NoLooped, and GPUs; a real
// transform's ends take them as any transform does.
func TestLoopedSeveral(t *testing.T) {
	for _, tc := range []struct {
		name      string
		shape     []int
		axis      int
		lim       Limits
		kernels   int // looped passes of several; 0 for none
		bluestein bool
	}{
		{"941535 = 3²·5·7³·61", []int{1, 941535}, 1, cpuLimits, 2, false},
		{"139264 = 2^13·17", []int{4, 139264}, 1, cpuLimits, 2, false},
		{"140049 = 3·7·59·113 over columns", []int{140049, 3}, 0, cpuLimits, 2, false},
		{"474856 = 2³·59357: Bluestein's, with the turn", []int{1, 474856}, 1, cpuLimits, 3, true},
		{"95071, a prime: Bluestein's, with the turn", []int{2, 95071}, 1, cpuLimits, 3, true},
		{"95071 with NoTurn", []int{2, 95071}, 1, tuned(cpuLimits, Tuning{NoTurn: true}), 4, true},
		{"70001 in complex128: Bluestein's, with the turn", []int{1, 70001}, 1, complex128Of(cpuLimits), 3, true},
		{"2^20: passes in lanes", []int{1, 1 << 20}, 1, cpuLimits, 0, false},
		{"960000 = 2^9·3·5^4: passes in lanes", []int{1, 960000}, 1, cpuLimits, 0, false},
		{"18445 = 5·7·17·31: one looped pass", []int{2, 18445}, 1, cpuLimits, 0, false},
		{"18461 = 37·499: one looped kernel of Bluestein's", []int{2, 18461}, 1, cpuLimits, 0, true},
		{"941535 with NoLoopedPasses", []int{1, 941535}, 1, tuned(cpuLimits, Tuning{NoLoopedPasses: true}), 0, true},
		{"941535 with NoLooped", []int{1, 941535}, 1, tuned(cpuLimits, Tuning{NoLooped: true}), 0, true},
		{"941535 with a real transform's ends", []int{1, 941535}, 1, realEnds(cpuLimits), 2, false},
		{"98595 = 3²·5·7·313 with a real transform's ends: Bluestein's, with the turn", []int{1, 98595}, 1, realEnds(cpuLimits), 3, true},
		{"941535 on a GPU", []int{1, 941535}, 1, gpuLimits, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(tc.shape, []int{tc.axis}, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			a := p.Axes[0]
			several := 0
			for _, k := range a.Kernels {
				if k.Pass.Looped && k.Pass.L < k.Pass.N {
					several++
				}
			}
			if several != tc.kernels {
				t.Fatalf("%d looped passes of several in %s, want %d", several, describeAxis(a), tc.kernels)
			}
			if tc.kernels > 0 && a.Bluestein != tc.bluestein {
				t.Errorf("Bluestein's algorithm: %v, want %v", a.Bluestein, tc.bluestein)
			}
			if !tc.lim.CPU || tc.kernels == 0 {
				return
			}
			checkLoopedSeveral(t, a, tc.lim.budget().forLength(a.N))
		})
	}
}

// checkLoopedSeveral checks the passes of each transform of the axis (two
// with Bluestein's algorithm, the last pass of the first and the first of
// the second one kernel where they turn), each looped within
// maxLoopedLength on the stack, their lengths multiplying to M, NS the
// product of those before, and the transform back's passes those forward,
// in the reverse order where they turn.
func checkLoopedSeveral(t *testing.T, a Axis, b budget) {
	t.Helper()
	var ls [][]int
	ns, turned := 1, false
	for i, k := range a.Kernels {
		p := k.Pass
		if ns == a.M || i == 0 {
			ls, ns = append(ls, nil), 1
		}
		if !p.Looped || p.Lanes != b.lanes || p.Slots != 0 || p.L > b.maxLoopedLength() || p.N != a.M || p.NS != ns {
			t.Errorf("pass %d of %s: %+v, want looped in %d lanes on the stack, L at most %d, N %d, NS %d", i, describeAxis(a), p, b.lanes, b.maxLoopedLength(), a.M, ns)
		}
		ls[len(ls)-1] = append(ls[len(ls)-1], p.L)
		ns *= p.L
		if p.Turn {
			// The turn ends the forward transform and begins the one back.
			turned = true
			ls, ns = append(ls, []int{p.L}), p.L
		}
	}
	if ns != a.M {
		t.Errorf("the passes of %s multiply to %d, want %d", describeAxis(a), ns, a.M)
	}
	want := 1
	if a.Bluestein {
		want = 2
	}
	if len(ls) != want || turned != (a.Bluestein && b.loopedTurn) {
		t.Fatalf("%d transforms in %s, turned %v; want %d", len(ls), describeAxis(a), turned, want)
	}
	if a.Bluestein {
		back := slices.Clone(ls[1])
		if turned {
			slices.Reverse(back)
		}
		if !slices.Equal(ls[0], back) {
			t.Errorf("the passes back %v of %s are not those forward %v (reversed where they turn: %v)", ls[1], describeAxis(a), ls[0], turned)
		}
	}
}

// describeAxis names the axis's lengths and its passes' sub-lengths.
func describeAxis(a Axis) string {
	ls := make([]int, len(a.Kernels))
	for i, k := range a.Kernels {
		ls[i] = k.Pass.L
	}
	return fmt.Sprintf("N %d over M %d, passes %v", a.N, a.M, ls)
}
