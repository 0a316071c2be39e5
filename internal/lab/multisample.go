package lab

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// batchedRows returns the rows of the batched FFT that the check samples:
// the first, the middle and the last.
func batchedRows(batch int) [][]int {
	var out [][]int
	for _, i := range slices.Compact([]int{0, batch / 2, batch - 1}) {
		out = append(out, []int{i})
	}
	return out
}

// readSamples reads the samples at each of positions with read.
func readSamples(read func(at []int) ([]complex128, error), positions [][]int) ([][]complex128, error) {
	out := make([][]complex128, len(positions))
	for i, at := range positions {
		var err error
		if out[i], err = read(at); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// slabPositions returns the places along axes 0 and 1 whose lines along
// the other axes the check of the slab FFT samples.
func slabPositions(shape []int) [][]int {
	n0, n1 := shape[0], shape[1]
	return [][]int{{0, 0}, {n0 / 2, n1 / 3}, {n0 - 1, n1 - 1}, {n0 / 3, n1 / 2}}
}

// readSample returns the elements of a whose first indices are at, the
// others all (a row of a batch, a line of a 3-D array), as complex128.
func readSample(a *cluda.Array, at []int) ([]complex128, error) {
	v := a
	for axis, i := range at {
		var err error
		if v, err = v.Slice(axis, i, i+1, 1); err != nil {
			return nil, err
		}
	}
	return cliutil.ReadComplexArray(v)
}

// readSplitSample is readSample of a split array.
func readSplitSample(s *cluda.SplitArray, at []int) ([]complex128, error) {
	local := slices.Clone(at)
	axis := s.Axis()
	for d, share := range s.Shares() {
		if at[axis] >= s.Start(d) && at[axis] < s.Start(d)+share {
			local[axis] -= s.Start(d)
			return readSample(s.Part(d), local)
		}
	}
	return nil, fmt.Errorf("place %d is outside the split axis", at[axis])
}

// checkSplitSamples returns the relative L2 difference of the samples of
// out at positions, from the runs on several devices, against want, those
// of one device, with an error where it is above multiCheckTol.
func checkSplitSamples(out *cluda.SplitArray, positions [][]int, want [][]complex128) (float64, error) {
	got, err := readSamples(func(at []int) ([]complex128, error) { return readSplitSample(out, at) }, positions)
	if err != nil {
		return 0, err
	}
	var g, w []complex128
	for i := range want {
		g, w = append(g, got[i]...), append(w, want[i]...)
	}
	c := cliutil.Compare(g, w, multiCheckTol)
	if !(c.RelL2 <= multiCheckTol) {
		return c.RelL2, &wrongResultError{fmt.Errorf("relative L2 difference %.3g of the sampled output from one device's, above %.3g", c.RelL2, multiCheckTol)}
	}
	return c.RelL2, nil
}
