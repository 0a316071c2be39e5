package computations

import (
	"fmt"
	"math"
)

// The plan of a MatrixMul on a CPU. PoCL runs the work-items of a
// work-group one after the other, and its loop vectoriser takes no loop of
// the GPU's kernel (its vectors of local memory, its barriers); a CPU's
// kernel is written in explicit vectors instead, which LLVM compiles to
// the CPU's own (16 float32 or 8 float64 lanes with AVX-512), with no local
// memory and no barriers: each work-item computes a block of outputs in
// registers, walking the whole inner dimension, as the small kernels of a
// BLAS do.

// matmulCPUKind says along which dimension the vectors of a CPU's kernel
// run.
type matmulCPUKind int

const (
	// matmulAlongN: the vectors run along the output's columns, loaded
	// from rows of matrix_b stored by rows, each multiplied by one
	// element of matrix_a (broadcast over the lanes) per output row of
	// the block: outer products, one inner index at a time.
	matmulAlongN matmulCPUKind = iota
	// matmulAlongM: the vectors run along the output's rows, loaded from
	// columns of a transposed matrix_a (rows of its memory), each
	// multiplied by one element of matrix_b per output column.
	matmulAlongM
	// matmulAlongK: the vectors run along the inner dimension, loaded
	// from rows of matrix_a and columns of a transposed matrix_b (both
	// rows of their memory): each output is the sum of the lanes of a
	// vector of partial dot products.
	matmulAlongK
)

// String names the kind as in the plan's description.
func (k matmulCPUKind) String() string {
	switch k {
	case matmulAlongN:
		return "n"
	case matmulAlongM:
		return "m"
	}
	return "k"
}

// matmulCPUVectorBytes is the size of a CPU's vectors: 64 bytes, the
// registers of AVX-512 (the wider types of OpenCL C compile to pairs of
// narrower registers where a CPU has none as wide).
const matmulCPUVectorBytes = 64

// matmulCPUBlocks are the outputs a work-item holds on a CPU with
// AVX-512's 32 registers of 64 bytes, by kind and for real and complex
// values: Scalars × Vecs vectors along N or M (an element of the other
// operand is broadcast for each of the Scalars), Rows × Cols vectors of
// partial sums along K. Each takes at most 30 of the 32 vector registers
// with the vectors it loads. Measured on two cores of an AMD EPYC (Zen 4)
// with AVX-512, PoCL 3.1, best kernel times of interleaved runs: float32
// 1024³ along N at 12.7 ms with 6×4 (5×4 13.1, 4×4 13.3, 8×3 15.2, 4×6
// 18.4, 12×2 17 and more), along K at 10.4 ms with 4×6 (5×5 11.0, 6×4
// 11.6, 3×8 12.2); complex64 512³ along N at 8.1 ms with 4×3 (5×2 8.1,
// 3×4 8.5, 6×2 10.5), along K at 11.7 ms with 3×4 (4×3 11.9, 2×6 12.5,
// 3×3 13.0).
var matmulCPUBlocks = map[matmulCPUKind]struct{ real, complex [2]int }{
	// Scalars × Vecs: Scalars·Vecs accumulators (twice for complex
	// values: the products with the real and with the imaginary parts of
	// the broadcast elements), Vecs loaded vectors, one or two broadcast.
	matmulAlongN: {real: [2]int{6, 4}, complex: [2]int{4, 3}},
	matmulAlongM: {real: [2]int{6, 4}, complex: [2]int{4, 3}},
	// Rows × Cols: as many accumulators (twice for complex values, the
	// products with matrix_b's vectors and with their real and imaginary
	// parts swapped), Rows loaded vectors of matrix_a and one or two of
	// matrix_b.
	matmulAlongK: {real: [2]int{4, 6}, complex: [2]int{3, 4}},
}

