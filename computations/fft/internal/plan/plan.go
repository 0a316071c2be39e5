package plan

import "fmt"

// Plan is the FFT of an array over some of its axes, as numbers: the
// kernels of every transformed axis of length above 1, in the order of the
// transform. The first kernel reads the input, every kernel the array the
// one before it wrote, and the last writes the output; the others write
// temporary arrays (Axis.Temp).
type Plan struct {
	Axes []Axis
	// Scale is 1 over the product of the transformed lengths: the
	// normalization of the inverse transform.
	Scale float64
}

// Batch places the transforms along an axis in the array: Outer elements
// before the axis and Inner after it, in the row-major sense.
type Batch struct {
	Axis         int
	Outer, Inner int
}

// Axis is the transform along one axis.
type Axis struct {
	Batch
	N         int // the length of the axis
	Bluestein bool
	// Rader: the prime N is computed by Rader's algorithm, in the one
	// kernel of Kernels (Kernel.Rader).
	Rader bool
	M     int // the length of the transforms computed: N, Bluestein's length, or N-1 for Rader's
	// Kernels are the passes of the transform of length M, or, with
	// Bluestein's algorithm, those of the forward transform of the chirped
	// input followed by those of the transform back (the last of the one
	// and the first of the other in one kernel where they turn:
	// Pass.Turn), or one kernel that does both (Kernel.Convolution).
	Kernels []Kernel
}

// Kernel is one kernel of an axis: a pass, the lengths along the axis it
// reads and writes, what it applies of Bluestein's algorithm, and the
// tables it reads.
type Kernel struct {
	Batch
	Pass Pass
	// SrcLength and DstLength are the lengths along the axis of the arrays
	// read and written: N or M (positions beyond N read as zeros and are not
	// written).
	SrcLength, DstLength int
	// ChirpIn: the loads multiply by the chirp (the first kernel of a
	// Bluestein transform); KernelB: the stores multiply by the transformed
	// convolution kernel and conjugate (the last of its forward transform);
	// ChirpOut: the stores conjugate and multiply by the chirp (the last).
	// The turn (Pass.Turn) has KernelB and applies the product between
	// the forward transform's last pass and the first pass back.
	// A kernel with all three (see Convolution) is the whole of Bluestein's
	// algorithm: the product with the kernel comes between its forward
	// transform and its transform back, both in the kernel.
	ChirpIn, KernelB, ChirpOut bool
	// Rader: the kernel is the whole of Rader's algorithm for the prime
	// SrcLength (rader.go): it gathers the input by Tables.Indices,
	// transforms it, multiplies it by Tables.KernelB, transforms it back
	// on the same registers and scatters the output.
	Rader  bool
	Tables Tables
}

// Convolution reports whether the kernel computes the whole of Bluestein's
// algorithm: two transforms with the product by the kernel between them.
func (k *Kernel) Convolution() bool { return k.ChirpIn && k.ChirpOut }

// Count returns the number of sub-transforms of the kernel.
func (k *Kernel) Count() int { return k.Outer * (k.Pass.N / k.Pass.L) * k.Inner }

// Groups returns the number of work-groups of the kernel.
func (k *Kernel) Groups() int {
	if k.Pass.Slots > 0 {
		return k.Pass.Slots
	}
	return (k.Count() + k.Pass.Tile - 1) / k.Pass.Tile
}

// Temp returns the elements of the temporary array kernel i writes where
// it is not the last kernel of the plan.
func (a *Axis) Temp(i int) int { return a.Outer * a.Kernels[i].DstLength * a.Inner }

