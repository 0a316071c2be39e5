package plan

import "testing"

// TestLargeWiderGroups checks the candidate of Tuning.WiderGroups: 8192
// and 6144 in one pass of at most 16 elements over at most 512 work-items
// in CUDA's large local memory, in no more stages; the rule's plans
// without the tuning and within 48 KiB; and 2048, within largeUnevenFrom,
// as it was.
func TestLargeWiderGroups(t *testing.T) {
	wider := largeLocal(gpuLimits, Tuning{WiderGroups: true})
	rule := largeLocal(gpuLimits, Tuning{})
	for _, tc := range []struct {
		name   string
		n      int
		lim    Limits
		taken  bool
		stages int // of the rule's one pass, where taken
	}{
		{"8192", 8192, wider, true, 4},
		{"6144", 6144, wider, true, 4},
		{"8192 by the rule", 8192, rule, false, 0},
		{"8192 within 48 KiB", 8192, tuned(gpuLimits, Tuning{WiderGroups: true}), false, 0},
		{"2048", 2048, wider, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New([]int{64, tc.n}, []int{1}, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			ks := p.Axes[0].Kernels
			if len(ks) != 1 {
				t.Fatalf("%d kernels, want 1", len(ks))
			}
			k := ks[0].Pass
			if taken := k.WG > 256 && k.E <= widerGroupE; taken != tc.taken {
				t.Errorf("%d elements over %d work-items; taken %t, want %t", k.E, k.WG, taken, tc.taken)
			}
			if tc.taken && (k.WG > widerGroupWG || len(k.Radices) > tc.stages || !k.Bounded) {
				t.Errorf("%d work-items, stages %v, bounded %t", k.WG, k.Radices, k.Bounded)
			}
			b := tc.lim.budget()
			if err := checkAxis(p.Axes[0], []int{64, tc.n}, tc.lim, max(b.localBytes, b.largeLocalBytes)); err != nil {
				t.Error(err)
			}
		})
	}
}
