package fft

import (
	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/dtypes"
)

// newFFTBody returns the description of the pass that templates/fft.cl
// draws the kernel k from. It is the only reader of k's fields for the
// kernel's text.
func newFFTBody(k *fftKernel) *fftPass {
	p := k.Pass
	real := k.dt.Real()
	tileElems := p.Tile * p.L
	loops := (tileElems + p.WG - 1) / p.WG
	nj := p.N / p.L
	in, out := bluesteinEnds(k, k.in, k.out)
	b := &fftPass{
		CType: k.dt.CType(), RType: real.CType(), ItemSize: k.dt.Size(),
		Zero: real.MustLiteral(0), PadLocal: !p.Plain,
		WG: p.WG, Tile: p.Tile, L: p.L, NS: p.NS, StoreNS: p.StoreNS(), NJ: nj, RowLoads: p.RowLoads, Inner: k.Inner,
		Count: k.Outer * nj * k.Inner, TileElems: tileElems, Loops: loops,
		LoopGuard: loops*p.WG != tileElems,
		Src: fftPassEnd{Index: k.src.index(k.Axis, k.Outer, k.SrcLength, k.Inner),
			Length: k.SrcLength, Short: k.SrcLength < p.N, Kind: in},
		Dst: fftPassEnd{Index: k.dst.index(k.Axis, k.Outer, k.DstLength, k.Inner),
			Length: k.DstLength, Short: k.DstLength < p.N, Kind: out},
		Fused: k.fused,
	}
	switch {
	case k.Convolution():
		b.Fused = &fftFused{Bluestein: true}
	case p.Turn:
		b.Fused = &fftFused{Bluestein: true, Turn: true}
	case k.Rader:
		// The ends gather and scatter the positions, and guard them: the
		// pass's positions are those of the convolution.
		m := p.N
		b.Src.Kind = raderEnd{Then: k.in, M: m, Length: k.SrcLength}
		b.Dst.Kind = raderEnd{Then: k.out, M: m, Length: k.DstLength}
		b.Src.Short, b.Dst.Short = false, false
		b.Fused = &fftFused{Rader: &fftRader{N: m + 1, M: m, NLit: real.MustLiteral(float64(m + 1)), Conj: k.in.Conj}}
	}
	switch {
	case k.Tables.PassShift > 0:
		b.Twiddle = fftPassTwiddle{Shift: k.Tables.PassShift, Mask: 1<<k.Tables.PassShift - 1}
	case k.twPassHi != nil:
		b.Twiddle = fftPassTwiddle{Split: true, Rows: (p.NS + k.Tables.PassBlock - 1) / k.Tables.PassBlock, Block: k.Tables.PassBlock}
	}
	b.Butterflies = map[int]any{}
	switch {
	case p.Looped:
		for _, r := range p.Radices {
			b.Butterflies[r] = loopedButterflyModule(r, k.dt, p.Lanes)
		}
		b.Looped = loopedBody(p, k.dt, k.Tables.StageOffsets, b.Fused != nil && b.Fused.Bluestein)
	case p.Vectors > 0:
		scale := b.Zero
		if c, ok := b.Dst.Kind.(complexEnd); ok && c.Conj {
			scale = c.Scale
		}
		b.Vectors = vectorsBody(p, b.Count, k.dt, k.vectorPointers(b), scale)
		return b
	case p.Lanes > 1:
		b.Butterflies[p.L] = lanesButterflyModule(p.L, k.dt, p.Lanes)
		b.Lanes = lanesBody(p, k.dt)
		b.Lanes.SrcPairs = k.real != nil && k.real.load == realLoadPairs
		return b
	default:
		for _, r := range p.Radices {
			b.Butterflies[r] = butterflyModule(r, k.dt, p.E > 0)
		}
		if p.E > 0 {
			b.Register = registerBody(p, k.dt, k.Tables.StageOffsets)
		} else {
			b.Local = localBody(p, k.Inner, k.Tables.StageOffsets)
		}
	}
	if b.Register != nil && b.Fused != nil && p.Uneven {
		b.Register.Relayout = true
	}
	if k.real != nil {
		rb := k.real.body(b, k.dt)
		// The looped kernel loads a real transform's row pairs a row at
		// a time where its loads apply nothing else to them.
		if c, plain := b.Src.Kind.(complexEnd); plain && !c.Conj && b.Looped != nil && k.real.load == realLoadHermitianRows && p.NS == 1 && !b.Src.Short {
			b.Looped.RowsApart = true
		}
		b.Src.Kind = realEnd{Real: rb, Then: b.Src.Kind}
		b.Dst.Kind = realEnd{Real: rb, Then: b.Dst.Kind}
	}
	if g := b.Register; g != nil {
		// The staged load and store of whole rows take them directly on
		// every device; the other accesses of a linear end where the plan
		// says so (Pass.LinearEnds).
		srcLinear, dstLinear := b.linearEnd(k.src, b.Src), b.linearEnd(k.dst, b.Dst)
		// The turn over rows loads and stores whole rows, one after the
		// other, as a pass of NJ = 1 does.
		rows := b.NJ == 1 || p.RowLoads
		b.Src.Rows = g.StagedLoad && srcLinear && rows
		b.Dst.Rows = g.StagedStore && dstLinear && rows
		b.Src.Linear = srcLinear && p.LinearEnds && !p.RowLoads
		b.Dst.Linear = dstLinear && p.LinearEnds
		b.RowsGuard = b.Count%b.Tile != 0
	}
	return b
}

