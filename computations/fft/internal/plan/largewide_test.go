package plan

import "testing"

// TestLargeWide checks the wide one pass (largeWide): 15625, 13824 and
// 12167 in one pass of at most 25 elements over at most 625 work-items in
// CUDA's large local memory; and the plans of several passes with
// Tuning.NoWideOnePass, within 48 KiB, in complex128 and of lengths
// already in one pass as they were.
func TestLargeWide(t *testing.T) {
	wide := largeLocal(gpuLimits, Tuning{})
	double := complex128Of(wide)
	for _, tc := range []struct {
		name    string
		n       int
		lim     Limits
		kernels int
		e, wg   int // of the one kernel, where kernels is 1
	}{
		{"15625, wide", 15625, wide, 1, 25, 625},
		{"13824, wide", 13824, wide, 1, 24, 576},
		{"12167, wide", 12167, wide, 1, 23, 529},
		{"15625 with NoWideOnePass", 15625, largeLocal(gpuLimits, Tuning{NoWideOnePass: true}), 2, 0, 0},
		{"15625 within 48 KiB", 15625, gpuLimits, 2, 0, 0},
		{"15625 in complex128", 15625, double, 2, 0, 0},
		{"8192 in one pass already", 8192, wide, 1, 32, 256},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New([]int{64, tc.n}, []int{1}, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			ks := p.Axes[0].Kernels
			if tc.kernels > 1 && len(ks) < tc.kernels || tc.kernels == 1 && len(ks) != 1 {
				t.Fatalf("%d kernels, want %d", len(ks), tc.kernels)
			}
			if tc.kernels == 1 {
				if k := ks[0].Pass; k.E != tc.e || k.WG != tc.wg || k.L != tc.n {
					t.Errorf("one pass of L %d, %d elements over %d work-items; want %d over %d", k.L, k.E, k.WG, tc.e, tc.wg)
				}
			}
			b := tc.lim.budget()
			if err := checkAxis(p.Axes[0], []int{64, tc.n}, tc.lim, max(b.localBytes, b.largeLocalBytes)); err != nil {
				t.Error(err)
			}
		})
	}
}
