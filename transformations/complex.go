package transformations

import (
	"math"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
)

// SplitComplex returns a transformation that splits a complex array of type
// t into its real and imaginary parts (reikna's split_complex): real =
// Re(input), imag = Im(input).
//
// Parameters: real, imag (t with the real dtype), input (t).
func SplitComplex(t core.Type) (*core.Transformation, error) {
	const fn = "SplitComplex"
	if err := checkComplex(fn, "t", t); err != nil {
		return nil, err
	}
	rt := t.WithDType(t.DType().Real())
	return newTransformation(fn, "split_complex", []core.Parameter{
		core.Param("real", core.Out(rt)),
		core.Param("imag", core.Out(rt)),
		core.Param("input", core.In(t)),
	}, loadX+`{{ .real.StoreSame }}(x.x);
    {{ .imag.StoreSame }}(x.y);`, nil, nil)
}

// CombineComplex returns a transformation that joins two real arrays into
// the complex array of type t (reikna's combine_complex): output = real +
// i·imag.
//
// Parameters: output (t), real, imag (t with the real dtype).
func CombineComplex(t core.Type) (*core.Transformation, error) {
	const fn = "CombineComplex"
	if err := checkComplex(fn, "t", t); err != nil {
		return nil, err
	}
	rt := t.WithDType(t.DType().Real())
	return newTransformation(fn, "combine_complex", []core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("real", core.In(rt)),
		core.Param("imag", core.In(rt)),
	}, `{{ .output.StoreSame }}(COMPLEX_CTR({{ .output.CType }})({{ .real.LoadSame }}, {{ .imag.LoadSame }}));`, nil, nil)
}

// RealToComplex returns a transformation that promotes a real float array
// of type t to the complex dtype of its precision, with zero imaginary
// parts: output = input + 0i. Integer arrays are an error (Cast converts
// them to a complex dtype).
//
// Parameters: output (t with the complex dtype), input (t).
func RealToComplex(t core.Type) (*core.Transformation, error) {
	const fn = "RealToComplex"
	if err := checkArray(fn, "t", t); err != nil {
		return nil, err
	}
	if !t.DType().IsFloat() {
		return nil, errorf(fn, "t must be float32 or float64, not %v (Cast converts any real dtype to a complex one)", t.DType())
	}
	ct, _ := t.DType().Complex()
	return newTransformation(fn, "real_to_complex", outIn(t.WithDType(ct), t),
		`{{ .output.StoreSame }}(COMPLEX_CTR({{ .output.CType }})({{ .input.LoadSame }}, {{ .zero }}));`, nil,
		map[string]any{"zero": t.DType().MustLiteral(0)})
}

// part makes RealPart and ImagPart.
func part(fn, name, member string, t core.Type) (*core.Transformation, error) {
	if err := checkComplex(fn, "t", t); err != nil {
		return nil, err
	}
	return newTransformation(fn, name, outIn(t.WithDType(t.DType().Real()), t),
		`{{ .output.StoreSame }}({{ .input.LoadSame }}.`+member+`);`, nil, nil)
}

// RealPart returns a transformation that takes the real part of a complex
// array of type t: output = Re(input).
//
// Parameters: output (t with the real dtype), input (t).
func RealPart(t core.Type) (*core.Transformation, error) {
	return part("RealPart", "real_part", "x", t)
}

// ImagPart returns a transformation that takes the imaginary part of a
// complex array of type t: output = Im(input).
//
// Parameters: output (t with the real dtype), input (t).
func ImagPart(t core.Type) (*core.Transformation, error) {
	return part("ImagPart", "imag_part", "y", t)
}

// loadX is the statement that loads the connector input into the variable
// x, for code that uses it more than once.
const loadX = `const {{ .input.CType }} x = {{ .input.LoadSame }};
    `

// hypotX is |x| for the complex variable x: accurate to an ulp or two, and
// free of the overflow and underflow of sqrt(x.x² + x.y²).
const hypotX = "hypot(x.x, x.y)"

// Abs returns a transformation that takes the absolute value of an array of
// type t, real or complex: output = |input|, of the real dtype of t
// (hypot(re, im) for a complex t).
//
// Parameters: output (t with the real dtype), input (t).
func Abs(t core.Type) (*core.Transformation, error) {
	const fn = "Abs"
	if err := checkNumbers(fn, "t", t); err != nil {
		return nil, err
	}
	d := t.DType()
	code := `{{ .output.StoreSame }}(` + absOf(d, `{{ .input.LoadSame }}`) + `);`
	if d.IsComplex() {
		code = loadX + `{{ .output.StoreSame }}(` + hypotX + `);`
	}
	return newTransformation(fn, "abs_value", outIn(t.WithDType(d.Real()), t), code, nil, nil)
}

