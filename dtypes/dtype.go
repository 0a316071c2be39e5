package dtypes

import (
	"fmt"
	"reflect"
)

// DType is the element type of a device array or of a scalar kernel
// argument. The zero value is Invalid.
type DType uint16

// The supported element types.
const (
	Invalid DType = iota
	Int8
	Int16
	Int32
	Int64
	Uint8
	Uint16
	Uint32
	Uint64
	Float32
	Float64
	Complex64
	Complex128
	// Float16 and Complex32 are half-precision storage types (see
	// IsHalf): kernels compute with their values as float32 and complex64.
	Float16
	Complex32
)

// All lists every valid DType but structs, integers first and the
// half-precision storage types last.
var All = []DType{Int8, Int16, Int32, Int64, Uint8, Uint16, Uint32, Uint64, Float32, Float64, Complex64, Complex128,
	Float16, Complex32}

type info struct {
	name  string
	ctype string
	size  int
	kind  kind
}

type kind uint8

const (
	kindInvalid kind = iota
	kindSigned
	kindUnsigned
	kindFloat
	kindComplex
	kindHalf
	kindHalfComplex
)

var infos = [...]info{
	Invalid:    {"invalid", "", 0, kindInvalid},
	Int8:       {"int8", "char", 1, kindSigned},
	Int16:      {"int16", "short", 2, kindSigned},
	Int32:      {"int32", "int", 4, kindSigned},
	Int64:      {"int64", "long", 8, kindSigned},
	Uint8:      {"uint8", "unsigned char", 1, kindUnsigned},
	Uint16:     {"uint16", "unsigned short", 2, kindUnsigned},
	Uint32:     {"uint32", "unsigned int", 4, kindUnsigned},
	Uint64:     {"uint64", "unsigned long", 8, kindUnsigned},
	Float32:    {"float32", "float", 4, kindFloat},
	Float64:    {"float64", "double", 8, kindFloat},
	Complex64:  {"complex64", "float2", 8, kindComplex},
	Complex128: {"complex128", "double2", 16, kindComplex},
	Float16:    {"float16", "float", 2, kindHalf},
	Complex32:  {"complex32", "float2", 4, kindHalfComplex},
}

func (d DType) info() info {
	if int(d) >= len(infos) {
		return infos[Invalid]
	}
	return infos[d]
}

// Valid reports whether d is one of the supported element types: a
// number, or a struct made by Struct or StructOf.
func (d DType) Valid() bool { return d != Invalid && int(d) < len(infos) || d.IsStruct() }

// String returns the numpy-style name of d, such as "float32", or the C
// name of a struct.
func (d DType) String() string {
	if s := d.structOf(); s != nil {
		return s.name
	}
	if !d.Valid() {
		return fmt.Sprintf("dtypes.DType(%d)", uint16(d))
	}
	return d.info().name
}

// Size returns the size of one element in bytes (0 for an invalid DType),
// for a struct its C size, padding included.
func (d DType) Size() int {
	if s := d.structOf(); s != nil {
		return s.size
	}
	return d.info().size
}

// CType returns the OpenCL C name of d, such as "float" or "double2", or
// the name of a struct's typedef (see CDefinition): the type kernels
// compute with, which for the half-precision storage types is that of
// their Arithmetic dtype (see StorageCType for the type in memory). It
// returns "" for an invalid DType.
func (d DType) CType() string {
	if s := d.structOf(); s != nil {
		return s.name
	}
	return d.info().ctype
}

// IsInteger reports whether d is a signed or unsigned integer type.
func (d DType) IsInteger() bool { k := d.info().kind; return k == kindSigned || k == kindUnsigned }

// IsSigned reports whether d is a signed integer type.
func (d DType) IsSigned() bool { return d.info().kind == kindSigned }

// IsUnsigned reports whether d is an unsigned integer type.
func (d DType) IsUnsigned() bool { return d.info().kind == kindUnsigned }

// IsFloat reports whether d is a real floating-point type.
func (d DType) IsFloat() bool { return d.info().kind == kindFloat }

// IsComplex reports whether d is a complex type.
func (d DType) IsComplex() bool { return d.info().kind == kindComplex }

// IsReal reports whether d is a valid non-complex number type.
func (d DType) IsReal() bool { return d.IsInteger() || d.IsFloat() }

// IsDouble reports whether d needs double precision support on the device
// (float64 or complex128, or a struct with a field of them).
func (d DType) IsDouble() bool {
	if s := d.structOf(); s != nil {
		return s.double
	}
	return d == Float64 || d == Complex128
}