// matmulCPUNarrowBlocks are the blocks on a CPU whose vectors are
// narrower than 64 bytes (AVX2's 16 registers of 32 bytes, where each
// 64-byte vector of the kernel takes two): the blocks above would hold 48
// registers of accumulators, and the compiler spilled them. Measured on
// two cores of an AMD EPYC with AVX2, PoCL 3.1, medians of 12 calls in
// three interleaved rounds: float32 1024³ along N in 27–32 ms with 6×1
// (the classic 6×16 of AVX2's BLAS kernels; 5×1 27–33, 2×2 36–39, 6×4
// 40), along K in 22–27 with 1×4 (2×3 26–30, 2×2 29–32, 4×6 39);
// complex64 512³ along N in 15.0–15.7 with 2×1 (1×2 15–22, 6×1 16–18,
// 4×3 19.5), along K in 8.7–11.2 with 1×2 (3×4 19.9); float64 512³ along N
// in 6.1–7.4 with 6×1 (4×6 9.9), along K in 5.6–6.3 with 1×4 (4×6 10.3).
var matmulCPUNarrowBlocks = map[matmulCPUKind]struct{ real, complex [2]int }{
	matmulAlongN: {real: [2]int{6, 1}, complex: [2]int{2, 1}},
	matmulAlongM: {real: [2]int{6, 1}, complex: [2]int{2, 1}},
	matmulAlongK: {real: [2]int{1, 4}, complex: [2]int{1, 2}},
}

// matmulCPUGroupsPerUnit is the least number of work-groups per compute
// unit a CPU's plan aims at, so that PoCL's threads share the work evenly
// where blocks take unequal times (at the edges of the matrices), and
// matmulCPUMaxLocal the most work-items of a work-group.
const (
	matmulCPUGroupsPerUnit = 8
	matmulCPUMaxLocal      = 32
)

// Where the operand of the vectors (matrix_b along N, matrix_a along M)
// takes more than matmulCPUSlicedBytes, a work-item computes
// matmulCPURounds blocks along the other dimension, in slices of
// matmulCPUDepth inner indices: each slice of the vectors is read from
// memory once for all of them, and stays in the caches. Measured on the
// two cores above, best kernel times: float32 2048³ at 91 ms (156
// without; rounds of 8 96, slices of 512 94), float64 2048³ at 214 ms
// (490). At 1024³ (4 MiB of float32, 8 of float64 or complex64) the
// slices cost 1–7%, and the operand stays whole.
const (
	matmulCPUSlicedBytes = 8 << 20
	matmulCPUDepth       = 256
	matmulCPURounds      = 16
)

// matmulCPUPlan is how a MatrixMul runs on a CPU: one kernel of Items
// work-items in work-groups of Local, each computing a BlockM × BlockN
// block of outputs of one output matrix. Along N and M the block is
// Scalars outputs along the other dimension by Vecs vectors of Elems
// outputs; along K it is Scalars rows by Vecs columns, each output a
// vector of partial sums over the inner dimension, of which the kernel
// reads Chunks whole vectors and then TailK elements.
type matmulCPUPlan struct {
	Kind matmulCPUKind
	// Lanes are the real lanes of a vector, Elems the elements of the
	// product's dtype it holds (half the lanes for complex values,
	// stored interleaved as in memory).
	Lanes, Elems   int
	Scalars, Vecs  int
	BlockM, BlockN int
	// BlocksM and BlocksN are the blocks along the rows and the columns
	// of an output matrix.
	BlocksM, BlocksN int
	// Rounds are the blocks a work-item computes one after the other
	// along the broadcast elements' dimension, in slices of Depth inner
	// indices (see matmulCPUSlicedBytes); one, and no slices (Depth 0),
	// where the vectors' operand is small and along K.
	Rounds, Depth int
	// Slots are the positions the work-items count along the dimension
	// whose blocks follow one another fastest, each of Rounds blocks:
	// that of the broadcast elements along N and M (consecutive
	// work-items then read the same vectors of the other operand while
	// they are in the caches), the rows along K. Along N and M, a power
	// of two of positions (more than one) takes one slot more, whose
	// work-items return at once: a division by a power of two let LLVM
	// rewrite the index of the last element of a block's vectors apart
	// from the others' (x | 63 for (x & 960) | 63), and load those
	// vectors element by element (matrices of 768 columns ran 25%
	// slower).
	Slots        int
	Items, Local int
	// EdgeM and EdgeN say that the last blocks along the rows and the
	// columns reach past the matrices: their loads are clamped to the
	// matrices' last row or column, and their stores checked.
	EdgeM, EdgeN  bool
	Chunks, TailK int
}

