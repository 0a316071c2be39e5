package computations

import (
	"fmt"
	"math"
)

// The per-item lengths of scans: each work-item scans this many
// consecutive elements serially before the work-group scans the items'
// totals. Longer runs make the log-step scan of the totals cheaper per
// element and cut the number of levels; on a GPU 8 values of the block
// per item keep the block in local memory for a work-group of 256. A CPU
// device, which scans in chunks unless a tuning forces the blocks, runs
// the items one after another and has local memory to spare: 64 values
// each made the cumulative sum of 2^24 float32 on PoCL (2 cores, 64 MiB)
// take 52–60 ms against 109–131 with 4, and the cumulative sums along the
// rows of 1024×16384 34 ms against 110–120 (32, 128 and 256 were no
// faster).
const (
	scanPerItemGPU = 8
	scanPerItemCPU = 64
)

// scanLookbackWindow is the most predecessors a block of a single-pass
// scan reads at once while it looks back for its prefix: one warp's worth,
// enough to reach a published prefix in one step while the blocks before
// have only their totals out, and a tree of five steps to combine them.
const scanLookbackWindow = 32

// scanLookbackMaxBlocks is the longest sequence, in blocks, that the plan
// scans in a single pass. On the H200 the look-back made the rows of
// 8192×16384 float32 (8 blocks each) 1.3 times faster than the levels
// (0.370 against 0.481 ms), but one sequence of 2^27 (65536 blocks) 4.6
// times slower (2.22 against 0.483 ms): along a long chain each block
// waits for the prefixes before it, and the wait, not memory, sets the
// time.
const scanLookbackMaxBlocks = 64

// scanPasses chooses between the forms of a scan; scanAuto lets the plan
// decide, the others force a form.
type scanPasses int

const (
	scanAuto scanPasses = iota
	scanMultiPass
	scanSinglePass
	scanChunked
)

// The numbers of a chunked scan (the CPU's form, see scanPlan).
const (
	// scanChunkItemsPerUnit is the number of work-items, and of
	// work-groups, per compute unit a chunked scan aims at: PoCL hands
	// whole work-groups to its threads, and several of them per thread
	// even out chunks that a thread finds in cache against those it reads
	// from memory, and the other jobs of a shared machine. The cumulative
	// sum of 2^24 float32 on PoCL (2 cores) took 4.8–5.5 ms with 2, 4, 8,
	// 16 and 32 per unit alike (4 to 64 chunks), that of 2^20 0.34–0.54.
	scanChunkItemsPerUnit = 16
	// scanMinChunk is the fewest elements of a chunk where r is split into
	// several: a split costs a second kernel, and below some length the
	// chunks' work does not pay for its start. Cumulative sums of 2^16,
	// 2^17, 2^18 and 2^19 float32 took 0.034–0.044, 0.064–0.096, 0.11–0.15
	// and 0.19–0.27 ms in chunks of at least 2^14; 0.023–0.030,
	// 0.053–0.067, 0.087–0.11 and 0.15–0.19 in chunks of at least 2^16;
	// and 0.023–0.025, 0.046–0.048, 0.093–0.094 and 0.16–0.23 in chunks of
	// at least 2^18 (one chunk up to 2^18). The sum is the cheapest
	// operation: costlier ones split sooner with the shorter chunks.
	scanMinChunk = 1 << 16
	// scanChunkLaneBytes is the size of the values of a work-item's lanes
	// together, and scanChunkMaxLanes the most lanes: two vectors of
	// AVX-512, 32 float32. PoCL runs a work-group's items one after
	// another, each through its whole chunk, so that lanes spread over
	// work-items would read the columns of 16384×1024 float32 one after
	// another (a prototype's kernel took 186 ms, the work-items' loop left
	// scalar), and a barrier after every element, which puts the
	// work-items' loop inside, took 11–55 ms (16 to 8 and 32 work-items a
	// group); a work-item's own 16, 32 and 64 lanes took 11–15, 7–12 and
	// 9–11 ms, and in this kernel 11–16, 13–14 and 17 ms. The bound on the
	// lanes keeps the loop body, unrolled over them, short for values of 1
	// and 2 bytes.
	scanChunkLaneBytes = 128
	scanChunkMaxLanes  = 32
	// scanChunkBlock is the block of a work-item of one lane: a serial
	// fold is a chain of dependent operations, one a value (3–4 cycles
	// for a float32 sum: a prototype's kernels of the cumulative sum of
	// 2^24 float32 in 32 chunks took 10.3 ms to fold and 10.3 to scan on
	// PoCL, 2 cores); a block's values folded in a tree, or scanned among
	// themselves and then each combined with the value before the block,
	// add one link a block to the chain. Blocks of 4, 8, 16 and 32 took
	// 1.7–3.1 ms to fold and 5.6–6.2 to scan.
	scanChunkBlock = 16
	// scanChunkMaxLocal is the most work-items of a work-group of a
	// chunked scan, neighbours along o, where there are more work-items
	// than work-groups to aim at: PoCL starts each work-group on its own,
	// and the rows of 2^20×16 float32 took 7.4–7.8 ms in work-groups of
	// one item, 3.8, 4.0–4.1, 3.0–4.1 and 3.8–3.9 in work-groups of 4, 16,
	// 64 and 256.
	scanChunkMaxLocal = 16
)