// absOf returns |e| for a real expression e of dtype d: fabs for a float,
// abs for a signed integer (the most negative value stays itself, as in
// two's complement C), e itself for an unsigned integer.
func absOf(d dtypes.DType, e string) string {
	switch {
	case d.IsFloat():
		return "fabs(" + e + ")"
	case d.IsSigned():
		return "(" + d.CType() + ")abs(" + e + ")"
	}
	return e
}

// Conj returns a transformation that takes the complex conjugate of an
// array of type t: output = conj(input), of type t. On a real array it is
// the identity.
//
// Parameters: output (t), input (t).
func Conj(t core.Type) (*core.Transformation, error) {
	const fn = "Conj"
	if err := checkNumbers(fn, "t", t); err != nil {
		return nil, err
	}
	conj, err := functions.Conj(t.DType())
	if err != nil {
		return nil, errorf(fn, "%w", err)
	}
	return newTransformation(fn, "conj", outIn(t, t),
		`{{ .output.StoreSame }}({{ .conj }}({{ .input.LoadSame }}));`, nil,
		map[string]any{"conj": conj})
}

// NormConst returns a transformation that computes the order-norm of each
// element of an array of type t (reikna's norm_const): output =
// |input|^order, of the real dtype of t.
//
//   - order 2 gives re² + im² (x·x for a real t) exactly as functions.Norm;
//   - order 1 gives |input| as Abs does;
//   - other orders give pow(|input|, order).
//
// Integer arrays take positive integer orders only, and give
// |input|^order in their own dtype (wrapping around on overflow, as C
// does). order must be finite: pow with an infinite exponent gives only
// 0, 1 or infinity, never a norm.
//
// Parameters: output (t with the real dtype), input (t).
func NormConst(t core.Type, order float64) (*core.Transformation, error) {
	const fn = "NormConst"
	if err := checkNumbers(fn, "t", t); err != nil {
		return nil, err
	}
	if math.IsNaN(order) || math.IsInf(order, 0) {
		return nil, errorf(fn, "the order %v is not finite", order)
	}
	d, rd := t.DType(), t.DType().Real()
	if d.IsInteger() && (order < 1 || order != math.Trunc(order) || order > math.MaxInt32) {
		return nil, errorf(fn, "%s array takes a positive integer order, not %v (cast it to a float dtype first)", withArticle(d), order)
	}
	params := outIn(t.WithDType(rd), t)
	args := map[string]any{}
	var code string
	switch {
	case order == 2:
		norm, err := functions.Norm(d)
		if err != nil {
			return nil, errorf(fn, "%w", err)
		}
		args["norm"] = norm
		code = `{{ .output.StoreSame }}({{ .norm }}({{ .input.LoadSame }}));`
	case order == 1 && !d.IsComplex():
		code = `{{ .output.StoreSame }}(` + absOf(d, `{{ .input.LoadSame }}`) + `);`
	case d.IsInteger():
		pow, err := functions.PowOut(d, d, dtypes.Int32)
		if err != nil {
			return nil, errorf(fn, "%w", err)
		}
		args["pow"] = pow
		args["order"] = dtypes.Int32.MustLiteral(int32(order))
		code = `{{ .output.StoreSame }}({{ .pow }}(` + absOf(d, `{{ .input.LoadSame }}`) + `, {{ .order }}));`
	default:
		abs, prefix := absOf(d, `{{ .input.LoadSame }}`), ""
		if d.IsComplex() {
			abs, prefix = hypotX, loadX
		}
		if order != 1 {
			lit, err := literal(fn, "order", d, rd, order)
			if err != nil {
				return nil, err
			}
			abs = "pow(" + abs + ", {{ .order }})"
			args["order"] = lit
		}
		code = prefix + `{{ .output.StoreSame }}(` + abs + `);`
	}
	return newTransformation(fn, "norm_const", params, code, nil, args)
}

// NormParam returns a transformation that computes the order-norm of each
// element of a float or complex array of type t, with the order a scalar
// parameter (reikna's norm_param): output = pow(|input|, order), of the real
// dtype of t, with |input| as Abs computes it.
//
// Parameters: output (t with the real dtype), input (t), order (a scalar of
// the real dtype).
func NormParam(t core.Type) (*core.Transformation, error) {
	const fn = "NormParam"
	if err := checkFloat(fn, "t", t); err != nil {
		return nil, err
	}
	d, rd := t.DType(), t.DType().Real()
	code := `{{ .output.StoreSame }}(pow(fabs({{ .input.LoadSame }}), {{ .order }}));`
	if d.IsComplex() {
		code = loadX + `{{ .output.StoreSame }}(pow(` + hypotX + `, {{ .order }}));`
	}
	return newTransformation(fn, "norm_param",
		append(outIn(t.WithDType(rd), t), core.Param("order", core.ScalarArg(rd))), code, nil, nil)
}
