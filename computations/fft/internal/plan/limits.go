package plan

import (
	"fmt"

	"github.com/reikna-go/reikna/computations/internal/device"
)

// Limits are what a plan needs to know of the device, the size of its
// values, and the tuning that tests and benchmarks apply on top. Of the
// device's limits a plan reads these:
//
//   - LocalMemBytes, the local memory a work-group may have;
//   - LargeLocalMemBytes, where it is more than LocalMemBytes: a
//     contiguous axis that the register kernel transforms in one pass
//     within it gets it (see planAxis);
//   - MaxWorkGroup, the most work-items a work-group may have;
//   - CPU, a CPU device, whose local memory is ordinary memory: rows go
//     without padding, pass twiddles come from tables of exponent bits
//     that fit in caches, and long transforms run as passes of the
//     register kernel.
type Limits struct {
	device.Limits
	// ItemSize is the size in bytes of one complex value.
	ItemSize int
	// RealEnds marks the complex transform of a real one, whose first
	// kernel loads and last kernel stores the real transform's values
	// element by element (its hooks): passes over them take no lanes, and
	// a CPU device's looped pass pays on longer transforms
	// (maxScratchLoopedBytes).
	RealEnds bool
	// Tuning overrides parts of what the other fields make of a plan.
	Tuning Tuning
}

