package plan

// Pass is one kernel of the transform along one axis: a Stockham pass of
// sub-length L over a transform of length N, after earlier passes whose
// sub-lengths multiply to NS. Butterfly j of the pass (j < N/L) reads the
// elements j + m*N/L (m < L), multiplies element m by W_{NS*L}^{(j mod NS)*m},
// takes their DFT of size L in local memory, and writes output q to
// (j - j mod NS)*L + j mod NS + q*NS. After the last pass the transform is
// in natural order.
type Pass struct {
	N, L, NS int
	Radices  []int // of the DFT of size L, in the order of its stages
	Tile     int   // butterflies (sub-transforms) per work-group
	WG       int   // work-items per work-group
	Plain    bool  // local memory rows without padding (see localIndex and choosePadding)
	// RowPad: values added to each row of the pass's local memory beyond
	// ExchangeRow's, where the bank model finds that a warp's rows side
	// by side fall on fewer banks at once (chooseRowPad).
	RowPad int
	// LinearEnds: the register kernel reaches an end whose rows lie in
	// memory as they are numbered from one address per work-item, at
	// constant offsets from it, rather than from each element's indices
	// (CPU devices; on an H200 that moved the GPU's plans both ways:
	// docs/fft-gpu-notes.md §21).
	LinearEnds bool

	// The register kernel (E > 0) keeps E elements of one sub-transform in
	// each of TT = L/E work-items, and exchanges them through local memory
	// between stages; every radix divides E. The local kernel (E == 0)
	// keeps the tile in local memory and works for any radices.
	E, TT int
	// SFast: neighbouring work-items take neighbouring sub-transforms
	// (their elements are neighbours in memory); otherwise they take
	// neighbouring elements of one sub-transform.
	SFast bool
	// StagedLoad, StagedStore: global memory is read or written in the
	// order of addresses through local memory, where the work-items'
	// own order would not coalesce.
	StagedLoad, StagedStore bool
	// Comps is 2 where exchanges go through local memory as real and
	// imaginary parts one after the other, 1 where complex values fit;
	// Chunks splits each exchange further into ranges of positions.
	Comps, Chunks int
	// Private: each work-item holds a whole sub-transform (E == L,
	// TT == 1) and exchanges between stages through an array of its own,
	// without local memory or barriers (CPU devices, where a work-group
	// runs as loops over its work-items and a barrier ends each loop).
	Private bool
	// Bounded: the kernel is compiled for WG work-items and no more, so
	// that the compiler fits its registers to a work-group larger than
	// the device would otherwise take at that many registers.
	Bounded bool
	// Lanes > 1: a private pass whose work-items each take Lanes
	// neighbouring sub-transforms (butterflies j to j+Lanes-1), their
	// real and imaginary parts in vectors of Lanes values, loaded and
	// stored whole (CPU devices, whose compilers vectorise the vectors
	// where they leave the work-items' loops of complex values alone).
	// WG is then Tile/Lanes.
	Lanes int
	// Looped: a private pass whose work-items each take Lanes
	// neighbouring sub-transforms, element n of every one in one vector
	// of lanes, and run its stages as loops over arrays of their own
	// (looped.go; CPU devices): a whole transform (L == N) of Lanes rows,
	// or a Stockham pass of several (L < N, loopedpasses.go) of Lanes
	// neighbouring butterflies. WG is then Tile/Lanes.
	Looped bool
	// Vectors > 0: a private pass of a whole transform (L == N) whose
	// work-item holds VectorRows contiguous rows as vectors of Vectors
	// complex values each, in the order of memory, and runs the stages of
	// their prime factors (Radices) on them: lane by lane between
	// vectors, through shuffles within them (vectors.go; CPU devices).
	// Tile is then WG·VectorRows.
	Vectors int
	// Slots > 0: the looped pass's arrays lie in a scratch array of
	// global memory, two of Lanes·L complex values per slot, rather than
	// in each work-item's private memory; the kernel runs Slots
	// work-items, each taking every Slots-th group of Lanes
	// sub-transforms (looped.go).
	Slots int
	// Padded: the looped pass's arrays hold value n at n + n/LoopedPadEvery,
	// ArrayLength values each, so that the stages' strides of multiples
	// of LoopedPadEvery values (4 KiB of float16 lanes) spread over the
	// sets of the cache rather than falling into one.
	Padded bool
	// Turn: the pass ends the forward transform of Bluestein's algorithm
	// and begins its transform back on the same registers (turnKernels):
	// it loads and twiddles as the pass of NS, multiplies its outputs by
	// the transformed convolution kernel and runs its stages again as the
	// first pass of the transform back, which stores as a first pass does
	// (StoreNS is 1).
	Turn bool
	// RowLoads: sub-transform j reads its L elements from the row j·L + m
	// (m < L), where a Stockham pass reads them from j + m·N/L: the turn
	// of Bluestein's transforms over rows (Axis.rowTurnKernels), whose
	// first pass left the data in that order (ColumnStores). The pass
	// twiddles and stores as the turn does, so that only the order of its
	// loads differs.
	RowLoads bool
	// ColumnStores: output q of sub-transform j goes where its element q
	// came from, j + q·N/L (StoreNS is N/L): the first pass of Bluestein's
	// transforms over rows, whose turn reads each q as one row (RowLoads).
	ColumnStores bool
	// Uneven: the register kernel's stages need not divide E. A stage of
	// radix r gives each of the TT work-items of a sub-transform
	// ceil(L/r/TT) of its L/r butterflies (see Layout), the last of them
	// only to the work-items whose butterfly exists; E is the most
	// registers a stage takes. The exchanges read back what the next
	// stage needs (see Layout).
	Uneven bool
}

