package computations

import "fmt"

// The per-item lengths of scans: each work-item scans this many
// consecutive elements serially before the work-group scans the items'
// totals. Longer runs make the log-step scan of the totals cheaper per
// element and cut the number of levels; on a GPU 8 values of the block
// per item keep the block in local memory for a work-group of 256.
const (
	scanPerItemGPU = 8
	scanPerItemCPU = 4
)

// scanPlan is the plan of a scan of r elements for each of o × i
// positions: blocks of B = S·E elements along r, each scanned by a
// work-group of S items of E elements each, for L neighbouring positions
// along i side by side (the lanes). Levels[0] is r; each further level
// scans the totals of the blocks of the level before, Levels[k+1] =
// ⌈Levels[k]/B⌉, until one block holds a level.
type scanPlan struct {
	O, I    int
	S, L, E int
	Levels  []int
}

// Block returns the number of elements of a block.
func (p scanPlan) Block() int { return p.S * p.E }

// localElems returns the number of values of the local array of a block of
// s·e elements for each of l lanes, padded by one value in 32 against bank
// conflicts.
func localElems(s, l, e int) int {
	b := s * e
	return (b + b/32) * l
}

// scanLocalBytes returns the local memory of a scan kernel: the blocks of
// the lanes and the items' totals.
func scanLocalBytes(s, l, e, itemSize int) int64 {
	return int64(localElems(s, l, e)+s*l) * int64(itemSize)
}

// newScanPlan plans the scan of r elements for each of o × i positions
// (r ≥ 1): as many lanes as Reduce takes, and the largest work-group and
// run per item within the device's limits whose blocks fit in local
// memory, the items along r shrunk while half a block already holds all of
// r.
func newScanPlan(o, r, i int, lim reductionLimits) (scanPlan, error) {
	if o < 1 || r < 1 || i < 1 {
		return scanPlan{}, fmt.Errorf("scan plan of %d×%d×%d elements: every length must be positive", o, r, i)
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
	for scanLocalBytes(s, l, e, lim.ItemSize) > lim.LocalMemBytes {
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
	for r > p.Block() {
		r = ceilDiv(r, p.Block())
		p.Levels = append(p.Levels, r)
	}
	return p, nil
}