// New plans the FFT of an array of shape over axes (distinct, in range) on
// a device with the limits.
func New(shape, axes []int, lim Limits) (Plan, error) {
	if err := lim.check(); err != nil {
		return Plan{}, err
	}
	seen := map[int]bool{}
	for _, a := range axes {
		if a < 0 || a >= len(shape) || seen[a] {
			return Plan{}, fmt.Errorf("plan: axes %v of a shape of %d dimensions", axes, len(shape))
		}
		seen[a] = true
		if shape[a] <= 0 {
			return Plan{}, fmt.Errorf("plan: axis %d has length %d", a, shape[a])
		}
	}
	if err := CheckShape(shape, axes); err != nil {
		return Plan{}, fmt.Errorf("plan: %w", err)
	}
	b := lim.budget()
	plan := Plan{Scale: 1}
	for _, a := range axes {
		n := shape[a]
		plan.Scale /= float64(n)
		if n == 1 {
			continue
		}
		ax := planAxis(Batch{Axis: a, Outer: elements(shape[:a]), Inner: elements(shape[a+1:])}, n, b)
		for i := range ax.Kernels {
			if err := ax.Kernels[i].checkIndices(); err != nil {
				return Plan{}, err
			}
		}
		plan.Axes = append(plan.Axes, ax)
	}
	return plan, nil
}

// planAxis plans the transform along one axis of length n > 1. Where the
// budget has large local memory, a contiguous axis that the register
// kernel transforms in one pass within it takes that plan: its exchanges
// go through local memory as whole complex values rather than as real and
// imaginary parts in turn, and transforms longer than 256 work-items of
// 32 elements take up to largeRegWG work-items of 16, bound to that size.
// On an H200 through CUDA: 6144 points in 0.314 ms against 0.388, 8192 in
// 0.371 against 0.447, 16384 in one pass of 1024 work-items in 0.418
// against two passes in 0.526. Longer transforms keep their passes within
// the smaller budget: on an H200 two passes of 1024 took 1.10 ms at 2^20,
// three passes 0.80. Where the axis takes Bluestein's algorithm, the GPU
// rule plans it over both lengths it may have and keeps the one
// smoothBluesteinPays finds faster.
func planAxis(batch Batch, n int, b budget) Axis {
	a := planAxisLocal(batch, n, b)
	if !b.bluesteinByCost || !a.Bluestein {
		return a
	}
	sb := b
	sb.bluesteinPow2, sb.bluesteinSmooth = false, true
	if s := planAxisLocal(batch, n, sb); smoothBluesteinPays(a, s, b) {
		return s
	}
	return a
}

// bluesteinMinPadding is the least ratio, in tenths, of Bluestein's power
// of two to the shortest length of factors 2, 3, 5 and 7 at which the GPU
// rule takes the shorter one (smoothBluesteinPays). On an H200 through
// CUDA (BenchmarkFFT of 67 lengths with a prime factor above 31, from 47
// to 15653744, 256 MiB of complex64, REIKNA_BENCH_BLUESTEIN=smooth
// against pow2; docs/benchmarks/h200-2026-11-27-bluestein) the lengths
// from 4552 on whose power of two was at least 1.4 times the other ran
// faster with the shorter transforms at 21 of 22, by 5 to 41% (35147:
// 1.651 ms against 2.318; 267742: 1.920 against 3.282; 9749 2% slower),
// while below 1.4 times they won and lost (12337024, 1.36 times: 2.369
// against 2.028; 48066, 1.35 times: 1.466 against 1.722).
const bluesteinMinPadding = 14

// smoothBluesteinPays reports whether the GPU rule takes s, the plan of
// an axis by Bluestein's algorithm over its shortest length of factors
// 2, 3, 5 and 7, in place of p, the plan over a power of two under budget
// b: the power of two is at least bluesteinMinPadding/10 times the
// other, s takes no more kernels, and p is not one kernel of the whole
// convolution within the register kernel's work-groups and the smaller
// budget, which ran faster than the shorter lengths' at every length
// measured (2451 in 0.842 ms against 0.930 by 4900 points, 1189 in 0.616
// against 0.650 by 2400), unless smallerConvolution finds s within that
// budget and p past it.
func smoothBluesteinPays(p, s Axis, b budget) bool {
	if 10*p.M < bluesteinMinPadding*s.M || len(s.Kernels) > len(p.Kernels) {
		return false
	}
	if len(p.Kernels) == 1 && p.Kernels[0].Convolution() && !p.Kernels[0].Pass.Bounded {
		return smallerConvolution(p, s, b)
	}
	return true
}