// StoreNS returns the NS of the pass's stores: output q of butterfly j
// goes to (j - j mod StoreNS)*L + j mod StoreNS + q*StoreNS. It is NS, 1
// for the turn of Bluestein's algorithm (Turn), and N/L for a pass that
// stores where it loaded (ColumnStores).
func (p *Pass) StoreNS() int {
	switch {
	case p.Turn:
		return 1
	case p.ColumnStores:
		return p.N / p.L
	}
	return p.NS
}

// runsTwice reports whether the register kernel can run the pass's stages
// a second time on the registers the first time left, as the kernels of a
// whole convolution (Axis.convolution) and the turn (Turn) do: uneven
// stages leave their outputs elsewhere than their inputs, and the kernel
// moves them back through local memory in one round, which needs its
// buffer to hold whole rows.
func (p *Pass) runsTwice() bool {
	return p.E > 0 && !p.Looped && p.Vectors == 0 && p.Lanes <= 1 && (!p.Uneven || p.Chunks == 1)
}

// Local memory rows: where Plain is unset, element a of a sub-transform
// is stored at a + a/16, so that the strided writes of a radix stage
// (stride r) and the strided rows themselves fall into different banks;
// rows of several sub-transforms have odd lengths for the same reason.
// Where Plain is set, element a is at a: on CPU devices, whose local
// memory is ordinary memory, and in the GPU passes whose accesses the
// banks serve in fewer wavefronts that way (choosePadding).
func localIndex(a int, plain bool) int {
	if plain {
		return a
	}
	return a + a>>4
}

// Row returns the length of a sub-transform's row in local memory.
func (p *Pass) Row() int { return p.ExchangeRow(p.L, p.Tile) }

// ExchangeRow returns the local memory row of a sub-transform of length l
// (padded unless the pass is plain, and odd when rows of several
// sub-transforms lie side by side).
func (p *Pass) ExchangeRow(l, tile int) int {
	// Odd rows keep neighbouring sub-transforms out of one bank on GPUs and
	// out of one cache set on CPUs (rows of 4 KiB would share them).
	r := localIndex(l-1, p.Plain) + 1
	if tile > 1 && r%2 == 0 {
		r++
	}
	if l == p.L {
		r += p.RowPad
	}
	return r
}

