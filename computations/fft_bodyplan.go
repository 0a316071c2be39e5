package computations

import "github.com/reikna-go/reikna/dtypes"

// newFFTBody returns the numbers templates/fft.cl draws the kernel k from.
// It is the only reader of k's fields for the kernel's text.
func newFFTBody(k *fftKernel) *fftBody {
	p := k.pass
	real := k.dt.Real()
	tileElems := p.tile * p.l
	loops := (tileElems + p.wg - 1) / p.wg
	nj := p.n / p.l
	b := &fftBody{
		CType: k.dt.CType(), RType: real.CType(),
		Zero: real.MustLiteral(0), Scale: real.MustLiteral(k.scale),
		PadLocal: !p.plain,
		WG:       p.wg, Tile: p.tile, L: p.l, NS: p.ns, NJ: nj, Inner: k.inner,
		Count: k.outer * nj * k.inner, TileElems: tileElems, Loops: loops,
		LoopGuard: loops*p.wg != tileElems,
		SrcLength: k.src.length, DstLength: k.dst.length,
		SrcShort: k.src.length < p.n, DstShort: k.dst.length < p.n,
		ConjIn: k.conjIn, ChirpIn: k.chirpIn, KernelB: k.kernelB, ChirpOut: k.chirpOut, ConjOut: k.conjOut,
		LoadIndex:  k.src.indexExpr(k.axis, k.outer, k.inner),
		StoreIndex: k.dst.indexExpr(k.axis, k.outer, k.inner),
	}
	switch {
	case k.passShift > 0:
		b.Twiddle = fftPassTwiddle{Shift: k.passShift, Mask: 1<<k.passShift - 1}
	case k.twPassHi != nil:
		b.Twiddle = fftPassTwiddle{Split: true, Rows: (p.ns + k.passBlock - 1) / k.passBlock, Block: k.passBlock}
	}
	b.Butterflies = map[int]any{}
	for _, r := range p.radices {
		b.Butterflies[r] = butterflyModule(r, k.dt, p.e > 0)
	}
	if p.e > 0 {
		b.Register = registerBody(p, k.dt, k.stageOffsets)
	} else {
		b.Local = localBody(p, k.inner, k.stageOffsets)
	}
	return b
}

// localBody returns the numbers of a pass of the local kernel, with
// inner the product of the dimensions after the axis and the stage
// twiddles of stage i starting at stageOffsets[i].
func localBody(p fftPass, inner int, stageOffsets []int) *fftLocalBody {
	row := p.row()
	lb := &fftLocalBody{
		Row: row, BufElems: p.tile * row,
		LoadContig:  inner == 1 && p.n == p.l,
		StoreContig: inner == 1 && p.ns == 1,
	}
	nsIn := 1
	for si, r := range p.radices {
		nb := p.tile * p.l / r // butterflies of the stage in the tile
		st := fftLocalStage{Radix: r, NsIn: nsIn, Span: p.l / r, Butterflies: nb}
		for q := 0; q < (nb+p.wg-1)/p.wg; q++ {
			st.Items = append(st.Items, fftLocalItem{Q: q, First: q * p.wg, Guarded: (q+1)*p.wg > nb})
		}
		for m := 0; m < r; m++ {
			st.Reads = append(st.Reads, fftOffset{M: m, Off: m * st.Span})
			st.Writes = append(st.Writes, fftOffset{M: m, Off: m * nsIn})
			if nsIn > 1 && m > 0 {
				st.Twiddles = append(st.Twiddles, fftOffset{M: m, Off: stageOffsets[si] + (m-1)*nsIn})
			}
		}
		lb.Stages = append(lb.Stages, st)
		nsIn *= r
	}
	return lb
}

// registerBody returns the numbers of a pass of the register kernel on
// values of dt, with the stage twiddles of stage i starting at
// stageOffsets[i].
func registerBody(p fftPass, dt dtypes.DType, stageOffsets []int) *fftRegisterBody {
	size := dt.Size()
	fullRow := p.exchangeRow(p.l, p.tile)
	chunkLen := p.l / p.chunks
	chunkRow := p.exchangeRow(chunkLen, p.tile)
	bufBytes := p.tile * chunkRow * size / p.comps
	if p.stagedStore {
		bufBytes = max(bufBytes, p.tile*fullRow*size/p.comps)
	}
	if p.stagedLoad {
		bufBytes = max(bufBytes, p.tile*fullRow*size)
	}
	rb := &fftRegisterBody{
		BufElems: (bufBytes + size - 1) / size,
		SFast:    p.sFast, TT: p.tt, E: p.e, FullRow: fullRow,
		StagedLoad: p.stagedLoad, StagedStore: p.stagedStore,
		Parts: []string{""},
	}
	if p.comps == 2 {
		rb.Parts = []string{".x", ".y"}
	}
	for i := 0; i < p.e; i++ {
		rb.Regs = append(rb.Regs, fftOffset{M: i, Off: p.tt * i})
	}
	loops := (p.tile*p.l + p.wg - 1) / p.wg
	for r := 0; r < loops; r++ {
		rb.StoreRuns = append(rb.StoreRuns, fftOffset{M: r, Off: r * p.wg})
	}
	nsIn := 1
	for si, r := range p.radices {
		per := p.e / r
		st := fftRegStage{Radix: r, NsIn: nsIn}
		for q := 0; q < per; q++ {
			bf := fftRegButterfly{First: q * p.tt}
			for m := 0; m < r; m++ {
				reg := q + m*per
				bf.Regs = append(bf.Regs, reg)
				if nsIn > 1 && m > 0 {
					bf.Twiddles = append(bf.Twiddles, fftOffset{M: reg, Off: stageOffsets[si] + (m-1)*nsIn})
				}
			}
			st.Butterflies = append(st.Butterflies, bf)
		}
		if si < len(p.radices)-1 {
			st.Exchange = exchangeBody(p, r, nsIn, chunkLen, chunkRow, rb.Parts)
		}
		rb.Stages = append(rb.Stages, st)
		nsIn *= r
	}
	return rb
}

// exchangeBody returns the numbers of the exchange after a stage of radix
// r after stages of nsIn: its outputs go to their Stockham positions
// (jj - k)*r + k + q*nsIn through local memory, and the work-item reads
// back the elements t + tt*i, in parts (complex values, or real and
// imaginary parts) and chunks of positions.
func exchangeBody(p fftPass, r, nsIn, chunkLen, chunkRow int, parts []string) *fftExchange {
	per := p.e / r
	x := &fftExchange{Radix: r, NsIn: nsIn, Chunked: p.chunks > 1, ChunkLen: chunkLen, Row: chunkRow, E: p.e}
	for q := 0; q < per; q++ {
		w := fftExchangeWrite{First: q * p.tt}
		for m := 0; m < r; m++ {
			w.Elems = append(w.Elems, fftOffset{M: q + m*per, Off: m * nsIn})
		}
		x.Writes = append(x.Writes, w)
	}
	perChunk := p.e / p.chunks
	for ch := 0; ch < p.chunks; ch++ {
		lo := ch * chunkLen
		for _, part := range parts {
			round := fftExchangeRound{Lo: lo, Part: part}
			for i := ch * perChunk; i < (ch+1)*perChunk; i++ {
				round.Reads = append(round.Reads, fftOffset{M: i, Off: p.tt*i - lo})
			}
			x.Rounds = append(x.Rounds, round)
		}
	}
	return x
}
