package plan

// Wider work-groups for one pass in CUDA's large local memory: a
// candidate rule, taken under Tuning.WiderGroups only. A transform longer
// than largeUnevenFrom that the plan runs in one pass of more than 16
// elements a work-item over at most 256 work-items (8192 as 256 of 32,
// 6144 and 4608 of 24, 6561 of 27) keeps few work-groups on a
// multiprocessor: its registers limit them. The candidate runs it as one
// pass of at most widerGroupE elements over at most widerGroupWG
// work-items, in no more stages, so that twice the work-items share the
// exchanges. On an H200 through CUDA 8192 ran at 1.30 times cuFFT's time
// and 71% of the copy (the record of 4644100); whether the wider groups pay
// is for an A/B to say before a rule takes them.

// widerGroupWG and widerGroupE bound the candidate's pass: at most
// widerGroupE elements over at most widerGroupWG work-items.
const widerGroupWG, widerGroupE = 512, 16

// largeWiderGroups returns the plan of the axis as one pass of the
// register kernel in the large local memory over at most widerGroupWG
// work-items of at most widerGroupE elements, where the budget takes it
// (budget.widerGroups) and a, the plan so far, is one pass of more
// elements over fewer work-items longer than largeUnevenFrom, and the
// wider pass takes no more stages.
func largeWiderGroups(batch Batch, n int, a Axis, b budget) (Axis, bool) {
	if !b.widerGroups || a.M <= largeUnevenFrom || !a.onePass() || len(a.Kernels) != 1 || !a.registersOnly() {
		return a, false
	}
	p := a.Kernels[0].Pass
	if p.E <= widerGroupE || p.WG >= widerGroupWG {
		return a, false
	}
	lg, ok := largeOnePass(batch, n, b, widerGroupWG, widerGroupE)
	if !ok {
		return a, false
	}
	if len(lg.Kernels[0].Pass.Radices) > len(p.Radices) {
		return a, false
	}
	return lg, true
}
