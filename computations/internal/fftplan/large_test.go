package fftplan

import (
	"strings"
	"testing"
)

// TestLargeLocalMemory checks that a GPU with opt-in local memory (CUDA's)
// runs in one pass the transforms that need two within 48 KiB, and plans
// the others as a GPU without it does.
func TestLargeLocalMemory(t *testing.T) {
	// Register kernels of at most 256 work-items, as a device that refuses
	// 512 of 32 elements leaves them: 16384 points then take two passes in
	// 48 KiB.
	narrow := Tuning{MaxRegWG: 256}
	large := gpuLimits
	large.LargeLocalMemBytes = 227 << 10
	cases := []struct {
		name    string
		shape   []int
		axes    []int
		lim     Limits
		kernels int
	}{
		{"16384 within 48 KiB", []int{8, 16384}, []int{1}, tuned(gpuLimits, narrow), 2},
		{"16384 with 227 KiB", []int{8, 16384}, []int{1}, tuned(large, Tuning{MaxRegWG: 256}), 1},
		{"1024 with 227 KiB", []int{8, 1024}, []int{1}, large, 1},
		{"2^20 with 227 KiB", []int{1 << 20}, []int{0}, large, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(tc.shape, tc.axes, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, k := range p.Axes[0].Kernels {
				lines = append(lines, summary(k))
			}
			if len(lines) != tc.kernels {
				t.Errorf("%d kernels, want %d:\n%s", len(lines), tc.kernels, strings.Join(lines, "\n"))
			}
			// Without the large local memory the plan is the same wherever
			// it does not save a kernel.
			small := tc.lim
			small.LargeLocalMemBytes = 0
			ps, err := New(tc.shape, tc.axes, small)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps.Axes[0].Kernels) == tc.kernels && summary(ps.Axes[0].Kernels[0]) != lines[0] {
				t.Errorf("the same number of kernels, another plan:\n%s\nwithout the large local memory:\n%s", lines[0], summary(ps.Axes[0].Kernels[0]))
			}
		})
	}
}