// Real returns the type of the real and imaginary parts of a complex d, and d
// itself for a real type.
func (d DType) Real() DType {
	switch d {
	case Complex64:
		return Float32
	case Complex128:
		return Float64
	case Complex32:
		return Float16
	}
	return d
}

// Complex returns the complex type whose parts have type d: complex64 for
// float32, complex128 for float64, complex32 for float16 and d itself for
// a complex type. Integer
// types have no complex counterpart on the device, and give an error.
func (d DType) Complex() (DType, error) {
	switch d {
	case Float32, Complex64:
		return Complex64, nil
	case Float64, Complex128:
		return Complex128, nil
	case Float16, Complex32:
		return Complex32, nil
	}
	return Invalid, fmt.Errorf("dtypes: %v has no complex counterpart", d)
}

// Parse returns the DType named name ("float32", "complex128", ...).
func Parse(name string) (DType, error) {
	for _, d := range All {
		if d.info().name == name {
			return d, nil
		}
	}
	return Invalid, fmt.Errorf("dtypes: unknown dtype %q", name)
}

// Element is the set of Go types that have a DType. float16.Float16, a
// uint16 by its Go type, is Float16's; HalfComplex is Complex32's.
type Element interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~int |
		~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uint |
		~float32 | ~float64 | ~complex64 | ~complex128 | HalfComplex
}

// For returns the DType of the Go type T.
func For[T Element]() DType {
	var zero T
	d, _ := OfType(reflect.TypeOf(zero))
	return d
}

// Of returns the DType of a Go scalar or of the elements of a Go slice or
// array, or an error if it has none. Go's int and uint are 64 bits wide and
// map to Int64 and Uint64; a Go struct of numbers maps to its struct dtype
// (see StructOf).
func Of(v any) (DType, error) {
	if v == nil {
		return Invalid, fmt.Errorf("dtypes: nil has no dtype")
	}
	if d, ok := v.(DType); ok {
		return d, nil
	}
	t := reflect.TypeOf(v)
	if t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		t = t.Elem()
	}
	return OfType(t)
}

// OfType returns the DType of the Go type t: float16.Float16 (of
// github.com/x448/float16) maps to Float16 and HalfComplex to Complex32.
func OfType(t reflect.Type) (DType, error) {
	switch t {
	case float16Type:
		return Float16, nil
	case halfComplexType:
		return Complex32, nil
	}
	switch t.Kind() {
	case reflect.Int8:
		return Int8, nil
	case reflect.Int16:
		return Int16, nil
	case reflect.Int32:
		return Int32, nil
	case reflect.Int64, reflect.Int:
		if t.Size() == 8 {
			return Int64, nil
		}
		return Int32, nil
	case reflect.Uint8:
		return Uint8, nil
	case reflect.Uint16:
		return Uint16, nil
	case reflect.Uint32:
		return Uint32, nil
	case reflect.Uint64, reflect.Uint:
		if t.Size() == 8 {
			return Uint64, nil
		}
		return Uint32, nil
	case reflect.Float32:
		return Float32, nil
	case reflect.Float64:
		return Float64, nil
	case reflect.Complex64:
		return Complex64, nil
	case reflect.Complex128:
		return Complex128, nil
	case reflect.Struct:
		return StructOf(t)
	}
	return Invalid, fmt.Errorf("dtypes: Go type %v has no dtype", t)
}

// GoType returns the Go type of d's elements: the number type, or the Go
// struct type of a struct dtype (whose layout in Go memory may differ from
// C's; see StructOf).
func (d DType) GoType() reflect.Type {
	if s := d.structOf(); s != nil {
		return s.goType
	}
	switch d {
	case Int8:
		return reflect.TypeFor[int8]()
	case Int16:
		return reflect.TypeFor[int16]()
	case Int32:
		return reflect.TypeFor[int32]()
	case Int64:
		return reflect.TypeFor[int64]()
	case Uint8:
		return reflect.TypeFor[uint8]()
	case Uint16:
		return reflect.TypeFor[uint16]()
	case Uint32:
		return reflect.TypeFor[uint32]()
	case Uint64:
		return reflect.TypeFor[uint64]()
	case Float32:
		return reflect.TypeFor[float32]()
	case Float64:
		return reflect.TypeFor[float64]()
	case Complex64:
		return reflect.TypeFor[complex64]()
	case Complex128:
		return reflect.TypeFor[complex128]()
	case Float16:
		return float16Type
	case Complex32:
		return halfComplexType
	}
	return nil
}