// LocalElems returns the complex values of local memory a pass of the
// local kernel uses.
func (p *Pass) LocalElems() int { return p.Tile * p.Row() }

// minTile is the number of sub-transforms a work-group of a pass over
// strided data handles at least, so that its loads and stores run over
// consecutive addresses.
const minTile = 8

// registerCandidates are the numbers of elements per work-item the
// register kernel tries, largest first.
var registerCandidates = []int{32, 28, 27, 25, 24, 21, 20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2}

// sectorBytes is the size of the GPU memory's sector, the unit in which
// its loads and stores move data (32 bytes on NVIDIA's GPUs), and
// sectorItemSize the size of the values whose tiles are planned in whole
// sectors (complex64; complex128 was not measured).
const sectorBytes, sectorItemSize = 32, 8

// sectorTiles returns tile rounded down to a whole number of sectors of
// sector values, where that keeps at least three quarters of it; tile
// itself where sector is below 2 or the rounding would take more.
//
// A pass over strided data loads and stores its tile's sub-transforms as
// runs of tile neighbouring values: runs of a whole number of sectors,
// where the rows hold a whole number too (sectorRows), start and end on
// sectors' boundaries, and the others straddle one more. On an H200
// (512 MiB of complex64, each kernel's median time, one round through
// CUDA and one through OpenCL; docs/benchmarks/h200-2026-11-29-sector-tiles)
// the later passes of several, whose loads and stores both run over
// strided data, ran at 0.80 to 0.98 of their time in tiles of 8 for 9,
// 12 for 14, 16 for 18, 20 for 21 or 23 and 4 for 5 (34992's second pass
// in 0.360 ms against 0.447, 4257792's two later ones at 0.866 and 0.939
// of their time);
// where the rounding took a third of the tile or more (4 for 6 or 7) the
// pass lost up to 15%, and where the rows held no whole number of
// sectors (13689 over rows of 117, 5163797's 25515) up to 10%. First
// passes, whose stores are staged through local memory, and the turns of
// Bluestein's algorithm won and lost (0.90 to 1.25) and keep their tiles.
func sectorTiles(tile, sector int) int {
	if sector < 2 || tile <= sector {
		return tile
	}
	if r := tile - tile%sector; 4*r >= 3*tile {
		return r
	}
	return tile
}

// maxShortE is the number of elements per work-item of the short
// contiguous transforms (see budget.shortRowsWhole): a work-item holds a
// whole transform of up to 16 points, or half of one of 32.
const maxShortE = 16

// wideCandidate reports whether e is one of the register candidates that
// only single passes over contiguous rows take: the multiples of 3, 5 and
// 7 above 16. They let such lengths run in one pass where 16 elements per
// work-item would need more work-items than the device allows (on an H200,
// N = 6144 as 256 work-items of 24 elements: 0.39 ms against 0.69 in two
// passes), while the strided passes of N = 100000 took them and became
// slower (1.01 → 1.27 ms).
func wideCandidate(e int) bool { return e > 16 && e != 32 }

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

// regChoice is a candidate plan of the register kernel: e elements per
// work-item, tt work-items per sub-transform, tile sub-transforms per
// work-group, the radices rs, the exchanges in comps parts and chunks
// chunks, and the cost that ranks candidates (lowest first; slots breaks
// ties).
type regChoice struct {
	e, tt, tile, comps, chunks int
	rs                         []int
	staged, uneven             bool
	cost, slots                int
}

