package computations

import "github.com/reikna-go/reikna/dtypes"

// MatrixMulTilingsFor returns the tilings a GPU's plan chooses from for
// products of dtype dt, largest first.
func MatrixMulTilingsFor(dt dtypes.DType) []MatrixMulTiling {
	return tilingsFor(dt.Size(), dt.IsComplex())
}

// SetMatrixMulCPUPlan makes mm run the CPU's kernel on any OpenCL device,
// so that tests run it on a GPU too.
func SetMatrixMulCPUPlan(mm *MatrixMul) { mm.cpuPlan = true }

// SetMatrixMulCPUSlices makes the CPU's kernel of mm compute rounds blocks
// in slices of depth inner indices (along N and M, where k is more), so
// that tests run the slices on small products.
func SetMatrixMulCPUSlices(mm *MatrixMul, depth, rounds int) { mm.cpuSlices = [2]int{depth, rounds} }
