package transformations

import (
	"math"
	"slices"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
	"github.com/reikna-go/reikna/snippets"
)

// binaryOp is an arithmetic operation of the function modules, its result
// converted to out.
type binaryOp struct {
	name   string // the render argument the code calls it by
	module func(out, a, b dtypes.DType) (*snippets.Module, error)
}

var (
	opAdd = binaryOp{"add", func(out, a, b dtypes.DType) (*snippets.Module, error) { return functions.AddOut(out, a, b) }}
	opMul = binaryOp{"mul", func(out, a, b dtypes.DType) (*snippets.Module, error) { return functions.MulOut(out, a, b) }}
	opDiv = binaryOp{"div", functions.DivOut}
)

// constOp makes output = input op c, with c a C literal.
func constOp(fn, name string, op binaryOp, t core.Type, c any) (*core.Transformation, error) {
	if err := checkNumbers(fn, "t", t); err != nil {
		return nil, err
	}
	lit, cd, err := constant(fn, t.DType(), c)
	if err != nil {
		return nil, err
	}
	if op.name == "div" && t.DType().IsInteger() && lit == t.DType().MustLiteral(0) {
		return nil, errorf(fn, "division of %s array by the constant 0", withArticle(t.DType()))
	}
	if op.name == "div" && cd.IsComplex() {
		if err := checkComplexDivisor(fn, cd, c); err != nil {
			return nil, err
		}
	}
	mod, err := op.module(t.DType(), t.DType(), cd)
	if err != nil {
		return nil, errorf(fn, "%w", err)
	}
	return newTransformation(fn, name, outIn(t, t),
		`{{ .output.StoreSame }}({{ .`+op.name+` }}({{ .input.LoadSame }}, {{ .value }}));`, nil,
		map[string]any{op.name: mod, "value": lit})
}

// checkComplexDivisor returns an error unless |c|², which the complex
// quotient by the constant c of dtype d divides by (see functions.DivOut),
// is a finite normal number of d's precision: beyond that the quotient
// overflows to infinities or NaN, or loses its digits to zero, for every
// input.
func checkComplexDivisor(fn string, d dtypes.DType, c any) error {
	var z complex128
	switch v := c.(type) {
	case complex64:
		z = complex128(v)
	case complex128:
		z = v
	default:
		return nil // a real divisor: the quotient divides by c itself
	}
	maxNorm, minNorm := math.MaxFloat64, 0x1p-1022
	if d == dtypes.Complex64 {
		maxNorm, minNorm = math.MaxFloat32, 0x1p-126
	}
	if n := real(z)*real(z) + imag(z)*imag(z); n > maxNorm || n < minNorm {
		return errorf(fn, "the complex constant %v has a squared magnitude %.3g outside the normal range of %v, which the complex quotient divides by; multiply by its reciprocal with MulConst", c, n, d.Real())
	}
	return nil
}

// checkOperand returns an error unless values of dtype d can be combined
// with a t array into a result of t's dtype: a complex d needs a complex
// array, and an integer array takes only integer operands (a float operand
// would be computed in float64 by numpy's promotion and truncated back).
func checkOperand(fn, what string, t core.Type, d dtypes.DType) error {
	if err := checkDType(fn, what, d); err != nil {
		return err
	}
	if err := checkNotHalf(fn, what, d); err != nil {
		return err
	}
	switch {
	case d.IsComplex() && !t.DType().IsComplex():
		return errorf(fn, "%s %s needs a complex array, not %s one (the output dtype is the input's)", withArticle(d), what, withArticle(t.DType()))
	case t.DType().IsInteger() && !d.IsInteger():
		return errorf(fn, "%s array takes an integer %s, not %v (cast the array to a float dtype first)", withArticle(t.DType()), what, d)
	}
	return nil
}

// paramOp makes output = input op param, with param a scalar of dtype d.
func paramOp(fn, name string, op binaryOp, t core.Type, d dtypes.DType) (*core.Transformation, error) {
	if err := checkNumbers(fn, "t", t); err != nil {
		return nil, err
	}
	if err := checkOperand(fn, "parameter", t, d); err != nil {
		return nil, err
	}
	mod, err := op.module(t.DType(), t.DType(), d)
	if err != nil {
		return nil, errorf(fn, "%w", err)
	}
	return newTransformation(fn, name, append(outIn(t, t), core.Param("param", core.ScalarArg(d))),
		`{{ .output.StoreSame }}({{ .`+op.name+` }}({{ .input.LoadSame }}, {{ .param }}));`, nil,
		map[string]any{op.name: mod})
}

// AddConst returns a transformation that adds the constant c to an array
// of type t (reikna's add_const): output = input + c. c is any Go number
// that t's dtype holds exactly (a complex c needs a complex array; a real c
// is added to the real part of a complex array).
//
// Parameters: output (t), input (t).
func AddConst(t core.Type, c any) (*core.Transformation, error) {
	return constOp("AddConst", "add_const", opAdd, t, c)
}

// AddParam returns a transformation that adds a scalar parameter of dtype
// to an array of type t (reikna's add_param): output = input + param, of
// t's dtype. A complex parameter needs a complex array, an integer array an
// integer parameter.
//
// Parameters: output (t), input (t), param (a dtype scalar).
func AddParam(t core.Type, dtype dtypes.DType) (*core.Transformation, error) {
	return paramOp("AddParam", "add_param", opAdd, t, dtype)
}

