package dtypes

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Field is a field of a struct dtype: a name, which must be a C identifier,
// the dtype of its elements, and, for a fixed-size array, its shape (nil
// for a single element).
type Field struct {
	Name  string
	DType DType
	Shape []int
}

// StructField is a field of a struct dtype with its place in the C layout.
type StructField struct {
	Field
	// Offset is the byte offset of the field in the C struct.
	Offset int
}

// structInfo is what the registry holds of a struct dtype.
type structInfo struct {
	name   string
	fields []StructField
	size   int // sizeof in C, padding included
	align  int // alignof in C
	goType reflect.Type
	// copies move the values of the fields between the Go layout of
	// goType and the C layout, in order; padding is left out.
	copies []byteCopy
	// sameLayout holds where the Go and C layouts are byte for byte the
	// same, so that host memory needs no conversion.
	sameLayout bool
	double     bool // a field needs double precision
}

// byteCopy moves size bytes from offset goOff of a Go value to offset cOff
// of its C layout.
type byteCopy struct{ goOff, cOff, size int }

// firstStruct is the first DType of a struct; the ones below are numbers.
const firstStruct DType = 256

// structs is the registry of struct dtypes. A DType of firstStruct or more
// indexes its list.
var structs struct {
	mu     sync.RWMutex
	list   []*structInfo
	byName map[string]DType
	byGo   map[reflect.Type]DType
}

// structOf returns the registered description of d, or nil for a DType
// that is not a struct.
func (d DType) structOf() *structInfo {
	if d < firstStruct {
		return nil
	}
	structs.mu.RLock()
	defer structs.mu.RUnlock()
	i := int(d - firstStruct)
	if i >= len(structs.list) {
		return nil
	}
	return structs.list[i]
}

// IsStruct reports whether d is a struct dtype (made by Struct or StructOf).
func (d DType) IsStruct() bool { return d.structOf() != nil }

// Fields returns the fields of a struct dtype with their C offsets, in
// order, and nil for any other dtype.
func (d DType) Fields() []StructField {
	s := d.structOf()
	if s == nil {
		return nil
	}
	out := make([]StructField, len(s.fields))
	for i, f := range s.fields {
		out[i] = f
		out[i].Shape = slices.Clone(f.Shape)
	}
	return out
}

// Align returns the alignment of d's elements in bytes, as a C compiler
// sets it: the size for a number, 8 for complex64 (float2), 16 for
// complex128 (double2), and the largest alignment of its fields for a
// struct. It returns 0 for an invalid DType.
func (d DType) Align() int {
	if s := d.structOf(); s != nil {
		return s.align
	}
	return d.info().size
}

// Struct returns the struct dtype named name with the given fields, laid
// out as a C compiler lays out the struct (reikna's align): each field at
// the next multiple of its alignment, the size rounded up to the struct's
// alignment, which is the largest of its fields'. Kernels see it as the C
// type name (see CDefinition); the Go type of its elements is a struct of
// the same fields with their names capitalised (see GoType).
//
// The same name and fields give the same DType; a name already given to
// other fields, a name or field name that is not a C identifier or that C
// or OpenCL reserve, a repeated field name, an invalid field dtype or a
// negative array dimension are errors.
func Struct(name string, fields ...Field) (DType, error) {
	if err := checkCName("struct", name); err != nil {
		return Invalid, err
	}
	goFields, err := goStructFields(name, fields)
	if err != nil {
		return Invalid, err
	}
	structs.mu.Lock()
	defer structs.mu.Unlock()
	if d, ok := structs.byName[name]; ok {
		s := structs.list[d-firstStruct]
		if !sameFields(s.fields, fields) {
			return Invalid, fmt.Errorf("dtypes: struct %s is defined already, with other fields", name)
		}
		return d, nil
	}
	return registerLocked(name, fields, reflect.StructOf(goFields))
}

