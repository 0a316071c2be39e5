package core

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// Type is the type of a computation or transformation parameter: a dtype
// and, for arrays, a shape, byte strides and a byte offset (reikna's Type).
// The zero Type is invalid. Array types follow the layout rules of cluda
// (see cluda.Span): a type whose elements or bytes an int cannot count is
// invalid, and Validate says why.
type Type struct {
	dtype   dtypes.DType
	array   bool
	shape   []int
	strides []int
	offset  int
	err     error // of an array type whose row-major strides could not be computed
}

// ArrayOf returns the type of a contiguous row-major array. A shape of no
// dimensions is a 0-d array of one element. A shape that is not valid (a
// negative dimension, more bytes than an int counts) gives an invalid type,
// which Validate, and every function that takes the type, refuses.
func ArrayOf(dtype dtypes.DType, shape ...int) Type {
	if shape == nil {
		shape = []int{}
	}
	t := Type{dtype: dtype, array: true, shape: slices.Clone(shape)}
	if dtype.Valid() {
		t.strides, t.err = cluda.ContiguousStrides(shape, dtype.Size())
	}
	return t
}

// ScalarOf returns the type of a scalar of the given dtype.
func ScalarOf(dtype dtypes.DType) Type { return Type{dtype: dtype} }

// NewArrayType returns an array type with explicit byte strides (nil for
// row-major) and offset, or an error if the layout is not valid.
func NewArrayType(dtype dtypes.DType, shape, strides []int, offset int) (Type, error) {
	t := Type{dtype: dtype, array: true, shape: slices.Clone(shape), strides: slices.Clone(strides), offset: offset}
	if t.shape == nil {
		t.shape = []int{}
	}
	if strides == nil && dtype.Valid() {
		t.strides, t.err = cluda.ContiguousStrides(t.shape, dtype.Size())
	}
	return t, t.Validate()
}

// Validate reports whether t is a valid type: a valid dtype and, for an
// array, a layout that obeys cluda's rules (no negative dimension, stride
// or offset, and element counts, byte sizes and the span all within an
// int). The half-precision storage types (see dtypes.DType.IsHalf) are
// types of arrays only, whose offset and strides are whole halves. The
// error names the type's shape.
func (t Type) Validate() error {
	if !t.dtype.Valid() {
		return &TypeError{Reason: fmt.Sprintf("invalid dtype %v", t.dtype)}
	}
	if !t.array {
		if t.dtype.IsHalf() {
			return &TypeError{Reason: fmt.Sprintf("%v is a storage type of arrays only; a scalar of it has no kernel argument (take %v)", t.dtype, t.dtype.Arithmetic())}
		}
		return nil
	}
	err := t.err
	if err == nil {
		_, err = cluda.Span(t.dtype, t.shape, t.strides, t.offset)
	}
	if err != nil {
		return &TypeError{Reason: fmt.Sprintf("array type of %v: %v", t.dtype, err), Err: err}
	}
	if t.dtype.IsHalf() {
		for _, b := range append([]int{t.offset}, t.strides...) {
			if b%2 != 0 {
				return &TypeError{Reason: fmt.Sprintf("array type of %v: offset %d or strides %v not in whole halves (2 bytes)", t.dtype, t.offset, t.strides)}
			}
		}
	}
	return nil
}

// TypeError is what Validate returns for a Type that is not valid. Its
// Reason says what is wrong without the package's name, for the callers
// that put their own name before it (as the computations do).
type TypeError struct {
	Reason string
	Err    error // the layout's error, where that is what is wrong
}

func (e *TypeError) Error() string { return "core: " + e.Reason }

// reasonError is a TypeError under core's own words: its reason alone.
type reasonError struct{ err *TypeError }

func (e reasonError) Error() string { return e.err.Reason }

func (e reasonError) Unwrap() error { return e.err }

// Unwrap returns the layout's error, or nil.
func (e *TypeError) Unwrap() error { return e.Err }