// MulConst returns a transformation that multiplies an array of type t by
// the constant c (reikna's mul_const): output = input · c. c is any Go
// number that t's dtype holds exactly; a real c scales both parts of a
// complex array.
//
// Parameters: output (t), input (t).
func MulConst(t core.Type, c any) (*core.Transformation, error) {
	return constOp("MulConst", "mul_const", opMul, t, c)
}

// MulParam returns a transformation that multiplies an array of type t by
// a scalar parameter of dtype (reikna's mul_param): output = input · param,
// of t's dtype. A complex parameter needs a complex array, an integer array
// an integer parameter.
//
// Parameters: output (t), input (t), param (a dtype scalar).
func MulParam(t core.Type, dtype dtypes.DType) (*core.Transformation, error) {
	return paramOp("MulParam", "mul_param", opMul, t, dtype)
}

// DivConst returns a transformation that divides an array of type t by the
// constant c (reikna's div_const): output = input / c, truncated toward
// zero for integer arrays (where c = 0 is an error). c is any Go number
// that t's dtype holds exactly; a complex c whose squared magnitude is not
// a normal number of t's precision is an error, since the complex quotient
// divides by it.
//
// Parameters: output (t), input (t).
func DivConst(t core.Type, c any) (*core.Transformation, error) {
	return constOp("DivConst", "div_const", opDiv, t, c)
}

// DivParam returns a transformation that divides an array of type t by a
// scalar parameter of dtype (reikna's div_param): output = input / param,
// of t's dtype, truncated toward zero for integer arrays. A complex
// parameter needs a complex array, an integer array an integer parameter.
//
// Parameters: output (t), input (t), param (a dtype scalar).
func DivParam(t core.Type, dtype dtypes.DType) (*core.Transformation, error) {
	return paramOp("DivParam", "div_param", opDiv, t, dtype)
}

// MulArray returns a transformation that multiplies an array of type t by
// an array factor that varies along some of t's axes only, such as a
// window applied along the last axis before an FFT: output[i] = input[i] ·
// factor[i[axes[0]], i[axes[1]], ...]. factor's shape is t's shape
// restricted to axes, in the order of axes; negative axes count from the
// end, as in numpy, and nil means the last factor.Rank() axes of t
// (numpy's broadcasting). factor may be real or complex (complex needs a
// complex t; an integer t needs an integer factor); the output has t's
// dtype.
//
// Parameters: output (t), input (t), factor (factor). output and input are
// the connectors, so it attaches to inputs (by output) and to outputs (by
// input) of computations; factor is loaded at the indices of its axes.
func MulArray(t core.Type, factor core.Type, axes []int) (*core.Transformation, error) {
	const fn = "MulArray"
	if err := checkNumbers(fn, "t", t); err != nil {
		return nil, err
	}
	if err := checkNumbers(fn, "factor", factor); err != nil {
		return nil, err
	}
	if err := checkOperand(fn, "factor", t, factor.DType()); err != nil {
		return nil, err
	}
	shape, fshape := t.Shape(), factor.Shape()
	if axes == nil {
		if len(fshape) > len(shape) {
			return nil, errorf(fn, "factor shape %v has more axes than array shape %v", fshape, shape)
		}
		for k := range fshape {
			axes = append(axes, len(shape)-len(fshape)+k)
		}
	}
	if len(axes) != len(fshape) {
		return nil, errorf(fn, "%d axes %v for a factor of shape %v", len(axes), axes, fshape)
	}
	norm := make([]int, len(axes))
	for k, ax := range axes {
		if ax < -len(shape) || ax >= len(shape) {
			return nil, errorf(fn, "axis %d is out of range for array shape %v", ax, shape)
		}
		if ax < 0 {
			ax += len(shape)
		}
		if slices.Contains(norm[:k], ax) {
			return nil, errorf(fn, "axis %d appears twice in %v", ax, axes)
		}
		norm[k] = ax
	}
	idxs := make([]string, len(axes))
	for k, ax := range norm {
		if fshape[k] != shape[ax] {
			return nil, errorf(fn, "factor shape %v does not match array shape %v on axes %v (axis %d of the factor has length %d, axis %d of the array %d)",
				fshape, shape, axes, k, fshape[k], ax, shape[ax])
		}
		idxs[k] = idx(ax)
	}
	mul, err := functions.MulOut(t.DType(), t.DType(), factor.DType())
	if err != nil {
		return nil, errorf(fn, "%w", err)
	}
	load := `{{ .factor.LoadIdx }}(` + commaJoin(idxs) + `)`
	if len(norm) == len(shape) && slices.IsSorted(norm) {
		load = `{{ .factor.LoadSame }}`
	}
	return newTransformation(fn, "mul_array",
		append(outIn(t, t), core.Param("factor", core.In(factor))),
		`{{ .output.StoreSame }}({{ .mul }}({{ .input.LoadSame }}, `+load+`));`,
		[]string{"output", "input"}, map[string]any{"mul": mul})
}
