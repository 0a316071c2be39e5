package computations

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// matmulShape is the product a MatrixMul computes: batch products of m×k
// by k×n matrices.
type matmulShape struct {
	batch   int   // matrices in the output
	m, n, k int   // the product's dimensions
	out     []int // the output's shape: the batch axes, then m and n
	// aBatched and bBatched say whether the operands have a matrix for
	// each product; an operand without is broadcast over the batch.
	aBatched, bBatched bool
}

// matrixOperand describes one operand of a product: its rows and columns
// as the product uses them (after transposition) and its batch axes.
type matrixOperand struct {
	rows, cols int
	batchShape []int
}

// matrixOperandOf returns the operand of type t of the MatrixMul named by
// what: a 1-D array is the row (1, k) where row is set (matrix_a), else
// the column (k, 1) (matrix_b), and cannot be transposed.
func matrixOperandOf(name string, t core.Type, transposed, row bool) (matrixOperand, error) {
	if err := arrayparam.CheckType("MatrixMul "+name, t); err != nil {
		return matrixOperand{}, fmt.Errorf("computations: %w", err)
	}
	shape := t.Shape()
	switch {
	case len(shape) == 0:
		return matrixOperand{}, fmt.Errorf("computations: MatrixMul: %s is a 0-d array; it needs at least one axis", name)
	case len(shape) == 1 && transposed:
		return matrixOperand{}, fmt.Errorf("computations: MatrixMul: %s is a 1-D array of shape %v and cannot be transposed", name, shape)
	case len(shape) == 1 && row:
		return matrixOperand{rows: 1, cols: shape[0]}, nil
	case len(shape) == 1:
		return matrixOperand{rows: shape[0], cols: 1}, nil
	}
	r := len(shape)
	op := matrixOperand{rows: shape[r-2], cols: shape[r-1], batchShape: shape[:r-2]}
	if transposed {
		op.rows, op.cols = op.cols, op.rows
	}
	return op, nil
}

// trimOnes returns shape without its leading axes of length 1.
func trimOnes(shape []int) []int {
	for len(shape) > 0 && shape[0] == 1 {
		shape = shape[1:]
	}
	return shape
}

// newMatmulShape returns the product of the operands a and b: their inner
// dimensions must agree, and their batch shapes be equal (leading axes of
// length 1 aside) or hold one matrix, which is then used for every product.
func newMatmulShape(a, b matrixOperand) (matmulShape, error) {
	if a.cols != b.rows {
		return matmulShape{}, fmt.Errorf("computations: MatrixMul: the inner dimensions differ: matrix_a has %d columns and matrix_b %d rows", a.cols, b.rows)
	}
	s := matmulShape{m: a.rows, n: b.cols, k: a.cols}
	na, nb := shapeProduct(a.batchShape), shapeProduct(b.batchShape)
	var batchShape []int
	switch {
	case na == 1 && nb == 1:
		batchShape = a.batchShape
		if len(b.batchShape) > len(a.batchShape) {
			batchShape = b.batchShape
		}
	case nb == 1:
		batchShape, s.aBatched = a.batchShape, true
	case na == 1:
		batchShape, s.bBatched = b.batchShape, true
	case slices.Equal(trimOnes(a.batchShape), trimOnes(b.batchShape)):
		batchShape, s.aBatched, s.bBatched = a.batchShape, true, true
		if len(b.batchShape) > len(a.batchShape) {
			batchShape = b.batchShape
		}
	default:
		return matmulShape{}, fmt.Errorf("computations: MatrixMul: the batch shapes %v of matrix_a and %v of matrix_b are not broadcastable: they must be equal, or one of them hold a single matrix", a.batchShape, b.batchShape)
	}
	s.batch = shapeProduct(batchShape)
	s.out = append(slices.Clone(batchShape), s.m, s.n)
	return s, nil
}

// matmulDType returns the dtype a MatrixMul of operands of dtypes a and b
// computes and stores in: out where it is given (the zero DType for
// numpy's result type of a and b), which must be a float or complex dtype,
// and complex where an operand is.
func matmulDType(a, b, out dtypes.DType) (dtypes.DType, error) {
	if out == dtypes.Invalid {
		var err error
		if out, err = dtypes.ResultType(a, b); err != nil {
			return dtypes.Invalid, fmt.Errorf("computations: MatrixMul: %w", err)
		}
	}
	if !out.IsFloat() && !out.IsComplex() {
		return dtypes.Invalid, fmt.Errorf("computations: MatrixMul of %v and %v into %v: the product must be of a float or complex dtype", a, b, out)
	}
	if !out.IsComplex() && (a.IsComplex() || b.IsComplex()) {
		return dtypes.Invalid, fmt.Errorf("computations: MatrixMul of %v and %v into the real dtype %v would drop the imaginary parts", a, b, out)
	}
	return out, nil
}
