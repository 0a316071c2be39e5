package plan

import (
	"cmp"
	"slices"
)

// Passes in CUDA's large local memory. A transform too long for one pass
// runs as passes over strided data, each holding a tile of sub-transforms
// side by side in local memory. Within 48 KiB a pass takes at most
// maxStridedL points (720 for complex64) in tiles of minTile, so 2^20
// takes three passes where cuFFT and VkFFT take two, and a pass of 42
// work-items a sub-transform gets a tile of 6 (the second pass of 66528).
// In the opt-in local memory of CUDA (227 KiB on an H200) a pass may hold
// largeStridedTile sub-transforms of up to 1024 points over up to
// largeRegWG work-items, bound to that size (Pass.Bounded): 2^20 as two
// passes of 1024 in tiles of 16, 66528 in tiles of 16 rather than 10 and 6.
//
// On an H200 through CUDA (512 MiB of complex64, BenchmarkFFT with
// REIKNA_BENCH_LARGE_PASSES; docs/fft-gpu-notes.md §28 and §30) the two
// passes of smooth lengths lost to three at 12 of 13 lengths (2^20 1.01
// times the time, 2^22 1.25, 3359232 1.42; 8294400 won, 0.82), and
// Bluestein's transforms over 2^24 points in three kernels rather than
// five won at three of ten (11863370 0.67, 5931676 0.81–0.83, 5931649
// 0.80) and lost or tied at the others (6813805 0.99, 5163797 1.04,
// 6456681 1.34, 4495346 1.50; §31): the rule takes neither, and tuning
// tries them (Tuning.LargePasses, Tuning.LargeTile). Wider tiles with as many kernels won where the
// small budget's tiles were short (66528 0.79, 44100 0.81, 17569 0.84)
// and lost where the wider plan took other radices or a pass of 512
// points after others (161377 1.35, 262144 1.18, 96000 1.16): the rule
// takes them where wideTilesPay.

// LargePasses values of Tuning: the device's rule (wider tiles where
// wideTilesPay), none, passes in the large local memory wherever they
// take fewer kernels, or also wherever they take as many (in wider
// tiles).
const (
	LargePassesRule = 0
	NoLargePasses   = -1
	AnyLargePasses  = 1
	WideLargePasses = 2
)

// largeStridedTile is the most sub-transforms side by side of a pass in
// the large local memory: 16 of 1024 points fill 128 KiB.
const largeStridedTile = 16

// largePassesOf returns the budget's largePasses and wideLargePasses, the
// tuning's where it sets them, and wideTilesByRule: a GPU's rule (the
// tuning's LargePassesRule) takes no passes in the large local memory
// but those of wider tiles where wideTilesPay.
func largePassesOf(t Tuning, cpu bool) (on, wide, byRule bool) {
	return t.LargePasses >= AnyLargePasses, t.LargePasses == WideLargePasses, !cpu && t.LargePasses == LargePassesRule
}

// LargeLocal reports whether the limits give a GPU's passes the large
// local memory (CUDA's), where Tuning.LargePasses may change its plans.
func (l Limits) LargeLocal() bool {
	b := l.budget()
	return b.largeLocalBytes > b.localBytes
}

// largePasses returns the plan of the axis as passes in the large local
// memory where the budget takes them (budget.largePasses) and they take
// fewer kernels than a, the plan within the smaller budget, or as many
// with wideLargePasses, or as many where wideTilesPay by the rule
// (budget.wideTilesByRule); every kernel a register kernel of at most 16
// elements per work-item.
func largePasses(batch Batch, n int, a Axis, b budget) (Axis, bool) {
	// The rule alone takes no plan unless a's tiles are short: planning
	// the wider one for every other transform of several passes made the
	// plans of 2^20 and 2^24 through CUDA 4 times slower to make (1.5
	// against 0.4 ms, 1.3 against 0.3; BenchmarkNew).
	if a.onePass() || !b.largePasses && (!b.wideTilesByRule || shortestTile(a) >= wideTileBelow) {
		return a, false
	}
	large := b.large()
	large.maxRegWG, large.maxRegE = b.largeRegWG, 16
	large.stridedWG, large.stridedTile = b.largeRegWG, cmp.Or(b.largeTile, largeStridedTile)
	la := planAxisWithin(batch, n, large)
	if !la.registersOnly() {
		return a, false
	}
	for _, k := range la.Kernels {
		if k.Pass.E > large.maxRegE {
			return a, false
		}
	}
	switch {
	case b.largePasses && len(la.Kernels) < len(a.Kernels):
	case b.largePasses && b.wideLargePasses && len(la.Kernels) == len(a.Kernels):
	case b.wideTilesByRule && wideTilesPay(a, la):
	default:
		return a, false
	}
	la.bound(b)
	return la, true
}

// wideTileBelow is the tile below which the rule takes a plan in wider
// tiles (wideTilesPay).
const wideTileBelow = 8

// wideTilesPay reports whether the GPU rule takes la, the plan of an axis
// in the large local memory, in place of a, its plan within the smaller
// budget: la takes as many kernels, every one of them over the radices
// of a's, and a's shortest tile is below wideTileBelow. On an H200
// through CUDA (512 MiB of complex64, BenchmarkFFT of the 31 lengths of
// the sweep's list that the rule changes, REIKNA_BENCH_LARGE_PASSES=2
// against -1 in two interleaved rounds;
// docs/benchmarks/h200-2026-11-29-wide-rule-ab) they ran at a median of
// 0.90 times the time (0.74–1.03; 25 faster by more than 3%, one slower:
// 35129 by Bluestein's algorithm, 1.03); wider tiles after tiles of 8 to
// 14 won by less and lost too (34992 0.91, 131072 0.93–0.95, 262144
// 1.17), as did plans over other radices (96000 1.16, 161377 1.35).
func wideTilesPay(a, la Axis) bool {
	if len(la.Kernels) != len(a.Kernels) || la.M != a.M || shortestTile(a) >= wideTileBelow {
		return false
	}
	for i, k := range a.Kernels {
		if !slices.Equal(k.Pass.Radices, la.Kernels[i].Pass.Radices) {
			return false
		}
	}
	return true
}

// shortestTile returns the fewest sub-transforms side by side of a's
// passes.
func shortestTile(a Axis) int {
	shortest := a.Kernels[0].Pass.Tile
	for _, k := range a.Kernels[1:] {
		shortest = min(shortest, k.Pass.Tile)
	}
	return shortest
}
