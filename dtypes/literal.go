package dtypes

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
)

// Literal returns an OpenCL C literal of type d for the Go value v: "1.0f"
// for float32, "1.0" for float64, "3u" for uint32, "-5L" for int64,
// "COMPLEX_CTR(float2)(1.0f, 2.0f)" for complex64, and so on. Negative values
// are parenthesised so that the literal can follow any operator. Infinities
// and NaNs become the OpenCL macros INFINITY and NAN.
//
// v may be any Go integer, float or complex value; for a struct dtype it
// is a value of the dtype's Go type, and the literal a C compound literal
// such as (STRUCT_CTR(pair){1.0f, 2}). A value that d cannot hold exactly (a fraction or an out-of-range value for an integer type, a
// non-zero imaginary part for a real type) is an error.
func (d DType) Literal(v any) (string, error) {
	if !d.Valid() {
		return "", fmt.Errorf("dtypes: literal of invalid dtype %v", d)
	}
	if d.IsStruct() {
		return structLiteral(d, v)
	}
	if d.IsHalf() {
		return halfLiteral(d, v)
	}
	c, err := toComplex(v)
	if err != nil {
		return "", err
	}
	re, im := real(c), imag(c)
	if !d.IsComplex() && im != 0 {
		return "", fmt.Errorf("dtypes: %v cannot hold the complex value %v", d, v)
	}
	if d.IsInteger() {
		return intLiteral(d, v, re)
	}
	bits := 64
	if d == Float32 || d == Complex64 {
		bits = 32
		for _, part := range []float64{re, im} {
			if !math.IsInf(part, 0) && math.IsInf(float64(float32(part)), 0) {
				return "", fmt.Errorf("dtypes: %v overflows %v", v, d)
			}
		}
	}
	if !d.IsComplex() {
		return floatLiteral(re, bits), nil
	}
	return fmt.Sprintf("COMPLEX_CTR(%s)(%s, %s)", d.CType(), floatLiteral(re, bits), floatLiteral(im, bits)), nil
}

// Literal rounds values to the precision of d, as numpy does, so a
// float32 value too small for float32 becomes 0.0f; a value too large for
// it is an error rather than an infinity.

// MustLiteral is Literal for values known to fit; it panics otherwise.
func (d DType) MustLiteral(v any) string {
	s, err := d.Literal(v)
	if err != nil {
		panic(err)
	}
	return s
}

func toComplex(v any) (complex128, error) {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return complex(float64(rv.Int()), 0), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return complex(float64(rv.Uint()), 0), nil
	case reflect.Float32, reflect.Float64:
		return complex(rv.Float(), 0), nil
	case reflect.Complex64, reflect.Complex128:
		return rv.Complex(), nil
	}
	return 0, fmt.Errorf("dtypes: %T (%v) is not a number", v, v)
}

var intSuffix = map[DType]string{
	Int8: "", Int16: "", Int32: "", Int64: "L",
	Uint8: "u", Uint16: "u", Uint32: "u", Uint64: "UL",
}

func intLiteral(d DType, v any, f float64) (string, error) {
	// Exact integer value of v, whatever its Go type.
	var n big.Int
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n.SetInt64(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n.SetUint64(rv.Uint())
	default:
		if f != math.Trunc(f) || math.IsInf(f, 0) || math.IsNaN(f) {
			return "", fmt.Errorf("dtypes: %v cannot hold the value %v", d, v)
		}
		new(big.Float).SetFloat64(f).Int(&n)
	}
	bits := uint(d.Size() * 8)
	var lo, hi big.Int
	if d.IsSigned() {
		lo.Lsh(big.NewInt(1), bits-1).Neg(&lo)
		hi.Lsh(big.NewInt(1), bits-1).Sub(&hi, big.NewInt(1))
	} else {
		hi.Lsh(big.NewInt(1), bits).Sub(&hi, big.NewInt(1))
	}
	if n.Cmp(&lo) < 0 || n.Cmp(&hi) > 0 {
		return "", fmt.Errorf("dtypes: %v is out of the range of %v", v, d)
	}
	suffix := intSuffix[d]
	if n.Sign() < 0 {
		if n.Cmp(&lo) == 0 && bits >= 32 {
			// -2^31 and -2^63 have no literal of their own type.
			var m big.Int
			m.Add(&n, big.NewInt(1))
			return fmt.Sprintf("(%s%s - 1%s)", m.String(), suffix, suffix), nil
		}
		return fmt.Sprintf("(%s%s)", n.String(), suffix), nil
	}
	return n.String() + suffix, nil
}

func floatLiteral(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "NAN"
	case math.IsInf(f, 1):
		return "INFINITY"
	case math.IsInf(f, -1):
		return "(-INFINITY)"
	}
	s := strconv.FormatFloat(f, 'g', -1, bits)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	if bits == 32 {
		s += "f"
	}
	if f < 0 || (f == 0 && math.Signbit(f)) {
		return "(" + s + ")"
	}
	return s
}

// Convert returns v, a Go number, as a value of d's Go type (float32 for
// Float32, complex64 for Complex64, ...). A real value becomes a complex
// one with a zero imaginary part. Like Literal, it refuses a value d cannot
// hold: a fraction or an out-of-range value for an integer type, a
// non-zero imaginary part for a real type, a value beyond float32's range.
// A struct dtype takes only values of its Go type, and returns them as
// they are.
func (d DType) Convert(v any) (any, error) {
	if _, err := d.Literal(v); err != nil {
		return nil, err
	}
	if d.IsStruct() {
		return v, nil
	}
	if d.IsHalf() {
		return convertHalf(d, v)
	}
	rv := reflect.ValueOf(v)
	t := d.GoType()
	isComplex := rv.Kind() == reflect.Complex64 || rv.Kind() == reflect.Complex128
	switch {
	case d.IsComplex() && !isComplex:
		f := rv.Convert(reflect.TypeFor[float64]()).Float()
		return reflect.ValueOf(complex(f, 0)).Convert(t).Interface(), nil
	case !d.IsComplex() && isComplex:
		return reflect.ValueOf(real(rv.Complex())).Convert(t).Interface(), nil
	}
	return rv.Convert(t).Interface(), nil
}
