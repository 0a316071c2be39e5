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
