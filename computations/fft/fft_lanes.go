package fft

import (
	"fmt"
	"strings"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/dtypes"
)

// fftLanesBody holds the numbers of the lanes kernel (fftplan.Pass.Lanes,
// templates/fft_lanes.cl): each work-item takes Lanes neighbouring
// butterflies of one transform, j0 to j0+Lanes-1, as values of VType that
// hold their real parts in the low half (HType) and their imaginary parts
// in the high half. It loads element m of every lane at once (the
// 2·Lanes reals from j0 + m·NJ, split into even and odd), multiplies it by
// the lanes' pass twiddles, loaded the same way, transforms the L values
// with the lanes butterfly, and stores output q of every lane at once at
// (j0 - kk)·L + kk + q·NS, kk = j0 mod NS.
type fftLanesBody struct {
	Lanes        int
	N            int    // the transform's length: the elements of a row
	VType, HType string // vectors of 2·Lanes and of Lanes reals
	Width        int    // 2·Lanes: the reals of a value (vload and vstore)
	// Interleave is the mask of shuffle2 that interleaves the real and
	// the imaginary halves of a value back into complex values.
	Interleave string
	Elements   []int // 0 to L-1
	// Rows are the stores of the first pass (NS = 1), whose lane i
	// writes outputs q at pos + i·L + q: Lanes outputs of one lane each,
	// from Off on, the parts of the vector in Parts.
	Rows []fftLanesRow
	// SrcPairs: the source is the real array of a real transform, read
	// through its pointer as the complex values x[2n] + i·x[2n+1] of the
	// transform of half its length (realLoadPairs): the same bytes.
	SrcPairs bool
}

// fftLanesRow is a store of Lanes outputs of one lane of the first pass:
// Parts is the C list of the real and imaginary parts, in the order of
// memory, and Off the place of the first.
type fftLanesRow struct {
	Parts string
	Off   int
}

// lanesBody returns the numbers of the lanes kernel of pass p on values
// of dt.
func lanesBody(p fftplan.Pass, dt dtypes.DType) *fftLanesBody {
	real := dt.Real().CType()
	lb := &fftLanesBody{
		Lanes: p.Lanes, N: p.N,
		VType: lanesType(dt, p.Lanes), HType: fmt.Sprintf("%s%d", real, p.Lanes),
		Width: 2 * p.Lanes,
	}
	mask := ""
	for i := 0; i < p.Lanes; i++ {
		mask += fmt.Sprintf("%d, %d", i, i+p.Lanes)
		if i < p.Lanes-1 {
			mask += ", "
		}
	}
	lb.Interleave = fmt.Sprintf("(%s)(%s)", shuffleMaskType(dt, p.Lanes), mask)
	for m := 0; m < p.L; m++ {
		lb.Elements = append(lb.Elements, m)
	}
	if p.NS == 1 {
		for i := 0; i < p.Lanes; i++ {
			for q0 := 0; q0 < p.L; q0 += p.Lanes {
				parts := make([]string, 0, 2*p.Lanes)
				for q := q0; q < q0+p.Lanes; q++ {
					parts = append(parts, fmt.Sprintf("v[%d].s%x", q, i), fmt.Sprintf("v[%d].s%x", q, i+p.Lanes))
				}
				lb.Rows = append(lb.Rows, fftLanesRow{Parts: strings.Join(parts, ", "), Off: i*p.L + q0})
			}
		}
	}
	return lb
}