// maxSmoothConvolutionE is the most elements a work-item of the shorter
// convolution that smallerConvolution takes. On an H200 through CUDA
// (docs/fft-gpu-notes.md §42, 22 lengths from 2078 to 2879) the
// convolutions of 18 to 25 elements a work-item (4320 to 5760 points)
// ran at 0.72–0.95 of the time of 8192 points, every one faster; those of
// 28 elements at 0.74–1.08 (4802 and 5292 slower) and of 30 at 0.95–1.10:
// two transforms, the chirps and the kernel's transform in the registers
// of one work-item.
const maxSmoothConvolutionE = 25

// smallerConvolution reports whether s, one kernel of the whole
// convolution over the shorter length, takes the place of p, one kernel
// of the whole convolution over the power of two: p's values are past
// the smaller budget (CUDA's large local memory, whose 64 KiB for 8192
// points keep three work-groups on a multiprocessor) and s's within it,
// in at most maxSmoothConvolutionE elements a work-item, and the values
// are complex64 (complex128's are unmeasured).
func smallerConvolution(p, s Axis, b budget) bool {
	if len(s.Kernels) != 1 || !s.Kernels[0].Convolution() || s.Kernels[0].Pass.Bounded {
		return false
	}
	q := s.Kernels[0].Pass
	return b.itemSize == complex64Size && p.M*b.itemSize > b.localBytes && s.M*b.itemSize <= b.localBytes && q.E > 0 && q.E <= maxSmoothConvolutionE
}

// planAxisLocal plans the transform along one axis of length n > 1
// within the local memory of the budget and, where that holds a
// contiguous axis in one pass of the register kernel, within the large
// local memory.
func planAxisLocal(batch Batch, n int, b budget) Axis {
	b = b.forLength(n)
	a := planAxisWithin(batch, n, b)
	if b.largeLocalBytes <= b.localBytes || batch.Inner > 1 {
		return a
	}
	// The plan in the large local memory: passes there (largePasses), or
	// one pass (largeEven, largeUneven); one wide pass (largeWide) takes
	// the place of either where a is still several.
	large, ok := largePasses(batch, n, a, b)
	if !ok {
		small := a
		a = largeEven(batch, n, a, b)
		lu, uneven := largeUneven(batch, n, a, b)
		if uneven {
			a = lu
		}
		if b.keepFewerStages && keepsFewerStages(small, a) {
			a = small
		} else if uneven {
			return lu
		}
		large = a
	}
	if lg, ok := largeWiderGroups(batch, n, a, b); ok {
		return lg
	}
	if lw, ok := largeWholeExchanges(batch, n, a, b); ok {
		return lw
	}
	if lw, ok := largeWide(batch, n, a, b); ok {
		return lw
	}
	return large
}

// largeEven returns the plan of the axis in the large local memory with
// even stages where it runs in one pass of the register kernel, and a
// (the plan within the smaller budget) otherwise.
func largeEven(batch Batch, n int, a Axis, b budget) Axis {
	large := b.large()
	large.uneven = false
	if a.M > 32*b.maxRegWG {
		if a.M > 16*b.largeRegWG {
			return a
		}
		large.maxRegWG, large.maxRegE = b.largeRegWG, 16
	}
	la := planAxisWithin(batch, n, large)
	if !la.onePass() || !la.registersOnly() || noMoreStages(a, la) {
		return a
	}
	la.bound(b)
	return la
}

