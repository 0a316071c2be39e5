package computations

import (
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
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
	plain    bool  // local memory rows without padding (see localIndex)

	// The register kernel (e > 0) keeps e elements of one sub-transform in
	// each of tt = l/e work-items, and exchanges them through local memory
	// between stages; every radix divides e. The local kernel (e == 0)
	// keeps the tile in local memory and works for any radices.
	e, tt int
	// sFast: neighbouring work-items take neighbouring sub-transforms
	// (their elements are neighbours in memory); otherwise they take
	// neighbouring elements of one sub-transform.
	sFast bool
	// stagedLoad, stagedStore: global memory is read or written in the
	// order of addresses through local memory, where the work-items'
	// own order would not coalesce.
	stagedLoad, stagedStore bool
	// comps is 2 where exchanges go through local memory as real and
	// imaginary parts one after the other, 1 where complex values fit;
	// chunks splits each exchange further into ranges of positions.
	comps, chunks int
}

// Local memory rows: on devices with banks of local memory (plain unset),
// element a of a sub-transform is stored at a + a/16, so that the strided
// writes of a radix stage (stride r) and the strided rows themselves fall
// into different banks, and rows of several sub-transforms have odd
// lengths for the same reason. On CPU devices (plain) local memory is
// ordinary memory, and element a is at a.
func localIndex(a int, plain bool) int {
	if plain {
		return a
	}
	return a + a>>4
}

// row returns the length of a sub-transform's row in local memory.
func (p *fftPass) row() int { return p.exchangeRow(p.l, p.tile) }

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
	localBytes int // local memory a work-group may use
	itemSize   int // of a complex value
	maxWG      int // work-items per work-group for the local kernel
	maxRegWG   int // work-items per work-group for the register kernel
	maxRegE    int // elements per work-item of the register kernel
	registers  bool
	maxRegL    int // the longest sub-transform of the register kernel; 0: any
	maxRegLS   int // the same for strided passes (of transforms split in several); 0: any
	// expTwiddles: pass twiddles W_P^e come from two tables indexed by the
	// high and low bits of the exponent e (about 2·sqrt(P) entries, for
	// caches), rather than rows of m that neighbouring work-items read
	// together (for coalescing on GPUs).
	expTwiddles bool
	plainLocal  bool // local memory rows without padding (CPU devices)
	noSingle    int  // a transform length that must not be done in one pass
}

// localElems returns the complex values that fit in the local memory a
// work-group may use.
func (l fftLimits) localElems() int { return l.localBytes / l.itemSize }

// withoutSinglePass returns the limits with transforms of length m split
// into several passes.
func (l fftLimits) withoutSinglePass(m int) fftLimits {
	l.noSingle = m
	return l
}

func newFFTLimits(p *cluda.DeviceParams, dt dtypes.DType) fftLimits {
	budget := int64(48 << 10)
	maxRegL, maxRegLS := 0, 0
	if p.IsCPU() {
		// On PoCL (2 cores, 8 MiB per array) the register kernel is 1.2 to
		// 2 times faster for single passes up to 4096 and for strided
		// passes up to 256 (N = 65536 in two), and up to 1.8 times slower
		// beyond.
		budget, maxRegL, maxRegLS = 256<<10, 4096, 256
	}
	budget = min(budget, p.LocalMemSize)
	return fftLimits{
		localBytes:  int(budget),
		itemSize:    dt.Size(),
		maxWG:       min(256, p.MaxWorkGroupSize),
		maxRegWG:    min(512, p.MaxWorkGroupSize),
		maxRegE:     16,
		maxRegL:     maxRegL,
		maxRegLS:    maxRegLS,
		expTwiddles: p.IsCPU(),
		plainLocal:  p.IsCPU(),
		registers:   true,
	}
}

// minTile is the number of sub-transforms a work-group of a pass over
// strided data handles at least, so that its loads and stores run over
// consecutive addresses.
const minTile = 8

// planAxis plans the transform along one axis of length n, with outer
// transforms before it and inner after it in memory.
func planAxis(axis, n, outer, inner int, lim fftLimits) fftAxis {
	a := fftAxis{axis: axis, n: n, m: n}
	if n == 1 {
		return a
	}
	a.m = transformLength(n)
	a.bluestein = a.m != n
	var ls []int
	// A CPU device (maxRegL set) runs long transforms faster in passes of
	// the register kernel than in one pass of the local kernel.
	localSingle := localIndex(a.m-1, lim.plainLocal)+1 <= lim.localElems() && (lim.maxRegL == 0 || a.m <= lim.maxRegL)
	if single := (fftPass{n: a.m, l: a.m, ns: 1, plain: lim.plainLocal}); lim.noSingle != a.m &&
		(single.planRegisters(outer*inner, inner, lim) || localSingle) {
		ls = []int{a.m}
	} else {
		ls = splitLength(a.m, max(lim.localElems()*16/17/minTile-2, maxRadix))
	}
	ns := 1
	for _, l := range ls {
		p := fftPass{n: a.m, l: l, ns: ns, plain: lim.plainLocal}
		count := outer * inner * (a.m / l)
		if !p.planRegisters(count, inner, lim) {
			p.radices = radices(l)
			p.choose(count, lim)
		}
		a.passes = append(a.passes, p)
		ns *= l
	}
	return a
}

// registerCandidates are the numbers of elements per work-item the
// register kernel tries, largest first.
var registerCandidates = []int{32, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2}