// MustStruct is Struct for fields known to be valid; it panics otherwise.
func MustStruct(name string, fields ...Field) DType {
	d, err := Struct(name, fields...)
	if err != nil {
		panic(err)
	}
	return d
}

// StructOf returns the struct dtype of the Go struct type t, registering it
// on first use: its fields are t's, in order, with their Go names, each of
// a Go number type, a struct type of such fields, or an array of them. The
// C name is t's name, or the name followed by a number where another type
// took it first ("struct" for a type without a name).
//
// The C layout may differ from Go's (a complex128 is aligned to 16 bytes in
// C, to 8 in Go): arrays of t are converted between the two as they are
// copied to and from the device.
func StructOf(t reflect.Type) (DType, error) {
	if t == nil || t.Kind() != reflect.Struct {
		return Invalid, fmt.Errorf("dtypes: %v is not a struct type", t)
	}
	structs.mu.RLock()
	d, ok := structs.byGo[t]
	structs.mu.RUnlock()
	if ok {
		return d, nil
	}
	var fields []Field
	for i := range t.NumField() {
		f := t.Field(i)
		ft, shape := f.Type, []int(nil)
		for ft.Kind() == reflect.Array {
			shape = append(shape, ft.Len())
			ft = ft.Elem()
		}
		var fd DType
		var err error
		if ft.Kind() == reflect.Struct && ft != halfComplexType {
			fd, err = StructOf(ft)
		} else {
			fd, err = OfType(ft)
		}
		if err != nil {
			return Invalid, fmt.Errorf("dtypes: struct %v: field %s: %w", t, f.Name, err)
		}
		if fd.IsHalf() {
			return Invalid, fmt.Errorf("dtypes: struct %v: field %s of the half-precision storage type %v, which kernels cannot address in a struct", t, f.Name, fd)
		}
		fields = append(fields, Field{Name: f.Name, DType: fd, Shape: shape})
	}
	if len(fields) == 0 {
		return Invalid, fmt.Errorf("dtypes: struct %v has no fields", t)
	}
	base := cIdentifier(t.Name())
	structs.mu.Lock()
	defer structs.mu.Unlock()
	if d, ok := structs.byGo[t]; ok {
		return d, nil
	}
	name := base
	for n := 2; structs.byName[name] != 0 || checkCName("struct", name) != nil; n++ {
		name = base + "_" + strconv.Itoa(n)
	}
	for _, f := range fields {
		if err := checkCName("field", f.Name); err != nil {
			return Invalid, fmt.Errorf("dtypes: struct %v: %w", t, err)
		}
	}
	d, err := registerLocked(name, fields, t)
	if err != nil {
		return Invalid, err
	}
	structs.byGo[t] = d
	return d, nil
}

// registerLocked adds a struct to the registry, whose lock the caller
// holds.
func registerLocked(name string, fields []Field, goType reflect.Type) (DType, error) {
	s := &structInfo{name: name, goType: goType, align: 1}
	off := 0
	for i, f := range fields {
		a, size := f.DType.info().size, f.DType.info().size
		if f.DType >= firstStruct {
			a, size = structs.list[f.DType-firstStruct].align, structs.list[f.DType-firstStruct].size
		}
		off = roundUp(off, a)
		s.fields = append(s.fields, StructField{Field: Field{Name: f.Name, DType: f.DType, Shape: slices.Clone(f.Shape)}, Offset: off})
		n := 1
		for _, dim := range f.Shape {
			n *= dim
		}
		gf := goType.Field(i)
		s.copies = appendCopies(s.copies, f.DType, n, int(gf.Offset), off)
		off += n * size
		s.align = max(s.align, a)
		s.double = s.double || f.DType.isDoubleLocked()
	}
	s.size = roundUp(off, s.align)
	if s.size == 0 {
		return Invalid, fmt.Errorf("dtypes: struct %s holds no bytes", name)
	}
	s.sameLayout = int(goType.Size()) == s.size
	for _, c := range s.copies {
		s.sameLayout = s.sameLayout && c.goOff == c.cOff
	}
	if len(structs.list) >= int(^DType(0)-firstStruct) {
		return Invalid, fmt.Errorf("dtypes: struct %s: too many struct dtypes", name)
	}
	if structs.byName == nil {
		structs.byName = map[string]DType{}
		structs.byGo = map[reflect.Type]DType{}
	}
	structs.list = append(structs.list, s)
	d := firstStruct + DType(len(structs.list)-1)
	structs.byName[name] = d
	return d, nil
}