// noMoreStages reports whether a, one kernel of the register kernel over
// at most largeUnevenFrom points, takes no more stages than la, one kernel
// of even stages in the large local memory: the even stages of 896 points
// on 14 registers are seven ([14 2 2 2 2 2 2]) where uneven ones on 8 are
// four ([8 8 7 2]), and the large local memory's whole complex exchanges
// do not pay for three more exchanges. On an H200 through CUDA (512 MiB
// of complex64, BenchmarkFFT of the two rules in two interleaved rounds,
// docs/benchmarks/h200-2026-11-28-large-even) the 24 lengths up to 2048
// with fewer stages ran at 0.40–0.99 times their time (median 0.74; 405
// in 0.282 ms against 0.709, 896 in 0.264 against 0.374, 1280 in 0.266
// against 0.463); the nine with as many (256 MiB, three interleaved
// rounds, docs/benchmarks/h200-2026-11-30-even-on-fewer-ab) at 0.77–1.00
// (median 0.93; 392 in 0.139 ms against 0.180, 96 in 0.142 against
// 0.166, 200 in 0.143 against 0.164). Above it largeUneven compares the
// stages (with the small budget's plans in its place, 2916 and 3645 ran
// 1.26 and 1.44 times slower), and keepsFewerStages keeps the small
// budget's plan where it has fewer.
func noMoreStages(a, la Axis) bool {
	return a.M <= largeUnevenFrom && len(a.Kernels) == 1 && len(la.Kernels) == 1 && a.registersOnly() && a.onePass() &&
		len(a.Kernels[0].Pass.Radices) <= len(la.Kernels[0].Pass.Radices)
}

// largeUneven returns the plan of a transform longer than largeUnevenFrom
// in one pass, of stages that may be uneven, over up to largeRegWG
// work-items of at most 16 registers in the large local memory, where it
// takes fewer passes or fewer stages than a, the plan so far: more
// work-items leave fewer registers to each. On an H200 through CUDA, at
// 256 MiB of complex64: 3456 in 0.151 ms against 0.187 (four stages
// against five), 3072 in 0.145 against 0.165, 12288 in 0.237 against
// 0.258, and 8000, 9000 and 12000 in one pass rather than two, 0.271
// against 0.299, 0.220 against 0.437 and 0.235 against 0.457. With as
// many stages or more it lost as often as it won (it lost 3600, 0.168
// against 0.142, and 6144, 0.186 against 0.164; it won 3000, 0.180
// against 0.254), and the plan so far stays.
func largeUneven(batch Batch, n int, a Axis, b budget) (Axis, bool) {
	if !b.uneven || a.M <= largeUnevenFrom || a.M > 16*b.largeRegWG {
		return a, false
	}
	large := b.large()
	large.maxRegWG, large.maxRegE = b.largeRegWG, 16
	lu := planAxisWithin(batch, n, large)
	if !lu.onePass() || !lu.registersOnly() || len(lu.Kernels) != 1 || lu.Kernels[0].Pass.E > large.maxRegE {
		return a, false
	}
	if a.onePass() && len(a.Kernels) == 1 && len(lu.Kernels[0].Pass.Radices) >= len(a.Kernels[0].Pass.Radices) {
		return a, false
	}
	lu.bound(b)
	return lu, true
}

// keepsFewerStages reports whether small, the plan of a transform longer
// than largeUnevenFrom within the smaller local memory, takes the place of
// la, the large local memory's one pass (largeEven's or largeUneven's,
// which compare their stages with each other, not with small's): small is
// one pass of the register kernel in fewer stages, over whole warps. On
// an H200 through CUDA (256 MiB of complex64, BenchmarkFFT in two
// interleaved rounds, docs/benchmarks/h200-2026-11-30-row-strides-ab and
// -keep-ab, FFT notes §55) it changes six lengths up to 32768: 3072 in
// [16 16 12] over 256 work-items ran at 0.920 of the time of [8 8 8 6]
// over 512, 2560 0.955, 3136 0.911, 3584 0.918, 7168 0.905 and 6272 0.998;
// as the halves of real transforms 6144 0.899, 12544 0.929 and 14336
// 0.827. 5120's [16 16 10 2] over 171 work-items, six warps with idle
// lanes, ran 1.03 times slower, and its real transform of 10240 1.21
// times: a work-group of whole warps is part of the rule.
func keepsFewerStages(small, la Axis) bool {
	if small.M <= largeUnevenFrom || len(small.Kernels) != 1 || len(la.Kernels) != 1 || !small.onePass() || !small.registersOnly() {
		return false
	}
	p := small.Kernels[0].Pass
	return p.WG%warpLanes == 0 && len(p.Radices) < len(la.Kernels[0].Pass.Radices)
}

