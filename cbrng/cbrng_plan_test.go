package cbrng

import "testing"

func TestCBRNGPlan(t *testing.T) {
	gpu := cbrngLimits{MaxWorkGroup: 1024}
	cpu := cbrngLimits{MaxWorkGroup: 4096, CPU: true}
	for _, tc := range []struct {
		name                       string
		batch, generators, perCall int
		samplerLanes               bool
		lim                        cbrngLimits
		calls, tail, lanes, local  int
	}{
		{"the benchmark's uniform fill", 256, 1 << 19, 4, true, gpu, 64, 0, 1, 256},
		{"a partial last call", 5, 21, 4, true, gpu, 1, 1, 1, 21},
		{"fewer values than one call", 3, 1000, 8, true, gpu, 0, 3, 1, 256},
		{"one value per call", 7, 300, 1, false, gpu, 7, 0, 1, 256},
		{"a small work-group limit", 16, 4096, 2, true, cbrngLimits{MaxWorkGroup: 64}, 8, 0, 1, 64},
		{"lanes on a CPU device", 256, 1 << 19, 4, true, cpu, 64, 0, cbrngLanes, 256},
		{"lanes of a few generators", 5, 24, 4, true, cpu, 1, 1, cbrngLanes, 3},
		{"a CPU device, generators not a multiple of the lanes", 5, 1001, 4, true, cpu, 1, 1, cbrngLanes, 126},
		{"a CPU device, fewer generators than lanes", 5, 3, 4, true, cpu, 1, 1, cbrngLanes, 1},
		{"a CPU device, a sampler without lanes", 7, 4096, 1, false, cpu, 7, 0, 1, 256},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := newCBRNGPlan(tc.batch, tc.generators, tc.perCall, tc.samplerLanes, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			if p.Calls != tc.calls || p.Tail != tc.tail || p.Lanes != tc.lanes || p.Local != tc.local {
				t.Errorf("plan %+v, want %d calls, a tail of %d, %d lanes, work-groups of %d", p, tc.calls, tc.tail, tc.lanes, tc.local)
			}
			if p.Calls*p.PerCall+p.Tail != tc.batch {
				t.Errorf("plan %+v makes %d values, want %d", p, p.Calls*p.PerCall+p.Tail, tc.batch)
			}
			if p.Items*p.Lanes < tc.generators || (p.Items-1)*p.Lanes >= tc.generators {
				t.Errorf("plan %+v: %d work-items of %d generators each, want %d generators", p, p.Items, p.Lanes, tc.generators)
			}
			if partial := tc.generators%p.Lanes != 0; p.Partial != partial {
				t.Errorf("plan %+v: Partial %v, want %v", p, p.Partial, partial)
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
		{"no generators on a CPU device", 4, 0, 1, cpu},
	} {
		t.Run("error/"+tc.name, func(t *testing.T) {
			if p, err := newCBRNGPlan(tc.batch, tc.generators, tc.perCall, true, tc.lim); err == nil {
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
