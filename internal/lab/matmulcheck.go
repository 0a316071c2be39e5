package lab

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

const (
	// matmulSamples is how many outputs of a product are compared with a
	// float64 reference.
	matmulSamples = 64
	// matmulErrorFactor bounds the error of an output of a product, in
	// units of the dtype's precision, relative to the sum of the
	// magnitudes of its k terms: a sum rounded as it goes errs by far less
	// than k·ε of it for random terms (about ε·√k times the size of the
	// partial sums, which grow like √k), and a wrong or missing term by
	// about 1/k of it, far more at the sizes measured.
	matmulErrorFactor = 16
)

// splitArgs returns the output array of a call's arguments and the types
// of its inputs, in the signature's order.
func splitArgs(call *core.Callable, args []any) (*cluda.Array, []core.Type, error) {
	var out *cluda.Array
	var inputs []core.Type
	for i, p := range call.Signature() {
		switch p.Role() {
		case core.Output:
			out, _ = args[i].(*cluda.Array)
		case core.Input:
			inputs = append(inputs, p.Type())
		}
	}
	if out == nil {
		return nil, nil, fmt.Errorf("the computation has no output array")
	}
	return out, inputs, nil
}

// checkedRun poisons out with NaNs, runs call on args and returns access to
// the elements of out.
func checkedRun(call *core.Callable, args []any, out *cluda.Array) (func(int) complex128, error) {
	nan := math.NaN()
	var poison, host any
	switch out.DType() {
	case dtypes.Float32:
		poison, host = float32(nan), make([]float32, out.Size())
	case dtypes.Float64:
		poison, host = nan, make([]float64, out.Size())
	case dtypes.Complex64:
		poison, host = complex64(complex(nan, nan)), make([]complex64, out.Size())
	case dtypes.Complex128:
		poison, host = complex(nan, nan), make([]complex128, out.Size())
	default:
		return nil, fmt.Errorf("no host reference for outputs of %v", out.DType())
	}
	if err := out.Fill(poison); err != nil {
		return nil, fmt.Errorf("poisoning the output: %w", err)
	}
	if err := call.Call(args...); err != nil {
		return nil, fmt.Errorf("the checked call: %w", err)
	}
	if err := out.Get(host); err != nil {
		return nil, fmt.Errorf("reading the output: %w", err)
	}
	y, _, err := values(host)
	return y, err
}

// hostValues returns access to the values of a slice made by randomValues.
func hostValues(s any) (func(int) complex128, error) {
	x, _, err := values(s)
	return x, err
}

// precisionUnit is the unit roundoff of the operands in each precision of
// MatrixMul (none: float32's, counted as the arithmetic's): TF32 and half
// keep 10 bits of mantissa, bfloat16 7.
var precisionUnit = map[computations.MatrixMulPrecision]float64{
	computations.TF32Precision:     0x1p-11,
	computations.BFloat16Precision: 0x1p-8,
	computations.Float16Precision:  0x1p-11,
}

// checkProducts compares a sample of the outputs y of the case (row-major,
// batch×m×n) with float64 products of its operands a (batch×m×k) and b
// (batch×k×n): every output where there are at most matmulSamples, else
// the first, the last and random others.
func checkProducts(c matmulCase, a, b, y func(int) complex128) error {
	eps := 0x1p-24
	if c.dt.IsDouble() {
		eps = 0x1p-53
	}
	// Operands rounded to a reduced precision err by up to its unit
	// each, a product by twice that.
	eps += 2 * precisionUnit[c.precision]
	n := c.batch * c.m * c.n
	rng := rand.New(rand.NewPCG(uint64(n), 2))
	for s := range min(matmulSamples, n) {
		o := s // every output, or a random sample with the first and the last
		switch {
		case n <= matmulSamples:
		case s == 0:
		case s == 1:
			o = n - 1
		default:
			o = rng.IntN(n)
		}
		bi, row, col := o/(c.m*c.n), o/c.n%c.m, o%c.n
		var sum complex128
		var magnitude float64
		for kk := range c.k {
			t := a((bi*c.m+row)*c.k+kk) * b((bi*c.k+kk)*c.n+col)
			sum += t
			magnitude += cmplx.Abs(t)
		}
		if tol := matmulErrorFactor * eps * magnitude; !(cmplx.Abs(y(o)-sum) <= tol) {
			return fmt.Errorf("output %d (matrix %d, row %d, column %d) is %v, want %v (within %.3g)", o, bi, row, col, y(o), sum, tol)
		}
	}
	return nil
}