// scanTuning adjusts the plan of a scan, for tests and benchmarks that
// need a form or many blocks at small sizes; the zero value changes
// nothing.
type scanTuning struct {
	Passes    scanPasses
	WorkGroup int // the most work-items of a work-group; 0 for the device's limit
	MaxChunk  int // the most elements of a chunk of a chunked scan; 0 for the rules'
}

// scanPlan is the plan of a scan of r elements for each of o × i
// positions: blocks of B = S·E elements along r, each scanned by a
// work-group of S items of E elements each, for L neighbouring positions
// along i side by side (the lanes).
//
// A multi-pass scan has Levels: Levels[0] is r; each further level scans
// the totals of the blocks of the level before, Levels[k+1] =
// ⌈Levels[k]/B⌉, until one block holds a level. A single-pass scan
// (SinglePass) has the one level r: every block publishes its total and
// then its inclusive prefix in a status word of Chunks 32-bit words, and
// finds its own prefix by looking back over up to Window blocks before it
// at a time.
//
// A chunked scan (Chunked, the form of a CPU, which runs a work-group's
// items one after another and gains nothing from a block in local memory)
// cuts r into W chunks of C elements, the last one shorter where C does
// not divide r. A work-item scans one chunk of L neighbouring positions
// along i (its lanes; fewer in the last work-item along i where L does not
// divide i) serially, element after element, with a value of its own for
// each lane; work-groups hold Local work-items of neighbouring positions
// along o, and S and E are unused. With W > 1 a first kernel folds each
// chunk into its total, and each work-item of the scan starts from the
// fold of the totals of the chunks before its own.
type scanPlan struct {
	O, I       int
	S, L, E    int
	Levels     []int
	SinglePass bool
	Window     int
	Chunks     int
	Chunked    bool
	W, C       int
	Local      int
}

// Block returns the number of elements of a block.
func (p scanPlan) Block() int { return p.S * p.E }

// Blocks returns the number of blocks along r of the first level.
func (p scanPlan) Blocks() int { return ceilDiv(p.Levels[0], p.Block()) }

// Groups returns the number of work-groups of the first level.
func (p scanPlan) Groups() int { return p.O * p.Blocks() * ceilDiv(p.I, p.L) }

// StatusWords returns the length of the 32-bit array of a single-pass
// scan: the ticket counter, then the status words of every block and
// position.
func (p scanPlan) StatusWords() int { return 1 + p.O*p.Blocks()*p.I*p.Chunks }

// localElems returns the number of values of the local array of a block of
// s·e elements for each of l lanes, padded by one value in 32 against bank
// conflicts.
func localElems(s, l, e int) int {
	b := s * e
	return (b + b/32) * l
}

// scanLocalBytes returns the local memory of a scan kernel: the blocks of
// the lanes and the items' totals, and for a look-back over w blocks
// (w > 0) the values and flags of the window, the prefix of each lane,
// its progress and the ticket.
func scanLocalBytes(s, l, e, w, itemSize int) int64 {
	values := localElems(s, l, e) + s*l
	words := 0
	if w > 0 {
		values += w*l + l
		words = w*l + 2*l + 1
	}
	return int64(values)*int64(itemSize) + 8*int64(words)
}

// scanStatusChunks returns the number of 32-bit status words of a value of
// itemSize bytes: each carries 16 bits of the value and its flag.
func scanStatusChunks(itemSize int) int { return ceilDiv(itemSize, 2) }