// Tuning makes a plan as another device's would be, or as a benchmark
// asks; the zero value changes nothing.
type Tuning struct {
	// LocalBytes > 0: plan as a GPU with that much local memory per
	// work-group would.
	LocalBytes int
	// NoRegisters: only the local kernel.
	NoRegisters bool
	// MaxRegE > 0: the most elements per work-item of the register kernel.
	MaxRegE int
	// MaxRegWG > 0: the most work-items per work-group of the register
	// kernel (at most the device's MaxWorkGroup), in place of the plan's
	// own (256 on GPUs, 512 on CPU devices).
	MaxRegWG int
	// PassTable > 0: the most entries of a one-level table of pass
	// twiddles (longer ones are two-level).
	PassTable int
	// Primes chooses the algorithm of prime lengths above the largest
	// butterfly where Rader's algorithm can take them (rader.go):
	// PrimesRule leaves it to the device's rule.
	Primes Primes
	// EvenStages: the register kernel's stages all divide its elements
	// per work-item (no Pass.Uneven), as a kernel that runs its stages
	// twice on the same registers needs (the one kernel of a
	// convolution).
	EvenStages bool
	// EvenStrided: the passes over strided data (of transforms split in
	// several passes, or of axes with elements after them) keep to even
	// stages, as they were planned before uneven ones served them.
	EvenStrided bool
	// NoLanes: the passes of a CPU device take one sub-transform per
	// work-item (no Pass.Lanes, and so no Pass.Looped).
	NoLanes bool
	// NoLooped: a CPU device's transforms that a looped pass would take
	// run as the passes of before it (no Pass.Looped).
	NoLooped bool
	// MaxPrime > 0: the largest prime a device takes as a butterfly at
	// every length (at most maxWiderPrimeRadix), in place of the rule's
	// (budget.forLength); lengths with a larger prime factor take
	// Bluestein's or Rader's algorithm.
	MaxPrime int
	// LoopedPrime > 0: the largest prime that a CPU device's looped pass
	// takes as a stage, from maxWidePrimeRadix to maxLoopedFactor, in
	// place of the rule's (budget.loopedPrimeOf).
	LoopedPrime int
	// NoLoopedPadding: a CPU device's looped pass keeps its arrays
	// unpadded where the rule pads them (a 13-smooth multiple of
	// loopedPadFrom points: Pass.Padded, one place left free after every
	// LoopedPadEvery values).
	NoLoopedPadding bool
	// NoVectorRows: a CPU device's short transforms of contiguous rows
	// keep the passes of before the vector kernel (no Pass.Vectors).
	NoVectorRows bool
	// NoLoopedPasses: a CPU device's transforms longer than one looped
	// pass holds keep the plans of before looped passes of several
	// (Bluestein's algorithm, or the register kernel's passes) rather
	// than looped passes (loopedSplit).
	NoLoopedPasses bool
	// NoRowPairs: a CPU device's real transforms of an odd length run
	// each real row as a complex row of its own rather than two rows as
	// the real and imaginary parts of one (the real FFT's row pairs).
	NoRowPairs bool
	// Bluestein chooses the length of Bluestein's transforms:
	// BluesteinRule leaves it to the device's rule
	// (budget.transformLength).
	Bluestein BluesteinLength
	// NoTurn: Bluestein's transforms of several passes run each as its
	// own passes, 2U kernels for U passes, without the turn that joins
	// the forward transform's last pass and the first one back
	// (Pass.Turn).
	NoTurn bool
	// RowTurnsFrom >= 2: Bluestein's transforms of that many passes or
	// more in Stockham's order run over rows, their turn reading whole
	// rows (rowturn.go), where a row fits; NoRowTurns: none do; 0: the
	// device's rule (from cudaRowTurnsFrom passes on with rows up to
	// cudaMaxRowTurn through CUDA, none elsewhere). MaxRowTurn > 0 is the
	// longest row they take, in place of the longest one pass of the
	// register kernel takes (or of the rule's).
	RowTurnsFrom int
	MaxRowTurn   int
	// LargePasses chooses whether transforms of several passes run as
	// passes in the large local memory of CUDA devices (largepasses.go):
	// LargePassesRule leaves it to the device's rule, which takes as many
	// passes in wider tiles where the tiles within the smaller memory are
	// short (wideTilesPay); NoLargePasses takes none; AnyLargePasses takes
	// them wherever they take fewer kernels, WideLargePasses also wherever
	// they take as many, in wider tiles.
	LargePasses int
	// LargeTile > 0 is the most sub-transforms side by side of a pass in
	// the large local memory (largeStridedTile where 0).
	LargeTile int
	// NoWideOnePass: complex64 transforms that CUDA's large local memory
	// takes in one pass of up to 25 elements over up to 625 work-items,
	// and no fewer elements, run in several passes as the smaller budget
	// plans them rather than in that one pass (largeWide).
	NoWideOnePass bool
	// WiderGroups: transforms longer than 2048 that the plan runs in one
	// pass of more than 16 elements over at most 256 work-items run in
	// CUDA's large local memory as one pass of at most 16 elements over
	// at most 512 work-items, in no more stages (largeWiderGroups; a
	// candidate rule for an A/B).
	WiderGroups bool
	// NoKeepFewerStages: a transform longer than largeUnevenFrom takes
	// the large local memory's one pass (largeEven's or largeUneven's)
	// even where the plan within the smaller local memory is one pass of
	// the register kernel in fewer stages over whole warps
	// (keepsFewerStages).
	NoKeepFewerStages bool
	// NoWholeExchanges: a complex64 transform that the plan runs in one
	// uneven pass exchanging by components within 48 KiB keeps that pass
	// rather than running it in CUDA's large local memory over the same
	// work-items, exchanging whole values (largeWholeExchanges).
	NoWholeExchanges bool
	// NoRowStrides: a GPU's register pass over contiguous rows of an even
	// length, several to a work-group, keeps the padded or plain row made
	// odd rather than the row stride of the fewest wavefronts of local
	// memory by the bank model (Pass.chooseRowPad).
	NoRowStrides bool
	// NoPairLoads: a GPU's forward real transform of an even length
	// reads each pair x[2n], x[2n+1] of its input as two 4-byte loads
	// rather than one 8-byte load (realAxis.pairsAt; CPU devices keep the
	// one load). The plan does not read it.
	NoPairLoads bool
	// NoSectorTiles: a GPU's passes over strided data keep the widest
	// tile their work-group takes, whole sectors or not (sectorTiles).
	NoSectorTiles bool
	// CompilerOptions are passed to the compiler with every kernel; the
	// plan does not read them.
	CompilerOptions []string
}

// Primes is an algorithm for prime lengths (Tuning.Primes).
type Primes int

const (
	// PrimesRule: the device's rule: Rader's algorithm on CPU devices;
	// on GPUs where Bluestein's would pad the most (raderPays).
	PrimesRule Primes = iota
	// PrimesRader: Rader's algorithm where it fits one kernel.
	PrimesRader
	// PrimesBluestein: Bluestein's algorithm.
	PrimesBluestein
)

