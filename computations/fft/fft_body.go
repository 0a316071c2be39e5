package fft

// fftPass is the description of one pass from which templates/fft.cl
// draws its kernel: what it loads (Src), its sub-transforms (L, the
// stages of Local or Register and their Butterflies), its pass twiddle
// (Twiddle) and what it stores (Dst). It holds numbers, the names of C
// types, the end kinds and the butterfly modules; the C itself is in the
// templates.
type fftPass struct {
	CType, RType string // C types of a complex value and of its parts
	ItemSize     int    // bytes of a complex value
	Zero         string // literal of a zero part
	PadLocal     bool   // local memory rows are padded (FFT_PAD)

	WG    int // work-items of a group
	Tile  int // sub-transforms of a group
	L, NS int // sub-transform length and the stages done before the pass
	// StoreNS is the NS of the stores: NS, 1 in the turn of Bluestein's
	// algorithm (fftplan.Pass.Turn), which stores as the first pass of the
	// transform back, and NJ in a pass that stores where it loaded
	// (fftplan.Pass.ColumnStores).
	StoreNS int
	NJ      int // butterflies of the pass per transform
	// RowLoads: sub-transform j loads its elements from the row j·L + m
	// rather than from j + m·NJ (fftplan.Pass.RowLoads).
	RowLoads  bool
	Inner     int // product of the dimensions after the axis
	Count     int // sub-transforms of the pass
	TileElems int // elements of a group's tile
	Loops     int // rounds in which the group's work-items cover the tile
	LoopGuard bool
	// RowsGuard: with an end of Rows, the last group's tile is shorter
	// (Count is not a multiple of Tile).
	RowsGuard bool

	// Src is the end the pass loads, Dst the one it stores.
	Src, Dst fftPassEnd

	// Fused, where set, makes the kernel the whole of a convolution (the
	// register kernel only): after the forward stages each register is
	// multiplied by the transformed convolution kernel and conjugated, and
	// the stages run again.
	Fused *fftFused

	Twiddle fftPassTwiddle

	// Butterflies holds, by radix, the module that transforms the values
	// of a butterfly (see butterflyModule).
	Butterflies map[int]any

	Local    *fftLocalBody    // of the local kernel, else nil
	Register *fftRegisterBody // of the register kernel, else nil
	Lanes    *fftLanesBody    // of the lanes kernel, else nil
	Looped   *fftLoopedBody   // of the looped kernel, else nil
	Vectors  *fftVectorsBody  // of the vector kernel, else nil
}

// fftPassEnd is one end of a pass: its indexing, its length along the
// axis and the kind of its loads or stores.
type fftPassEnd struct {
	Index  fftEndIndex
	Length int
	Short  bool // shorter than the transform: guard positions
	Kind   fftEndKind
	// Linear: position n of the sub-transforms' row o is element
	// o·Length + n of the array (fftPass.linearEnd), so that the kernel
	// may address it as FFT_LOAD_ELEM(0, at, 0) and the like, with at
	// computed once and constant offsets from it.
	Linear bool
	// Rows: the staged load or store addresses the tile's elements
	// directly, as tile_at + e0: the end is linear (fftPass.linearEnd)
	// and the pass transforms whole rows (NJ = 1), one after the other.
	Rows bool
}

// fftFused is the product between the stages of a fused convolution
// (fftPass.Fused): with Rows set, the kernel has one row per
// sub-transform, which KERNEL_B indexes by the outer index, the position
// and the inner index as the ends do; Bluestein marks the convolution of
// Bluestein's algorithm, and Turn its turn (fftplan.Pass.Turn), whose
// register q of sub-transform j holds position j + q·NJ of the transform.
type fftFused struct {
	Rows      *fftEndIndex
	Bluestein bool
	Turn      bool
	Rader     *fftRader
}

