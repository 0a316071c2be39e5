package plan

// One pass of wide work-items in CUDA's large local memory. A complex64
// transform longer than the large local memory's register kernel covers
// with 16 elements a work-item (largeUneven) but short enough for
// wideRegE elements over wideRegWG work-items runs in one pass of those
// rather than in two or three: on an H200 through CUDA (512 MiB of
// complex64; docs/fft-gpu-notes.md §33 and §39) 15625 took 0.509 ms as
// 625 work-items of 25 against 0.719 as two passes (0.71), and in an A/B
// on 15 lengths outside those it was made from, every one ran faster: the
// 13-smooth 9801, 11319, 11616, 12100, 12672, 13824 and 15625 at
// 0.72-0.87 of their time, lengths with a factor 17, 19 or 23 (Rader's or
// Bluestein's before) at 0.33-0.58; a median of 0.58. More elements a
// work-item take more registers: the device refused 25 elements over 648
// work-items or more, so the plan stops at 625; complex128, at twice the
// registers and unmeasured, keeps its plans (complex64Size).

// wideRegE and wideRegWG bound the wide one pass: at most wideRegE
// elements over at most wideRegWG work-items.
const wideRegE, wideRegWG = 25, 625

// complex64Size is the size of complex64 values. The rules of CUDA's
// large local memory measured on complex64 alone take those values only:
// the wide one pass, the whole exchanges (largeWholeExchanges) and
// Bluestein's shorter convolution (smallerConvolution).
const complex64Size = 8

// largeWide returns the plan of the axis as one pass of the register
// kernel in the large local memory, of up to wideRegE elements over up to
// wideRegWG work-items, where the budget takes it (budget.wideOnePass) and
// a, the plan so far, takes more than one pass.
func largeWide(batch Batch, n int, a Axis, b budget) (Axis, bool) {
	if !b.wideOnePass || a.onePass() || a.M > wideRegE*wideRegWG {
		return a, false
	}
	lw, ok := largeOnePass(batch, n, b, wideRegWG, wideRegE)
	if !ok {
		return a, false
	}
	return lw, true
}

// largeOnePass returns the plan of the axis as one pass of the register
// kernel in the large local memory of at most maxE elements over at most
// maxWG work-items (and no more than the budget's largeRegWG), its kernel
// bound to its size where it takes more work-items than the smaller
// budget's register kernels, and whether the large local memory takes the
// transform so.
func largeOnePass(batch Batch, n int, b budget, maxWG, maxE int) (Axis, bool) {
	large := b.large()
	large.maxRegWG, large.maxRegE = min(maxWG, b.largeRegWG), maxE
	la := planAxisWithin(batch, n, large)
	if !la.onePass() || !la.registersOnly() || len(la.Kernels) != 1 {
		return la, false
	}
	if p := la.Kernels[0].Pass; p.E > maxE || p.WG > maxWG {
		return la, false
	}
	la.bound(b)
	return la, true
}
