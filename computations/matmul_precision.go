package computations

import (
	"fmt"

	"github.com/reikna-go/reikna/dtypes"
)

// MatrixMulPrecision is the precision a float32 MatrixMul may multiply in:
// by default every operand value and product is a float32; the reduced
// precisions round the operands as they enter the tensor cores of NVIDIA
// GPUs (mma.sync), where the products run several times faster, and add
// the products in float32. They are opt-in, as PyTorch's
// torch.backends.cuda.matmul.allow_tf32 and cuBLAS's compute types are,
// and a permission rather than a demand: a device without those tensor
// cores (OpenCL, a CPU, CUDA below compute capability 8.0), a product too
// small to fill the device, or an explicit tiling computes in float32.
// MatrixMul.PlanOn names the kernel that runs (such as 128x256x32/mma-tf32).
type MatrixMulPrecision int

const (
	// Float32Precision multiplies and adds in float32 (the default).
	Float32Precision MatrixMulPrecision = iota
	// TF32Precision rounds the operands to TensorFloat-32 (float32's 8
	// bits of exponent, 10 of mantissa; to the nearest, ties away from
	// zero): a relative error of up to 2⁻¹¹ per operand value, with
	// float32's range.
	TF32Precision
	// BFloat16Precision rounds the operands to bfloat16 (8 bits of
	// exponent, 7 of mantissa; to the nearest even): up to 2⁻⁸ per
	// operand value, with float32's range.
	BFloat16Precision
	// Float16Precision rounds the operands to IEEE half precision (5 bits
	// of exponent, 10 of mantissa; to the nearest even): up to 2⁻¹¹ per
	// operand value, and magnitudes above 65504 become infinite.
	Float16Precision
)

// precisionNames are the names of the precisions: the suffixes of the
// tensor cores' plans (mma-tf32) and the words of the error messages.
var precisionNames = [...]string{"float32", "tf32", "bf16", "f16"}

// String returns the precision's name: float32, tf32, bf16 or f16.
func (p MatrixMulPrecision) String() string {
	if p < 0 || int(p) >= len(precisionNames) {
		return fmt.Sprintf("MatrixMulPrecision(%d)", int(p))
	}
	return precisionNames[p]
}

// check returns an error where the precision is not one of the constants,
// or is reduced for a product whose arithmetic runs in another dtype than
// float32 (compute).
func (p MatrixMulPrecision) check(compute dtypes.DType) error {
	switch {
	case p < Float32Precision || p > Float16Precision:
		return fmt.Errorf("precision %v: not one of Float32Precision, TF32Precision, BFloat16Precision, Float16Precision", p)
	case p != Float32Precision && compute != dtypes.Float32:
		return fmt.Errorf("precision %v: reduced precisions apply to float32 products, and this one computes in %v", p, compute)
	}
	return nil
}

// ParseMatrixMulPrecision returns the precision of a name String returns:
// float32, tf32, bf16 or f16.
func ParseMatrixMulPrecision(name string) (MatrixMulPrecision, error) {
	for i, n := range precisionNames {
		if n == name {
			return MatrixMulPrecision(i), nil
		}
	}
	return 0, fmt.Errorf("computations: no MatrixMul precision %q (float32, tf32, bf16 or f16)", name)
}
