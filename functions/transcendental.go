package functions

import (
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

// PolarUnit returns a module whose function takes an angle theta of the
// real float dtype d and returns the complex value e^{iθ} = (cos θ, sin θ)
// of the complex dtype of d (reikna's functions.polar_unit).
func PolarUnit(d dtypes.DType) (*snippets.Module, error) {
	if err := checkFloat("PolarUnit", d); err != nil {
		return nil, err
	}
	return cached("polar_unit", []dtypes.DType{d}, func() (*snippets.Module, error) {
		return module("polar_unit", map[string]any{"dtype": d, "out": complexOf(d)})
	})
}

// MustPolarUnit is like [PolarUnit] but panics on error.
func MustPolarUnit(d dtypes.DType) *snippets.Module { return must(PolarUnit(d)) }

// Polar returns a module whose function takes a modulus rho and an angle
// theta, both of the real float dtype d, and returns the complex value
// ρe^{iθ} of the complex dtype of d (reikna's functions.polar). A negative
// rho is not an error: the result is -|ρ|e^{iθ}.
func Polar(d dtypes.DType) (*snippets.Module, error) {
	if err := checkFloat("Polar", d); err != nil {
		return nil, err
	}
	return cached("polar", []dtypes.DType{d}, func() (*snippets.Module, error) {
		unit, err := PolarUnit(d)
		if err != nil {
			return nil, err
		}
		return module("polar", map[string]any{"dtype": d, "out": complexOf(d), "polar_unit": unit})
	})
}

// MustPolar is like [Polar] but panics on error.
func MustPolar(d dtypes.DType) *snippets.Module { return must(Polar(d)) }

// Exp returns a module whose function returns the exponential of a value
// of the float or complex dtype d, of the same dtype (reikna's
// functions.exp): exp(x) for a real x, e^{x.x}·(cos x.y, sin x.y) for a
// complex one. Integer dtypes are an error.
func Exp(d dtypes.DType) (*snippets.Module, error) {
	if err := checkValid("Exp", d); err != nil {
		return nil, err
	}
	if d.IsInteger() {
		return nil, errorf("Exp", "integer dtype %v is not supported (want a float or complex dtype)", d)
	}
	return cached("exp", []dtypes.DType{d}, func() (*snippets.Module, error) {
		args := map[string]any{"dtype": d}
		if d.IsComplex() {
			polar, err := Polar(d.Real())
			if err != nil {
				return nil, err
			}
			args["polar"] = polar
		}
		return module("exp", args)
	})
}

// MustExp is like [Exp] but panics on error.
func MustExp(d dtypes.DType) *snippets.Module { return must(Exp(d)) }

// Pow returns a module whose function raises a value of dtype base to the
// power of a value of dtype exponent and returns it in dtype base, as
// reikna's functions.pow(base, exponent) does; see [PowOut]. An integer base
// with a float exponent is an error here: ask PowOut for a float or complex
// output.
func Pow(base, exponent dtypes.DType) (*snippets.Module, error) {
	return pow("Pow", base, base, exponent)
}

// MustPow is like [Pow] but panics on error.
func MustPow(base, exponent dtypes.DType) *snippets.Module { return must(Pow(base, exponent)) }

// PowOut returns a module whose function computes base^exponent in dtype
// out (reikna's functions.pow(base, exponent, out)). The base is first
// converted to out, as [Cast] does (complex to real is an error); then:
//
//   - An integer exponent (of any integer dtype) gives x^|e| by binary
//     powering, with the [Mul] module of out: x^1 is x, x^2 is x·x, x^3 is
//     x·x², each exactly what the products give, and the relative error of
//     x^n grows with n as the conditioning of x^n does. x^0 is 1 for every
//     x. A negative exponent gives 1/x^|e| through [Div] for a float or
//     complex out, and, for an integer out, 1/x^|e| truncated toward zero
//     (±1 where x^|e| is ±1, 0 otherwise, 0 for x = 0 included).
//   - A float exponent, with a float out, gives C's pow(x, e) in the
//     precision of out: NaN for a negative x and a non-integer e (use a
//     complex out for those).
//   - A float exponent, with a complex out, gives the principal value
//     |x|^e·e^{ie·arg x}, with arg x in [-π, π], through [Polar]; 0^e is 0
//     for e > 0 and 1 for e = 0.
//
// A complex exponent is not supported, and a float exponent with an
// integer out is an error. 0 to a negative power is inf for a float out,
// and has infinite or NaN parts for a complex one.
func PowOut(out, base, exponent dtypes.DType) (*snippets.Module, error) {
	return pow("PowOut", out, base, exponent)
}

// MustPowOut is like [PowOut] but panics on error.
func MustPowOut(out, base, exponent dtypes.DType) *snippets.Module {
	return must(PowOut(out, base, exponent))
}

func pow(fn string, out, base, exponent dtypes.DType) (*snippets.Module, error) {
	if err := checkValid(fn, out, base, exponent); err != nil {
		return nil, err
	}
	if exponent.IsComplex() {
		return nil, errorf(fn, "complex exponent %v is not supported", exponent)
	}
	if exponent.IsFloat() && out.IsInteger() {
		if fn == "Pow" {
			return nil, errorf(fn, "integer base %v with a %v exponent: use PowOut with a float or complex output", base, exponent)
		}
		return nil, errorf(fn, "a %v exponent needs a float or complex output, not %v", exponent, out)
	}
	return cached("pow", []dtypes.DType{out, base, exponent}, func() (*snippets.Module, error) {
		x, err := castExpr(fn, "base", base, out)
		if err != nil {
			return nil, err
		}
		args := map[string]any{"out": out, "base": base, "exponent": exponent, "x": x}
		if exponent.IsInteger() {
			args["utype"] = "uint"
			if exponent.Size() == 8 {
				args["utype"] = "ulong"
			}
			if args["mul"], err = Mul(out, out); err != nil {
				return nil, err
			}
			if !out.IsInteger() {
				if args["div"], err = Div(out, out); err != nil {
					return nil, err
				}
			}
		} else {
			args["e"] = convert("e", exponent, out.Real())
			if out.IsComplex() {
				if args["polar"], err = Polar(out.Real()); err != nil {
					return nil, err
				}
			}
		}
		return module("pow", args)
	})
}

// complexOf returns the complex dtype of the float dtype d.
func complexOf(d dtypes.DType) dtypes.DType {
	c, err := d.Complex()
	if err != nil {
		panic(err) // callers check d first
	}
	return c
}
