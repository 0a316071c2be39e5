package plan

import "testing"

// TestChooseRowPad checks the row strides of a GPU's budget: the stride
// of the fewest wavefronts by the bank model, never more than the odd
// stride's (Tuning.NoRowStrides), within the local memory, and none where
// a work-group holds one row or the length is odd.
func TestChooseRowPad(t *testing.T) {
	tests := []struct {
		n       int
		row     int // the stride chosen
		waves   int // its wavefronts by LocalWavefronts
		ruleRow int
	}{
		{48, 56, 384, 51},
		{50, 53, 600, 51},
		{96, 101, 464, 101}, // the 48 KiB plan of §53's tie: nothing fewer
		{128, 136, 256, 135},
		{121, 121, 759, 121}, // odd: the model's 0.80 of this ran 1.07–1.14 times slower
	}
	on := largeLocal(gpuLimits, Tuning{})
	on.ComputeUnits = 132
	lim := on
	lim.Tuning.NoRowStrides = true
	for _, tt := range tests {
		rule, err := New([]int{1 << 12, tt.n}, []int{1}, lim)
		if err != nil {
			t.Fatal(err)
		}
		p, err := New([]int{1 << 12, tt.n}, []int{1}, on)
		if err != nil {
			t.Fatal(err)
		}
		rp, pp := rule.Axes[0].Kernels[0].Pass, p.Axes[0].Kernels[0].Pass
		if rp.Row() != tt.ruleRow || pp.Row() != tt.row || pp.LocalWavefronts(8) != tt.waves {
			t.Errorf("N = %d: rows of %d (rule %d) in %d wavefronts, want %d (rule %d) in %d", tt.n, pp.Row(), rp.Row(), pp.LocalWavefronts(8), tt.row, tt.ruleRow, tt.waves)
		}
		if pp.LocalWavefronts(8) > rp.LocalWavefronts(8) || pp.Tile*pp.Row()*8 > 48<<10 {
			t.Errorf("N = %d: %d wavefronts against the rule's %d, %d bytes", tt.n, pp.LocalWavefronts(8), rp.LocalWavefronts(8), pp.Tile*pp.Row()*8)
		}
	}
	// One row a work-group: nothing to choose.
	p, err := New([]int{64, 4096}, []int{1}, on)
	if err != nil {
		t.Fatal(err)
	}
	if pad := p.Axes[0].Kernels[0].Pass.RowPad; pad != 0 {
		t.Errorf("4096: RowPad %d, want 0", pad)
	}
}