// vectorPointers reports whether the vector kernel of k loads and stores
// whole vectors through its arrays' pointers: both ends are linear
// (linearEnd), whole rows of complex values through a pointer.
func (k *fftKernel) vectorPointers(b *fftPass) bool {
	return b.linearEnd(k.src, b.Src) && b.linearEnd(k.dst, b.Dst)
}

// linearEnd reports whether position n of row o of the end e (pe in the
// pass) is element o·Length + n of its array: the pass has no inner
// dimensions, the end is a temporary array or a parameter reached
// without a transformation (HasPointer: contiguous, at offset 0), and
// its values are complex ones loaded or stored as they are. The kernel
// then computes a work-item's address once, in 64 bits, and reaches its
// elements at constant offsets from it, where the indices of the end
// cost a product, a widening and an addition for each; the staged load
// and store of a pass of whole rows (NJ = 1, fftPassEnd.Rows),
// address element e0 of the tile as first·L + e0, where the indices cost
// a division by L and the product back for each: 181 of 1655
// instructions of a work-item of 361 (clang's PTX).
func (b *fftPass) linearEnd(e fftEnd, pe fftPassEnd) bool {
	if _, ok := pe.Kind.(complexEnd); !ok || pe.Short || b.Inner != 1 {
		return false
	}
	return e.shape == nil || e.arg.HasPointer()
}

