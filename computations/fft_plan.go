package computations

import (
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/dtypes"
)

// fftPass is one kernel of the transform along one axis: a Stockham pass of
// sub-length l over a transform of length n, after earlier passes whose
// sub-lengths multiply to ns. Butterfly j of the pass (j < n/l) reads the
// elements j + m*n/l (m < l), multiplies element m by W_{ns*l}^{(j mod ns)*m},
// takes their DFT of size l in local memory, and writes output q to
// (j - j mod ns)*l + j mod ns + q*ns. After the last pass the transform is
// in natural order.
type fftPass struct {
	n, l, ns int
	radices  []int // of the DFT of size l, in the order of its stages
	tile     int   // butterflies (sub-transforms) per work-group
	wg       int   // work-items per work-group
}

// Local memory rows: element a of a sub-transform is stored at a + a/16,
// so that the strided writes of a radix stage (stride r) and the strided
// rows themselves fall into different banks; the row length is made odd
// for the same reason.
func localIndex(a int) int { return a + a>>4 }

// row returns the length of a sub-transform's row in local memory.
func (p *fftPass) row() int {
	r := localIndex(p.l-1) + 1
	if p.tile > 1 && r%2 == 0 {
		r++
	}
	return r
}

// fftAxis is the plan of the transform along one axis.
type fftAxis struct {
	axis      int
	n         int // the length of the axis
	bluestein bool
	m         int // the length of the transforms computed: n, or Bluestein's length
	passes    []fftPass
}

// fftLimits are the sizes the device allows a pass.
type fftLimits struct {
	localElems int // complex values of local memory a work-group may use
	maxWG      int // work-items per work-group
}

func newFFTLimits(p *cluda.DeviceParams, dt dtypes.DType) fftLimits {
	budget := int64(32 << 10)
	if p.IsCPU() {
		budget = 256 << 10
	}
	budget = min(budget, p.LocalMemSize)
	return fftLimits{
		localElems: int(budget) / dt.Size(),
		maxWG:      min(256, p.MaxWorkGroupSize),
	}
}

// minTile is the number of sub-transforms a work-group of a pass over
// strided data handles at least, so that its loads and stores run over
// consecutive addresses.
const minTile = 8

// planAxis plans the transform along one axis of the given length, with
// sub-transform counts outer*inner.
func planAxis(axis, n, batch int, lim fftLimits) fftAxis {
	a := fftAxis{axis: axis, n: n, m: n}
	if n == 1 {
		return a
	}
	if !isSmooth(n, maxPrimeRadix) {
		a.bluestein = true
		a.m = bluesteinLength(n)
	}
	var ls []int
	if localIndex(a.m-1)+1 <= lim.localElems {
		ls = []int{a.m}
	} else {
		ls = splitLength(a.m, max(lim.localElems*16/17/minTile-2, maxRadix))
	}
	ns := 1
	for _, l := range ls {
		p := fftPass{n: a.m, l: l, ns: ns, radices: radices(l)}
		p.choose(batch*(a.m/l), lim)
		a.passes = append(a.passes, p)
		ns *= l
	}
	return a
}

// choose sets the tile and work-group size of a pass with count
// sub-transforms in all.
func (p *fftPass) choose(count int, lim fftLimits) {
	maxR := 1
	for _, r := range p.radices {
		maxR = max(maxR, r)
	}
	row := localIndex(p.l-1) + 2
	tile := max(lim.maxWG*maxR/p.l, 1)
	tile = min(tile, max(lim.localElems/row, 1), count)
	if p.n > p.l {
		tile = max(tile, min(minTile, count))
	}
	p.tile = max(tile, 1)
	p.wg = max(min(lim.maxWG, p.tile*p.l/maxR), 1)
}

// localElems returns the complex values of local memory the pass uses.
func (p *fftPass) localElems() int { return p.tile * p.row() }