// planRegisters sets the pass up for the register kernel, if one fits,
// for count sub-transforms in all over an axis with inner elements after
// it. It reports whether it did.
func (p *Pass) planRegisters(count, inner int, b budget) bool {
	p.LinearEnds = b.linearEnds
	if b.registers && p.planPrivate(count, b) {
		return true
	}
	if !b.registers || b.maxRegL > 0 && p.L > b.maxRegL {
		return false
	}
	// The candidates fit local memory with the device's rows (a pass
	// replanned from a plain one may take padded rows again).
	p.Plain = b.plainLocal
	// Contiguous: the sub-transforms are rows of consecutive elements (one
	// pass over the last axis, or the turn over rows: RowLoads). Transposed: the first pass of several
	// (and the turn) writes each sub-transform as a row, but its work-items take
	// neighbouring sub-transforms, so its stores are staged.
	contiguous := inner == 1 && (p.L == p.N || p.RowLoads)
	transposed := inner == 1 && p.StoreNS() == 1 && p.N > p.L && !p.RowLoads
	if !p.sectorRows(inner, b.sectorTile) {
		b.sectorTile = 0
	}
	if !contiguous && b.maxRegLS > 0 && p.L > b.maxRegLS {
		return false
	}
	var best *regChoice
	consider := func(c regChoice) {
		if best == nil || c.cost < best.cost || c.cost == best.cost && (c.uneven || best.uneven) && c.slots < best.slots {
			best = &c
		}
	}
	// Contiguous single passes run best with at most 8 elements per
	// work-item where that plan exists and 512 work-items cover it (on an
	// H200: N = 64 in 0.267 ms with 8, 0.333 with 16; strided passes the
	// other way round); a transform too long for 16 takes up to 32.
	maxE := b.maxRegE
	preferSmall := contiguous && p.L <= 8*b.maxRegWG
	if contiguous && maxE >= 16 && p.L > 16*b.maxRegWG {
		maxE = 32
	}
	for _, e := range registerCandidates {
		if e > p.L || p.L%e != 0 || e > maxE || !contiguous && wideCandidate(e) {
			continue
		}
		if contiguous && b.shortRowsWhole && p.L <= 2*maxShortE && e != min(p.L, maxShortE) {
			continue
		}
		rs := divisorRadices(p.L, e)
		if rs == nil {
			continue
		}
		if c, ok := p.registerChoice(regChoice{e: e, tt: p.L / e, rs: rs, slots: len(rs) * p.L}, count, contiguous, transposed, preferSmall, b); ok {
			consider(c)
		}
	}
	// Uneven stages compete with even ones in contiguous passes and in the
	// first pass of several over a row (whose stores are staged); in the
	// other passes over strided data they replace the local kernel only
	// (stridedUnevenPays, or at any tile with unevenAnyTile).
	strided := !contiguous && !transposed
	if contiguous && b.uneven || !contiguous && b.unevenStrided && (!strided || best == nil) {
		fit := func(c regChoice) (regChoice, bool) {
			return p.registerChoice(c, count, contiguous, transposed, preferSmall, b)
		}
		for _, c := range p.unevenCandidates(maxE, contiguous, fit, b) {
			if !strided || b.unevenAnyTile || p.stridedUnevenPays(c) {
				consider(c)
			}
		}
	}
	if best == nil {
		return false
	}
	p.E, p.TT, p.Radices, p.Private, p.Uneven = best.e, best.tt, best.rs, false, best.uneven
	p.Tile, p.Comps, p.Chunks = best.tile, best.comps, best.chunks
	p.WG = best.tt * best.tile
	p.SFast = !contiguous
	p.StagedLoad = contiguous && best.staged
	p.StagedStore = contiguous && best.staged || transposed
	if !b.plainLocal {
		p.choosePadding(b.itemSize)
		if b.rowStrides && contiguous {
			p.chooseRowPad(b)
		}
	}
	return true
}

// minStridedUnevenTile is the fewest sub-transforms side by side with
// which uneven stages replace the local kernel in a pass over strided data
// whose stores are not staged, unless they take no more stages than it.
const minStridedUnevenTile = 6

