package computations

// The products on the tensor cores. Through CUDA, the warps of a
// work-group multiply 16 × 8 blocks of outputs with the instruction
// mma.sync (templates/matmul_mma.cl), where the kernel of matmul.cl
// multiplies element by element on the FMA units:
//
//   - float64 products, on devices of compute capability 9.0 and later
//     (H100, H200), with mma.sync.aligned.m16n8k16.row.col.f64. On an
//     H200 the product of 4096² ran at 46.3 TFLOP/s, 0.80 of cuBLAS's
//     58.2 in the same run, where the FMA kernel reached 22.7: the tensor
//     cores do twice the FMA units' float64 work.
//   - float32 products in a reduced precision (MatrixMulPrecision), on
//     devices of compute capability 8.0 and later, with the shapes
//     m16n8k8 .tf32 and m16n8k16 .bf16 and .f16, accumulating in float32:
//     the operands are rounded as the fragments are read from local
//     memory (cvt.rna.tf32.f32, cvt.rn.bf16x2.f32, cvt.rn.f16x2.f32).
//
// The tilings are fixed, the fastest of those measured (prototypes through
// CuPy, docs/benchmarks/h200-2026-11-28-matmul-f64-mma and
// -matmul-lowp). float64: blocks of 128 × 128 outputs over slices of 16,
// eight warps of 64 × 32 outputs each, the rows of the slices padded by 4
// elements (without the padding, 22 TFLOP/s: the fragments of a warp fell
// in one bank; by 8, 35; slices of 32, 39; warps of 32 × 64, 45; copies
// through cp.async in two to four stages, 36 to 40). The reduced
// precisions: blocks of 128 × 256 over slices of 32, eight warps of
// 64 × 64 (TF32 at 107 TFLOP/s, bfloat16 at 145, half at 148 on an H200,
// where 128 × 128 blocks reached 79 to 112).
type mmaConfig struct {
	// inputs names the operands' type in the instruction and the plan
	// (PlanOn's mma-f64).
	inputs string
	// tiling is the block of a work-group and ItemM × ItemN a warp's.
	tiling MatrixMulTiling
	// pad pads the rows of the slices in local memory, in elements.
	pad int
	// itemSize is the size of the elements the kernel loads and adds:
	// float64 or float32.
	itemSize int
	// capability is the least compute capability (major·10 + minor)
	// whose PTX has the instruction's shape.
	capability int
}

var (
	mmaF64     = mmaConfig{"f64", MatrixMulTiling{BlockM: 128, BlockN: 128, BlockK: 16, ItemM: 64, ItemN: 32}, 4, 8, 90}
	mmaReduced = MatrixMulTiling{BlockM: 128, BlockN: 256, BlockK: 32, ItemM: 64, ItemN: 64}
	// mmaConfigs are the reduced precisions' configurations.
	mmaConfigs = map[MatrixMulPrecision]mmaConfig{
		TF32Precision:     {"tf32", mmaReduced, 4, 4, 80},
		BFloat16Precision: {"bf16", mmaReduced, 4, 4, 80},
		Float16Precision:  {"f16", mmaReduced, 4, 4, 80},
	}
)

// mmaShapeM × mmaShapeN are the outputs of one mma.sync (m16n8kK).
const mmaShapeM, mmaShapeN = 16, 8

// items returns the work-items of a work-group: one warp for each
// ItemM × ItemN of the block.
func (c mmaConfig) items() int {
	return 32 * (c.tiling.BlockM / c.tiling.ItemM) * (c.tiling.BlockN / c.tiling.ItemN)
}

// mmaConfigFor returns the configuration of the product of elements of
// itemSize bytes in the precision, and false where no tensor cores' kernel
// computes it.
func mmaConfigFor(itemSize int, complex bool, precision MatrixMulPrecision) (mmaConfig, bool) {
	switch {
	case complex:
		return mmaConfig{}, false
	case itemSize == mmaF64.itemSize && precision == Float32Precision:
		return mmaF64, true
	case itemSize == 4:
		c, ok := mmaConfigs[precision]
		return c, ok
	}
	return mmaConfig{}, false
}

// planMatmulMMA returns the plan of the product s on the tensor cores, and
// false where the device has none for its elements and precision, or the
// product does not pay: where its tiles would use less than minTileUse of
// their outputs or leave compute units idle, as the rules of the other
// kernel say.
func planMatmulMMA(s matmulShape, itemSize int, complex bool, precision MatrixMulPrecision, lim matmulLimits) (matmulPlan, bool) {
	c, ok := mmaConfigFor(itemSize, complex, precision)
	if !ok || !lim.CUDA || lim.ComputeCapability < c.capability || lim.MaxWorkGroup < c.items() {
		return matmulPlan{}, false
	}
	items := c.items()
	t := c.tiling
	p := matmulPlan{MatrixMulTiling: t, Items: items, MMA: c.inputs, VecM: 1, VecN: 1, PadM: c.pad, PadN: c.pad}
	p.LoadsA, p.LoadsB = t.BlockM*t.BlockK/items, t.BlockN*t.BlockK/items
	p.LocalBytes = 2 * c.itemSize * t.BlockK * (t.BlockM + c.pad + t.BlockN + c.pad)
	if int64(p.LocalBytes) > lim.LargeLocalMemBytes {
		return matmulPlan{}, false
	}
	p.GroupsM, p.GroupsN = ceilDiv(s.m, t.BlockM), ceilDiv(s.n, t.BlockN)
	if p.Groups, ok = mulInts(s.batch, p.GroupsM, p.GroupsN, items); !ok {
		return matmulPlan{}, false
	}
	p.Groups /= items
	use := float64(s.m*s.n) / float64(p.GroupsM*t.BlockM*p.GroupsN*t.BlockN)
	if use < minTileUse || p.Groups < lim.ComputeUnits {
		return matmulPlan{}, false
	}
	if p.Slices = ceilDiv(s.k, t.BlockK); p.Slices > maxSlices {
		return matmulPlan{}, false
	}
	p.EdgeM, p.EdgeN, p.EdgeK = s.m%t.BlockM != 0, s.n%t.BlockN != 0, s.k%t.BlockK != 0
	return p, true
}
