package plan

// Whole exchanges for the uneven passes of the smaller budget: a
// candidate rule, taken under Tuning.WholeExchanges only. Within 48 KiB an
// uneven pass of more than 6144 points exchanges its values between stages
// as their real and imaginary parts in turn (Pass.Comps 2): 6000, 6750,
// 7200 and 7680 on CUDA run so, their even neighbours in the large local
// memory (largeEven). On an H200 through CUDA (docs/fft-gpu-notes.md §40)
// those four ran at 0.78–0.94 of their time as one pass of at most 16
// elements over twice the work-items in the large local memory, whole
// values exchanged; the candidate keeps the pass's work-items and
// elements and only exchanges whole values, so that an A/B can tell the
// two apart.

// largeWholeExchanges returns the plan of the axis as one pass of the
// register kernel in the large local memory over no more work-items and
// elements than a's, exchanging whole complex values, where the budget
// takes it (budget.wholeExchanges) and a, the plan so far, is one uneven
// pass that exchanges by components.
func largeWholeExchanges(batch Batch, n int, a Axis, b budget) (Axis, bool) {
	if !b.wholeExchanges || !a.onePass() || len(a.Kernels) != 1 || !a.registersOnly() {
		return a, false
	}
	p := a.Kernels[0].Pass
	if !p.Uneven || p.Comps <= 1 {
		return a, false
	}
	large := b.large()
	large.maxRegWG, large.maxRegE = p.WG, p.E
	lw := planAxisWithin(batch, n, large)
	if !lw.onePass() || !lw.registersOnly() || len(lw.Kernels) != 1 {
		return a, false
	}
	if q := lw.Kernels[0].Pass; q.Comps != 1 || q.WG > p.WG || q.E > p.E || len(q.Radices) > len(p.Radices) {
		return a, false
	}
	lw.bound(b)
	return lw, true
}
