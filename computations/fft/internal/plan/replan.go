package plan

import (
	"errors"
	"fmt"
	"slices"
)

// Reason is why a device did not run a kernel of a plan.
type Reason int

const (
	// WorkGroupTooLarge: the kernel needs more registers or local memory
	// per work-item than a work-group of its size can have on the device;
	// Refusal.Limit is the most work-items per work-group it allows.
	WorkGroupTooLarge Reason = iota + 1
	// NotBuilt: the device's compiler did not build the kernel.
	NotBuilt
)

// Refusal is what the device said of a kernel it did not run.
type Refusal struct {
	Reason Reason
	Limit  int // WorkGroupTooLarge: the most work-items per work-group
}

// ErrNoKernel is the answer of Replan where no other kernel can do the
// refused kernel's work on the device.
var ErrNoKernel = errors.New("plan: no other kernel can do the pass on the device")

// Replan is the plan's one rule for kernels the device refuses. It returns
// the axis with its kernel i replaced by what runs in its place, or
// ErrNoKernel:
//
//   - a looped pass (a CPU device's whole transform in lanes) is replaced
//     by the plan of the axis without it;
//   - the kernel of Rader's algorithm is replaced by the plan of the axis
//     by Bluestein's;
//   - the first pass and the turn of Bluestein's transforms over rows
//     (Pass.ColumnStores, Pass.RowLoads) are replaced by the plan of the
//     axis in Stockham's order;
//   - a kernel that computes the whole of Bluestein's algorithm is
//     replaced by the kernels of its two transforms, unchanged otherwise;
//   - the turn of Bluestein's algorithm (Pass.Turn) is replaced by the
//     two passes it runs: the forward transform's last, which stores the
//     product with the convolution kernel, and the first one back;
//   - a kernel whose work-group is too large is planned again within the
//     device's limit: as a register kernel with fewer work-items (each
//     holding more elements) where the refused kernel was one and such a
//     plan exists, else as a local kernel;
//   - a register kernel the compiler refuses is replaced by the local
//     kernel; a local kernel it refuses has no replacement;
//   - where the local kernel that takes over does not fit in local memory,
//     a transform done in one pass is split into several (Bluestein's
//     chirps and convolution kernel go to the first and last of them),
//     and a pass of several has no replacement.
//
// Every step lowers the kernel's rank (a looped pass before any other,
// Rader's algorithm before any of
// Bluestein's, its transforms over rows before those in Stockham's order,
// Bluestein's algorithm in one kernel
// before its two transforms, the turn before its two passes, a whole transform before a pass of several,
// the register kernel before the local one, then the work-group size), so
// that a caller that replans until the device runs every kernel ends.
func Replan(a Axis, i int, r Refusal, lim Limits) (Axis, error) {
	if i < 0 || i >= len(a.Kernels) {
		return a, fmt.Errorf("plan: replan of kernel %d of an axis of %d", i, len(a.Kernels))
	}
	if err := lim.check(); err != nil {
		return a, err
	}
	base := lim.budget().forLength(a.N)
	b := base
	k := a.Kernels[i]
	if k.Pass.Looped || k.Pass.Vectors > 0 {
		// A looped pass (a whole transform, or the whole of Bluestein's
		// algorithm, in the axis's one kernel) goes back to the passes of
		// before it, and the primes of the looped pass
		// (budget.loopedPrimes) with it; so does the vector kernel, which
		// takes transforms only where looped passes exist.
		base = lim.budget()
		base.looped, base.scratchLooped = 0, 0
		return planAxis(a.Batch, a.N, base), nil
	}
	if k.Rader {
		// Bluestein's algorithm in its place takes no looped pass, which
		// would rank above Rader's kernel.
		base = lim.budget()
		base.rader, base.raderByPadding = false, false
		base.looped, base.scratchLooped = 0, 0
		bluestein := planAxis(a.Batch, a.N, base)
		for j := range bluestein.Kernels {
			if err := bluestein.Kernels[j].checkIndices(); err != nil {
				return a, err
			}
		}
		return bluestein, nil
	}
	if k.Pass.RowLoads || k.Pass.ColumnStores {
		// Bluestein's transforms over rows go back to the passes of
		// Stockham's order, with their turn.
		base.rowTurnsFrom = 0
		return planAxis(a.Batch, a.N, base), nil
	}
	if k.Convolution() {
		// Bluestein's algorithm in one kernel goes back to its two
		// transforms, which can be planned again each on its own.
		a.Kernels = a.bluesteinKernels([]Pass{k.Pass}, base)
		return a, nil
	}
	if k.Pass.Turn {
		last := Pass{N: k.Pass.N, L: k.Pass.L, NS: k.Pass.NS, Plain: base.plainLocal}
		last.plan(k.Count(), k.Inner, base)
		first := Pass{N: k.Pass.N, L: k.Pass.L, NS: 1, Plain: base.plainLocal}
		first.plan(k.Count(), k.Inner, base)
		return a.replaced(i, []Kernel{a.kernel(last, false, true, false, base), a.kernel(first, false, false, false, base)})
	}
	old := k.Pass
	p := Pass{N: old.N, L: old.L, NS: old.NS, Plain: b.plainLocal}
	switch r.Reason {
	case WorkGroupTooLarge:
		if r.Limit < 1 || r.Limit >= old.WG {
			return a, fmt.Errorf("%w: it refuses a work-group of %d with a limit of %d", ErrNoKernel, old.WG, r.Limit)
		}
		// Fewer work-items per sub-transform: more elements each.
		b.maxWG = min(b.maxWG, r.Limit)
		b.maxRegWG = min(b.maxRegWG, r.Limit)
		b.stridedWG = min(b.stridedWG, r.Limit)
		b.maxRegE = max(b.maxRegE, 32)
		if old.E == 0 || !p.planRegisters(k.Count(), k.Inner, b) || p.WG >= old.WG {
			p.planLocal(k.Count(), b)
		}
	case NotBuilt:
		if old.E == 0 {
			return a, fmt.Errorf("%w: its compiler refuses the local kernel", ErrNoKernel)
		}
		p.planLocal(k.Count(), b)
	default:
		return a, fmt.Errorf("plan: a refusal for reason %d", r.Reason)
	}
	var replacement []Kernel
	if p.E == 0 && p.LocalElems() > b.localElems() {
		ls := splitPasses(a.M, base)
		if old.L != old.N || len(ls) < 2 {
			return a, fmt.Errorf("%w: the local kernel of a pass of %d needs %d bytes of local memory, more than the %d a work-group may use",
				ErrNoKernel, old.L, p.LocalElems()*b.itemSize, b.localBytes)
		}
		replacement = a.kernels(a.passes(ls, base), k.ChirpIn, k.ChirpOut, base)
	} else {
		k.Pass = p
		k.Tables = tables(p, a.N, a.M, k.ChirpIn, k.KernelB, k.ChirpOut, b)
		replacement = []Kernel{k}
	}
	return a.replaced(i, replacement)
}

// replaced returns the axis with its kernel i replaced by the kernels of
// replacement, each checked as New checks a plan's.
func (a Axis) replaced(i int, replacement []Kernel) (Axis, error) {
	for j := range replacement {
		if err := replacement[j].checkIndices(); err != nil {
			return a, err
		}
	}
	a.Kernels = slices.Concat(a.Kernels[:i:i], replacement, a.Kernels[i+1:])
	return a, nil
}

// rank orders the kernels that Replan goes through for the same work: each
// step lowers it in lexicographic order.
func (k *Kernel) rank() [8]int {
	looped, rader, rows, convolution, turn, whole, registers := 0, 0, 0, 0, 0, 0, 0
	if k.Pass.Looped || k.Pass.Vectors > 0 {
		looped = 1
	}
	if k.Rader {
		rader = 1
	}
	if k.Pass.RowLoads || k.Pass.ColumnStores {
		rows = 1
	}
	if k.Convolution() {
		convolution = 1
	}
	if k.Pass.Turn {
		turn = 1
	}
	if k.Pass.L == k.Pass.N {
		whole = 1
	}
	if k.Pass.E > 0 {
		registers = 1
	}
	return [8]int{looped, rader, rows, convolution, turn, whole, registers, k.Pass.WG}
}