// newScanPlan plans the scan of r elements for each of o × i positions
// (r ≥ 1). A device that is no GPU gets a chunked scan (newScanChunkPlan).
// A GPU gets as many lanes as Reduce takes, and the largest work-group and
// run per item within the device's limits whose blocks fit in local
// memory, the items along r shrunk while half a block already holds all of
// r. A sequence of more than one block and at most scanLookbackMaxBlocks
// is scanned in a single pass on a GPU with global atomics, where reading
// the input once brings the scan to the memory floor, and in levels
// otherwise (a long chain of look-backs waits more than it reads). Tuning
// may force any form on any device; a CPU's blocks are then longer
// (scanPerItemCPU).
func newScanPlan(o, r, i int, lim reductionLimits, tuning scanTuning) (scanPlan, error) {
	if o < 1 || r < 1 || i < 1 {
		return scanPlan{}, fmt.Errorf("scan plan of %d×%d×%d elements: every length must be positive", o, r, i)
	}
	if tuning.WorkGroup > 0 {
		lim.MaxWorkGroup = min(lim.MaxWorkGroup, tuning.WorkGroup)
	}
	passes := tuning.Passes
	if passes == scanChunked || passes == scanAuto && !lim.GPU {
		return newScanChunkPlan(o, r, i, lim, tuning.MaxChunk)
	}
	wg, err := lim.workGroup()
	if err != nil {
		return scanPlan{}, err
	}
	l := powerOfTwoBelow(min(i, wg, reduceMaxLanes))
	s := wg / l
	e := scanPerItemCPU
	if lim.GPU {
		e = scanPerItemGPU
	}
	single := passes == scanSinglePass
	if passes == scanAuto {
		blocks := ceilDiv(r, s*e)
		single = lim.GPU && lim.GlobalAtomics && blocks > 1 && blocks <= scanLookbackMaxBlocks
	}
	if single && !lim.GlobalAtomics {
		return scanPlan{}, fmt.Errorf("a single-pass scan needs global atomics, which the device lacks")
	}
	window := func() int {
		if !single {
			return 0
		}
		return min(s, scanLookbackWindow)
	}
	for scanLocalBytes(s, l, e, window(), lim.ItemSize) > lim.LocalMemBytes {
		switch {
		case e > 1:
			e /= 2
		case s > 1:
			s /= 2
		case l > 1:
			l /= 2
		default:
			return scanPlan{}, fmt.Errorf("the device's local memory of %d bytes cannot hold a scan's block of one value of %d bytes", lim.LocalMemBytes, lim.ItemSize)
		}
	}
	for s > 1 && s*e/2 >= r {
		s /= 2
	}
	p := scanPlan{O: o, I: i, S: s, L: l, E: e, Levels: []int{r}}
	if single {
		p.SinglePass, p.Window, p.Chunks = true, window(), scanStatusChunks(lim.ItemSize)
		if p.Groups() > math.MaxUint32 {
			if passes == scanSinglePass {
				return scanPlan{}, fmt.Errorf("a single-pass scan of %d work-groups exceeds its 32-bit ticket counter", p.Groups())
			}
			return newScanPlan(o, r, i, lim, scanTuning{Passes: scanMultiPass, WorkGroup: tuning.WorkGroup})
		}
		return p, nil
	}
	for r > p.Block() {
		r = ceilDiv(r, p.Block())
		p.Levels = append(p.Levels, r)
	}
	return p, nil
}

// newScanChunkPlan plans the chunked scan of r elements for each of o × i
// positions (r ≥ 1), with chunks of at most maxChunk elements where it is
// positive: as many lanes as scanChunkLaneBytes hold, at most
// scanChunkMaxLanes, and r cut into as many chunks as bring the
// work-items to scanChunkItemsPerUnit per compute unit, but none shorter
// than scanMinChunk elements; one chunk (a single kernel, no totals) where
// the positions alone give enough work-items. Work-groups take up to
// scanChunkMaxLocal work-items along o (within the device's work-groups)
// while they stay as many as aimed at.
func newScanChunkPlan(o, r, i int, lim reductionLimits, maxChunk int) (scanPlan, error) {
	if lim.ItemSize < 1 {
		return scanPlan{}, fmt.Errorf("a scan's values of %d bytes", lim.ItemSize)
	}
	l := min(i, scanChunkMaxLanes, max(1, scanChunkLaneBytes/lim.ItemSize))
	items := o * ceilDiv(i, l)
	target := max(lim.ComputeUnits, 1) * scanChunkItemsPerUnit
	w := 1
	if items < target {
		w = max(1, min(ceilDiv(target, items), r/scanMinChunk))
	}
	if maxChunk > 0 {
		w = max(w, ceilDiv(r, maxChunk))
	}
	c := ceilDiv(r, w)
	w = ceilDiv(r, c)
	local := max(1, min(scanChunkMaxLocal, lim.MaxWorkGroup, o, items*w/target))
	return scanPlan{O: o, I: i, L: l, Levels: []int{r}, Chunked: true, W: w, C: c, Local: local}, nil
}