// BluesteinLength is a choice of the length of Bluestein's transforms
// (Tuning.Bluestein); each is at least 2n − 2 for a transform of n points
// (bluesteinLength).
type BluesteinLength int

const (
	// BluesteinRule: the device's rule (budget.transformLength).
	BluesteinRule BluesteinLength = iota
	// BluesteinPow2: the shortest power of two.
	BluesteinPow2
	// BluesteinSmooth: the shortest length whose prime factors are 2, 3,
	// 5 and 7.
	BluesteinSmooth
)

// maxPassTable is the most entries a one-level table of pass twiddles may
// have (16 MiB of complex64).
const maxPassTable = 1 << 21

// budget is the sizes the device (and the tuning) allow a pass.
type budget struct {
	localBytes int // local memory a work-group may use
	// largeLocalBytes > localBytes: the local memory a single pass of the
	// register kernel may use (Limits.LargeLocalMemBytes, planAxis).
	largeLocalBytes int
	itemSize        int // of a complex value
	maxWG           int // work-items per work-group for the local kernel
	maxRegWG        int // work-items per work-group for the register kernel
	largeRegWG      int // work-items per work-group for the register kernel in large local memory
	maxRegE         int // elements per work-item of the register kernel
	registers       bool
	maxRegL         int // the longest sub-transform of the register kernel; 0: any
	maxRegLS        int // the same for strided passes (of transforms split in several); 0: any
	// expTwiddles: pass twiddles W_P^e come from two tables indexed by the
	// high and low bits of the exponent e (about 2·sqrt(P) entries, for
	// caches), rather than rows of m that neighbouring work-items read
	// together (for coalescing on GPUs, and for the lanes of private
	// passes on CPUs).
	expTwiddles bool
	plainLocal  bool // local memory rows without padding (CPU devices)
	linearEnds  bool // Pass.LinearEnds (CPU devices)
	// bluesteinPow2: Bluestein's transforms have a power-of-two length
	// rather than the shortest with factors 2, 3, 5 and 7 (GPUs: on an
	// H200 the two transforms of 2048 points for N = 1009 take 0.93 ms,
	// those of 2016 points 1.69 ms), unless bluesteinByCost finds the
	// shorter length faster.
	bluesteinPow2 bool
	// bluesteinSmooth: Bluestein's transforms have the shortest length
	// with factors 2, 3, 5 and 7 on every device (Tuning.Bluestein).
	bluesteinSmooth bool
	// turn: Bluestein's transforms of several passes run the forward
	// one's last pass and the first one back in one kernel (GPUs, unless
	// Tuning.NoTurn; turnKernels).
	turn bool
	// bluesteinByCost: the GPU rule plans Bluestein's algorithm over both
	// lengths and takes the shorter where it pays (planAxis,
	// smoothBluesteinPays).
	bluesteinByCost bool
	// shortRowsWhole: contiguous transforms of up to 2·maxShortE points
	// run with maxShortE elements per work-item (GPUs: on an H200, N = 16
	// in 0.263 ms with one work-item per transform against 0.291 with four,
	// N = 32 in 0.264 against 0.308; N = 64 is faster with 8 elements).
	shortRowsWhole bool
	// stageShortRows: contiguous rows of fewer than 32 work-items whose
	// length is not a power of two load and store through local memory
	// (GPUs; see registerChoice).
	stageShortRows bool
	// maxPrime is the largest prime factor of a length the butterflies
	// take directly; longer ones go to Bluestein's algorithm. raderPrime
	// is the same for the transforms of n − 1 points of Rader's algorithm.
	maxPrime, raderPrime int
	// loopedPrimes: a CPU device's transforms that one looped pass holds
	// take the primes up to loopedPrimeOf as butterflies, those past the
	// stack in a scratch array (forLength); loopedPrime > 0 is
	// Tuning.LoopedPrime.
	loopedPrimes bool
	loopedPrime  int
	// noLoopedPadding: looped passes keep their arrays unpadded
	// (Tuning.NoLoopedPadding).
	noLoopedPadding bool
	// widePrimes: transforms from widePrimesFrom points on take the
	// butterflies up to maxWidePrimeRadix, or maxCUDAWiderPrimeRadix with
	// cudaWiderPrimes (a CUDA device), and from widerPrimesFrom on those
	// up to maxWiderPrimeRadix (forLength).
	widePrimes, cudaWiderPrimes bool
	// uneven: passes may take the register kernel with stages that do not
	// divide its elements per work-item (Pass.Uneven), where the even ones
	// have no plan or need more stages. GPUs only: the CPU plans keep the
	// kernels measured on PoCL.
	uneven bool
	// unevenStrided: so may the passes over strided data (not with
	// Tuning.EvenStrided).
	unevenStrided bool
	// unevenAnyTile: uneven stages replace the local kernel in passes
	// over strided data at any tile, not only where stridedUnevenPays
	// (the passes back of a turn of three or more: turnKernels).
	unevenAnyTile bool
	// rowTurnsFrom > 0: Bluestein's transforms of that many passes or
	// more in Stockham's order run over rows where a row fits
	// (Tuning.RowTurnsFrom, Axis.rowTurnKernels); maxRowTurn > 0 is the
	// longest row.
	rowTurnsFrom, maxRowTurn int
	// largePasses: transforms of several passes may run as passes in the
	// large local memory (largePasses); wideTilesByRule: as many passes
	// in wider tiles where wideTilesPay.
	largePasses, wideLargePasses, wideTilesByRule bool
	// largeTile > 0: the most sub-transforms side by side of a pass in
	// the large local memory (Tuning.LargeTile).
	largeTile int
	// evenStages: the tuning holds every register kernel to even stages
	// (Tuning.EvenStages).
	evenStages bool
	// rader: prime lengths whose predecessor is smooth take Rader's
	// algorithm in one kernel (planRader) rather than Bluestein's.
	rader bool
	// raderByPadding: the rule chooses between Rader's and Bluestein's
	// algorithms by length (raderPays), in place of rader (GPUs, with no
	// tuning of Tuning.Primes).
	raderByPadding bool
	// bluesteinIfLooped: rader gives way to Bluestein's algorithm where
	// Bluestein's transforms are looped passes and no longer than
	// raderPays allows (CPU devices, with no tuning of Tuning.Primes; see
	// raderFor).
	bluesteinIfLooped bool
	// contiguousWG is the most work-items of a register kernel over
	// contiguous rows, in whole rows (on an H200, 128 rather than 256:
	// N = 1536 in 0.292 ms against 0.329, Bluestein's 1009 in 0.672
	// against 0.740, powers of two unchanged).
	contiguousWG int
	// stridedTile is the most sub-transforms side by side in a register
	// kernel over strided data (on an H200, 32 rather than 16: axis 0 of
	// 8192×8192 in 0.544 ms against 0.581, 2^19 in 0.793 against 0.821,
	// 16807 in 0.826 against 0.916; 10000 1% slower).
	stridedTile int
	// stridedWG is the most work-items of a register kernel over strided
	// data: NVIDIA's compiler refuses work-groups of 512 for these kernels
	// at the registers they take (every strided pass in the H200 runs was
	// planned again at 256 or fewer), so GPU plans ask for 256 at once and
	// the plan is what the device runs.
	stridedWG int
	// rowStrides: chooseRowPad chooses the row strides (not
	// Tuning.NoRowStrides).
	rowStrides bool
	// widerGroups: largeWiderGroups may take a transform
	// (Tuning.WiderGroups).
	widerGroups bool
	// keepFewerStages: keepsFewerStages may keep the smaller local
	// memory's plan (not Tuning.NoKeepFewerStages).
	keepFewerStages bool
	// wholeExchanges: largeWholeExchanges may take a transform (complex64
	// on GPUs, but for Tuning.NoWholeExchanges).
	wholeExchanges bool
	// wideOnePass: largeWide may take a transform (complex64 on GPUs, but
	// for Tuning.NoWideOnePass).
	wideOnePass bool
	// sectorTile > 1: the values in one of the GPU memory's sectors; the
	// register kernel's tile in the later passes of several is a
	// multiple of it where sectorTiles finds that it pays.
	sectorTile int
	// maxPrivateL is the longest sub-transform of the register kernel with
	// private exchanges (Pass.Private), and privateWG the work-group size
	// of its passes; 0: none.
	maxPrivateL, privateWG int
	// privatePass > 0: transforms that splitsPrivate takes run as passes of
	// at most privatePass points of that kernel.
	privatePass int
	// lanes > 0: the private passes take that many sub-transforms per
	// work-item where they can (lanesPay).
	lanes int
	// looped > 0: contiguous transforms whose looped pass (looped.go)
	// holds at most that many bytes per work-item take it.
	looped int
	// scratchLooped > looped: transforms whose looped pass holds at most
	// that many bytes per work-item take it, their arrays in a scratch
	// array of global memory (Pass.Slots).
	scratchLooped int
	// loopedPasses: transforms longer than one looped pass holds may
	// run as several (loopedSplit; not with Tuning.NoLoopedPasses). A
	// real transform's ends take them as they take passes of the
	// register kernel: a forward transform of several passes twists its
	// spectrum in a kernel of its own (fusesTwist, pairsTwist).
	loopedPasses bool
	// loopedTurn: Bluestein's transforms in looped passes of several
	// turn in one looped kernel (loopedTurnKernels; not with
	// Tuning.NoTurn).
	loopedTurn bool
	// vectors > 0: with looped passes, short transforms of contiguous
	// rows run one a work-item in the vector kernel, that many complex
	// values a vector (vectorPays).
	vectors   int
	units     int // compute units of the device
	passTable int // the most entries of a one-level pass twiddle table
}