// TypeOf returns the type of a value: a *cluda.Array or anything else with
// an array layout (cluda.ArrayLike), a Type (itself), a dtypes.DType (a
// scalar of it), or a Go number (a scalar of its dtype).
func TypeOf(v any) (Type, error) {
	switch x := v.(type) {
	case Type:
		return x, x.Validate()
	case *Type:
		if x == nil {
			return Type{}, fmt.Errorf("core: type of a nil *Type")
		}
		return *x, x.Validate()
	case dtypes.DType:
		return ScalarOf(x), ScalarOf(x).Validate()
	case cluda.ArrayLike:
		if reflect.ValueOf(x).Kind() == reflect.Pointer && reflect.ValueOf(x).IsNil() {
			return Type{}, fmt.Errorf("core: type of a nil %T", v)
		}
		return NewArrayType(x.DType(), x.Shape(), x.Strides(), x.Offset())
	}
	dt, err := dtypes.Of(v)
	if err != nil {
		return Type{}, fmt.Errorf("core: %T has no type: %w", v, err)
	}
	if reflect.ValueOf(v).Kind() == reflect.Slice {
		return Type{}, fmt.Errorf("core: a Go slice has no device type; use a *cluda.Array or core.ArrayOf")
	}
	return ScalarOf(dt), nil
}

// DType returns the element type.
func (t Type) DType() dtypes.DType { return t.dtype }

// IsArray reports whether t is an array type (rather than a scalar).
func (t Type) IsArray() bool { return t.array }

// Shape returns a copy of the shape (nil for a scalar).
func (t Type) Shape() []int { return slices.Clone(t.shape) }

// Strides returns a copy of the byte strides (nil for a scalar).
func (t Type) Strides() []int { return slices.Clone(t.strides) }

// Offset returns the byte offset of element 0.
func (t Type) Offset() int { return t.offset }

// Size returns the number of elements (1 for a scalar), or 0 for an array
// type that Validate refuses.
func (t Type) Size() int {
	n, err := cluda.ShapeSize(t.shape)
	if err != nil || t.Validate() != nil {
		return 0
	}
	return n
}

// Rank returns the number of dimensions (0 for a scalar).
func (t Type) Rank() int { return len(t.shape) }

// CType returns the OpenCL C name of the element type.
func (t Type) CType() string { return t.dtype.CType() }

// IsContiguous reports whether the array is row-major without gaps and
// starts at offset 0.
func (t Type) IsContiguous() bool {
	if !t.array || t.offset != 0 || t.Validate() != nil {
		return false
	}
	strides, err := cluda.ContiguousStrides(t.shape, t.dtype.Size())
	return err == nil && slices.Equal(t.strides, strides)
}

// Equal reports whether two types are the same in every property.
func (t Type) Equal(u Type) bool {
	return t.dtype == u.dtype && t.array == u.array && slices.Equal(t.shape, u.shape) &&
		slices.Equal(t.strides, u.strides) && t.offset == u.offset
}

// SameShape reports whether two types have the same dtype and shape, and
// are both arrays or both scalars; layouts may differ.
func (t Type) SameShape(u Type) bool {
	return t.dtype == u.dtype && t.array == u.array && slices.Equal(t.shape, u.shape)
}

// WithDType returns a contiguous array type of the same shape and another
// dtype (a scalar stays a scalar).
func (t Type) WithDType(dt dtypes.DType) Type {
	if !t.array {
		return ScalarOf(dt)
	}
	return ArrayOf(dt, t.shape...)
}

// WithShape returns a contiguous array type of the same dtype and another
// shape.
func (t Type) WithShape(shape ...int) Type { return ArrayOf(t.dtype, shape...) }

