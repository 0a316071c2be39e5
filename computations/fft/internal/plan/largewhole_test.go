package plan

import (
	"fmt"
	"testing"
)

// TestLargeWholeExchanges checks the rule largeWholeExchanges: 6750 and
// 7680, one uneven pass that exchanges by components within 48 KiB, keep
// their work-items and stages and exchange whole values in CUDA's large
// local memory; Tuning.NoWholeExchanges plans them as before, and even
// passes (8192), those within 48 KiB and complex128 are as they were.
func TestLargeWholeExchanges(t *testing.T) {
	whole := largeLocal(gpuLimits, Tuning{})
	rule := largeLocal(gpuLimits, Tuning{NoWholeExchanges: true})
	for _, tc := range []struct {
		name  string
		n     int
		taken bool
	}{
		{"6750", 6750, true},
		{"7680", 7680, true},
		{"8192, even", 8192, false},
		{"4096, within 48 KiB", 4096, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := New([]int{16, tc.n}, []int{1}, whole)
			if err != nil {
				t.Fatal(err)
			}
			r, err := New([]int{16, tc.n}, []int{1}, rule)
			if err != nil {
				t.Fatal(err)
			}
			p, q := r.Axes[0].Kernels[0].Pass, w.Axes[0].Kernels[0].Pass
			if !tc.taken {
				if summary(w.Axes[0].Kernels[0]) != summary(r.Axes[0].Kernels[0]) {
					t.Errorf("%s, want the rule's %s", summary(w.Axes[0].Kernels[0]), summary(r.Axes[0].Kernels[0]))
				}
				return
			}
			if p.Comps <= 1 || q.Comps != 1 || q.WG != p.WG || q.E != p.E || len(q.Radices) != len(p.Radices) {
				t.Errorf("%s, from the rule's %s", summary(w.Axes[0].Kernels[0]), summary(r.Axes[0].Kernels[0]))
			}
			b := whole.budget()
			if err := checkAxis(w.Axes[0], []int{16, tc.n}, whole, b.largeLocalBytes); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestLargeWholeExchangesDouble checks that complex128 transforms, whose
// whole exchanges are unmeasured, keep their plans.
func TestLargeWholeExchangesDouble(t *testing.T) {
	double := complex128Of(gpuLimits)
	whole := largeLocal(double, Tuning{})
	rule := largeLocal(double, Tuning{NoWholeExchanges: true})
	for _, n := range []int{3000, 3375, 3600, 4000, 6750} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			w, err := New([]int{4, n}, []int{1}, whole)
			if err != nil {
				t.Fatal(err)
			}
			r, err := New([]int{4, n}, []int{1}, rule)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(w) != fmt.Sprint(r) {
				t.Errorf("plan %+v, want the plan without whole exchanges %+v", w.Axes[0].Kernels, r.Axes[0].Kernels)
			}
		})
	}
}
