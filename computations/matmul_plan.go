package computations

import (
	"fmt"
	"math"

	"github.com/reikna-go/reikna/computations/internal/device"
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
	device.Limits
	// anyDevice says that the limits are those no device exceeds, which
	// a constructor checks a tiling against before it meets a device.
	anyDevice bool
}

// whose returns the owner of the limits, for messages.
func (l matmulLimits) whose() string {
	if l.anyDevice {
		return "any device's"
	}
	return "the device's"
}

// localBytes returns the local memory of a work-group, in the plan's ints.
func (l matmulLimits) localBytes() int { return int(l.LocalMemBytes) }

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
	// MMA, where set, names the operands' type of the tensor cores'
	// kernel (matmul_mma.go: f64, tf32, bf16 or f16), whose warps hold
	// ItemM × ItemN outputs each, as TilesM × TilesN products of
	// mmaShapeM × mmaShapeN.
	MMA string
}

// TilesM and TilesN return the products of mmaShapeM × mmaShapeN outputs
// of a warp of the tensor cores' kernel along its rows and columns.
func (p matmulPlan) TilesM() int { return p.ItemM / mmaShapeM }
func (p matmulPlan) TilesN() int { return p.ItemN / mmaShapeN }

// planMatmul plans the product s of elements of itemSize bytes in the
// precision; transA and transB say whether the operands are stored
// transposed (the inner dimension along their rows for matrix_a, along
// their columns for matrix_b, so that their loads run along it). A zero
// tiling is chosen from lim, on the tensor cores where they take the
// product; a given one is checked against it and runs the FMA kernel, in
// the elements' own precision.
func planMatmul(s matmulShape, itemSize int, complex bool, precision MatrixMulPrecision, transA, transB bool, lim matmulLimits, tiling MatrixMulTiling) (matmulPlan, error) {
	if tiling == (MatrixMulTiling{}) {
		if p, ok := planMatmulMMA(s, itemSize, complex, precision, lim); ok {
			return p, nil
		}
		candidates := tilingsFor(itemSize, complex)
		found := false
		for _, c := range candidates {
			p, err := matmulPlanFor(s, itemSize, transA, transB, lim, c)
			if err != nil {
				continue
			}
			tiling, found = c, true
			use := float64(s.m*s.n) / float64(p.GroupsM*p.BlockM*p.GroupsN*p.BlockN)
			if use >= minTileUse && p.Groups >= lim.ComputeUnits {
				break
			}
		}
		if !found {
			return matmulPlan{}, fmt.Errorf("no tiling of %d-byte elements fits in %d bytes of local memory and %d work-items", itemSize, lim.localBytes(), lim.MaxWorkGroup)
		}
	}
	return matmulPlanFor(s, itemSize, transA, transB, lim, tiling)
}

// maxSlices is the most slices of the inner dimension the kernels count
// (in an int).
const maxSlices = math.MaxInt32

// maxItemOutputs is the most outputs a work-item holds: they live in
// registers (the largest tilings hold 8×8), and the kernel unrolls its
// loops over them, so that a larger block spills to memory and renders a
// kernel too long to compile.
const maxItemOutputs = 256

// maxItemLoads is the most elements of a slice of either operand a
// work-item loads, held in registers between the reads from global memory
// and the stores into local memory (the largest tilings load 8).
const maxItemLoads = 256

