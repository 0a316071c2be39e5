package plan

import (
	"fmt"
	"reflect"
	"testing"
)

// TestLargeWide checks the wide one pass of Tuning.WideOnePass: 15625 and
// 13824 in one pass of at most 25 elements over at most 625 work-items in
// CUDA's large local memory, and the plans without the tuning, within 48
// KiB, and of lengths already in one pass as they were.
func TestLargeWide(t *testing.T) {
	wide := largeLocal(gpuLimits, Tuning{WideOnePass: true})
	for _, tc := range []struct {
		name    string
		n       int
		lim     Limits
		kernels int
		e, wg   int // of the one kernel, where kernels is 1
	}{
		{"15625, wide", 15625, wide, 1, 25, 625},
		{"13824, wide", 13824, wide, 1, 24, 576},
		{"15625 by the rule", 15625, largeLocal(gpuLimits, Tuning{}), 2, 0, 0},
		{"15625 within 48 KiB", 15625, tuned(gpuLimits, Tuning{WideOnePass: true}), 2, 0, 0},
		{"8192 in one pass already", 8192, wide, 1, 32, 256},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New([]int{64, tc.n}, []int{1}, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			ks := p.Axes[0].Kernels
			if len(ks) != tc.kernels {
				t.Fatalf("%d kernels, want %d", len(ks), tc.kernels)
			}
			if tc.kernels == 1 {
				if k := ks[0].Pass; k.E != tc.e || k.WG != tc.wg || k.L != tc.n {
					t.Errorf("one pass of L %d, %d elements over %d work-items; want %d over %d", k.L, k.E, k.WG, tc.e, tc.wg)
				}
			}
			if err := checkAxis(p.Axes[0], []int{64, tc.n}, tc.lim, tc.lim.budget().largeLocalBytes); err != nil && tc.kernels == 1 && tc.lim.Tuning.WideOnePass {
				t.Error(err)
			}
		})
	}
}

// TestShortLargePasses checks the candidate rule of
// Tuning.LargePasses = ShortLargePasses: fewer passes in tiles of 8 where
// every later pass is short (366912, 2^19), the rule's plan where a later
// pass is long (570752's of 728 points, 2^20's of 1024).
func TestShortLargePasses(t *testing.T) {
	short := largeLocal(gpuLimits, Tuning{LargePasses: ShortLargePasses})
	rule := largeLocal(gpuLimits, Tuning{})
	for _, tc := range []struct {
		n     int
		taken bool
	}{
		{366912, true},
		{1 << 19, true},
		{570752, false},
		{1 << 20, false},
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			p, err := New([]int{2, tc.n}, []int{1}, short)
			if err != nil {
				t.Fatal(err)
			}
			r, err := New([]int{2, tc.n}, []int{1}, rule)
			if err != nil {
				t.Fatal(err)
			}
			a, ra := p.Axes[0], r.Axes[0]
			if !tc.taken {
				if !reflect.DeepEqual(a, ra) {
					t.Errorf("the plan is not the rule's")
				}
				return
			}
			if len(a.Kernels) >= len(ra.Kernels) || !shortLaterPasses(a) {
				t.Errorf("%d kernels against the rule's %d, short: %t", len(a.Kernels), len(ra.Kernels), shortLaterPasses(a))
			}
			for i, k := range a.Kernels {
				if k.Pass.N > k.Pass.L && k.Pass.Tile > shortLargeTile {
					t.Errorf("kernel %d: a tile of %d", i, k.Pass.Tile)
				}
			}
			if err := checkAxis(a, []int{2, tc.n}, short, short.budget().largeLocalBytes); err != nil {
				t.Error(err)
			}
		})
	}
}
