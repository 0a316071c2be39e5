package main

import (
	"fmt"

	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// renderDType returns the dtype of the values of matmul, dht and cbrng:
// the real dtype of --precision, or the complex one with --complex.
func renderDType(o *renderOptions) dtypes.DType {
	if o.complex {
		return o.precision.ComplexDType()
	}
	return o.precision.ComplexDType().Real()
}

// matmulComputation returns the product of matrices of the shapes --shape
// and --shape-b that render prints, and its title.
func matmulComputation(o *renderOptions, shapeA []int) (*core.Computation, string, error) {
	if o.shapeB == "" {
		return nil, "", fmt.Errorf("--shape-b: say the shape of matrix_b, a LIST such as 1024,512 (--shape is matrix_a's)")
	}
	shapeB, err := cliutil.ParseInts("--shape-b", o.shapeB, 1)
	if err != nil {
		return nil, "", err
	}
	precision, err := computations.ParseMatrixMulPrecision(o.matmulPrecision)
	if err != nil {
		return nil, "", fmt.Errorf("--mma: %w", err)
	}
	dt := renderDType(o)
	a, b := core.ArrayOf(dt, shapeA...), core.ArrayOf(dt, shapeB...)
	mm, err := computations.NewMatrixMul(a, b, computations.MatrixMulOptions{TransposedA: o.transposedA, TransposedB: o.transposedB, Precision: precision})
	if err != nil {
		return nil, "", err
	}
	out, _ := mm.Parameter("output")
	how := "numpy.matmul"
	switch {
	case o.transposedA && o.transposedB:
		how = "numpy.matmul of both operands' last two axes swapped"
	case o.transposedA:
		how = "numpy.matmul of matrix_a's last two axes swapped"
	case o.transposedB:
		how = "numpy.matmul of matrix_b's last two axes swapped"
	}
	if precision != computations.Float32Precision {
		how += ", its operands rounded to " + precision.String() + " on the tensor cores where the device has them"
	}
	return mm.Computation, fmt.Sprintf("The product of %s and %s into %s (%s)", typeString(a), typeString(b), typeString(out.Type()), how), nil
}

// dhtComputation returns the discrete Hermite transform of modes of shape
// over axes (nil: every axis) that render prints, and its title.
func dhtComputation(o *renderOptions, shape, axes []int) (*core.Computation, string, error) {
	if o.order < 1 {
		return nil, "", fmt.Errorf("--order %d: the order is a power of 1 or more", o.order)
	}
	modes := core.ArrayOf(renderDType(o), shape...)
	d, err := computations.NewDHT(modes, computations.DHTOptions{Inverse: o.inverse, Order: o.order, Axes: axes})
	if err != nil {
		return nil, "", err
	}
	coords, _ := d.Parameter("coords")
	direction := "forward, from coordinates to modes"
	if o.inverse {
		direction = "inverse, from modes to coordinates"
	}
	return d.Computation, fmt.Sprintf("The discrete Hermite transform between the modes %s and the coordinates %s over %s (%s; order %d)",
		typeString(modes), typeString(coords.Type()), cliutil.AxesString(d.Axes()), direction, d.Order()), nil
}
