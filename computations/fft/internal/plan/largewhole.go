package plan

// Whole exchanges for the uneven passes of the smaller budget (rule:
// largeWholeExchanges). Within 48 KiB an uneven pass of more than 6144
// points exchanges its values between stages as their real and imaginary
// parts in turn (Pass.Comps 2); on CUDA devices the same pass, over the
// same work-items and elements, exchanges whole complex values in the
// large local memory. On an H200 through CUDA (BenchmarkFFT at 512 MiB of
// complex64, two interleaved rounds, docs/fft-gpu-notes.md §42) 12 of the
// 62 lengths it changes, drawn at random, ran at 0.67–0.98 of their time,
// a median of 0.927, none slower. complex128, unmeasured, keeps its plans
// (complex64Size).

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
	lw, ok := largeOnePass(batch, n, b, p.WG, p.E)
	if !ok {
		return a, false
	}
	if q := lw.Kernels[0].Pass; q.Comps != 1 || len(q.Radices) > len(p.Radices) {
		return a, false
	}
	return lw, true
}
