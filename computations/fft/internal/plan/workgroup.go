package plan

import (
	"fmt"
	"slices"
)

// WorkGroupPlan is a transform that one work-group computes on a row it
// holds in local memory: the stages of the local kernel over the whole
// row (a Pass of Tile 1 with N = L), and the twiddles of its stages.
type WorkGroupPlan struct {
	Pass Pass
	// Stages holds the twiddles of the stages, those of stage i from
	// StageOffsets[i] on; NoTable for fewer than two stages.
	Stages       Table
	StageOffsets []int
}

// LocalElems returns the complex values of the row in local memory, its
// padding included.
func (w WorkGroupPlan) LocalElems() int { return w.Pass.Row() }

// WorkGroup plans a transform of length n that one work-group computes in
// local memory, as the local kernel's single pass over a row of n points
// with its radices, padding and work-group size, on a device with the
// limits. The row must fit in the device's local memory (LocalMemBytes,
// or Tuning.LocalBytes where set), and every prime factor of n must be
// one of the butterflies' (at most 13): one work-group has no room for
// Bluestein's algorithm.
func WorkGroup(n int, lim Limits) (WorkGroupPlan, error) {
	if err := lim.check(); err != nil {
		return WorkGroupPlan{}, err
	}
	if n < 1 {
		return WorkGroupPlan{}, fmt.Errorf("plan: a work-group transform of length %d", n)
	}
	if !isSmooth(n, maxPrimeRadix) {
		fs := primeFactors(n)
		return WorkGroupPlan{}, fmt.Errorf("plan: a work-group transform of length %d: its prime factor %d is above %d, the largest the butterflies take (choose a length whose prime factors are 2, 3, 5, 7, 11 or 13)",
			n, fs[len(fs)-1], maxPrimeRadix)
	}
	b := lim.budget()
	// The row may take all the local memory the device has: the budget of
	// the FFT's own kernels leaves room for their tiles, which a single
	// row does not have.
	b.localBytes = int(lim.LocalMemBytes)
	if lim.Tuning.LocalBytes > 0 {
		b.localBytes = lim.Tuning.LocalBytes
	}
	p := Pass{N: n, L: n, NS: 1, Plain: b.plainLocal}
	p.planLocal(1, b)
	if need := p.Row() * b.itemSize; need > b.localBytes {
		return WorkGroupPlan{}, fmt.Errorf("plan: a work-group transform of length %d needs %d bytes of local memory for its row, more than the %d the device allows a work-group",
			n, need, b.localBytes)
	}
	w := WorkGroupPlan{Pass: p, StageOffsets: stageOffsets(p.Radices)}
	if len(p.Radices) > 1 {
		w.Stages = Table{Kind: StageTwiddles, Radices: slices.Clone(p.Radices)}
	}
	return w, nil
}