// largeUnevenFrom is the length above which largeUneven tries the large
// local memory (up to it the plans within 256 work-items were as fast).
const largeUnevenFrom = 2048

// large returns the budget b with the large local memory as its own.
func (b budget) large() budget {
	b.localBytes, b.largeLocalBytes = b.largeLocalBytes, 0
	return b
}

// bound marks the kernels of more work-items than b's register kernels
// have as bound to their size (Pass.Bounded).
func (a *Axis) bound(b budget) {
	for i := range a.Kernels {
		a.Kernels[i].Pass.Bounded = a.Kernels[i].Pass.WG > b.maxRegWG
	}
}

// largeRegWG is the most work-items of a register kernel that runs in
// large local memory.
const largeRegWG = 1024

// registersOnly reports whether every kernel of the axis is a register
// kernel. The large local memory serves those only: one pass of the local
// kernel ran slower than two of the register kernel on an H200 through
// CUDA (15625 points in 1.81 ms against 0.83, 16807 in 1.70 against 0.80).
func (a *Axis) registersOnly() bool {
	for _, k := range a.Kernels {
		if k.Pass.E == 0 {
			return false
		}
	}
	return true
}

// onePass reports whether each transform of the axis (each of Bluestein's
// two) runs in one pass over memory.
func (a *Axis) onePass() bool {
	for _, k := range a.Kernels {
		if k.Pass.L != k.Pass.N {
			return false
		}
	}
	return true
}

// planAxisWithin plans the transform along one axis of length n > 1 within
// the local memory of b.localBytes.
func planAxisWithin(batch Batch, n int, b budget) Axis {
	if a, ok := planRader(batch, n, b); ok {
		return a
	}
	a := Axis{Batch: batch, N: n, M: b.transformLength(n)}
	a.Bluestein = a.M != n
	if a.vectorPays(b) {
		a.Kernels = a.kernels([]Pass{vectorPass(a.M, a.Outer*a.Inner, b)}, false, false, b)
		return a
	}
	if a.loopedPays(b) {
		p := loopedPass(a.M, a.Outer*a.Inner, b)
		if a.Bluestein {
			// The whole of Bluestein's algorithm in the one looped
			// kernel: its second transform runs on the arrays the first
			// left, so the M points never cross memory.
			a.Kernels = []Kernel{a.convolution(p, b)}
			return a
		}
		a.Kernels = a.kernels([]Pass{p}, false, false, b)
		return a
	}
	if ls, ok := b.loopedSplit(a.M, b.maxPrime, a.Bluestein); ok {
		if a.Bluestein && b.loopedTurn {
			a.Kernels = a.loopedTurnKernels(ls, b)
			return a
		}
		a.Kernels = a.bluesteinKernels(a.loopedPasses(ls, b), b)
		return a
	}
	var ls []int
	// A CPU device (maxRegL set) runs long transforms faster in passes of
	// the register kernel than in one pass of the local kernel.
	row := localIndex(a.M-1, b.plainLocal) + 1
	localSingle := row <= b.localElems() && (b.maxRegL == 0 || a.M <= b.maxRegL)
	// Over strided data (an axis with elements after it) one pass must take
	// minTile sub-transforms side by side, or its loads and stores run over
	// scattered addresses: axis 1 of 16×4096×1024 in one pass of tile 1 took
	// 2.18 ms on an H200 with axis 2, in two passes 0.82.
	if batch.Inner > 1 && b.localElems()/(row+1) < minTile {
		localSingle = false
	}
	if b.splitsPrivate(a.M) {
		// A CPU device runs powers of two and long transforms faster as
		// passes of a few points, one sub-transform per work-item.
		ls = lanesFirst(splitLength(a.M, b.privatePass), b.lanes)
	} else if single := (Pass{N: a.M, L: a.M, NS: 1, Plain: b.plainLocal}); single.planRegisters(batch.Outer*batch.Inner, batch.Inner, b) || localSingle {
		ls = []int{a.M}
	} else {
		ls = splitPasses(a.M, b)
	}
	passes := a.passes(ls, b)
	// The kernel of the whole algorithm runs its second transform on the
	// registers the first left (as Rader's does).
	if a.Bluestein && len(passes) == 1 && passes[0].runsTwice() {
		a.Kernels = []Kernel{a.convolution(passes[0], b)}
		return a
	}
	if a.Bluestein {
		if ks, ok := a.rowTurnKernels(len(passes), b); ok {
			a.Kernels = ks
			return a
		}
	}
	a.Kernels = a.bluesteinKernels(passes, b)
	return a
}

