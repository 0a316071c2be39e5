package computations

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/computations/internal/device"
	"github.com/reikna-go/reikna/core"
)

// MatrixMul multiplies matrices (reikna's linalg.MatrixMul): output =
// matrix_a · matrix_b over the last two axes of each, batched over the
// axes before them. Its signature is (output, matrix_a, matrix_b).
//
// The batch shapes of the operands must be equal (leading axes of length
// 1 aside), or one of them hold a single matrix, which is then multiplied
// with every matrix of the other; the output has the batch shape of the
// operand with more matrices. A 1-D matrix_a of length k is the matrix of
// one row (1, k), a 1-D matrix_b the matrix of one column (k, 1); the
// output keeps those axes of length 1, as reikna's does.
//
// The arithmetic runs in the output's dtype, by default numpy's result
// type of the operands' (float32 or float64, complex64 or complex128):
// the operands are converted as they are loaded. Each work-group computes
// one tile of an output matrix from slices of the operands moved through
// local memory, each work-item a block of outputs held in registers; the
// tiles are chosen from the device's local memory and work-group size, and
// matrices of any size are multiplied, the tiles at their edges partly
// outside. Transformations connected to matrix_a and matrix_b run inside
// the loads of the kernel, those connected to output inside its stores.
type MatrixMul struct {
	*core.Computation
	a, b, output   core.Type
	transA, transB bool
	shape          matmulShape
	tiling         MatrixMulTiling
}

// MatrixMulOptions are the optional parts of a MatrixMul.
type MatrixMulOptions struct {
	// TransposedA and TransposedB say that the last two axes of an operand
	// hold the transpose of the matrix the product uses: matrix_a is then
	// (..., k, m), matrix_b (..., n, k).
	TransposedA, TransposedB bool
	// Output is the type of the output: its dtype (float or complex;
	// complex where an operand is) and layout; its shape must be the
	// product's. The zero Type is a contiguous array of numpy's result
	// type of the operands' dtypes.
	Output core.Type
	// Tiling sets the blocking of the kernel instead of the device's
	// choice, for benchmarks that compare tilings; the zero value leaves
	// it to the device.
	Tiling MatrixMulTiling
}

// NewMatrixMul returns the product of matrices of types a and b.
func NewMatrixMul(a, b core.Type, opts MatrixMulOptions) (*MatrixMul, error) {
	opA, err := matrixOperandOf("matrix_a", a, opts.TransposedA, true)
	if err != nil {
		return nil, err
	}
	opB, err := matrixOperandOf("matrix_b", b, opts.TransposedB, false)
	if err != nil {
		return nil, err
	}
	shape, err := newMatmulShape(opA, opB)
	if err != nil {
		return nil, err
	}
	dt, err := matmulDType(a.DType(), b.DType(), opts.Output.DType())
	if err != nil {
		return nil, err
	}
	output, err := arrayparam.OutputType("MatrixMul", core.ArrayOf(dt, shape.out...), opts.Output)
	if err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	mm := &MatrixMul{a: a, b: b, output: output, transA: opts.TransposedA, transB: opts.TransposedB,
		shape: shape, tiling: opts.Tiling}
	if opts.Tiling != (MatrixMulTiling{}) {
		// Check the tiling's own rules now; the device's limits at build.
		anyDevice := matmulLimits{Limits: device.Limits{LocalMemBytes: 1 << 62, MaxWorkGroup: 1 << 30}, anyDevice: true}
		if _, err := matmulPlanFor(shape, dt.Size(), mm.transA, mm.transB, anyDevice, opts.Tiling); err != nil {
			return nil, fmt.Errorf("computations: MatrixMul: %w", err)
		}
	}
	mm.Computation, err = core.NewComputation("matrix_mul", []core.Parameter{
		core.Param("output", core.Out(output)),
		core.Param("matrix_a", core.In(a)),
		core.Param("matrix_b", core.In(b)),
	}, mm.build)
	if err != nil {
		return nil, err
	}
	return mm, nil
}

// Sizes returns the number of products and their dimensions: each
// multiplies an m×k matrix by a k×n one.
func (mm *MatrixMul) Sizes() (batch, m, n, k int) {
	return mm.shape.batch, mm.shape.m, mm.shape.n, mm.shape.k
}

// TilingOn returns the tiling the product runs with on a device with the
// given parameters: the one its options set, or the device's choice. It
// returns an error where the tiling does not fit the device.
func (mm *MatrixMul) TilingOn(params *cluda.DeviceParams) (MatrixMulTiling, error) {
	p, err := planMatmul(mm.shape, mm.output.DType().Size(), mm.output.DType().IsComplex(), mm.transA, mm.transB, matmulLimits{Limits: device.LimitsOf(params)}, mm.tiling)
	if err != nil {
		return MatrixMulTiling{}, fmt.Errorf("computations: MatrixMul: %w", err)
	}
	return p.MatrixMulTiling, nil
}

func (mm *MatrixMul) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	s := mm.shape
	if s.batch*s.m*s.n == 0 {
		return nil // nothing to write
	}
	dt := mm.output.DType()
	p, err := planMatmul(s, dt.Size(), dt.IsComplex(), mm.transA, mm.transB, matmulLimits{Limits: device.LimitsOf(plan.DeviceParams())}, mm.tiling)
	if err != nil {
		return fmt.Errorf("computations: MatrixMul: %w", err)
	}
	return plan.KernelCall(kernelTemplates.Lookup("matmul"),
		[]core.KernelArg{
			core.Bind("output", args["output"]),
			core.Bind("matrix_a", args["matrix_a"]),
			core.Bind("matrix_b", args["matrix_b"]),
		},
		[]int{p.Groups * p.Items},
		core.KernelOptions{
			Name:  "matrix_mul",
			Local: []int{p.Items},
			RenderArgs: map[string]any{
				"p": p, "m": s.m, "n": s.n, "k": s.k, "compute": dt,
				"transA": mm.transA, "transB": mm.transB,
				"aVector": mm.a.Rank() == 1, "bVector": mm.b.Rank() == 1,
				"aBatchAxes": max(0, mm.a.Rank()-2), "bBatchAxes": max(0, mm.b.Rank()-2),
				"outBatchAxes": mm.output.Rank() - 2,
				"aBatched":     s.aBatched, "bBatched": s.bBatched,
			},
		})
}
