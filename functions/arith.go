package functions

import (
	"fmt"
	"strings"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

// Mul returns a module whose function multiplies len(in) values of the
// given dtypes, real and complex mixed, and returns the product as
// dtypes.ResultType(in...) (reikna's functions.mul):
//
//	{{ .mul }}(a, b)
//
// with mul = functions.Mul(dtypes.Complex64, dtypes.Float32) computes the
// complex64 product of a float2 and a float. See [MulOut] for how the
// product is computed.
func Mul(in ...dtypes.DType) (*snippets.Module, error) {
	return naryDefault("Mul", "mul", in)
}

// MustMul is like [Mul] but panics on error.
func MustMul(in ...dtypes.DType) *snippets.Module { return must(Mul(in...)) }

// MulOut is [Mul] with the output dtype given. The function multiplies its
// arguments from left to right; each product is computed in the precision
// of out where out is a float or complex dtype (so that
// MulOut(dtypes.Complex128, dtypes.Float32, dtypes.Float32) multiplies in
// double precision, and MulOut(dtypes.Float32, dtypes.Float64,
// dtypes.Float64) in single), and in the promoted dtype of its two factors
// where out is an integer dtype. Operands are converted explicitly, so that
// C's own promotion (an int times a float is a float) never lowers the
// precision. The product is then converted to out, as [Cast] does; a complex
// product with a real out is an error, since reikna's silent dropping of
// the imaginary part hides mistakes.
func MulOut(out dtypes.DType, in ...dtypes.DType) (*snippets.Module, error) {
	return nary("MulOut", "mul", out, in)
}

// MustMulOut is like [MulOut] but panics on error.
func MustMulOut(out dtypes.DType, in ...dtypes.DType) *snippets.Module {
	return must(MulOut(out, in...))
}

// Add returns a module whose function adds len(in) values of the given
// dtypes, real and complex mixed, and returns the sum as
// dtypes.ResultType(in...) (reikna's functions.add). A real value adds to
// the real part of a complex one only, whatever the platform does with the
// + operator on a vector and a scalar. Sums are computed as products are by
// [MulOut].
func Add(in ...dtypes.DType) (*snippets.Module, error) {
	return naryDefault("Add", "add", in)
}

// MustAdd is like [Add] but panics on error.
func MustAdd(in ...dtypes.DType) *snippets.Module { return must(Add(in...)) }

// AddOut is [Add] with the output dtype given; see [MulOut] for the
// precision of the sums and the conversion to out.
func AddOut(out dtypes.DType, in ...dtypes.DType) (*snippets.Module, error) {
	return nary("AddOut", "add", out, in)
}

// MustAddOut is like [AddOut] but panics on error.
func MustAddOut(out dtypes.DType, in ...dtypes.DType) *snippets.Module {
	return must(AddOut(out, in...))
}

// naryDefault is nary with the result type of the inputs as its output.
func naryDefault(fn, op string, in []dtypes.DType) (*snippets.Module, error) {
	if len(in) == 0 {
		return nil, errorf(fn, "no input dtypes")
	}
	if err := checkValid(fn, in...); err != nil {
		return nil, err
	}
	return nary(fn, op, dtypes.MustResultType(in...), in)
}

// naryStep is one binary operation of an n-ary function: Name = A op B,
// computed in Type. Wrap, where set, is the unsigned C type the operation
// goes through so that it wraps round as numpy's does: a signed int or
// long that overflows is undefined in C, while a char or short is promoted
// to int first and cannot.
type naryStep struct {
	Name string
	Type dtypes.DType
	Wrap string
	A, B operand
}

// wrapType returns the unsigned C type of the same size as d where
// arithmetic on d can overflow undefinedly in C, and "" elsewhere.
func wrapType(d dtypes.DType) string {
	switch d {
	case dtypes.Int32:
		return dtypes.Uint32.CType()
	case dtypes.Int64:
		return dtypes.Uint64.CType()
	}
	return ""
}

var opNouns = map[string]string{"mul": "product", "add": "sum"}

// nary makes the module of template op ("mul" or "add") for out and in.
func nary(fn, op string, out dtypes.DType, in []dtypes.DType) (*snippets.Module, error) {
	if len(in) == 0 {
		return nil, errorf(fn, "no input dtypes")
	}
	if err := checkValid(fn, append([]dtypes.DType{out}, in...)...); err != nil {
		return nil, err
	}
	return cached(op, append([]dtypes.DType{out}, in...), func() (*snippets.Module, error) {
		params := make([]string, len(in))
		for i, d := range in {
			params[i] = fmt.Sprintf("%s a%d", d.CType(), i)
		}
		cur, curType := "a0", in[0]
		var steps []naryStep
		for i := 1; i < len(in); i++ {
			w := workType(curType, in[i], out)
			name := fmt.Sprintf("t%d", i)
			steps = append(steps, naryStep{
				Name: name,
				Type: w,
				Wrap: wrapType(w),
				A:    newOperand(cur, curType, w.Real()),
				B:    newOperand(fmt.Sprintf("a%d", i), in[i], w.Real()),
			})
			cur, curType = name, w
		}
		if curType.IsComplex() && !out.IsComplex() {
			return nil, errorf(fn, "the %s of %s is complex and cannot be cast to %v", opNouns[op], list(in), out)
		}
		result, err := castExpr(fn, cur, curType, out)
		if err != nil {
			return nil, err
		}
		return module(op, map[string]any{
			"out":    out,
			"params": strings.Join(params, ", "),
			"steps":  steps,
			"result": result,
		})
	})
}

// Div returns a module whose function divides a value of dtype a by one of
// dtype b and returns the quotient as dtypes.ResultType(a, b) (reikna's
// functions.div). Any of the four pairs of real and complex dtypes is
// accepted. Dividing an integer by an integer truncates toward zero, as in
// C and Go; [DivOut] with a float out divides them exactly.
func Div(a, b dtypes.DType) (*snippets.Module, error) {
	if err := checkValid("Div", a, b); err != nil {
		return nil, err
	}
	return div("Div", dtypes.MustResultType(a, b), a, b)
}

// MustDiv is like [Div] but panics on error.
func MustDiv(a, b dtypes.DType) *snippets.Module { return must(Div(a, b)) }

// DivOut is [Div] with the output dtype given. The quotient is computed in
// the precision of out, as [MulOut] computes products, and converted to
// out; a complex quotient with a real out is an error. A complex divisor
// is handled by the textbook formula a·conj(b)/|b|², which is accurate to a
// few ulp but overflows where |b|² does (|b| above about 1e19 for
// complex64), as in reikna.
func DivOut(out, a, b dtypes.DType) (*snippets.Module, error) {
	if err := checkValid("DivOut", out, a, b); err != nil {
		return nil, err
	}
	return div("DivOut", out, a, b)
}

// MustDivOut is like [DivOut] but panics on error.
func MustDivOut(out, a, b dtypes.DType) *snippets.Module { return must(DivOut(out, a, b)) }

func div(fn string, out, a, b dtypes.DType) (*snippets.Module, error) {
	return cached("div", []dtypes.DType{out, a, b}, func() (*snippets.Module, error) {
		w := workType(a, b, out)
		if w.IsComplex() && !out.IsComplex() {
			return nil, errorf(fn, "the quotient of %v by %v is complex and cannot be cast to %v", a, b, out)
		}
		result, err := castExpr(fn, "q", w, out)
		if err != nil {
			return nil, err
		}
		return module("div", map[string]any{
			"out":    out,
			"in1":    a,
			"in2":    b,
			"work":   w,
			"A":      newOperand("a", a, w.Real()),
			"B":      newOperand("b", b, w.Real()),
			"result": result,
		})
	})
}

// Conj returns a module whose function returns the complex conjugate of a
// value of dtype d, a value of the same dtype; for a real d it returns its
// argument (reikna's functions.conj, which refuses real dtypes).
func Conj(d dtypes.DType) (*snippets.Module, error) {
	if err := checkValid("Conj", d); err != nil {
		return nil, err
	}
	return cached("conj", []dtypes.DType{d}, func() (*snippets.Module, error) {
		return module("conj", map[string]any{"dtype": d})
	})
}

// MustConj is like [Conj] but panics on error.
func MustConj(d dtypes.DType) *snippets.Module { return must(Conj(d)) }

// Cast returns a module whose function converts a value of dtype in to
// dtype out (reikna's functions.cast): real to real by C's conversion (a
// float becomes an integer by truncation toward zero; a value out of the
// range of the integer is undefined, as in C), real to complex with a zero
// imaginary part, complex to complex part by part. Complex to real is an
// error: take the real part explicitly.
func Cast(out, in dtypes.DType) (*snippets.Module, error) {
	if err := checkValid("Cast", out, in); err != nil {
		return nil, err
	}
	return cached("cast", []dtypes.DType{out, in}, func() (*snippets.Module, error) {
		result, err := castExpr("Cast", "x", in, out)
		if err != nil {
			return nil, err
		}
		return module("cast", map[string]any{"out": out, "in": in, "result": result})
	})
}

// MustCast is like [Cast] but panics on error.
func MustCast(out, in dtypes.DType) *snippets.Module { return must(Cast(out, in)) }

// Norm returns a module whose function returns the squared absolute value
// of a value of dtype d (reikna's functions.norm): x.x² + x.y², of the real
// dtype of the parts, for a complex d, and x·x, of dtype d, for a real d.
func Norm(d dtypes.DType) (*snippets.Module, error) {
	if err := checkValid("Norm", d); err != nil {
		return nil, err
	}
	return cached("norm", []dtypes.DType{d}, func() (*snippets.Module, error) {
		return module("norm", map[string]any{"dtype": d, "out": d.Real()})
	})
}

// MustNorm is like [Norm] but panics on error.
func MustNorm(d dtypes.DType) *snippets.Module { return must(Norm(d)) }