// stridedUnevenPays reports whether the uneven candidate c replaces the
// local kernel in a pass over strided data whose loads and stores both run
// in tiles of c.tile elements: where its tile is at least
// minStridedUnevenTile or it takes no more stages than the local kernel.
// On an H200 through CUDA (512 MiB of complex64, the time of each kernel,
// in one run against Tuning.EvenStrided) uneven stages were faster in
// every first pass of a row that they took and in most later passes (the
// second pass of 27000, L = 150 after 180: 0.333 ms against 0.643 with the
// local kernel; of 129600, L = 360 in tiles of 5, 0.615 against 0.760),
// but slower with a stage more in tiles of 5 or 4 (96000, L = 240 after
// 400: 0.596 against 0.455 with the local kernel's [16 15] in tiles of 17;
// 214326, L = 378 after 567: 0.612 against 0.563) and wherever they took
// the place of even stages in such passes (axis 1 of 400×400×400: 0.528
// against 0.391; L = 400 after 400: 0.491 against 0.480; axis 1 of
// 16×2000×2000: 0.318 against 0.258), which they therefore do not.
func (p *Pass) stridedUnevenPays(c regChoice) bool {
	return c.tile >= minStridedUnevenTile || len(c.rs) <= len(radices(p.L))
}

// registerChoice completes the candidate c (its e, tt, rs, uneven and
// slots set) with the tile, the parts and chunks of its exchanges that fit
// the local memory, and its cost; it reports whether it fits.
func (p *Pass) registerChoice(c regChoice, count int, contiguous, transposed, preferSmall bool, b budget) (regChoice, bool) {
	if c.tt > b.maxRegWG {
		return c, false
	}
	if contiguous {
		// At most contiguousWG work-items, and at most the work-group
		// size the register kernel may have.
		c.tile = max(min(b.contiguousWG/c.tt, b.maxRegWG/c.tt, count), 1)
		// Rows of fewer than four work-items load and store through local
		// memory, and on GPUs so do rows of fewer than a warp's 32 whose
		// length is not a power of two: their runs of addresses do not
		// line up with the memory's sectors (on an H200 through CUDA, N =
		// 48 in 0.147 ms against 0.217, 121 in 0.172 against 0.211, 360 in
		// 0.221 against 0.320; powers of two the same either way). On
		// PoCL the same staging took 2 to 3 times as long (N = 48, 72,
		// 100, 121, 144 at 8 MiB).
		c.staged = c.tt < 4 || b.stageShortRows && c.tt < 32 && p.L&(p.L-1) != 0
	} else {
		c.tile = max(min(b.stridedTile, b.stridedWG/c.tt, count), 1)
		c.tile = sectorTiles(c.tile, b.sectorTile)
	}
	// Staged loads and stores go through local memory as whole complex
	// values; exchanges as complex values, as parts, or in chunks of
	// positions.
	fits := func(tile, comps, chunks int) bool {
		rowC := p.ExchangeRow(p.L/chunks, tile)
		need := tile * rowC * b.itemSize / comps
		// A staged load writes whole complex values; a staged store
		// goes in parts as the exchanges do.
		if c.staged {
			need = max(need, tile*p.ExchangeRow(p.L, tile)*b.itemSize)
		}
		if transposed {
			need = max(need, tile*p.ExchangeRow(p.L, tile)*b.itemSize/comps)
		}
		return need <= b.localBytes
	}
	ok := false
	for tile := c.tile; tile >= 1 && !ok; tile /= 2 {
		for _, cc := range [][2]int{{1, 1}, {2, 1}, {2, 2}, {2, 4}} {
			// Uneven stages read back elements that no chunk of positions
			// bounds: their exchanges go whole.
			if cc[1] > 1 && (c.e%cc[1] != 0 || contiguous && c.staged || c.uneven) {
				continue
			}
			if fits(tile, cc[0], cc[1]) {
				c.tile, c.comps, c.chunks, ok = tile, cc[0], cc[1], true
				break
			}
		}
	}
	if !ok {
		return c, false
	}
	if !contiguous && c.tile < 4 && count >= 4 {
		return c, false // strided loads in runs of fewer than four elements
	}
	c.cost = 4*(len(c.rs)-1)*c.comps*c.chunks/2 + 2*len(c.rs)
	if c.staged {
		c.cost += 8
	}
	if c.e > 16 {
		c.cost++
	}
	if preferSmall && c.e > 8 {
		c.cost += 2
	}
	if c.uneven {
		// Even stages win a tie, and idle work-items cost as a share of
		// the stages' work.
		c.cost += 1 + 4*(c.slots-len(c.rs)*p.L)/(len(c.rs)*p.L)
	}
	return c, true
}