// fftRader is what the one kernel of Rader's algorithm for the prime N
// does between its transforms: the work-item with output 0 of the forward
// transform, A'[0], stores X[0] = N·x[0] + A'[0] as the scattered
// position M = N-1 (raderEnd), x[0] conjugated where Conj is set (the
// loads of the inverse conjugate).
type fftRader struct {
	N, M int
	NLit string // literal of N in the real type
	Conj bool
}

// LocalBufferBytes returns the bytes of the kernel's buffer in local
// memory (LOCAL_BUFFER), 0 where it has none.
func (b *fftPass) LocalBufferBytes() int {
	switch {
	case b.Local != nil:
		return b.Local.BufElems * b.ItemSize
	case b.Register != nil && !b.Register.Private:
		return b.Register.BufElems * b.ItemSize
	}
	return 0
}

// Rader returns what the kernel of Rader's algorithm does between its
// transforms, nil in any other kernel.
func (b *fftPass) Rader() *fftRader {
	if b.Fused == nil {
		return nil
	}
	return b.Fused.Rader
}

// KernelRows returns the indexing of a convolution kernel of one row per
// sub-transform, nil where there is none.
func (b *fftPass) KernelRows() *fftEndIndex {
	if b.Fused == nil {
		return nil
	}
	return b.Fused.Rows
}

// Real returns the numbers of the ends of a real transform, nil in a
// complex FFT.
func (b *fftPass) Real() *fftRealBody {
	for _, e := range []fftEndKind{b.Dst.Kind, b.Src.Kind} {
		if r, ok := e.(realEnd); ok {
			return r.Real
		}
	}
	return nil
}

// Paired reports whether the kernel's work-groups take the
// sub-transforms j and NJ - j together (fftRealBody.Paired).
func (b *fftPass) Paired() bool { return b.Dst.Kind.StoreVariant() == storePaired }

// Twisted reports whether the kernel stores the spectrum of a real
// transform from the complex one of half its length (fftRealBody.Twist).
func (b *fftPass) Twisted() bool {
	v := b.Dst.Kind.StoreVariant()
	return v == storeTwist || v == storePaired
}

// Split reports whether the kernel stores the spectra of two real rows
// from the complex transform of one row of them (fftRealBody.Split).
func (b *fftPass) Split() bool { return b.Dst.Kind.StoreVariant() == storeSplit }

// ProcessModules lets the renderer find the butterfly modules.
func (b *fftPass) ProcessModules(process func(any) (any, error)) (any, error) {
	out := *b
	bfs, err := process(b.Butterflies)
	if err != nil {
		return nil, err
	}
	out.Butterflies = bfs.(map[int]any)
	return &out, nil
}

// fftPassTwiddle says how the pass twiddle W_{ns*l}^{(j mod ns)*m} is
// read from its tables: by exponent bits (Shift > 0: the high bits from
// TW_PASS_HI, the low ones, Mask, from TW_PASS_LO), from two tables (Split:
// rows of m, in blocks of Block), or from one table of rows of m.
type fftPassTwiddle struct {
	Shift, Mask int
	Split       bool
	Rows, Block int
}

// fftOffset is an element, register or index M and the offset, position
// or table index Off that goes with it.
type fftOffset struct{ M, Off int }

// fftRegister is register M of a work-item of the register kernel and
// the element t + Off it holds, t being the work-item's place in its
// sub-transform; where Lim > 0 only the work-items t < Lim hold it (a
// stage whose butterflies do not fill the last round: fftplan.Layout).
type fftRegister struct{ M, Off, Lim int }

// fftLocalBody holds the numbers of the local kernel, whose stages read and
// write the whole tile in local memory.
type fftLocalBody struct {
	Row                     int // local memory row of a sub-transform
	BufElems                int
	LoadContig, StoreContig bool // a work-item's elements follow each other
	Stages                  []fftLocalStage
}