// matmulPlanFor returns the plan of the product s with the given tiling, or
// an error, naming the field of the tiling and its value, where the tiling
// does not fit the device or the rules of the kernel. Its arithmetic
// cannot overflow: each field is bounded by the device's limits before it
// enters a product.
func matmulPlanFor(s matmulShape, itemSize int, transA, transB bool, lim matmulLimits, t MatrixMulTiling) (matmulPlan, error) {
	fields := []struct {
		name string
		v    int
	}{{"BlockM", t.BlockM}, {"BlockN", t.BlockN}, {"BlockK", t.BlockK}, {"ItemM", t.ItemM}, {"ItemN", t.ItemN}}
	for _, f := range fields {
		if f.v < 1 {
			return matmulPlan{}, fmt.Errorf("tiling %v: %s = %d: every size must be positive", t, f.name, f.v)
		}
	}
	if t.BlockM%t.ItemM != 0 || t.BlockN%t.ItemN != 0 {
		return matmulPlan{}, fmt.Errorf("tiling %v: the block's sides must be multiples of a work-item's", t)
	}
	// Two slices of a side of the block, of one element across, lie in
	// local memory: each side is at most half of it in elements.
	maxSide := lim.localBytes() / (2 * itemSize)
	for _, f := range fields[:3] {
		if f.v > maxSide {
			return matmulPlan{}, fmt.Errorf("tiling %v: %s = %d: two slices of %d %d-byte elements take more than %s %d bytes of local memory", t, f.name, f.v, f.v, itemSize, lim.whose(), lim.localBytes())
		}
	}
	itemsM, itemsN := t.BlockM/t.ItemM, t.BlockN/t.ItemN
	if itemsM > lim.MaxWorkGroup || itemsN > lim.MaxWorkGroup {
		return matmulPlan{}, fmt.Errorf("tiling %v: BlockM/ItemM = %d and BlockN/ItemN = %d work-items, more than %s %d of a work-group", t, itemsM, itemsN, lim.whose(), lim.MaxWorkGroup)
	}
	p := matmulPlan{MatrixMulTiling: t}
	var ok bool
	if p.Items, ok = mulInts(itemsM, itemsN); !ok || p.Items > lim.MaxWorkGroup {
		return matmulPlan{}, fmt.Errorf("tiling %v: (BlockM/ItemM)·(BlockN/ItemN) = %d·%d work-items, more than %s %d", t, itemsM, itemsN, lim.whose(), lim.MaxWorkGroup)
	}
	if outputs, ok := mulInts(t.ItemM, t.ItemN); !ok || outputs > maxItemOutputs {
		return matmulPlan{}, fmt.Errorf("tiling %v: ItemM·ItemN = %d·%d outputs of a work-item, more than the %d it may hold", t, t.ItemM, t.ItemN, maxItemOutputs)
	}
	sliceA, okA := mulInts(t.BlockM, t.BlockK)
	sliceB, okB := mulInts(t.BlockN, t.BlockK)
	if !okA || !okB || sliceA > lim.localBytes() || sliceB > lim.localBytes() {
		return matmulPlan{}, fmt.Errorf("tiling %v: BlockK = %d: slices of %d·%d and %d·%d elements take more than %s %d bytes of local memory", t, t.BlockK, t.BlockM, t.BlockK, t.BlockN, t.BlockK, lim.whose(), lim.localBytes())
	}
	if sliceA%p.Items != 0 || sliceB%p.Items != 0 {
		return matmulPlan{}, fmt.Errorf("tiling %v: the %d work-items do not divide the slices of %d and %d elements", t, p.Items, sliceA, sliceB)
	}
	p.LoadsA, p.LoadsB = sliceA/p.Items, sliceB/p.Items
	if p.LoadsA > maxItemLoads || p.LoadsB > maxItemLoads {
		return matmulPlan{}, fmt.Errorf("tiling %v: each of the %d work-items loads %d and %d elements of a slice, more than the %d it may hold", t, p.Items, p.LoadsA, p.LoadsB, maxItemLoads)
	}
	// Through CUDA too: the kernel reads CUDA's vector types (float4,
	// double2) by their components. Read element by element, the float32
	// product of 4096² ran at 0.73–0.74 of cuBLAS through CUDA on an H200
	// where the same plan with vectors reached 0.85–0.87 through OpenCL.
	maxVec := max(1, maxVectorBytes/itemSize)
	p.VecM, p.VecN = vectorWidth(t.ItemM, maxVec), vectorWidth(t.ItemN, maxVec)
	// A slice of matrix_a is loaded along the inner dimension where it is
	// stored by rows, one of matrix_b where it is stored transposed.
	if !transA {
		p.PadM = p.VecM
	}
	if transB {
		p.PadN = p.VecN
	}
	// Each side is at most maxSide, the padding at most a vector: the sum
	// is below twice the local memory, and its product checked.
	p.LocalBytes, ok = mulInts(2*itemSize, t.BlockK, t.BlockM+p.PadM+t.BlockN+p.PadN)
	if !ok || p.LocalBytes > lim.localBytes() {
		return matmulPlan{}, fmt.Errorf("tiling %v: BlockM + BlockN = %d + %d and BlockK = %d take more than %s %d bytes of local memory", t, t.BlockM, t.BlockN, t.BlockK, lim.whose(), lim.localBytes())
	}
	p.GroupsM, p.GroupsN = ceilDiv(s.m, t.BlockM), ceilDiv(s.n, t.BlockN)
	if p.Groups, ok = mulInts(s.batch, p.GroupsM, p.GroupsN); ok {
		_, ok = mulInts(p.Groups, p.Items)
	}
	if !ok {
		return matmulPlan{}, fmt.Errorf("tiling %v: %d·%d·%d work-groups of %d work-items overflow an int", t, s.batch, p.GroupsM, p.GroupsN, p.Items)
	}
	// The kernel counts slices in an int.
	if p.Slices = ceilDiv(s.k, t.BlockK); p.Slices > maxSlices {
		return matmulPlan{}, fmt.Errorf("tiling %v: the inner dimension of %d elements takes %d slices of BlockK = %d, more than the kernel counts (%d)", t, s.k, p.Slices, t.BlockK, math.MaxInt32)
	}
	p.EdgeM, p.EdgeN, p.EdgeK = s.m%t.BlockM != 0, s.n%t.BlockN != 0, s.k%t.BlockK != 0
	return p, nil
}

// mulInts returns the product of xs, all positive, and false where it
// overflows an int.
func mulInts(xs ...int) (int, bool) {
	p := 1
	for _, x := range xs {
		if x != 0 && p > math.MaxInt/x {
			return 0, false
		}
		p *= x
	}
	return p, true
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
