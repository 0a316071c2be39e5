package plan

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
// REIKNA_BENCH_LARGE_PASSES, one round; docs/fft-gpu-notes.md §28) the
// two passes of smooth lengths lost to three at 12 of 13 lengths (2^20
// 1.01 times the time, 2^22 1.25, 3359232 1.42; 8294400 won, 0.82), and
// Bluestein's transforms over 2^24 points in three kernels rather than
// five won at two of four (11863370 0.67, 5931676 0.83; 6813805 0.99,
// 5163797 1.04).
// Wider tiles with as many kernels won where the small budget's tiles
// were short (66528 0.79, 44100 0.81, 17569 0.84, 34992 0.91, 131072
// 0.93) and lost where the wider plan took other radices or a pass of 512
// points after others (161377 1.35, 262144 1.18, 96000 1.16). Neither is a
// rule: the device's plans take none, and tuning tries both
// (Tuning.LargePasses).

// LargePasses values of Tuning: the device's rule (none), none, passes in
// the large local memory wherever they take fewer kernels, or also where
// they take as many (in wider tiles).
const (
	LargePassesRule = 0
	NoLargePasses   = -1
	AnyLargePasses  = 1
	WideLargePasses = 2
)

// largeStridedTile is the most sub-transforms side by side of a pass in
// the large local memory: 16 of 1024 points fill 128 KiB.
const largeStridedTile = 16

// largePassesOf returns the budget's largePasses and wideLargePasses: the
// tuning's where it sets them, and none by the rule (see above).
func largePassesOf(t Tuning) (on, wide bool) {
	return t.LargePasses >= AnyLargePasses, t.LargePasses == WideLargePasses
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
// with wideLargePasses; every kernel a register kernel of at most 16
// elements per work-item.
func largePasses(batch Batch, n int, a Axis, b budget) (Axis, bool) {
	if !b.largePasses || a.onePass() {
		return a, false
	}
	large := b.large()
	large.maxRegWG, large.maxRegE = b.largeRegWG, 16
	large.stridedWG, large.stridedTile = b.largeRegWG, largeStridedTile
	la := planAxisWithin(batch, n, large)
	if len(la.Kernels) > len(a.Kernels) || len(la.Kernels) == len(a.Kernels) && !b.wideLargePasses || !la.registersOnly() {
		return a, false
	}
	for _, k := range la.Kernels {
		if k.Pass.E > large.maxRegE {
			return a, false
		}
	}
	la.bound(b)
	return la, true
}
