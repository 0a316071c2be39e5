package plan

import (
	"strings"
	"testing"
)

// TestRowTurnsRule checks which plans take Bluestein's transforms over
// rows: through CUDA, transforms of three passes or more in Stockham's
// order by rule, with rows of at most cudaMaxRowTurn points; not those of
// two passes, not through OpenCL or on a CPU, and not where the tuning
// says NoRowTurns; the tuning's MaxRowTurn in place of the rule's.
func TestRowTurnsRule(t *testing.T) {
	cuda := gpuLimits
	cuda.CUDA, cuda.ComputeCapability = true, 90
	cuda.LargeLocalMemBytes = 227 << 10
	cases := []struct {
		name    string
		n       int
		lim     Limits
		rows    bool
		longest int // the longest row where rows
	}{
		{"CUDA 645496 by rule", 645496, cuda, true, cudaMaxRowTurn},
		{"CUDA 212964 by rule", 212964, cuda, true, cudaMaxRowTurn},
		{"CUDA 645496 with rows up to 4096", 645496, tuned(cuda, Tuning{MaxRowTurn: 4096}), true, 4096},
		{"CUDA 645496 without rows", 645496, tuned(cuda, Tuning{RowTurnsFrom: NoRowTurns}), false, 0},
		{"CUDA 53233 in two passes", 53233, cuda, false, 0},
		{"CUDA 53233 from two passes by tuning", 53233, tuned(cuda, Tuning{RowTurnsFrom: 2}), true, 16384},
		{"OpenCL 645496", 645496, gpuLimits, false, 0},
		{"OpenCL 645496 from three passes by tuning", 645496, tuned(gpuLimits, Tuning{RowTurnsFrom: 3}), true, 16384},
		{"CPU 645496", 645496, cpuLimits, false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := New([]int{4, c.n}, []int{1}, c.lim)
			if err != nil {
				t.Fatal(err)
			}
			rows := false
			kernels := p.Axes[0].Kernels
			for _, k := range kernels {
				if !k.Pass.RowLoads {
					continue
				}
				rows = true
				if k.Pass.L > c.longest {
					t.Errorf("a turn over rows of %d, longer than %d", k.Pass.L, c.longest)
				}
			}
			if rows != c.rows {
				var lines []string
				for _, k := range kernels {
					lines = append(lines, summary(k))
				}
				t.Errorf("over rows: %v, want %v; kernels:\n%s", rows, c.rows, strings.Join(lines, "\n"))
			}
		})
	}
}

// TestRowTurnsTuning checks that a tuning below NoRowTurns, or from one
// pass, is refused.
func TestRowTurnsTuning(t *testing.T) {
	for _, from := range []int{NoRowTurns - 1, 1} {
		if _, err := New([]int{4, 645496}, []int{1}, tuned(gpuLimits, Tuning{RowTurnsFrom: from})); err == nil {
			t.Errorf("RowTurnsFrom %d: no error", from)
		}
	}
}
