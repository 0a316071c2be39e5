package plan

// One pass of wide work-items in CUDA's large local memory: a candidate
// rule, taken under Tuning.WideOnePass only. A transform longer than the
// large local memory's register kernel covers with 16 elements a
// work-item (largeUneven) but short enough for wideRegE elements over
// wideRegWG work-items runs in one pass of those rather than in two: on
// an H200 through CUDA (512 MiB of complex64, three rounds;
// docs/fft-gpu-notes.md §33) 15625 took 0.509 ms as 625 work-items of 25
// against 0.719 as two passes (0.71), and 12500 0.463 as 625 of 20
// against 0.607 as 834 of 16 (0.76; a transform in one pass already,
// which this candidate leaves as it is). More elements a work-item take more
// registers: the device refused 25 elements over 648 work-items or more,
// so the plan stops at 625. Whether it pays over every length it changes
// (9801, 10206, 11319, 11907, 13824 and 15625 among the smooth ones of the
// sweep's kinds) is for an A/B to say before a rule takes it.

// wideRegE and wideRegWG bound the wide one pass: at most wideRegE
// elements over at most wideRegWG work-items.
const wideRegE, wideRegWG = 25, 625

// largeWide returns the plan of the axis as one pass of the register
// kernel in the large local memory, of up to wideRegE elements over up to
// wideRegWG work-items, where the budget takes it (budget.wideOnePass) and
// a, the plan so far, takes more than one pass.
func largeWide(batch Batch, n int, a Axis, b budget) (Axis, bool) {
	if !b.wideOnePass || a.onePass() || a.M > wideRegE*wideRegWG {
		return a, false
	}
	large := b.large()
	large.maxRegWG, large.maxRegE = min(wideRegWG, b.largeRegWG), wideRegE
	lw := planAxisWithin(batch, n, large)
	if !lw.onePass() || !lw.registersOnly() || len(lw.Kernels) != 1 {
		return a, false
	}
	if p := lw.Kernels[0].Pass; p.E > wideRegE || p.WG > wideRegWG {
		return a, false
	}
	lw.bound(b)
	return lw, true
}
