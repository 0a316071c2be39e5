package computations

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
)

// MatrixMulTiling is how a MatrixMul blocks its products: each work-group
// computes a BlockM × BlockN tile of an output matrix, moving slices of
// BlockK columns of matrix_a and rows of matrix_b through local memory,
// and each of its work-items holds ItemM × ItemN outputs in registers. The
// zero value leaves the choice to the plan, which takes it from the
// device's local memory, work-group size and compute units.
type MatrixMulTiling struct {
	BlockM, BlockN, BlockK int
	ItemM, ItemN           int
}

// String prints the tiling as BlockM×BlockN×BlockK/ItemM×ItemN.
func (t MatrixMulTiling) String() string {
	return fmt.Sprintf("%dx%dx%d/%dx%d", t.BlockM, t.BlockN, t.BlockK, t.ItemM, t.ItemN)
}

// matmulLimits are the properties of a device that the plan of a matrix
// product depends on.
type matmulLimits struct {
	localBytes   int // local memory of a work-group
	maxWorkGroup int // work-items of a work-group
	computeUnits int
	// scalarReads keeps the reads from local memory to one element: the
	// vector reads take OpenCL's vector types and components (float8,
	// .s01), which CUDA C lacks.
	scalarReads bool
}

// newMatmulLimits returns the limits of a device.
func newMatmulLimits(p *cluda.DeviceParams) matmulLimits {
	return matmulLimits{
		localBytes:   int(p.LocalMemSize),
		maxWorkGroup: p.MaxWorkGroupSize,
		computeUnits: p.MaxComputeUnits,
		scalarReads:  p.API == cluda.CUDA,
	}
}

// matmulTilings are the tilings the plan chooses from, largest first, by
// the size of the elements in 32-bit words (1: float32; 2: float64; 4:
// complex128) and for complex64 (complex64Tilings). All but the last give
// 256 work-items; the last, of 64 work-items, serves devices with smaller
// work-groups. Measured on an H200 at 4096³: float32 at 43.2 TFLOP/s with
// 128×128×8 tiles of 8×8 outputs per work-item (41.2 with slices of 16),
// float64 at 23.1 (22.5 with 64×128×8, 17.0 with 64×64×16 of 4×4). The
// slices are deep enough that a work-group reads whole 32-byte sectors of
// memory along the inner dimension.
var matmulTilings = map[int][]MatrixMulTiling{
	1: {{128, 128, 8, 8, 8}, {64, 64, 16, 4, 4}, {32, 32, 16, 2, 2}, {32, 32, 8, 4, 4}},
	2: {{128, 128, 8, 8, 8}, {64, 64, 8, 4, 4}, {32, 32, 8, 2, 2}, {32, 32, 8, 4, 4}},
	4: {{64, 64, 8, 4, 4}, {32, 32, 8, 2, 2}, {16, 16, 8, 2, 2}},
}

// complex64Tilings are the tilings of complex64 products: a complex
// multiply-add is four real ones on two words, and 4×4 outputs per
// work-item run faster (on an H200 at 4096³, 46.3 TFLOP/s with 64×64×16
// tiles of 4×4, 42.8 with 128×128×8 of 8×8).
var complex64Tilings = []MatrixMulTiling{{64, 64, 16, 4, 4}, {64, 64, 8, 4, 4}, {32, 32, 8, 2, 2}, {32, 32, 8, 4, 4}}

// tilingsFor returns the tilings the plan chooses from for elements of
// itemSize bytes, complex or real.
func tilingsFor(itemSize int, complex bool) []MatrixMulTiling {
	words := min(max(1, itemSize/4), 4)
	if complex && words == 2 {
		return complex64Tilings
	}
	return matmulTilings[words]
}

// minTileUse is the least fraction of a tiling's outputs that must lie in
// the output matrices for the plan to choose it over a smaller one: tiles
// much larger than the matrices waste work-items.
const minTileUse = 0.75

// maxVectorBytes is the size of the widest reads from local memory.
const maxVectorBytes = 16

// matmulPlan is how a MatrixMul runs: one kernel of Groups work-groups of
// Items work-items each, every work-group computing one tile of one output
// matrix in Slices steps along the inner dimension, with two buffers of
// local memory so that the next slice loads while the current one is
// multiplied.
type matmulPlan struct {
	MatrixMulTiling
	Items            int // work-items of a work-group
	GroupsM, GroupsN int // tiles along the rows and the columns of an output matrix
	Groups           int // work-groups in all
	Slices           int // slices of the inner dimension
	// VecM and VecN are the elements a work-item reads from local memory
	// at once, as one vector, of matrix_a and matrix_b: a work-item's
	// outputs are ItemM/VecM runs of VecM consecutive rows, ItemN/VecN
	// runs of VecN consecutive columns.
	VecM, VecN int
	// PadM and PadN pad each row of the local tiles (stored with the
	// inner dimension first), so that work-items writing one element each
	// of consecutive rows of the inner dimension hit different memory
	// banks; they keep the vectors aligned.
	PadM, PadN int
	// LoadsA and LoadsB are the elements of each slice a work-item loads
	// from matrix_a and matrix_b.
	LoadsA, LoadsB int
	LocalBytes     int // local memory of a work-group
	// EdgeM, EdgeN and EdgeK say that the last tiles along the rows, the
	// columns and the inner dimension reach past the matrices, so that
	// loads and stores there check their indices; where the matrices
	// divide into whole tiles, no index is checked.
	EdgeM, EdgeN, EdgeK bool
}

