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
// device runs the items one after another and has local memory to spare:
// 64 values each made the cumulative sum of 2^24 float32 on PoCL (2
// cores, 64 MiB) take 52–60 ms against 109–131 with 4, and the cumulative
// sums along the rows of 1024×16384 34 ms against 110–120 (32, 128 and 256 were no
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

// scanPasses chooses between the two forms of a scan; scanAuto lets the
// plan decide, the others force a form.
type scanPasses int

const (
	scanAuto scanPasses = iota
	scanMultiPass
	scanSinglePass
)

// scanTuning adjusts the plan of a scan, for tests and benchmarks that
// need a form or many blocks at small sizes; the zero value changes
// nothing.
type scanTuning struct {
	Passes    scanPasses
	WorkGroup int // the most work-items of a work-group; 0 for the device's limit
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
type scanPlan struct {
	O, I       int
	S, L, E    int
	Levels     []int
	SinglePass bool
	Window     int
	Chunks     int
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
// (r ≥ 1): as many lanes as Reduce takes, and the largest work-group and
// run per item within the device's limits whose blocks fit in local
// memory, the items along r shrunk while half a block already holds all of
// r. A sequence of more than one block and at most scanLookbackMaxBlocks
// is scanned in a single pass on a GPU with global atomics, where reading
// the input once brings the scan to the memory floor, and in levels
// otherwise (a long chain of look-backs waits more than it reads) (a CPU's caches hold the
// blocks between the passes, and a look-back that waits holds one of its
// few threads), unless tuning forces a form.
func newScanPlan(o, r, i int, lim reductionLimits, tuning scanTuning) (scanPlan, error) {
	if o < 1 || r < 1 || i < 1 {
		return scanPlan{}, fmt.Errorf("scan plan of %d×%d×%d elements: every length must be positive", o, r, i)
	}
	if tuning.WorkGroup > 0 {
		lim.MaxWorkGroup = min(lim.MaxWorkGroup, tuning.WorkGroup)
	}
	passes := tuning.Passes
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
