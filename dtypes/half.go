package dtypes

import (
	"fmt"
	"math"
	"reflect"

	"github.com/x448/float16"
)

// The half-precision storage types.
//
// Float16 is IEEE 754 binary16 (numpy's float16, OpenCL's half) and
// Complex32 a complex number of two of them, the real part first (numpy
// has no such type; the name follows numpy's rule of naming a complex type
// by its total bits, as PyTorch's complex32 does). OpenCL 1.2 lets every
// device store halves (vload_half, vstore_half) but not compute with them
// without the cl_khr_fp16 extension, which some devices lack; so kernels
// never see a half value: an array of Float16 or Complex32 is loaded as
// float32 or complex64 values (its Arithmetic dtype, whose C type CType
// returns) and stored back rounded to the nearest half, ties to even.
// Scalars of these types do not exist in kernels, nor do struct fields of
// them.
//
// On the host, a Float16 element is a float16.Float16 of the package
// github.com/x448/float16 (the bits of the half, which converts to and
// from float32), and a Complex32 element a HalfComplex.

// HalfComplex is the Go type of a Complex32 element: a complex number whose
// parts are IEEE 754 half-precision numbers, laid out as the device holds
// them.
type HalfComplex struct {
	Real, Imag float16.Float16
}

// NewHalfComplex rounds c to the nearest HalfComplex, each part to the
// nearest half, ties to even, as the device stores it.
func NewHalfComplex(c complex64) HalfComplex {
	return HalfComplex{float16.Fromfloat32(real(c)), float16.Fromfloat32(imag(c))}
}

// Complex64 returns h exactly as a complex64.
func (h HalfComplex) Complex64() complex64 {
	return complex(h.Real.Float32(), h.Imag.Float32())
}

var (
	float16Type     = reflect.TypeFor[float16.Float16]()
	halfComplexType = reflect.TypeFor[HalfComplex]()
)

// IsHalf reports whether d is a half-precision storage type, Float16 or
// Complex32.
func (d DType) IsHalf() bool { k := d.info().kind; return k == kindHalf || k == kindHalfComplex }

// Arithmetic returns the dtype kernels compute values of d with: float32
// for Float16, complex64 for Complex32, and d itself for every other type.
func (d DType) Arithmetic() DType {
	switch d {
	case Float16:
		return Float32
	case Complex32:
		return Complex64
	}
	return d
}

// StorageCType returns the OpenCL C type of d's elements in memory, the
// element type of a pointer to an array of d: "half" for Float16 and for
// Complex32 (whose elements are two halves), CType for every other type.
func (d DType) StorageCType() string {
	if d.IsHalf() {
		return "half"
	}
	return d.CType()
}

// HalfVectorWidth returns the number of halves in an element of a
// half-precision storage type, the n of OpenCL's vload_halfn and
// vstore_halfn (1 for Float16, 2 for Complex32), and 0 for every other
// type.
func (d DType) HalfVectorWidth() int {
	switch d {
	case Float16:
		return 1
	case Complex32:
		return 2
	}
	return 0
}

// halfParts returns v, a Go number, float16.Float16 or HalfComplex, as
// the halves nearest its parts, or an error where d, a half type, cannot
// hold it: a non-zero imaginary part for Float16, a finite part beyond
// the range of a half.
func halfParts(d DType, v any) (re, im float16.Float16, err error) {
	switch x := v.(type) {
	case float16.Float16:
		return x, 0, nil
	case HalfComplex:
		if d == Float16 && x.Imag.Float32() != 0 {
			return 0, 0, fmt.Errorf("dtypes: %v cannot hold the complex value %v", d, x.Complex64())
		}
		return x.Real, x.Imag, nil
	}
	c, err := toComplex(v)
	if err != nil {
		return 0, 0, err
	}
	if d == Float16 && imag(c) != 0 {
		return 0, 0, fmt.Errorf("dtypes: %v cannot hold the complex value %v", d, v)
	}
	parts := [2]float16.Float16{}
	for i, p := range []float64{real(c), imag(c)} {
		h := float16.Fromfloat32(float32(p))
		if math.IsInf(float64(h.Float32()), 0) && !math.IsInf(p, 0) {
			return 0, 0, fmt.Errorf("dtypes: %v overflows %v", v, d)
		}
		parts[i] = h
	}
	return parts[0], parts[1], nil
}

// halfLiteral is Literal for a half type: the literal of the value
// rounded to a half, in the type kernels compute with.
func halfLiteral(d DType, v any) (string, error) {
	re, im, err := halfParts(d, v)
	if err != nil {
		return "", err
	}
	if d == Float16 {
		return Float32.Literal(re.Float32())
	}
	return Complex64.Literal(complex(re.Float32(), im.Float32()))
}

// convertHalf is Convert for a half type.
func convertHalf(d DType, v any) (any, error) {
	re, im, err := halfParts(d, v)
	if err != nil {
		return nil, err
	}
	if d == Float16 {
		return re, nil
	}
	return HalfComplex{re, im}, nil
}
