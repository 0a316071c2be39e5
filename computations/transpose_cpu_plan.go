package computations

import (
	"fmt"
	"strings"
)

// The plan of a Transpose on a CPU. PoCL runs the work-items of a
// work-group one after the other, so the GPU's tiles through local memory
// cost a barrier's loop for every few elements; a CPU's kernel has no
// local memory and no barriers instead: each work-item moves one block of
// the matrix, reading its rows (consecutive elements, which LLVM merges
// into vector loads) into registers and writing them out as the rows of
// the transposed block. The chain of batched transposes is the same as a
// GPU's (planTranspose); only the kernel of each pass differs.

// transposeCPUBlockBytes is the length in bytes of the rows a work-item of
// a CPU's kernel reads and writes: a cache line, one vector of AVX-512.
const transposeCPUBlockBytes = 64

// transposeCPUMaxSide is the most elements along either side of a block:
// a block of 16 × 16 float32 is 16 vectors of AVX-512 (half its
// registers); elements of 1 or 2 bytes take the same number of elements,
// in rows of less than a cache line.
const transposeCPUMaxSide = 16

// transposeCPUGroupsPerUnit is the least number of work-groups per compute
// unit a CPU's plan aims at, so that PoCL's threads share the work evenly,
// and transposeCPUMaxLocal the most work-items of a work-group.
const (
	transposeCPUGroupsPerUnit = 8
	transposeCPUMaxLocal      = 32
)

// transposeCPUPass is how a CPU runs one batched transpose of a
// transposePlan: Batch × BlocksH × BlocksW work-items, in work-groups of
// Local along the blocks of a row of blocks, each moving a block of Side
// × Side elements. EdgeH and EdgeW say that the last blocks along the
// height and the width reach past the matrices: those check each element.
type transposeCPUPass struct {
	Side             int
	BlocksH, BlocksW int
	Local            int
	EdgeH, EdgeW     bool
	// Vector, where set, moves the whole blocks as words in vectors
	// (vectorise).
	Vector *transposeCPUVector
}

// String describes the pass as cpu:SidexSide.
func (p transposeCPUPass) String() string { return fmt.Sprintf("cpu:%dx%d", p.Side, p.Side) }

// transposeCPUSide returns the side of a CPU's blocks of elements of
// itemSize bytes: as many as a cache line holds, at most
// transposeCPUMaxSide, at least one.
func transposeCPUSide(itemSize int) int {
	return max(1, min(transposeCPUMaxSide, transposeCPUBlockBytes/max(itemSize, 1)))
}

// planTransposeCPU plans the kernel of a CPU for the batched transpose
// pass of elements of itemSize bytes, on computeUnits compute units with
// work-groups of at most maxWorkGroup work-items; pointers says that the
// kernel reaches the memory of its source and destination directly (no
// transformation on either, contiguous), which its whole blocks' vectors
// need (vectorise).
func planTransposeCPU(pass transposePass, itemSize, computeUnits, maxWorkGroup int, pointers bool) transposeCPUPass {
	side := transposeCPUSide(itemSize)
	// Blocks no larger than the matrices need, in powers of two.
	for side > 1 && side/2 >= max(pass.height, pass.width) {
		side /= 2
	}
	p := transposeCPUPass{
		Side:    side,
		BlocksH: ceilDiv(pass.height, side),
		BlocksW: ceilDiv(pass.width, side),
		EdgeH:   pass.height%side != 0,
		EdgeW:   pass.width%side != 0,
	}
	items := pass.batch * p.BlocksH * p.BlocksW
	target := max(computeUnits, 1) * transposeCPUGroupsPerUnit
	p.Local = max(1, min(transposeCPUMaxLocal, max(maxWorkGroup, 1), p.BlocksW, items/target))
	if pointers {
		p.vectorise(itemSize)
	}
	return p
}

// transposeCPUVectorBytes is the width of the vectors of a whole block's
// moves: AVX2's 256-bit registers (half of AVX-512's).
const transposeCPUVectorBytes = 32

// transposeCPUVector is how a CPU's kernel moves a whole block of
// elements of 4 or 8 bytes through vectors: each element as a word
// (WordType, uint or ulong), a block of Side × Side elements as sub-blocks
// of Lanes × Lanes, each read as Lanes vectors of VectorType (its rows),
// transposed in registers by Rounds of shuffles and written as Lanes
// vectors (the rows of the transposed sub-block). LLVM leaves the scalar
// block's elements in the work-item loop that PoCL vectorises across
// work-items: it gathered them (float32 2048×8192 took 66–78 ms on PoCL,
// 2 cores, AVX2, where a scale fused into the loads, which the loop
// vectoriser refused, took 37 against the same blocks).
type transposeCPUVector struct {
	Lanes                int
	WordType, VectorType string
	Blocks               []transposeCPUSubBlock
	// Rounds are the rounds of a sub-block's transposition, each its
	// pairs of rows A and B = A + s for s = 1, 2, 4, ...: a round swaps
	// the elements of the two rows whose column bit s differs from their
	// row's, so that after the rounds of every bit of the lanes row k of
	// the sub-block holds its column k.
	Rounds [][]transposeCPUPair
}

// transposeCPUSubBlock is the sub-block of rows Row to Row + Lanes - 1 and
// columns Col to Col + Lanes - 1 of a block.
type transposeCPUSubBlock struct{ Row, Col int }

// transposeCPUPair is rows A and B of a round, and the components of the
// two vectors (of the rows before the round) that make each of them after
// it.
type transposeCPUPair struct {
	A, B           int
	PartsA, PartsB string
}

// vectorise sets the pass to move its whole blocks in vectors where the
// elements are words of 4 or 8 bytes whose blocks split into sub-blocks of
// whole vectors.
func (p *transposeCPUPass) vectorise(itemSize int) {
	if itemSize != 4 && itemSize != 8 {
		return
	}
	lanes := transposeCPUVectorBytes / itemSize
	if p.Side%lanes != 0 {
		return
	}
	word := map[int]string{4: "uint", 8: "ulong"}[itemSize]
	v := &transposeCPUVector{Lanes: lanes, WordType: word, VectorType: fmt.Sprintf("%s%d", word, lanes)}
	for r := 0; r < p.Side; r += lanes {
		for c := 0; c < p.Side; c += lanes {
			v.Blocks = append(v.Blocks, transposeCPUSubBlock{Row: r, Col: c})
		}
	}
	for s := 1; s < lanes; s *= 2 {
		var round []transposeCPUPair
		for a := 0; a < lanes; a++ {
			if a&s != 0 {
				continue
			}
			pa, pb := make([]string, lanes), make([]string, lanes)
			for c := 0; c < lanes; c++ {
				if c&s == 0 {
					pa[c], pb[c] = fmt.Sprintf("a.s%x", c), fmt.Sprintf("a.s%x", c+s)
				} else {
					pa[c], pb[c] = fmt.Sprintf("b.s%x", c-s), fmt.Sprintf("b.s%x", c)
				}
			}
			round = append(round, transposeCPUPair{A: a, B: a + s,
				PartsA: strings.Join(pa, ", "), PartsB: strings.Join(pb, ", ")})
		}
		v.Rounds = append(v.Rounds, round)
	}
	p.Vector = v
}