// String describes the plan as cpu:BlockMxBlockN/kind, such as
// cpu:6x64/n for blocks of 6 rows and 64 columns with vectors along N,
// followed by /RoundsxDepth where a work-item computes several blocks in
// slices of the inner dimension (cpu:6x64/n/16x256).
func (p matmulCPUPlan) String() string {
	s := fmt.Sprintf("cpu:%dx%d/%v", p.BlockM, p.BlockN, p.Kind)
	if p.Depth > 0 {
		s += fmt.Sprintf("/%dx%d", p.Rounds, p.Depth)
	}
	return s
}

// matmulCPUKindOf returns the kind of a CPU's kernel for a product: the
// one whose vectors run along a dimension that the operands they are
// loaded from store contiguously (matrix_b by rows for N, a transposed
// matrix_a for M, matrix_a by rows and a transposed matrix_b for K), and
// of those the one whose vectors the product fills best, outer products
// first. A 1-D matrix_a is a row, contiguous along K; a 1-D matrix_b a
// column, contiguous along K.
func matmulCPUKindOf(s matmulShape, lanes int, complex, transA, transB, aVector, bVector bool) matmulCPUKind {
	elems := lanes
	if complex {
		elems /= 2
	}
	fill := func(n int) float64 { return float64(n) / float64(ceilDiv(n, elems)*elems) }
	best, bestFill := matmulCPUKind(-1), -1.0
	for _, c := range []struct {
		kind matmulCPUKind
		ok   bool
		n    int
	}{
		{matmulAlongN, !bVector && !transB, s.n},
		{matmulAlongM, transA, s.m},
		{matmulAlongK, !transA && (transB || bVector), s.k},
	} {
		if c.ok && fill(c.n) > bestFill {
			best, bestFill = c.kind, fill(c.n)
		}
	}
	if best < 0 {
		// A 1-D matrix_b with a transposed matrix_a is covered by M; a
		// matrix_b stored by rows by N; otherwise K. Every product has
		// one: this is not reached.
		best = matmulAlongN
	}
	return best
}

