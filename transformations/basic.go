package transformations

import (
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
)

// Copy returns the identity transformation on arrays of type t (reikna's
// copy): output = input.
//
// Parameters: output (t), input (t).
func Copy(t core.Type) (*core.Transformation, error) {
	const fn = "Copy"
	if err := checkArray(fn, "t", t); err != nil {
		return nil, err
	}
	return newTransformation(fn, "copy", outIn(t, t),
		`{{ .output.StoreSame }}({{ .input.LoadSame }});`, nil, nil)
}

// CopyBroadcasted returns a transformation that fills an array of type out
// from an array of type in broadcast to out's shape by numpy's rules
// (reikna's copy_broadcasted, numpy.broadcast_to): the axes of in are
// aligned with the last axes of out, and each has the length of out's axis
// or 1, in which case its one element is repeated along the axis. The
// dtypes must be equal.
//
// Parameters: output (out), input (in). Only output is a connector: this
// is an input transformation, which loads input at the broadcast indices.
func CopyBroadcasted(in, out core.Type) (*core.Transformation, error) {
	const fn = "CopyBroadcasted"
	if err := checkArray(fn, "input", in); err != nil {
		return nil, err
	}
	if err := checkArray(fn, "output", out); err != nil {
		return nil, err
	}
	if in.DType() != out.DType() {
		return nil, errorf(fn, "input dtype %v differs from output dtype %v", in.DType(), out.DType())
	}
	inShape, outShape := in.Shape(), out.Shape()
	if len(inShape) > len(outShape) {
		return nil, errorf(fn, "input shape %v has more axes than output shape %v", inShape, outShape)
	}
	lead := len(outShape) - len(inShape)
	idxs := make([]string, len(inShape))
	for j, n := range inShape {
		switch {
		case n == 1:
			idxs[j] = "0"
		case n == outShape[lead+j]:
			idxs[j] = idx(lead + j)
		default:
			return nil, errorf(fn, "input shape %v cannot be broadcast to output shape %v (axis %d of the input has length %d, not 1 or %d)",
				inShape, outShape, j, n, outShape[lead+j])
		}
	}
	code := `{{ .output.StoreSame }}({{ .input.LoadIdx }}(` + commaJoin(idxs) + `));`
	return newTransformation(fn, "copy_broadcasted", outIn(out, in), code, []string{"output"}, nil)
}

// Cast returns a transformation that converts an array of type t to dtype
// (reikna's cast): output = (dtype)input, as functions.Cast converts: real
// to real as C does (a float becomes an integer by truncation toward
// zero), real to complex with a zero imaginary part, complex to complex
// part by part. Complex to real is an error: take RealPart, ImagPart or Abs.
//
// Parameters: output (t with dtype), input (t).
func Cast(t core.Type, dtype dtypes.DType) (*core.Transformation, error) {
	const fn = "Cast"
	if err := checkNumbers(fn, "t", t); err != nil {
		return nil, err
	}
	if err := checkDType(fn, "output", dtype); err != nil {
		return nil, err
	}
	if err := checkNotHalf(fn, "the output", dtype); err != nil {
		return nil, err
	}
	if t.DType().IsComplex() && !dtype.IsComplex() {
		return nil, errorf(fn, "cannot cast %v to %v (take RealPart, ImagPart or Abs)", t.DType(), dtype)
	}
	cast, err := functions.Cast(dtype, t.DType())
	if err != nil {
		return nil, errorf(fn, "%w", err)
	}
	return newTransformation(fn, "cast", outIn(t.WithDType(dtype), t),
		`{{ .output.StoreSame }}({{ .cast }}({{ .input.LoadSame }}));`, nil,
		map[string]any{"cast": cast})
}

// Ignore returns an output transformation that discards the values written
// into an array of type t (reikna's ignore): connected to an output of a
// computation, it removes that output from the signature.
//
// Parameters: input (t).
func Ignore(t core.Type) (*core.Transformation, error) {
	const fn = "Ignore"
	if err := checkArray(fn, "t", t); err != nil {
		return nil, err
	}
	return newTransformation(fn, "ignore", []core.Parameter{core.Param("input", core.In(t))},
		`// the values are discarded`, nil, nil)
}

// BroadcastConst returns an input transformation that gives every element
// of an array of type t the constant value (reikna's broadcast_const):
// output = value. value is any Go number that t's dtype holds exactly.
//
// Parameters: output (t).
func BroadcastConst(t core.Type, value any) (*core.Transformation, error) {
	const fn = "BroadcastConst"
	if err := checkArray(fn, "t", t); err != nil {
		return nil, err
	}
	if err := checkNumber(fn, "value", value); err != nil {
		return nil, err
	}
	lit, err := literal(fn, "value", t.DType(), t.DType(), value)
	if err != nil {
		return nil, err
	}
	return newTransformation(fn, "broadcast_const", []core.Parameter{core.Param("output", core.Out(t))},
		`{{ .output.StoreSame }}({{ .value }});`, nil, map[string]any{"value": lit})
}

// BroadcastParam returns an input transformation that gives every element
// of an array of type t the value of a scalar parameter (reikna's
// broadcast_param): output = param.
//
// Parameters: output (t), param (a scalar of t's dtype).
func BroadcastParam(t core.Type) (*core.Transformation, error) {
	const fn = "BroadcastParam"
	if err := checkArray(fn, "t", t); err != nil {
		return nil, err
	}
	return newTransformation(fn, "broadcast_param", []core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("param", core.ScalarArg(t.DType())),
	}, `{{ .output.StoreSame }}({{ .param }});`, nil, nil)
}