// bluesteinKernels returns the kernels of the passes of the transform
// along the axis, or with Bluestein's algorithm those of its forward
// transform and of its transform back: where the budget turns them
// (turnKernels), with the last pass of the one and the first of the other
// in one kernel.
func (a *Axis) bluesteinKernels(passes []Pass, b budget) []Kernel {
	if !a.Bluestein {
		return a.kernels(passes, false, false, b)
	}
	if ks, ok := a.turnKernels(passes, b); ok {
		return ks
	}
	return append(a.kernels(passes, true, false, b), a.kernels(passes, false, true, b)...)
}

// turnKernels returns the kernels of Bluestein's algorithm over passes
// (two or more) in which one kernel, the turn (Pass.Turn), runs the
// forward transform's last pass, the product with the transformed
// convolution kernel and the first pass of the transform back: the last
// pass, of sub-length L after passes of M/L, leaves output q of its
// sub-transform j at j + q·M/L, in natural order, and a first pass of
// sub-length L reads element q of its sub-transform j from there, so the
// registers the one leaves are those the other loads. The transform back
// runs the passes in the reverse order, so that its first is of the
// same L. Its M points cross memory once less each way: 2U - 1 kernels
// for U passes where there were 2U (on an H200 through CUDA, 19 of 23
// lengths 3 to 34% faster, none slower by more than 3%:
// docs/fft-gpu-notes.md §23). ok is false where the budget does not turn
// (CPU devices) or the turn does not run its stages twice
// (Pass.runsTwice).
func (a *Axis) turnKernels(passes []Pass, b budget) (ks []Kernel, ok bool) {
	u := len(passes)
	if !b.turn || u < 2 {
		return nil, false
	}
	last := passes[u-1]
	turn := Pass{N: a.M, L: last.L, NS: last.NS, Turn: true, Plain: b.plainLocal}
	turn.plan(a.Outer*a.Inner*(a.M/last.L), a.Inner, b)
	if !turn.runsTwice() {
		return nil, false
	}
	ls := make([]int, u)
	for i, p := range passes {
		ls[u-1-i] = p.L
	}
	return a.turnSequence(passes, turn, a.passes(ls, backBudget(u, b)), b), true
}

// turnSequence returns the 2U − 1 kernels of Bluestein's algorithm over
// the U passes forward with the turn: the passes before the last, the
// turn (which runs the last and the first of back), and the passes of
// back after its first: the chirp on the first kernel's loads, the
// product with the transformed convolution kernel in the turn, the chirp
// on the last kernel's stores.
func (a *Axis) turnSequence(passes []Pass, turn Pass, back []Pass, b budget) []Kernel {
	u := len(passes)
	ks := make([]Kernel, 0, 2*u-1)
	for i, p := range passes[:u-1] {
		ks = append(ks, a.kernel(p, i == 0, false, false, b))
	}
	ks = append(ks, a.kernel(turn, false, true, false, b))
	for i, p := range back[1:] {
		ks = append(ks, a.kernel(p, false, false, i == u-2, b))
	}
	return ks
}

