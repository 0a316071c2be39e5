package computations

// The float64 product on the FP64 tensor cores. Through CUDA, on devices
// of compute capability 9.0 and later (H100, H200), the warps of a
// work-group multiply 16 × 8 blocks of outputs with the instruction
// mma.sync.aligned.m16n8k16.row.col.f64 (templates/matmul_mma.cl), where
// the kernel of matmul.cl multiplies element by element on the FMA units.
// On an H200 the product of 4096² ran at 46.3 TFLOP/s so, 0.80 of
// cuBLAS's 58.2 in the same run, where the FMA kernel reached 22.7: the
// tensor cores do twice the FMA units' float64 work.
//
// The tiling is fixed, the fastest of those measured (a prototype through
// CuPy, docs/benchmarks/h200-2026-11-28-matmul-f64-mma): blocks of 128 ×
// 128 outputs over slices of 16, eight warps of 64 × 32 outputs each, the
// rows of the slices padded by 4 elements (without the padding, 22
// TFLOP/s: the fragments of a warp fell in one bank; by 8, 35; slices of
// 32, 39; warps of 32 × 64, 45).
const (
	mmaBlockM, mmaBlockN, mmaBlockK = 128, 128, 16
	mmaWarpM, mmaWarpN              = 64, 32
	mmaPad                          = 4
	// mmaShapeM × mmaShapeN are the outputs of one mma.sync (m16n8k16).
	mmaShapeM, mmaShapeN = 16, 8
	// mmaItems is the work-items of a work-group: one warp for each
	// mmaWarpM × mmaWarpN of the block.
	mmaItems = 32 * (mmaBlockM / mmaWarpM) * (mmaBlockN / mmaWarpN)
	// mmaCapability is the least compute capability (major·10 + minor)
	// whose PTX has the float64 shape m16n8k16.
	mmaCapability = 90
	// mmaItemSize is the size of the elements the kernel multiplies:
	// float64.
	mmaItemSize = 8
)

// mmaTiling is the tiling of the tensor cores' kernel, a warp's block of
// outputs in place of a work-item's.
var mmaTiling = MatrixMulTiling{BlockM: mmaBlockM, BlockN: mmaBlockN, BlockK: mmaBlockK, ItemM: mmaWarpM, ItemN: mmaWarpN}

// planMatmulMMA returns the plan of the product s of float64 matrices on
// the tensor cores, and false where the device has none or the product
// does not pay: where its tiles would use less than minTileUse of their
// outputs or leave compute units idle, as the rules of the other kernel
// say.
func planMatmulMMA(s matmulShape, itemSize int, complex bool, lim matmulLimits) (matmulPlan, bool) {
	if !lim.CUDA || lim.ComputeCapability < mmaCapability || itemSize != mmaItemSize || complex || lim.MaxWorkGroup < mmaItems {
		return matmulPlan{}, false
	}
	p := matmulPlan{MatrixMulTiling: mmaTiling, Items: mmaItems, MMA: true, VecM: 1, VecN: 1, PadM: mmaPad, PadN: mmaPad}
	p.LoadsA, p.LoadsB = mmaBlockM*mmaBlockK/mmaItems, mmaBlockN*mmaBlockK/mmaItems
	p.LocalBytes = 2 * mmaItemSize * mmaBlockK * (mmaBlockM + mmaPad + mmaBlockN + mmaPad)
	if int64(p.LocalBytes) > lim.LargeLocalMemBytes {
		return matmulPlan{}, false
	}
	p.GroupsM, p.GroupsN = ceilDiv(s.m, mmaBlockM), ceilDiv(s.n, mmaBlockN)
	var ok bool
	if p.Groups, ok = mulInts(s.batch, p.GroupsM, p.GroupsN, mmaItems); !ok {
		return matmulPlan{}, false
	}
	p.Groups /= mmaItems
	use := float64(s.m*s.n) / float64(p.GroupsM*mmaBlockM*p.GroupsN*mmaBlockN)
	if use < minTileUse || p.Groups < lim.ComputeUnits {
		return matmulPlan{}, false
	}
	if p.Slices = ceilDiv(s.k, mmaBlockK); p.Slices > maxSlices {
		return matmulPlan{}, false
	}
	p.EdgeM, p.EdgeN, p.EdgeK = s.m%mmaBlockM != 0, s.n%mmaBlockN != 0, s.k%mmaBlockK != 0
	return p, true
}
