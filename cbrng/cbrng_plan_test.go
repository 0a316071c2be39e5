package cbrng

import "testing"

func TestCBRNGPlan(t *testing.T) {
	gpu := cbrngLimits{MaxWorkGroup: 1024}
	for _, tc := range []struct {
		name                       string
		batch, generators, perCall int
		lim                        cbrngLimits
		calls, tail, local         int
	}{
		{"the benchmark's uniform fill", 256, 1 << 19, 4, gpu, 64, 0, 256},
		{"a partial last call", 5, 21, 4, gpu, 1, 1, 21},
		{"fewer values than one call", 3, 1000, 8, gpu, 0, 3, 256},
		{"one value per call", 7, 300, 1, gpu, 7, 0, 256},
		{"a small work-group limit", 16, 4096, 2, cbrngLimits{MaxWorkGroup: 64}, 8, 0, 64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := newCBRNGPlan(tc.batch, tc.generators, tc.perCall, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			if p.Calls != tc.calls || p.Tail != tc.tail || p.Local != tc.local {
				t.Errorf("plan %+v, want %d calls, a tail of %d, work-groups of %d", p, tc.calls, tc.tail, tc.local)
			}
			if p.Calls*p.PerCall+p.Tail != tc.batch {
				t.Errorf("plan %+v makes %d values, want %d", p, p.Calls*p.PerCall+p.Tail, tc.batch)
			}
		})
	}
	for _, tc := range []struct {
		name                       string
		batch, generators, perCall int
		lim                        cbrngLimits
	}{
		{"no values", 0, 4, 1, gpu},
		{"no generators", 4, 0, 1, gpu},
		{"no values per call", 4, 4, 0, gpu},
		{"no work-items", 4, 4, 1, cbrngLimits{}},
	} {
		t.Run("error/"+tc.name, func(t *testing.T) {
			if p, err := newCBRNGPlan(tc.batch, tc.generators, tc.perCall, tc.lim); err == nil {
				t.Errorf("plan %+v, want an error", p)
			}
		})
	}
}

// TestBlockDraws checks that the samplers of a fixed number of bits take
// whole outputs and use every 32-bit value of them once.
func TestBlockDraws(t *testing.T) {
	for _, tc := range []struct {
		upb, per     int // 32-bit values per output and per value
		blocks, vals int
	}{
		{4, 1, 1, 4}, {8, 1, 1, 8}, {2, 2, 1, 1}, {4, 2, 1, 2}, {2, 4, 2, 1}, {4, 4, 1, 1}, {8, 4, 1, 2},
	} {
		b := &Bijection{bits: 32, counterWords: tc.upb}
		if tc.upb == 8 {
			b = &Bijection{bits: 64, counterWords: 4}
		}
		blocks, draws := blockDraws(b, tc.per)
		if blocks != tc.blocks || len(draws) != tc.vals {
			t.Errorf("%d values per output, %d per value: %d outputs and %v, want %d and %d values",
				tc.upb, tc.per, blocks, draws, tc.blocks, tc.vals)
		}
		for i, k := range draws {
			if k != i*tc.per {
				t.Errorf("%d values per output, %d per value: draws %v", tc.upb, tc.per, draws)
			}
		}
	}
}
