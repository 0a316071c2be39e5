package dtypes

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode"
)

// reservedCNames are names a struct or a field may not take: C keywords
// and OpenCL's type names, which a typedef or a field would hide.
var reservedCNames = func() map[string]bool {
	m := map[string]bool{}
	words := `auto break case char const continue default do double else enum extern float for goto if
		inline int long register restrict return short signed sizeof static struct switch typedef union
		unsigned void volatile while bool half size_t ptrdiff_t intptr_t uintptr_t uchar ushort uint ulong
		kernel global local constant private read_only write_only read_write image2d_t image3d_t sampler_t event_t`
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	for _, base := range []string{"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "half"} {
		for _, n := range []string{"2", "3", "4", "8", "16"} {
			m[base+n] = true
		}
	}
	return m
}()

// checkCName reports whether name can name a struct or a field (what) in
// C: an ASCII identifier, not reserved by C or OpenCL, and not starting
// with an underscore, which generated code keeps for itself.
func checkCName(what, name string) error {
	ok := name != "" && name[0] != '_'
	for i, r := range name {
		ok = ok && r < unicode.MaxASCII && (r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r))
	}
	switch {
	case !ok:
		return fmt.Errorf("dtypes: %s name %q is not a C identifier that does not start with _", what, name)
	case reservedCNames[name]:
		return fmt.Errorf("dtypes: %s name %q is reserved in OpenCL C", what, name)
	}
	return nil
}

// cIdentifier makes a Go type name into a C identifier ("struct" for none).
func cIdentifier(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := strings.TrimLeft(b.String(), "_0123456789")
	if s == "" {
		return "struct"
	}
	return s
}

// CDefinition returns the C definition of a struct dtype: the typedefs
// of the structs it holds, then its own, each inside an include guard so
// that a source may hold a definition more than once. Every field has an
// explicit ALIGN, so that the layout is the one Fields gives whatever the
// compiler. It returns "" for a dtype that is not a struct.
func (d DType) CDefinition() string {
	if !d.IsStruct() {
		return ""
	}
	var b strings.Builder
	done := map[DType]bool{}
	var define func(d DType)
	define = func(d DType) {
		if done[d] || !d.IsStruct() {
			return
		}
		done[d] = true
		fields := d.Fields()
		for _, f := range fields {
			define(f.DType)
		}
		guard := "REIKNA_STRUCT_" + d.CType()
		fmt.Fprintf(&b, "#ifndef %s\n#define %s\ntypedef struct %s\n{\n", guard, guard, d.CType())
		for _, f := range fields {
			fmt.Fprintf(&b, "    %s ALIGN(%d) %s", f.DType.CType(), f.DType.Align(), f.Name)
			for _, n := range f.Shape {
				fmt.Fprintf(&b, "[%d]", n)
			}
			b.WriteString(";\n")
		}
		fmt.Fprintf(&b, "} ALIGN(%d) %s;\n#endif\n", d.Align(), d.CType())
	}
	define(d)
	return b.String()
}

// FlatField is a number inside a struct dtype: its C path from the struct
// (such as "pos.x" or "weights[2]"), its dtype and its byte offset.
type FlatField struct {
	Path   string
	DType  DType
	Offset int
}

// Flatten returns the numbers of a struct dtype in the order of its C
// layout, nested structs and array elements opened (reikna's
// flatten_dtype with c_path), and for a number type d itself at path "".
func (d DType) Flatten() []FlatField {
	var out []FlatField
	var walk func(d DType, path string, off int)
	walk = func(d DType, path string, off int) {
		if !d.IsStruct() {
			out = append(out, FlatField{path, d, off})
			return
		}
		for _, f := range d.Fields() {
			p := f.Name
			if path != "" {
				p = path + "." + f.Name
			}
			n := 1
			for _, dim := range f.Shape {
				n *= dim
			}
			for i := range n {
				walk(f.DType, p+arraySuffix(f.Shape, i), off+f.Offset+i*f.DType.Size())
			}
		}
	}
	walk(d, "", 0)
	return out
}

// arraySuffix returns the C subscripts of element i (row-major) of an
// array of the given shape, "" for no shape.
func arraySuffix(shape []int, i int) string {
	s := ""
	for k := len(shape) - 1; k >= 0; k-- {
		s = "[" + strconv.Itoa(i%shape[k]) + "]" + s
		i /= shape[k]
	}
	return s
}

// structLiteral returns the literal of v, a value of a struct dtype's Go
// type, such as (STRUCT_CTR(pair){1.0f, 2}): the prelude's STRUCT_CTR
// makes it a compound literal in OpenCL C and a braced initialisation in
// CUDA C++.
func structLiteral(d DType, v any) (string, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Type() != d.GoType() {
		return "", fmt.Errorf("dtypes: %v takes values of the Go type %v, got %T", d, d.GoType(), v)
	}
	body, err := initializer(d, rv)
	if err != nil {
		return "", err
	}
	return "(STRUCT_CTR(" + d.CType() + ")" + body + ")", nil
}

// initializer returns the C initializer of rv, a Go value of dtype d.
func initializer(d DType, rv reflect.Value) (string, error) {
	if !d.IsStruct() {
		return d.Literal(rv.Interface())
	}
	var parts []string
	for i, f := range d.Fields() {
		s, err := arrayInitializer(f.DType, rv.Field(i), len(f.Shape))
		if err != nil {
			return "", fmt.Errorf("field %s: %w", f.Name, err)
		}
		parts = append(parts, s)
	}
	return "{" + strings.Join(parts, ", ") + "}", nil
}

// arrayInitializer returns the initializer of rv, an array of rank
// dimensions of elements of dtype d (a single element for rank 0).
func arrayInitializer(d DType, rv reflect.Value, rank int) (string, error) {
	if rank == 0 {
		return initializer(d, rv)
	}
	parts := make([]string, rv.Len())
	for i := range parts {
		s, err := arrayInitializer(d, rv.Index(i), rank-1)
		if err != nil {
			return "", err
		}
		parts[i] = s
	}
	return "{" + strings.Join(parts, ", ") + "}", nil
}
