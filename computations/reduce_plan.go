package computations

import (
	"fmt"

	"github.com/reikna-go/reikna/computations/internal/device"
)

// reductionLimits are what the plans of Reduce and Scan need to know of the
// device (the single-pass scan needs its GlobalAtomics), and the size of
// their values.
type reductionLimits struct {
	device.Limits
	ItemSize int // bytes per value
}

// Numbers of the plans, with their reasons.
const (
	// reduceMaxWorkGroup bounds work-groups: 256 items fill a GPU's
	// multiprocessor with several groups at once, and more would only
	// lengthen the tree of barriers at the end.
	reduceMaxWorkGroup = 256
	// reduceMaxLanes is the largest number of neighbouring kept elements
	// (along i) a work-group reduces side by side: 32 consecutive values
	// are one warp's coalesced load.
	reduceMaxLanes = 32
	// reducePerItem is the number of elements each work-item should at
	// least fold serially before a work-group's tree, so that splitting a
	// reduction over more groups pays for the pass that joins them.
	reducePerItem = 16
	// reduceUnroll is the number of loads each work-item issues before it
	// combines them: one load in flight per item leaves a GPU's memory
	// system idle (at 2048 items per multiprocessor, 8 KiB in flight
	// against the 15 KiB or so that an H100's bandwidth times its latency
	// asks for), four fill it.
	reduceUnroll = 4
	// reduceGroupsPerUnitGPU and reduceGroupsPerUnitCPU are the work-groups
	// per compute unit a pass aims at: enough on a GPU to hide memory
	// latency, one or two per core on a CPU.
	reduceGroupsPerUnitGPU = 8
	reduceGroupsPerUnitCPU = 2
)

// reducePass is one kernel of a reduction: it folds r elements of each of
// the o × i kept positions into g partial values, the work-group (s items
// along r by l lanes along i) of group number q folding elements
// [q·chunk, (q+1)·chunk) of r.
type reducePass struct {
	R, G, Chunk int
	S, L        int
	Unroll      int
	// Contig: item s folds the Chunk/S neighbouring elements from
	// s·Chunk/S of its group's chunk, rather than every S-th element from
	// s (CPU devices, one lane). PoCL runs a work-group's items one after
	// the other, each loop on its own: the strided loads of a GPU's
	// pattern fall 1 KiB apart, the neighbouring ones vectorize.
	Contig bool
	// Partials > 1: a contiguous pass folds each item's run into Partials
	// independent values, element k of each step of Partials into value k,
	// which the compiler keeps in one vector register, and folds them
	// together at the end (the operation is commutative): one value
	// folded element by element is a chain of dependent operations that no
	// compiler may reorder.
	Partials int
}

// reducePartialBytes is the size of the partial values of a contiguous
// pass together: one 64-byte vector register of AVX-512.
const reducePartialBytes = 64

// reducePartials returns the partial values of a contiguous pass of
// values of itemSize bytes: as many as fill reducePartialBytes, and 1
// (one value, folded element by element) for values of more than a
// quarter of it.
func reducePartials(itemSize int) int {
	if itemSize > reducePartialBytes/4 {
		return 1
	}
	return reducePartialBytes / itemSize
}

// Halvings returns how the partial values fold together: in turn, value k
// takes value k + h for each k < h, for each h of the list (Partials/2,
// then half of it, down to 1).
func (p reducePass) Halvings() []int {
	var out []int
	for h := p.Partials / 2; h >= 1; h /= 2 {
		out = append(out, h)
	}
	return out
}

// Run returns the elements each item of a contiguous pass folds.
func (p reducePass) Run() int { return p.Chunk / p.S }

// reducePlan is the plan of a reduction of r elements for each of o × i
// positions: passes until one value is left for each position.
type reducePlan struct {
	O, R, I int
	Passes  []reducePass
}

// powerOfTwoBelow returns the largest power of two at most n (1 for n < 2).
func powerOfTwoBelow(n int) int {
	p := 1
	for p*2 <= n {
		p *= 2
	}
	return p
}

// ceilDiv returns ⌈a/b⌉ for a ≥ 0, b > 0.
func ceilDiv(a, b int) int { return (a + b - 1) / b }

// workGroup returns the work-group size of the reduction kernels for lim:
// a power of two within the device's limits whose values fit in local
// memory.
func (lim reductionLimits) workGroup() (int, error) {
	if lim.MaxWorkGroup < 1 || lim.ItemSize < 1 || lim.LocalMemBytes < int64(lim.ItemSize) {
		return 0, fmt.Errorf("the device's limits (work-group %d, local memory %d bytes) cannot hold one value of %d bytes",
			lim.MaxWorkGroup, lim.LocalMemBytes, lim.ItemSize)
	}
	return powerOfTwoBelow(min(lim.MaxWorkGroup, reduceMaxWorkGroup, int(min(lim.LocalMemBytes/int64(lim.ItemSize), 1<<30)))), nil
}

// targetGroups returns the number of work-groups a pass aims at.
func (lim reductionLimits) targetGroups() int {
	per := reduceGroupsPerUnitCPU
	if lim.GPU {
		per = reduceGroupsPerUnitGPU
	}
	return max(lim.ComputeUnits, 1) * per
}

// newReducePlan plans the reduction of r elements for each of o × i
// positions (r ≥ 1). A pass splits r over several work-groups only while
// the positions alone give too few groups to fill the device and there are
// more than reducePerItem elements for each work-item; each further pass
// folds the partial values of the one before.
func newReducePlan(o, r, i int, lim reductionLimits) (reducePlan, error) {
	if o < 1 || r < 1 || i < 1 {
		return reducePlan{}, fmt.Errorf("reduction plan of %d×%d×%d elements: every length must be positive", o, r, i)
	}
	wg, err := lim.workGroup()
	if err != nil {
		return reducePlan{}, err
	}
	l := powerOfTwoBelow(min(i, wg, reduceMaxLanes))
	s := wg / l
	positions := o * ceilDiv(i, l) // work-groups of one pass over all of r
	p := reducePlan{O: o, R: r, I: i}
	for {
		g := 1
		if positions < lim.targetGroups() && r > s*reducePerItem {
			g = min(ceilDiv(r, s*reducePerItem), ceilDiv(lim.targetGroups(), positions))
		}
		chunk := ceilDiv(ceilDiv(r, g), s) * s
		g = ceilDiv(r, chunk)
		pass := reducePass{R: r, G: g, Chunk: chunk, S: s, L: l, Unroll: reduceUnroll, Contig: !lim.GPU && l == 1}
		if pass.Contig {
			pass.Partials = reducePartials(lim.ItemSize)
		}
		p.Passes = append(p.Passes, pass)
		if g == 1 {
			return p, nil
		}
		r = g
	}
}