// fftLocalStage is a stage of radix Radix after stages of NsIn, whose
// Butterflies butterflies in the tile take elements Span apart: each
// work-item takes the butterflies of Items, reads its elements at Reads,
// multiplies them by the stage twiddles Twiddles (table indices) and
// writes its outputs at Writes.
type fftLocalStage struct {
	Radix, NsIn, Span, Butterflies int
	Items                          []fftLocalItem
	Reads, Twiddles, Writes        []fftOffset
}

// fftLocalItem is the Q-th butterfly of a work-item, First after its own.
type fftLocalItem struct {
	Q, First int
	Guarded  bool // not every work-item has one
}

// fftRegisterBody holds the numbers of the register kernel, whose
// work-items hold E elements each in registers, register i holding element
// t + Regs[i].Off of the work-item's sub-transform.
type fftRegisterBody struct {
	BufElems int
	SFast    bool // consecutive work-items take consecutive sub-transforms
	TT, E    int  // work-items per sub-transform, registers per work-item
	Regs     []fftOffset
	// LoadRegs are the registers the first stage reads and StoreRegs
	// those the last one leaves: Regs unless the stages are uneven.
	LoadRegs, StoreRegs []fftRegister
	FullRow             int // local memory row of a whole sub-transform
	// Dense: the rows of local memory are L long, without padding, so
	// that element e0 of the tile is buf[e0].
	Dense                   bool
	StagedLoad, StagedStore bool
	Parts                   []string    // components of one exchange round: "" (whole values) or ".x" and ".y"
	StoreRuns               []fftOffset // rounds of the staged store and their first elements
	Stages                  []fftRegStage
	// Private: one work-item per sub-transform, exchanging through an
	// array of its own (fftplan.Pass.Private); no local memory.
	Private bool
	L       int // the length of a sub-transform
	// Relayout: the kernel is a whole convolution on uneven stages, whose
	// outputs stand elsewhere than its inputs: between its transforms the
	// registers go back to the places of the inputs through local memory.
	Relayout bool
}

// fftRegStage is a stage of radix Radix after stages of NsIn, followed by
// Exchange unless it is the last one.
type fftRegStage struct {
	Radix, NsIn int
	Butterflies []fftRegButterfly
	Exchange    *fftExchange
}

// fftRegButterfly is the butterfly of the registers Regs of a work-item;
// its first element is First after the work-item's, and Twiddles are its
// registers with their stage twiddle indices.
type fftRegButterfly struct {
	First    int
	Lim      int // only the work-items t < Lim have it, where above 0
	Regs     []int
	Twiddles []fftOffset
}

// fftExchange moves the outputs of a stage of radix Radix after stages of
// NsIn to their Stockham positions through local memory, in Rounds: a
// chunk of ChunkLen positions (rows of Row) and a part at a time.
type fftExchange struct {
	Radix, NsIn   int
	Chunked       bool
	ChunkLen, Row int
	E             int
	Writes        []fftExchangeWrite
	Rounds        []fftExchangeRound
}

// fftExchangeWrite is a butterfly whose first element is First after the
// work-item's: its registers Elems[m].M go to positions y0 + Elems[m].Off.
type fftExchangeWrite struct {
	First int
	Lim   int // only the work-items t < Lim have it, where above 0
	Elems []fftOffset
}

// fftExchangeRound is one chunk (first position Lo) and part of an
// exchange, and the registers it reads back (M, from row offset Off).
type fftExchangeRound struct {
	Lo    int
	Part  string
	Reads []fftRegister
}

// fftEndIndex is how the FFT's load and store macros index an end for the
// outer index _o, the position _n along the axis and the inner index _i:
// a flat temporary array by one offset, a parameter by one index per axis.
type fftEndIndex struct {
	Flat bool
	// A flat end: the stride of _o (0 where there is one outer batch) and
	// of _n (_i has stride 1).
	OuterStride, Inner int
	// A parameter: the C indices of the axes before and after the
	// transformed one, split from _o and _i in row-major order.
	Outer, InnerIdx []string
}