// privateWG is the work-group size of passes of the register kernel with
// private exchanges: 64 sub-transforms, at least 4 work-groups per core
// on PoCL for every batch that fills 8 MiB at N = 16 (a group of 16 ran
// 1.4 times slower, 128 and 256 the same).
const privateWG = 64

// privateSplitAny: on CPU devices, powers of two longer than a private
// pass (64 on) and every length beyond privateSplitAny run as passes of
// the private register kernel. Lengths with factors 3, 5 and 7 up to it
// run faster in one pass of the register kernel: the 2025 points of
// Bluestein's 1009 in 17 against 35 ms at 8 MiB, 1000 in the same time.
const privateSplitAny = 4096

// splitsPrivate reports whether a transform of length m runs as passes of
// at most privatePass points of the register kernel with private exchanges.
func (b budget) splitsPrivate(m int) bool {
	if b.privatePass == 0 || !b.registers || m <= b.maxPrivateL {
		return false
	}
	return m > privateSplitAny || m&(m-1) == 0
}

// transformLength returns the length of the transforms that compute one
// of length n: n itself, or Bluestein's length, a power of two on GPUs
// (bluesteinPow2; planAxis may plan the shorter length of factors 2, 3, 5
// and 7 as well, see smoothBluesteinPays). On CPU devices it is the
// shortest length of factors 2, 3, 5 and 7 where the whole algorithm runs
// as one looped pass over it (loopedPays), and otherwise a power of two up
// to privateSplitAny, which runs as passes of the private register kernel
// where the lengths of factors 2, 3, 5 and 7 run in one pass (1009 by 2048
// points in 8.6 ms, by 2025 in 17 ms at 8 MiB).
func (b budget) transformLength(n int) int {
	m := transformLength(n, b.bluesteinPow2, b.maxPrime)
	if m == n || b.bluesteinPow2 || b.bluesteinSmooth || b.privatePass == 0 || !b.registers {
		return m
	}
	if (&Axis{N: n, M: m, Bluestein: true}).loopedPays(b) {
		return m
	}
	if p := bluesteinLength(n, true); p <= privateSplitAny {
		return p
	}
	return m
}

