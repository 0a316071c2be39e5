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
// positions: blocks of B = WG·E elements, each scanned by one work-group
// of WG items of E elements each. Levels[0] is r; each further level
// scans the totals of the blocks of the level before, Levels[k+1] =
// ⌈Levels[k]/B⌉, until one block holds a level.
type scanPlan struct {
	O, I   int
	WG, E  int
	Levels []int
}

// Block returns the number of elements of a block.
func (p scanPlan) Block() int { return p.WG * p.E }

// scanLocalBytes returns the local memory of a scan kernel: the block,
// padded by one value in 32 against bank conflicts, and the items' totals.
func scanLocalBytes(wg, e, itemSize int) int64 {
	b := wg * e
	return int64(b+b/32+wg) * int64(itemSize)
}

// newScanPlan plans the scan of r elements for each of o × i positions
// (r ≥ 1): the largest work-group and run per item within the device's
// limits whose block fits in local memory, shrunk while half a block
// already holds all of r.
func newScanPlan(o, r, i int, lim reductionLimits) (scanPlan, error) {
	if o < 1 || r < 1 || i < 1 {
		return scanPlan{}, fmt.Errorf("scan plan of %d×%d×%d elements: every length must be positive", o, r, i)
	}
	wg, err := lim.workGroup()
	if err != nil {
		return scanPlan{}, err
	}
	e := scanPerItemCPU
	if lim.GPU {
		e = scanPerItemGPU
	}
	for scanLocalBytes(wg, e, lim.ItemSize) > lim.LocalMemBytes {
		if e > 1 {
			e /= 2
		} else if wg > 1 {
			wg /= 2
		} else {
			return scanPlan{}, fmt.Errorf("the device's local memory of %d bytes cannot hold a scan's block of one value of %d bytes", lim.LocalMemBytes, lim.ItemSize)
		}
	}
	for wg > 1 && wg*e/2 >= r {
		wg /= 2
	}
	p := scanPlan{O: o, I: i, WG: wg, E: e, Levels: []int{r}}
	for r > p.Block() {
		r = ceilDiv(r, p.Block())
		p.Levels = append(p.Levels, r)
	}
	return p, nil
}