// planMatmul plans the product s of elements of itemSize bytes; transA and
// transB say whether the operands are stored transposed (the inner
// dimension along their rows for matrix_a, along their columns for
// matrix_b, so that their loads run along it). A zero tiling is chosen
// from lim; a given one is checked against it.
func planMatmul(s matmulShape, itemSize int, complex, transA, transB bool, lim matmulLimits, tiling MatrixMulTiling) (matmulPlan, error) {
	if tiling == (MatrixMulTiling{}) {
		candidates := tilingsFor(itemSize, complex)
		found := false
		for _, c := range candidates {
			p, err := matmulPlanFor(s, itemSize, transA, transB, lim, c)
			if err != nil {
				continue
			}
			tiling, found = c, true
			use := float64(s.m*s.n) / float64(p.GroupsM*p.BlockM*p.GroupsN*p.BlockN)
			if use >= minTileUse && p.Groups >= lim.computeUnits {
				break
			}
		}
		if !found {
			return matmulPlan{}, fmt.Errorf("no tiling of %d-byte elements fits in %d bytes of local memory and %d work-items", itemSize, lim.localBytes, lim.maxWorkGroup)
		}
	}
	return matmulPlanFor(s, itemSize, transA, transB, lim, tiling)
}

// matmulPlanFor returns the plan of the product s with the given tiling, or
// an error where the tiling does not fit the device or the rules of the
// kernel.
func matmulPlanFor(s matmulShape, itemSize int, transA, transB bool, lim matmulLimits, t MatrixMulTiling) (matmulPlan, error) {
	if t.BlockM < 1 || t.BlockN < 1 || t.BlockK < 1 || t.ItemM < 1 || t.ItemN < 1 {
		return matmulPlan{}, fmt.Errorf("tiling %v: every size must be positive", t)
	}
	if t.BlockM%t.ItemM != 0 || t.BlockN%t.ItemN != 0 {
		return matmulPlan{}, fmt.Errorf("tiling %v: the block's sides must be multiples of a work-item's", t)
	}
	p := matmulPlan{MatrixMulTiling: t, Items: (t.BlockM / t.ItemM) * (t.BlockN / t.ItemN)}
	if p.Items > lim.maxWorkGroup {
		return matmulPlan{}, fmt.Errorf("tiling %v: %d work-items, more than the device's %d", t, p.Items, lim.maxWorkGroup)
	}
	if t.BlockM*t.BlockK%p.Items != 0 || t.BlockN*t.BlockK%p.Items != 0 {
		return matmulPlan{}, fmt.Errorf("tiling %v: the %d work-items do not divide the slices of %d and %d elements", t, p.Items, t.BlockM*t.BlockK, t.BlockN*t.BlockK)
	}
	p.LoadsA, p.LoadsB = t.BlockM*t.BlockK/p.Items, t.BlockN*t.BlockK/p.Items
	maxVec := max(1, maxVectorBytes/itemSize)
	if lim.scalarReads {
		maxVec = 1
	}
	p.VecM, p.VecN = vectorWidth(t.ItemM, maxVec), vectorWidth(t.ItemN, maxVec)
	// A slice of matrix_a is loaded along the inner dimension where it is
	// stored by rows, one of matrix_b where it is stored transposed.
	if !transA {
		p.PadM = p.VecM
	}
	if transB {
		p.PadN = p.VecN
	}
	p.LocalBytes = 2 * t.BlockK * (t.BlockM + p.PadM + t.BlockN + p.PadN) * itemSize
	if p.LocalBytes > lim.localBytes {
		return matmulPlan{}, fmt.Errorf("tiling %v: %d bytes of local memory, more than the device's %d", t, p.LocalBytes, lim.localBytes)
	}
	p.GroupsM, p.GroupsN = ceilDiv(s.m, t.BlockM), ceilDiv(s.n, t.BlockN)
	p.Groups = s.batch * p.GroupsM * p.GroupsN
	p.Slices = ceilDiv(s.k, t.BlockK)
	p.EdgeM, p.EdgeN, p.EdgeK = s.m%t.BlockM != 0, s.n%t.BlockN != 0, s.k%t.BlockK != 0
	return p, nil
}

// vectorWidth returns the largest power of two up to maxVec that divides
// items.
func vectorWidth(items, maxVec int) int {
	v := 1
	for v*2 <= maxVec && items%(v*2) == 0 {
		v *= 2
	}
	return v
}