// sectorRows reports whether the pass loads and stores runs of
// neighbouring sub-transforms over strided data that may start on a
// sector's boundary (sectorTiles): a later pass of several, not the turn
// of Bluestein's algorithm, whose rows of neighbouring sub-transforms
// (N/L of them times the inner elements) hold a whole number of sectors of
// sector values.
func (p *Pass) sectorRows(inner, sector int) bool {
	return sector > 1 && p.NS > 1 && p.StoreNS() > 1 && !p.RowLoads && p.N/p.L*inner%sector == 0
}

// planPrivate sets the pass up for the register kernel with one
// work-item per sub-transform and private exchanges, where the budget
// allows them for its length and its radices divide it, for count
// sub-transforms in all. It reports whether it did.
func (p *Pass) planPrivate(count int, b budget) bool {
	if p.L > b.maxPrivateL || b.maxRegWG < 1 {
		return false
	}
	rs := divisorRadices(p.L, p.L)
	if rs == nil {
		return false
	}
	p.E, p.TT, p.Radices, p.Private, p.RowPad = p.L, 1, rs, true, 0
	p.Tile = max(min(b.privateWG, b.maxRegWG, count), 1)
	p.WG = p.Tile
	p.Comps, p.Chunks = 1, 1
	// Neighbouring work-items take neighbouring sub-transforms, each
	// reading and writing its own elements: nothing is staged.
	p.SFast, p.StagedLoad, p.StagedStore = true, false, false
	return true
}

// planLocal sets the pass up for the local kernel with count
// sub-transforms in all: its radices, tile and work-group size.
func (p *Pass) planLocal(count int, b budget) {
	p.Radices = radices(p.L)
	p.E, p.TT, p.SFast, p.StagedLoad, p.StagedStore, p.Comps, p.Chunks, p.Private = 0, 0, false, false, false, 0, 0, false
	p.RowPad = 0
	maxR := 1
	for _, r := range p.Radices {
		maxR = max(maxR, r)
	}
	row := localIndex(p.L-1, p.Plain) + 2
	tile := max(b.maxWG*maxR/p.L, 1)
	tile = min(tile, max(b.localElems()/row, 1), count)
	if p.N > p.L {
		tile = max(tile, min(minTile, count))
	}
	p.Tile = max(tile, 1)
	p.WG = max(min(b.maxWG, p.Tile*p.L/maxR), 1)
}

// plan sets the pass up for the register kernel where one fits, and for
// the local kernel otherwise.
func (p *Pass) plan(count, inner int, b budget) {
	if !p.planRegisters(count, inner, b) {
		p.planLocal(count, b)
	}
}

// ScratchElems returns the complex values of a looped pass's scratch
// array: two arrays of Lanes·ArrayLength values per slot; 0 where its
// arrays are private (Slots 0).
func (p *Pass) ScratchElems() int { return p.Slots * 2 * p.Lanes * p.ArrayLength() }

// ArrayLength returns the values of each of a looped pass's arrays: L,
// and one more for every LoopedPadEvery where the pass is Padded.
func (p *Pass) ArrayLength() int {
	if p.Padded {
		return paddedLength(p.L)
	}
	return p.L
}