// planMatmulCPU plans the product s of elements of itemSize bytes (complex
// or real) on a CPU with computeUnits compute units, work-groups of at
// most maxWorkGroup work-items and native vectors of vectorBytes (0 where
// unknown: the narrow blocks); transA, transB, aVector and bVector
// describe the operands as for matmulCPUKindOf.
func planMatmulCPU(s matmulShape, itemSize int, complex, transA, transB, aVector, bVector bool, computeUnits, maxWorkGroup, vectorBytes int) (matmulCPUPlan, error) {
	realSize := itemSize
	if complex {
		realSize /= 2
	}
	if realSize < 1 || maxWorkGroup < 1 {
		return matmulCPUPlan{}, fmt.Errorf("no CPU plan for %d-byte elements and work-groups of %d work-items", itemSize, maxWorkGroup)
	}
	p := matmulCPUPlan{Lanes: max(1, matmulCPUVectorBytes/realSize)}
	p.Elems = p.Lanes
	if complex {
		p.Elems = max(1, p.Lanes/2)
	}
	p.Kind = matmulCPUKindOf(s, p.Lanes, complex, transA, transB, aVector, bVector)
	table := matmulCPUBlocks
	if vectorBytes < matmulCPUVectorBytes {
		table = matmulCPUNarrowBlocks
	}
	blocks := table[p.Kind].real
	if complex {
		blocks = table[p.Kind].complex
	}
	p.Scalars, p.Vecs = blocks[0], blocks[1]
	// Blocks no larger than the matrices need.
	switch p.Kind {
	case matmulAlongN:
		p.Scalars = min(p.Scalars, max(s.m, 1))
		p.Vecs = min(p.Vecs, ceilDiv(max(s.n, 1), p.Elems))
		p.BlockM, p.BlockN = p.Scalars, p.Vecs*p.Elems
	case matmulAlongM:
		p.Scalars = min(p.Scalars, max(s.n, 1))
		p.Vecs = min(p.Vecs, ceilDiv(max(s.m, 1), p.Elems))
		p.BlockM, p.BlockN = p.Vecs*p.Elems, p.Scalars
	case matmulAlongK:
		p.Scalars = min(p.Scalars, max(s.m, 1))
		p.Vecs = min(p.Vecs, max(s.n, 1))
		p.BlockM, p.BlockN = p.Scalars, p.Vecs
		p.Chunks, p.TailK = s.k/p.Elems, s.k%p.Elems
		// The kernel counts inner indices in a VSIZE_T and its chunks are
		// rendered as a constant; any k of an int fits.
	}
	p.BlocksM, p.BlocksN = ceilDiv(s.m, p.BlockM), ceilDiv(s.n, p.BlockN)
	p.EdgeM, p.EdgeN = s.m%p.BlockM != 0, s.n%p.BlockN != 0
	// Along N and M, where the operand of the vectors outgrows the caches,
	// rounds of blocks along the broadcast elements' dimension share the
	// slices of the inner dimension.
	depth, rounds := 0, 1
	if p.Kind != matmulAlongK && s.k > matmulCPUDepth {
		side := s.n
		if p.Kind == matmulAlongM {
			side = s.m
		}
		if bytes, ok := mulInts(s.k, side, itemSize); !ok || bytes > matmulCPUSlicedBytes {
			depth, rounds = matmulCPUDepth, matmulCPURounds
		}
	}
	if err := p.spread(s, depth, rounds, computeUnits, maxWorkGroup); err != nil {
		return matmulCPUPlan{}, err
	}
	return p, nil
}

// spread sets the plan's slices of the inner dimension (depth inner indices
// for rounds blocks along the broadcast elements' dimension; none where
// depth is 0 or k no more, or along K) and its work-items and work-groups.
func (p *matmulCPUPlan) spread(s matmulShape, depth, rounds, computeUnits, maxWorkGroup int) error {
	// The blocks along the broadcast elements' dimension (the rows along
	// K), counted fastest, and the others.
	fast, slow := p.BlocksM, p.BlocksN
	if p.Kind == matmulAlongM {
		fast, slow = p.BlocksN, p.BlocksM
	}
	p.Depth, p.Rounds = 0, 1
	if p.Kind != matmulAlongK && depth > 0 && s.k > depth {
		p.Depth, p.Rounds = depth, max(1, min(rounds, fast))
	}
	groups := ceilDiv(fast, p.Rounds)
	p.Slots = groups
	if p.Kind != matmulAlongK && groups > 1 && groups&(groups-1) == 0 {
		p.Slots++
	}
	var ok bool
	if p.Items, ok = mulInts(s.batch, p.Slots, slow); !ok || p.Items > math.MaxInt/2 {
		return fmt.Errorf("%d·%d·%d blocks of %d×%d outputs overflow an int", s.batch, p.BlocksM, p.BlocksN, p.BlockM, p.BlockN)
	}
	target := max(computeUnits, 1) * matmulCPUGroupsPerUnit
	p.Local = max(1, min(matmulCPUMaxLocal, maxWorkGroup, p.Items/target))
	return nil
}