// minTurnPassesAnyTile is the fewest passes of a turned transform whose
// passes back over strided data take uneven stages at any tile
// (backBudget).
const minTurnPassesAnyTile = 3

// backBudget returns the budget of the passes back of a turned transform
// of u passes. In the reverse order the pass that runs first forward,
// whose stores are staged and whose uneven stages compete freely, runs
// last over strided data, where stridedUnevenPays gives its uneven stages
// in tiles of 4 or 5 to the local kernel. Where the transform has three
// passes or more, the passes back keep them: on an H200 through CUDA (one
// round at 256 MiB of complex64, docs/benchmarks/h200-2026-11-28-turn-back)
// five lengths of three passes took 0.86 to 0.96 of their time (5931676,
// M = 11907000, passes [300 210 189]: 2.97 ms against 2.68, the loss the
// turn had brought it). With two passes they won and lost (146560 and
// 154078, L = 700: 0.83 and 0.80; 17220, 18933 and 20016, L = 240: 1.07
// to 1.09), so those keep the rule of every strided pass.
func backBudget(u int, b budget) budget {
	if u >= minTurnPassesAnyTile {
		b.unevenAnyTile = true
	}
	return b
}

// convolution returns the one kernel that computes Bluestein's algorithm
// where its transform of length M is one pass p of the register kernel:
// the forward transform of the chirped input, the product with the
// convolution kernel, and the transform back run on the same registers
// (after the last stage a work-item holds the outputs at the positions of
// the inputs it loaded), so the data crosses memory once rather than three
// times (on an H200, N = 1009: 0.93 ms in two kernels).
func (a *Axis) convolution(p Pass, b budget) Kernel {
	k := Kernel{Batch: a.Batch, Pass: p, SrcLength: a.N, DstLength: a.N, ChirpIn: true, KernelB: true, ChirpOut: true}
	k.Tables = tables(p, a.N, a.M, true, true, true, b)
	return k
}

// splitPasses returns the sub-lengths of the passes of a transform of
// length m that is too long for one.
func splitPasses(m int, b budget) []int {
	return splitLength(m, maxStridedL(b))
}

// passes plans the passes of sub-lengths ls, in that order, of a transform
// along the axis.
func (a *Axis) passes(ls []int, b budget) []Pass {
	var out []Pass
	ns := 1
	for _, l := range ls {
		p := Pass{N: a.M, L: l, NS: ns, Plain: b.plainLocal}
		p.plan(a.Outer*a.Inner*(a.M/l), a.Inner, b)
		out = append(out, p)
		ns *= l
	}
	return out
}

// kernels returns the kernels of the passes of one transform of length M
// along the axis: the forward one of Bluestein's algorithm (forward set),
// the one back (back set), or the transform itself (neither).
func (a *Axis) kernels(passes []Pass, forward, back bool, b budget) []Kernel {
	out := make([]Kernel, len(passes))
	for i, p := range passes {
		last := i == len(passes)-1
		out[i] = a.kernel(p, forward && i == 0, forward && last, back && last, b)
	}
	return out
}

// kernel returns the kernel of pass p along the axis with the roles in
// Bluestein's algorithm chirpIn, kernelB and chirpOut (see Kernel).
func (a *Axis) kernel(p Pass, chirpIn, kernelB, chirpOut bool, b budget) Kernel {
	k := Kernel{Batch: a.Batch, Pass: p, SrcLength: a.M, DstLength: a.M, ChirpIn: chirpIn, KernelB: kernelB, ChirpOut: chirpOut}
	if chirpIn {
		k.SrcLength = a.N
	}
	if chirpOut {
		k.DstLength = a.N
	}
	if !a.Bluestein {
		k.SrcLength, k.DstLength = a.N, a.N
	}
	k.Tables = tables(p, a.N, a.M, chirpIn, kernelB, chirpOut, b)
	if !p.Looped && a.lanesPay(k, b) {
		k.Pass.Lanes, k.Pass.WG = b.lanes, p.Tile/b.lanes
	}
	return k
}