// forLength returns the budget of a transform of length n: with
// widePrimes, the butterflies up to maxWidePrimeRadix from widePrimesFrom
// points on (through CUDA up to maxCUDAWiderPrimeRadix), and up to
// maxWiderPrimeRadix from widerPrimesFrom on; with loopedPrimes, those up to maxWidePrimeRadix where one
// looped pass holds the transform (from loopedFrom points, within
// budget.looped bytes), and where a length with such a factor outgrows
// the stack, in a looped pass over a scratch array of up to
// maxBluesteinLoopedBytes (on the same machine 17 of 18 lengths from 9196
// to 124062 at 0.12–0.46 of the time of Bluestein's algorithm, 9775 in
// 1.58 ms against 6.95, 100947 in 4.85 against 24.7; 32319 = 3^5·7·19 at
// 1.08). On PoCL 3.1 (2 cores, AVX-512, 8 MiB of complex64,
// three interleaved rounds of BenchmarkFFT; docs/fft-gpu-notes.md §41)
// the lengths from 46 to 5168 with a factor 17, 19 or 23 ran at 0.16–0.55
// of the time of Bluestein's algorithm (1785 in 1.19 ms against 5.88, 5168
// in 1.41 against 8.64), 18 others at 0.15–0.54 (a median of 0.34), and 17
// with a factor 29 or 31 at 0.25–0.53 (899 in 1.44 against 3.13), while in
// passes, longer, the butterflies lost (9775 1.78 times the time, 20995
// 1.86, 38760 1.54; 14250 and 100947 won, 0.87 and 0.71).
func (b budget) forLength(n int) budget {
	switch {
	case b.widePrimes && n >= widerPrimesFrom:
		b.maxPrime = maxWiderPrimeRadix
	case b.widePrimes && n >= widePrimesFrom && b.cudaWiderPrimes:
		b.maxPrime = maxCUDAWiderPrimeRadix
	case b.widePrimes && n >= widePrimesFrom:
		b.maxPrime = maxWidePrimeRadix
	}
	if !b.loopedPrimes || b.looped == 0 {
		return b // a replan without looped passes keeps loopedPrimes
	}
	lp, bytes := b.loopedPrimeOf(n), b.loopedBytes(n)
	switch {
	case n >= loopedFrom && bytes <= b.looped:
		b.maxPrime = lp
	case bytes > b.looped && bytes <= maxBluesteinLoopedBytes && !isSmooth(n, b.maxPrime) && isSmooth(n, lp):
		// Past the stack, such a transform takes the looped pass in a
		// scratch array, as Bluestein's algorithm would over twice its
		// length.
		b.maxPrime = lp
		b.scratchLooped = max(b.scratchLooped, maxBluesteinLoopedBytes)
	case !isSmooth(n, b.maxPrime):
		// Longer, such a transform takes looped passes (loopedSplit)
		// where its factors split into them.
		if _, ok := b.loopedSplit(n, lp, false); ok {
			b.maxPrime = lp
		}
	}
	return b
}