// String describes the type as reikna does, for example
// "Type(complex64, shape=(128,), strides=(8,))".
func (t Type) String() string {
	if !t.array {
		return t.dtype.String()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Type(%v, shape=%s, strides=%s", t.dtype, tuple(t.shape), tuple(t.strides))
	if t.offset != 0 {
		fmt.Fprintf(&b, ", offset=%d", t.offset)
	}
	b.WriteString(")")
	return b.String()
}

func tuple(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	if len(xs) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// Role says how a parameter is used: read, written, both, or a scalar.
type Role uint8

// Roles of parameters.
const (
	Input       Role = iota + 1 // an array the computation reads ('i')
	Output                      // an array the computation writes ('o')
	InputOutput                 // an array read and written ('io')
	Scalar                      // a scalar value ('s')
)

// String returns reikna's short name of the role: "i", "o", "io" or "s".
func (r Role) String() string {
	if int(r) < len(roleNames) && roleNames[r] != "" {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", uint8(r))
}

// roleNames are the names String returns, by value.
var roleNames = [...]string{Input: "i", Output: "o", InputOutput: "io", Scalar: "s"}

// reads reports whether the role reads an array; writes whether it writes.
func (r Role) reads() bool  { return r == Input || r == InputOutput }
func (r Role) writes() bool { return r == Output || r == InputOutput }

// Annotation is a type together with the role of a parameter.
type Annotation struct {
	Type Type
	Role Role
}

// In annotates an input array.
func In(t Type) Annotation { return Annotation{t, Input} }

// Out annotates an output array.
func Out(t Type) Annotation { return Annotation{t, Output} }

// InOut annotates an array that is read and written.
func InOut(t Type) Annotation { return Annotation{t, InputOutput} }

// ScalarArg annotates a scalar of the given dtype.
func ScalarArg(dt dtypes.DType) Annotation { return Annotation{ScalarOf(dt), Scalar} }

func (a Annotation) validate() error {
	if err := a.Type.Validate(); err != nil {
		var te *TypeError
		if errors.As(err, &te) {
			return reasonError{te}
		}
		return err
	}
	switch a.Role {
	case Input, Output, InputOutput:
		if !a.Type.array {
			return fmt.Errorf("role %v needs an array type, not %v", a.Role, a.Type)
		}
	case Scalar:
		if a.Type.array {
			return fmt.Errorf("a scalar cannot have the array type %v", a.Type)
		}
	default:
		return fmt.Errorf("invalid role %v", a.Role)
	}
	return nil
}

// String prints the annotation as reikna does:
// "Annotation(Type(float32, shape=(128,), strides=(4,)), role='o')", or
// "Annotation(float32)" for a scalar.
func (a Annotation) String() string {
	if a.Role == Scalar {
		return fmt.Sprintf("Annotation(%v)", a.Type.dtype)
	}
	return fmt.Sprintf("Annotation(%v, role='%v')", a.Type, a.Role)
}

// Parameter is a named, annotated parameter of a computation or
// transformation.
type Parameter struct {
	Name       string
	Annotation Annotation
}

// Param returns a parameter.
func Param(name string, a Annotation) Parameter { return Parameter{name, a} }

// Type returns the parameter's type.
func (p Parameter) Type() Type { return p.Annotation.Type }

// Role returns the parameter's role.
func (p Parameter) Role() Role { return p.Annotation.Role }

func (p Parameter) String() string { return p.Name + ":" + p.Annotation.String() }

// Signature is an ordered list of parameters.
type Signature []Parameter

// Names returns the parameter names in order.
func (s Signature) Names() []string {
	out := make([]string, len(s))
	for i, p := range s {
		out[i] = p.Name
	}
	return out
}

// Lookup returns the parameter called name.
func (s Signature) Lookup(name string) (Parameter, bool) {
	for _, p := range s {
		if p.Name == name {
			return p, true
		}
	}
	return Parameter{}, false
}

// Bind orders arguments given by their parameters' names as a positional
// call takes them (reikna's keyword arguments): named must hold a value
// for every parameter of s and nothing else. The error names the
// parameters that lack a value and the names s does not have.
func (s Signature) Bind(named map[string]any) ([]any, error) {
	args := make([]any, len(s))
	var missing []string
	for i, p := range s {
		v, ok := named[p.Name]
		if !ok {
			missing = append(missing, p.Name)
			continue
		}
		args[i] = v
	}
	var unknown []string
	for name := range named {
		if _, ok := s.Lookup(name); !ok {
			unknown = append(unknown, name)
		}
	}
	slices.Sort(unknown)
	var problems []string
	if len(missing) > 0 {
		problems = append(problems, "no value for "+strings.Join(missing, ", "))
	}
	if len(unknown) > 0 {
		problems = append(problems, "no parameter "+strings.Join(unknown, ", "))
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("arguments by name: %s (the parameters are %s)", strings.Join(problems, "; "), strings.Join(s.Names(), ", "))
	}
	return args, nil
}

func (s Signature) String() string {
	parts := make([]string, len(s))
	for i, p := range s {
		parts[i] = p.String()
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// validName reports whether name can name a parameter: a C identifier that
// does not start with an underscore (names starting with _ are reserved).
func validName(name string) error {
	if name == "" {
		return fmt.Errorf("empty name")
	}
	if name[0] == '_' {
		return fmt.Errorf("name %q: names starting with _ are reserved", name)
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return fmt.Errorf("name %q is not an identifier", name)
		}
	}
	return nil
}