// divisorRadices splits l into radices that divide e (at most maxRadix),
// largest first; nil if l has a factor that does not divide e.
func divisorRadices(l, e int) []int {
	var out []int
	for l > 1 {
		best := 0
		for r := min(e, maxRadix); r >= 2; r-- {
			if e%r == 0 && l%r == 0 {
				best = r
				break
			}
		}
		if best == 0 {
			return nil
		}
		out = append(out, best)
		l /= best
	}
	return out
}

// planRegisters sets the pass up for the register kernel, if one fits,
// for count sub-transforms in all over an axis with inner elements after
// it. It reports whether it did.
func (p *fftPass) planRegisters(count, inner int, lim fftLimits) bool {
	if !lim.registers || lim.maxRegL > 0 && p.l > lim.maxRegL {
		return false
	}
	// Contiguous: the sub-transforms are rows of consecutive elements (one
	// pass over the last axis). Transposed: the first pass of several
	// writes each sub-transform as a row, but its work-items take
	// neighbouring sub-transforms, so its stores are staged.
	contiguous := inner == 1 && p.l == p.n
	transposed := inner == 1 && p.ns == 1 && p.n > p.l
	if !contiguous && lim.maxRegLS > 0 && p.l > lim.maxRegLS {
		return false
	}
	type choice struct {
		e, tt, tile, comps, chunks int
		rs                         []int
		staged                     bool
		cost                       int
	}
	var best *choice
	// Contiguous single passes run best with at most 8 elements per
	// work-item where that plan exists and 512 work-items cover it (on an
	// H200: N = 64 in 0.267 ms with 8, 0.333 with 16; strided passes the
	// other way round); a transform too long for 16 takes up to 32.
	maxE := lim.maxRegE
	preferSmall := contiguous && p.l <= 8*lim.maxRegWG
	if contiguous && maxE >= 16 && p.l > 16*lim.maxRegWG {
		maxE = 32
	}
	for _, e := range registerCandidates {
		if e > p.l || p.l%e != 0 || e > maxE {
			continue
		}
		rs := divisorRadices(p.l, e)
		if rs == nil {
			continue
		}
		tt := p.l / e
		if tt > lim.maxRegWG {
			continue
		}
		c := choice{e: e, tt: tt, rs: rs}
		if contiguous {
			c.tile = max(min(256/tt, count), 1)
			c.staged = tt < 4
		} else {
			c.tile = max(min(16, lim.maxRegWG/tt, count), 1)
		}
		// Staged loads and stores go through local memory as whole complex
		// values; exchanges as complex values, as parts, or in chunks of
		// positions.
		fits := func(tile, comps, chunks int) bool {
			rowC := p.exchangeRow(p.l/chunks, tile)
			need := tile * rowC * lim.itemSize / comps
			// A staged load writes whole complex values; a staged store
			// goes in parts as the exchanges do.
			if c.staged {
				need = max(need, tile*p.exchangeRow(p.l, tile)*lim.itemSize)
			}
			if transposed {
				need = max(need, tile*p.exchangeRow(p.l, tile)*lim.itemSize/comps)
			}
			return need <= lim.localBytes
		}
		ok := false
		for tile := c.tile; tile >= 1 && !ok; tile /= 2 {
			for _, cc := range [][2]int{{1, 1}, {2, 1}, {2, 2}, {2, 4}} {
				if cc[1] > 1 && (e%cc[1] != 0 || contiguous && c.staged) {
					continue
				}
				if fits(tile, cc[0], cc[1]) {
					c.tile, c.comps, c.chunks, ok = tile, cc[0], cc[1], true
					break
				}
			}
		}
		if !ok {
			continue
		}
		if !contiguous && c.tile < 4 && count >= 4 {
			continue // strided loads in runs of fewer than four elements
		}
		c.cost = 4*(len(rs)-1)*c.comps*c.chunks/2 + 2*len(rs)
		if c.staged {
			c.cost += 8
		}
		if e > 16 {
			c.cost++
		}
		if preferSmall && e > 8 {
			c.cost += 2
		}
		if best == nil || c.cost < best.cost {
			cc := c
			best = &cc
		}
	}
	if best == nil {
		return false
	}
	p.e, p.tt, p.radices = best.e, best.tt, best.rs
	p.tile, p.comps, p.chunks = best.tile, best.comps, best.chunks
	p.wg = best.tt * best.tile
	p.sFast = !contiguous
	p.stagedLoad = contiguous && best.staged
	p.stagedStore = contiguous && best.staged || transposed
	return true
}

// exchangeRow returns the local memory row of a sub-transform of length l
// (padded unless the pass is plain, and odd when rows of several
// sub-transforms lie side by side).
func (p *fftPass) exchangeRow(l, tile int) int {
	// Odd rows keep neighbouring sub-transforms out of one bank on GPUs and
	// out of one cache set on CPUs (rows of 4 KiB would share them).
	r := localIndex(l-1, p.plain) + 1
	if tile > 1 && r%2 == 0 {
		r++
	}
	return r
}

// choose sets the tile and work-group size of a pass of the local kernel
// with count sub-transforms in all.
func (p *fftPass) choose(count int, lim fftLimits) {
	maxR := 1
	for _, r := range p.radices {
		maxR = max(maxR, r)
	}
	row := localIndex(p.l-1, p.plain) + 2
	tile := max(lim.maxWG*maxR/p.l, 1)
	tile = min(tile, max(lim.localElems()/row, 1), count)
	if p.n > p.l {
		tile = max(tile, min(minTile, count))
	}
	p.tile = max(tile, 1)
	p.wg = max(min(lim.maxWG, p.tile*p.l/maxR), 1)
}

// localElems returns the complex values of local memory the pass uses.
func (p *fftPass) localElems() int { return p.tile * p.row() }