// loopedPrimeOf returns the largest prime that a CPU device's looped pass
// takes as a stage of a transform of length n (budget.loopedPrimes):
// Tuning.LoopedPrime where set, else maxLoopedPrimeLength for a prime n
// and maxLoopedFactor for the factors of any other n.
func (b budget) loopedPrimeOf(n int) int {
	switch {
	case b.loopedPrime > 0:
		return b.loopedPrime
	case isPrime(n):
		return maxLoopedPrimeLength
	}
	return maxLoopedFactor
}

// localElems returns the complex values that fit in the local memory a
// work-group may use.
func (b budget) localElems() int { return b.localBytes / b.itemSize }

// check reports limits that no plan can be made for.
func (l Limits) check() error {
	switch {
	case l.LocalMemBytes <= 0:
		return fmt.Errorf("plan: the device has %d bytes of local memory", l.LocalMemBytes)
	case l.MaxWorkGroup <= 0:
		return fmt.Errorf("plan: the device allows %d work-items per work-group", l.MaxWorkGroup)
	case l.ItemSize <= 0:
		return fmt.Errorf("plan: complex values of %d bytes", l.ItemSize)
	case l.Tuning.Primes < PrimesRule || l.Tuning.Primes > PrimesBluestein:
		return fmt.Errorf("plan: primes by algorithm %d", l.Tuning.Primes)
	case l.Tuning.Bluestein < BluesteinRule || l.Tuning.Bluestein > BluesteinSmooth:
		return fmt.Errorf("plan: Bluestein's length by rule %d", l.Tuning.Bluestein)
	case l.Tuning.RowTurnsFrom < NoRowTurns || l.Tuning.RowTurnsFrom == 1:
		return fmt.Errorf("plan: Bluestein's transforms over rows from %d passes (0 for the rule, %d for none, or 2 or more)", l.Tuning.RowTurnsFrom, NoRowTurns)
	case l.Tuning.LargePasses < NoLargePasses || l.Tuning.LargePasses > WideLargePasses:
		return fmt.Errorf("plan: passes in the large local memory by rule %d", l.Tuning.LargePasses)
	case l.Tuning.MaxRowTurn < 0 || l.Tuning.LocalBytes < 0 || l.Tuning.MaxRegE < 0 || l.Tuning.MaxRegWG < 0 || l.Tuning.PassTable < 0 || l.Tuning.MaxPrime < 0 || l.Tuning.LargeTile < 0:
		return fmt.Errorf("plan: negative tuning %+v", l.Tuning)
	case l.Tuning.LoopedPrime < 0 || l.Tuning.LoopedPrime > maxLoopedFactor:
		return fmt.Errorf("plan: looped passes with primes up to %d, outside 0 to %d", l.Tuning.LoopedPrime, maxLoopedFactor)
	case l.Tuning.MaxPrime > maxWiderPrimeRadix:
		return fmt.Errorf("plan: prime butterflies up to %d, above the largest the kernels take (%d)", l.Tuning.MaxPrime, maxWiderPrimeRadix)
	}
	return nil
}

