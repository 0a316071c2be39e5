package plan

import "testing"

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