// isDoubleLocked is IsDouble for a caller that holds the registry's lock.
func (d DType) isDoubleLocked() bool {
	if d >= firstStruct {
		return structs.list[d-firstStruct].double
	}
	return d == Float64 || d == Complex128
}

// appendCopies appends the copies of n elements of dtype d that start at
// goOff in Go and cOff in C, merging neighbours that are contiguous in
// both layouts. The caller holds the registry's lock.
func appendCopies(copies []byteCopy, d DType, n, goOff, cOff int) []byteCopy {
	add := func(c byteCopy) {
		if k := len(copies) - 1; k >= 0 {
			last := &copies[k]
			if last.goOff+last.size == c.goOff && last.cOff+last.size == c.cOff {
				last.size += c.size
				return
			}
		}
		copies = append(copies, c)
	}
	if d < firstStruct {
		size := d.info().size
		for i := range n {
			add(byteCopy{goOff + i*size, cOff + i*size, size})
		}
		return copies
	}
	s := structs.list[d-firstStruct]
	goSize := int(s.goType.Size())
	for i := range n {
		for _, c := range s.copies {
			add(byteCopy{goOff + i*goSize + c.goOff, cOff + i*s.size + c.cOff, c.size})
		}
	}
	return copies
}

// goStructFields returns the fields of the Go type of a struct described
// by fields, checking them.
func goStructFields(name string, fields []Field) ([]reflect.StructField, error) {
	if len(fields) == 0 {
		return nil, fmt.Errorf("dtypes: struct %s has no fields", name)
	}
	var out []reflect.StructField
	seen := map[string]bool{}
	for _, f := range fields {
		if err := checkCName("field", f.Name); err != nil {
			return nil, fmt.Errorf("dtypes: struct %s: %w", name, err)
		}
		goName := exportedName(f.Name)
		if seen[f.Name] || seen[goName] {
			return nil, fmt.Errorf("dtypes: struct %s: field %s is repeated", name, f.Name)
		}
		seen[f.Name], seen[goName] = true, true
		if !f.DType.Valid() {
			return nil, fmt.Errorf("dtypes: struct %s: field %s of the invalid dtype %v", name, f.Name, f.DType)
		}
		if f.DType.IsHalf() {
			return nil, fmt.Errorf("dtypes: struct %s: field %s of the half-precision storage type %v, which kernels cannot address in a struct", name, f.Name, f.DType)
		}
		t := f.DType.GoType()
		for i := len(f.Shape) - 1; i >= 0; i-- {
			if f.Shape[i] < 0 {
				return nil, fmt.Errorf("dtypes: struct %s: field %s: negative dimension in the shape %v", name, f.Name, f.Shape)
			}
			t = reflect.ArrayOf(f.Shape[i], t)
		}
		out = append(out, reflect.StructField{Name: goName, Type: t})
	}
	return out, nil
}

// exportedName returns a C field name as an exported Go field name.
func exportedName(name string) string {
	if name[0] == '_' {
		return "X" + name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

func sameFields(a []StructField, b []Field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].DType != b[i].DType || !slices.Equal(a[i].Shape, b[i].Shape) {
			return false
		}
	}
	return true
}

func roundUp(n, m int) int { return (n + m - 1) / m * m }

// StructFor returns the struct dtype of the Go struct type T (see
// StructOf).
func StructFor[T any]() (DType, error) { return StructOf(reflect.TypeFor[T]()) }
