package plan

import "slices"

// passLanes is the number of sub-transforms a work-item of a private pass
// takes on CPU devices (Pass.Lanes): 8 float lanes fill the 256-bit
// vectors of AVX2 in each of the real and imaginary parts, and half the
// 512-bit ones of AVX-512, whose float16 holds both. One pass of radix 16
// over 2^20 complex64 values on PoCL (2 cores, AVX-512) took 0.99–1.16 ms
// in lanes against 1.5–2.85 ms one sub-transform per work-item
// (BenchmarkPassLayout, docs/fft-gpu-notes.md §17).
const passLanes = 8

// lanesPay reports whether kernel k, a pass of the axis's transform,
// takes lanes: its work-items must find their lanes' elements side by
// side, in the source, the destination and the pass twiddles: a private
// pass of one radix over contiguous rows, whose butterflies per transform
// and NS are multiples of the lanes, with a twiddle table of rows (split
// in blocks of a multiple of the lanes, if at all), and without the chirps
// or the kernel of Bluestein's algorithm. The first pass (NS = 1) writes
// each lane's outputs as a row of L: it transposes the lanes, L a
// multiple of them. The kernel that builds the pass keeps the lanes only
// where its source and destination are arrays its lanes load and store
// whole (the first kernel's input and the last one's output may have a
// transformation, or be a real transform's: see DropLanes).
func (a *Axis) lanesPay(k Kernel, b budget) bool {
	p, t, n := k.Pass, k.Tables, b.lanes
	switch {
	case n < 2 || !p.Private || len(p.Radices) != 1 || a.Inner != 1:
		return false
	case k.ChirpIn || k.KernelB || k.ChirpOut || k.Rader:
		return false
	case p.NS > 1 && p.NS%n != 0 || p.NS == 1 && p.L%n != 0 || (p.N/p.L)%n != 0 || p.Tile%n != 0:
		return false
	case t.PassShift > 0 || t.PassBlock%n != 0:
		return false
	}
	return true
}

// DropLanes returns the pass without lanes: one sub-transform per
// work-item, as Tile work-items.
func (p Pass) DropLanes() Pass {
	if p.Lanes > 1 {
		p.Lanes, p.WG = 0, p.Tile
	}
	return p
}

// lanesFirst orders the sub-lengths ls of a transform's passes so that
// those that are multiples of lanes come first: the first pass (NS = 1)
// then takes lanes, and every pass after it has NS a multiple of them
// (lanesPay). 6144 as 8·8·8·12 took 1.32–1.40 ms on PoCL (2 cores, AVX2,
// 8 MiB) against 2.35 as 12·8·8·8, whose passes had no lanes.
func lanesFirst(ls []int, lanes int) []int {
	if lanes < 2 {
		return ls
	}
	out := slices.Clone(ls)
	slices.SortStableFunc(out, func(a, b int) int {
		return boolRank(a%lanes != 0) - boolRank(b%lanes != 0)
	})
	return out
}

// boolRank is 1 for true and 0 for false.
func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}