// budget returns the sizes the limits allow a pass.
func (l Limits) budget() budget {
	t := l.Tuning
	// A CPU device planned with Tuning.LocalBytes is planned as a GPU with
	// that much local memory would be.
	cpu := l.CPU && t.LocalBytes == 0
	localBytes := int(min(48<<10, l.LocalMemBytes))
	maxRegL, maxRegLS, contiguousWG, stridedTile, stridedWG := 0, 0, 128, 32, 256
	// GPUs run register kernels of at most 256 work-items, with up to 32
	// elements each: on an H200 through CUDA, 6144 points in 0.390 ms as
	// 256 work-items of 24 against 0.635 as 512 of 12, and 8192 in 0.450
	// as 256 of 32 against 0.458 as 512 of 16 (NVIDIA's OpenCL refuses
	// the 512 and runs the 256).
	maxRegWG := 256
	maxPrivateL, privatePass := 0, 0
	if cpu {
		// On PoCL (2 cores, 8 MiB per array) the register kernel is 1.2 to
		// 2 times faster for single passes up to 4096 and for strided
		// passes up to 256 (N = 65536 in two), and up to 1.8 times slower
		// beyond.
		localBytes, maxRegL, maxRegLS = int(min(256<<10, l.LocalMemBytes)), 4096, 256
		contiguousWG, stridedTile, stridedWG, maxRegWG = 256, 16, 512, 512
		// A work-item that holds a whole sub-transform of up to 32 points
		// needs no barrier: N = 16 runs 2.3 times faster, 32 1.2 to 1.7
		// times; from 64 on its registers spill. Longer transforms run
		// faster as passes of 16 (one radix-16 butterfly per work-item, no
		// exchange at all): 2^20 5 times, 65536 1.5 times, 64 to 1024 1.3
		// to 1.7 times.
		maxPrivateL, privatePass = 32, 16
	}
	largeLocalBytes := 0
	if !cpu && l.LargeLocalMemBytes > int64(localBytes) {
		largeLocalBytes = int(l.LargeLocalMemBytes)
	}
	if t.LocalBytes > 0 {
		localBytes, largeLocalBytes = t.LocalBytes, 0
	}
	b := budget{
		localBytes:      localBytes,
		largeLocalBytes: largeLocalBytes,
		itemSize:        l.ItemSize,
		maxWG:           min(256, l.MaxWorkGroup),
		maxRegWG:        min(maxRegWG, l.MaxWorkGroup),
		largeRegWG:      min(largeRegWG, l.MaxWorkGroup),
		maxRegE:         16,
		maxRegL:         maxRegL,
		maxRegLS:        maxRegLS,
		expTwiddles:     cpu,
		plainLocal:      cpu,
		linearEnds:      cpu,
		turn:            !cpu && !t.NoTurn,
		registers:       !t.NoRegisters,
		passTable:       maxPassTable,
		bluesteinPow2:   !cpu,
		shortRowsWhole:  !cpu,
		uneven:          !cpu && !t.EvenStages,
		evenStages:      t.EvenStages,
		unevenStrided:   !cpu && !t.EvenStages && !t.EvenStrided,
		stageShortRows:  !cpu,
		maxPrime:        maxPrimeRadix,
		rader:           cpu,
		contiguousWG:    contiguousWG,
		stridedTile:     stridedTile,
		stridedWG:       min(stridedWG, l.MaxWorkGroup),
		maxPrivateL:     maxPrivateL,
		privateWG:       min(privateWG, l.MaxWorkGroup),
		privatePass:     privatePass,
		units:           max(l.ComputeUnits, 1),
	}
	if cpu && !t.NoLanes {
		b.lanes = passLanes
		if !t.NoLooped && t.MaxRegE == 0 {
			b.looped = maxLoopedBytes
			if l.RealEnds {
				b.scratchLooped = maxScratchLoopedBytes
			}
		}
	}
	// A GPU takes the larger primes where its local memory holds minTile
	// strided rows of them side by side (not one of 2 KiB).
	if !cpu && b.localElems() >= minTile*64 {
		b.maxPrime = maxGPUPrimeRadix
		b.widePrimes = t.MaxPrime == 0
		b.cudaWiderPrimes = l.CUDA
		if t.MaxPrime > 0 {
			b.maxPrime = max(t.MaxPrime, maxPrimeRadix)
		}
	}
	if cpu && t.MaxPrime > 0 {
		b.maxPrime = max(t.MaxPrime, maxPrimeRadix)
	}
	b.loopedPrimes = cpu && t.MaxPrime == 0 && b.looped > 0
	b.noLoopedPadding = t.NoLoopedPadding
	b.loopedPasses = cpu && b.looped > 0 && !t.NoLoopedPasses
	b.loopedTurn = b.loopedPasses && !t.NoTurn
	if cpu && b.lanes > 0 && !t.NoVectorRows && !l.RealEnds {
		b.vectors = vectorValuesOf(l.ItemSize)
	}
	if t.LoopedPrime > 0 {
		b.loopedPrime = max(t.LoopedPrime, maxWidePrimeRadix)
	}
	b.raderPrime = b.maxPrime
	switch t.Bluestein {
	case BluesteinRule:
		b.bluesteinByCost = !cpu
	case BluesteinPow2:
		b.bluesteinPow2 = true
	case BluesteinSmooth:
		b.bluesteinPow2, b.bluesteinSmooth = false, true
	}
	b.rowTurnsFrom, b.maxRowTurn = rowTurns(l.CUDA && !cpu, t)
	b.largePasses, b.wideLargePasses, b.wideTilesByRule = largePassesOf(t, cpu)
	b.largeTile = t.LargeTile
	b.widerGroups = !cpu && t.WiderGroups
	b.keepFewerStages = !cpu && !t.NoKeepFewerStages
	b.rowStrides = !cpu && !t.NoRowStrides
	b.wholeExchanges = !cpu && l.ItemSize == complex64Size && !t.NoWholeExchanges
	b.wideOnePass = !cpu && l.ItemSize == complex64Size && !t.NoWideOnePass
	if !cpu && l.ItemSize == sectorItemSize && !t.NoSectorTiles {
		b.sectorTile = sectorBytes / sectorItemSize
	}
	switch t.Primes {
	case PrimesRule:
		b.raderByPadding, b.bluesteinIfLooped = !cpu, cpu
	case PrimesRader:
		b.rader = true
	case PrimesBluestein:
		b.rader = false
	}
	if t.MaxRegE > 0 {
		b.maxRegE = t.MaxRegE
		b.maxPrivateL = min(b.maxPrivateL, t.MaxRegE)
		b.privatePass = min(b.privatePass, t.MaxRegE)
	}
	if t.MaxRegWG > 0 {
		b.maxRegWG = min(t.MaxRegWG, l.MaxWorkGroup)
		b.largeRegWG = b.maxRegWG
	}
	b.stridedWG = min(b.stridedWG, b.maxRegWG)
	if b.maxPrivateL < 2 || b.privatePass < 2 {
		b.maxPrivateL, b.privatePass = 0, 0
	}
	if t.PassTable > 0 {
		b.passTable = t.PassTable
	}
	return b
}
