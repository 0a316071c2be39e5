package multi

import "fmt"

// ChooseRankGrid returns how the FFT over every axis of an array of shape
// spreads over ranks processes: by slabs (q = 1, p = ranks: a
// RankSlabFFT) wherever every rank can hold a place of axes 0 and 1, and
// otherwise by pencils on a grid of p × q ranks (a RankPencilFFT whose
// grid columns hold p ranks and rows q). The grid is the one closest to a
// square whose ranks each hold a place of every axis they split (p ≤ axes
// 0 and 1, q ≤ axes 1 and 2), of two as square the one with the longer
// columns. Slabs come first because their one all-to-all costs less than
// the pencils' two where both fit: on four H200, 512³ took 199 ms by
// slabs and 509 by 2 × 2 pencils through host memory (BENCHMARKS.md). It
// is an error where neither fits: an array of two dimensions with more
// ranks than places, or more ranks than any grid holds.
func ChooseRankGrid(shape []int, ranks int) (p, q int, err error) {
	switch {
	case ranks < 1:
		return 0, 0, fmt.Errorf("multi: grid of %d ranks: want at least 1", ranks)
	case len(shape) < 2:
		return 0, 0, fmt.Errorf("multi: grid for shape %v: want two or more dimensions", shape)
	}
	if ranks <= min(shape[0], shape[1]) {
		return ranks, 1, nil
	}
	if len(shape) >= 3 {
		bestP, bestQ := 0, 0
		for q := 2; q <= ranks; q++ {
			if ranks%q != 0 {
				continue
			}
			p := ranks / q
			if p > min(shape[0], shape[1]) || q > min(shape[1], shape[2]) {
				continue
			}
			if bestP == 0 || max(p, q) < max(bestP, bestQ) {
				bestP, bestQ = p, q
			}
		}
		if bestP > 0 {
			return bestP, bestQ, nil
		}
	}
	return 0, 0, fmt.Errorf("multi: %d ranks for shape %v: slabs need at most %d ranks (the shorter of axes 0 and 1), and no grid of pencils fits", ranks, shape, min(shape[0], shape[1]))
}