// localBody returns the numbers of a pass of the local kernel, with
// inner the product of the dimensions after the axis and the stage
// twiddles of stage i starting at stageOffsets[i].
func localBody(p fftplan.Pass, inner int, stageOffsets []int) *fftLocalBody {
	row := p.Row()
	lb := &fftLocalBody{
		Row: row, BufElems: p.Tile * row,
		LoadContig:  inner == 1 && p.N == p.L,
		StoreContig: inner == 1 && p.StoreNS() == 1,
	}
	nsIn := 1
	for si, r := range p.Radices {
		nb := p.Tile * p.L / r // butterflies of the stage in the tile
		st := fftLocalStage{Radix: r, NsIn: nsIn, Span: p.L / r, Butterflies: nb}
		for q := 0; q < (nb+p.WG-1)/p.WG; q++ {
			st.Items = append(st.Items, fftLocalItem{Q: q, First: q * p.WG, Guarded: (q+1)*p.WG > nb})
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
func registerBody(p fftplan.Pass, dt dtypes.DType, stageOffsets []int) *fftRegisterBody {
	size := dt.Size()
	fullRow := p.ExchangeRow(p.L, p.Tile)
	chunkLen := p.L / p.Chunks
	chunkRow := p.ExchangeRow(chunkLen, p.Tile)
	bufBytes := p.Tile * chunkRow * size / p.Comps
	if p.StagedStore {
		bufBytes = max(bufBytes, p.Tile*fullRow*size/p.Comps)
	}
	if p.StagedLoad {
		bufBytes = max(bufBytes, p.Tile*fullRow*size)
	}
	rb := &fftRegisterBody{
		BufElems: (bufBytes + size - 1) / size,
		SFast:    p.SFast, TT: p.TT, E: p.E, FullRow: fullRow,
		StagedLoad: p.StagedLoad, StagedStore: p.StagedStore,
		Dense:   p.Plain && fullRow == p.L,
		Parts:   []string{""},
		Private: p.Private, L: p.L,
	}
	if p.Comps == 2 {
		rb.Parts = []string{".x", ".y"}
	}
	for i := 0; i < p.E; i++ {
		rb.Regs = append(rb.Regs, fftOffset{M: i, Off: p.TT * i})
	}
	loops := (p.Tile*p.L + p.WG - 1) / p.WG
	for r := 0; r < loops; r++ {
		rb.StoreRuns = append(rb.StoreRuns, fftOffset{M: r, Off: r * p.WG})
	}
	if p.Uneven {
		rb.LoadRegs = layoutRegisters(p.StageLayout(0))
		rb.StoreRegs = layoutRegisters(p.StageLayout(len(p.Radices) - 1))
	} else {
		for _, r := range rb.Regs {
			rb.LoadRegs = append(rb.LoadRegs, fftRegister{M: r.M, Off: r.Off})
		}
		rb.StoreRegs = rb.LoadRegs
	}
	nsIn := 1
	for si, r := range p.Radices {
		st := fftRegStage{Radix: r, NsIn: nsIn}
		for q, bf := range stageButterflies(p, si) {
			bf.First = q * p.TT
			for m, reg := range bf.Regs {
				if nsIn > 1 && m > 0 {
					bf.Twiddles = append(bf.Twiddles, fftOffset{M: reg, Off: stageOffsets[si] + (m-1)*nsIn})
				}
			}
			st.Butterflies = append(st.Butterflies, bf)
		}
		if si < len(p.Radices)-1 {
			st.Exchange = exchangeBody(p, si, nsIn, chunkLen, chunkRow, rb.Parts)
		}
		rb.Stages = append(rb.Stages, st)
		nsIn *= r
	}
	return rb
}

// stageButterflies returns the butterflies of a work-item at stage si of
// the pass p: their registers, in the order of their elements, and the
// work-items that have them (Lim); First and Twiddles are left unset.
// Even stages of radix r give butterfly q the registers q + m*E/r, uneven
// ones (fftplan.Layout) the registers q*r + m.
func stageButterflies(p fftplan.Pass, si int) []fftRegButterfly {
	r := p.Radices[si]
	var out []fftRegButterfly
	if p.Uneven {
		l := p.StageLayout(si)
		for q := 0; q < l.Butterflies; q++ {
			bf := fftRegButterfly{Lim: l.Limit(q)}
			for m := 0; m < r; m++ {
				bf.Regs = append(bf.Regs, l.Register(q, m))
			}
			out = append(out, bf)
		}
		return out
	}
	per := p.E / r
	for q := 0; q < per; q++ {
		var bf fftRegButterfly
		for m := 0; m < r; m++ {
			bf.Regs = append(bf.Regs, q+m*per)
		}
		out = append(out, bf)
	}
	return out
}

// layoutRegisters returns the registers of the layout l with the elements
// they hold, butterfly by butterfly.
func layoutRegisters(l fftplan.Layout) []fftRegister {
	var out []fftRegister
	for k := 0; k < l.Butterflies; k++ {
		for m := 0; m < l.Radix; m++ {
			out = append(out, fftRegister{M: l.Register(k, m), Off: l.Offset(k, m), Lim: l.Limit(k)})
		}
	}
	return out
}

// exchangeBody returns the numbers of the exchange after stage si of the
// pass, of radix r after stages of nsIn: its outputs go to their
// Stockham positions (jj - k)*r + k + q*nsIn through local memory, and the
// work-item reads back the elements of the next stage's butterflies (with
// even stages the elements t + tt*i), in parts (complex values, or real
// and imaginary parts) and chunks of positions.
func exchangeBody(p fftplan.Pass, si, nsIn, chunkLen, chunkRow int, parts []string) *fftExchange {
	r := p.Radices[si]
	x := &fftExchange{Radix: r, NsIn: nsIn, Chunked: p.Chunks > 1, ChunkLen: chunkLen, Row: chunkRow, E: p.E}
	for q, bf := range stageButterflies(p, si) {
		w := fftExchangeWrite{First: q * p.TT, Lim: bf.Lim}
		for m, reg := range bf.Regs {
			w.Elems = append(w.Elems, fftOffset{M: reg, Off: m * nsIn})
		}
		x.Writes = append(x.Writes, w)
	}
	if p.Uneven {
		reads := layoutRegisters(p.StageLayout(si + 1))
		for _, part := range parts {
			x.Rounds = append(x.Rounds, fftExchangeRound{Part: part, Reads: reads})
		}
		return x
	}
	perChunk := p.E / p.Chunks
	for ch := 0; ch < p.Chunks; ch++ {
		lo := ch * chunkLen
		for _, part := range parts {
			round := fftExchangeRound{Lo: lo, Part: part}
			for i := ch * perChunk; i < (ch+1)*perChunk; i++ {
				round.Reads = append(round.Reads, fftRegister{M: i, Off: p.TT*i - lo})
			}
			x.Rounds = append(x.Rounds, round)
		}
	}
	return x
}
