package computations

import "fmt"

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
// work-groups of at most maxWorkGroup work-items.
func planTransposeCPU(pass transposePass, itemSize, computeUnits, maxWorkGroup int) transposeCPUPass {
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
	return p
}
