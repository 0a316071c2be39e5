package dtypes

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/x448/float16"
)

// The half-precision storage types: their names, sizes, C types in memory
// and in kernels, Go types and counterparts.
func TestHalfTypes(t *testing.T) {
	for _, tc := range []struct {
		d                  DType
		name               string
		size               int
		ctype, storage     string
		width              int
		arith, real, cplx  DType
		goType             reflect.Type
		isFloat, isComplex bool
	}{
		{Float16, "float16", 2, "float", "half", 1, Float32, Float16, Complex32, reflect.TypeFor[float16.Float16](), false, false},
		{Complex32, "complex32", 4, "float2", "half", 2, Complex64, Float16, Complex32, reflect.TypeFor[HalfComplex](), false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := tc.d
			if !d.Valid() || !d.IsHalf() || d.String() != tc.name || d.Size() != tc.size ||
				d.CType() != tc.ctype || d.StorageCType() != tc.storage || d.HalfVectorWidth() != tc.width {
				t.Errorf("%v: valid %v, half %v, size %d, C types %q and %q, width %d",
					d, d.Valid(), d.IsHalf(), d.Size(), d.CType(), d.StorageCType(), d.HalfVectorWidth())
			}
			if d.Arithmetic() != tc.arith || d.Real() != tc.real || d.IsDouble() {
				t.Errorf("%v: arithmetic %v, real %v, double %v", d, d.Arithmetic(), d.Real(), d.IsDouble())
			}
			if c, err := d.Complex(); err != nil || c != tc.cplx {
				t.Errorf("%v.Complex() = %v, %v; want %v", d, c, err, tc.cplx)
			}
			if d.IsFloat() != tc.isFloat || d.IsComplex() != tc.isComplex || d.IsInteger() {
				t.Errorf("%v: float %v, complex %v: a storage type is none of these, so that computations sizing their memory by them refuse it", d, d.IsFloat(), d.IsComplex())
			}
			if d.GoType() != tc.goType || !d.GoLayoutMatches() || int(tc.goType.Size()) != tc.size {
				t.Errorf("%v: Go type %v", d, d.GoType())
			}
			if got, err := OfType(tc.goType); err != nil || got != d {
				t.Errorf("OfType(%v) = %v, %v", tc.goType, got, err)
			}
			if got, err := Parse(tc.name); err != nil || got != d {
				t.Errorf("Parse(%q) = %v, %v", tc.name, got, err)
			}
		})
	}
	if For[float16.Float16]() != Float16 || For[HalfComplex]() != Complex32 || For[uint16]() != Uint16 {
		t.Error("For does not tell float16.Float16 from uint16")
	}
	for _, d := range All {
		if !d.IsHalf() && (d.Arithmetic() != d || d.StorageCType() != d.CType() || d.HalfVectorWidth() != 0) {
			t.Errorf("%v changes as a storage type", d)
		}
	}
}

// Literals and conversions of halves round to the nearest half; a value
// beyond a half's range, or a complex value for float16, is an error.
func TestHalfLiteralAndConvert(t *testing.T) {
	for _, tc := range []struct {
		d       DType
		v       any
		literal string
		value   any
	}{
		{Float16, 1, "1.0f", float16.Fromfloat32(1)},
		{Float16, 0.1, "0.099975586f", float16.Fromfloat32(0.1)},
		{Float16, 65504.0, "65504.0f", float16.Fromfloat32(65504)},
		{Float16, math.Inf(-1), "(-INFINITY)", float16.Inf(-1)},
		{Float16, 1e-8, "0.0f", float16.Float16(0)},
		{Float16, float16.Fromfloat32(-2), "(-2.0f)", float16.Fromfloat32(-2)},
		{Complex32, complex(1, -0.5), "COMPLEX_CTR(float2)(1.0f, (-0.5f))", HalfComplex{float16.Fromfloat32(1), float16.Fromfloat32(-0.5)}},
		{Complex32, 3, "COMPLEX_CTR(float2)(3.0f, 0.0f)", HalfComplex{Real: float16.Fromfloat32(3)}},
		{Complex32, NewHalfComplex(2i), "COMPLEX_CTR(float2)(0.0f, 2.0f)", NewHalfComplex(2i)},
	} {
		lit, err := tc.d.Literal(tc.v)
		if err != nil || lit != tc.literal {
			t.Errorf("%v.Literal(%v) = %q, %v; want %q", tc.d, tc.v, lit, err, tc.literal)
		}
		got, err := tc.d.Convert(tc.v)
		if err != nil || got != tc.value {
			t.Errorf("%v.Convert(%v) = %v, %v; want %v", tc.d, tc.v, got, err, tc.value)
		}
	}
	for _, tc := range []struct {
		d    DType
		v    any
		want string
	}{
		{Float16, 65520.0, "overflows"},
		{Complex32, complex(0, -1e5), "overflows"},
		{Float16, 1i, "complex value"},
		{Float16, NewHalfComplex(1i), "complex value"},
		{Float16, "1", "not a number"},
	} {
		if _, err := tc.d.Literal(tc.v); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v.Literal(%v): error %v, want one saying %q", tc.d, tc.v, err, tc.want)
		}
		if _, err := tc.d.Convert(tc.v); err == nil {
			t.Errorf("%v.Convert(%v) succeeded", tc.d, tc.v)
		}
	}
}

// Halves promote among themselves to halves, and with any other type as
// float32 and complex64 do.
func TestHalfResultType(t *testing.T) {
	for _, tc := range []struct{ a, b, want DType }{
		{Float16, Float16, Float16},
		{Float16, Complex32, Complex32},
		{Float16, Float32, Float32},
		{Float16, Int8, Float32},
		{Float16, Float64, Float64},
		{Complex32, Float32, Complex64},
		{Complex32, Float64, Complex128},
		{Int64, Complex32, Complex128},
	} {
		if got := MustResultType(tc.a, tc.b); got != tc.want {
			t.Errorf("ResultType(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// A struct cannot hold a half: kernels have no way to read it in place.
func TestHalfStructFieldRefused(t *testing.T) {
	if _, err := Struct("with_half", Field{Name: "h", DType: Float16}); err == nil || !strings.Contains(err.Error(), "half") {
		t.Errorf("Struct with a float16 field: %v", err)
	}
	type withHalf struct{ C HalfComplex }
	if _, err := StructOf(reflect.TypeFor[withHalf]()); err == nil || !strings.Contains(err.Error(), "half") {
		t.Errorf("StructOf with a HalfComplex field: %v", err)
	}
}
