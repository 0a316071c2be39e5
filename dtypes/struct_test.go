package dtypes_test

import (
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/reikna-go/reikna/dtypes"
)

// TestStructLayout checks the C layouts that Struct computes against the
// rules of C: each field at a multiple of its alignment, the size a
// multiple of the largest.
func TestStructLayout(t *testing.T) {
	inner := dtypes.MustStruct("layout_inner", dtypes.Field{Name: "a", DType: dtypes.Int8}, dtypes.Field{Name: "z", DType: dtypes.Complex128})
	tests := []struct {
		name        string
		fields      []dtypes.Field
		offsets     []int
		size, align int
	}{
		{"layout_packed", []dtypes.Field{{Name: "x", DType: dtypes.Float32}, {Name: "i", DType: dtypes.Int32}}, []int{0, 4}, 8, 4},
		{"layout_padded", []dtypes.Field{{Name: "c", DType: dtypes.Int8}, {Name: "d", DType: dtypes.Float64}, {Name: "s", DType: dtypes.Int16}}, []int{0, 8, 16}, 24, 8},
		{"layout_complex", []dtypes.Field{{Name: "c", DType: dtypes.Int8}, {Name: "z", DType: dtypes.Complex64}}, []int{0, 8}, 16, 8},
		{"layout_array", []dtypes.Field{{Name: "c", DType: dtypes.Uint8}, {Name: "v", DType: dtypes.Int16, Shape: []int{3}}, {Name: "e", DType: dtypes.Int8}}, []int{0, 2, 8}, 10, 2},
		{"layout_nested", []dtypes.Field{{Name: "b", DType: dtypes.Int8}, {Name: "in", DType: inner, Shape: []int{2}}, {Name: "t", DType: dtypes.Int8}}, []int{0, 16, 80}, 96, 16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := dtypes.Struct(tt.name, tt.fields...)
			if err != nil {
				t.Fatal(err)
			}
			var offsets []int
			for _, f := range d.Fields() {
				offsets = append(offsets, f.Offset)
			}
			if !slices.Equal(offsets, tt.offsets) || d.Size() != tt.size || d.Align() != tt.align {
				t.Errorf("offsets %v size %d align %d, want %v %d %d", offsets, d.Size(), d.Align(), tt.offsets, tt.size, tt.align)
			}
			if !d.IsStruct() || !d.Valid() || d.CType() != tt.name || d.String() != tt.name || d.IsReal() || d.IsComplex() {
				t.Errorf("%v: IsStruct %v Valid %v CType %q IsReal %v", d, d.IsStruct(), d.Valid(), d.CType(), d.IsReal())
			}
			again, err := dtypes.Struct(tt.name, tt.fields...)
			if err != nil || again != d {
				t.Errorf("the same struct again: %v, %v", again, err)
			}
		})
	}
	if !inner.IsDouble() {
		t.Error("a struct of a complex128 does not need double precision")
	}
}

func TestStructErrors(t *testing.T) {
	f32 := dtypes.Field{Name: "x", DType: dtypes.Float32}
	dtypes.MustStruct("errors_taken", f32)
	tests := []struct {
		name   string
		sname  string
		fields []dtypes.Field
		want   string
	}{
		{"no fields", "errors_empty", nil, "has no fields"},
		{"not an identifier", "two words", []dtypes.Field{f32}, "not a C identifier"},
		{"underscore", "_hidden", []dtypes.Field{f32}, "not a C identifier"},
		{"C keyword", "int", []dtypes.Field{f32}, "reserved in OpenCL C"},
		{"OpenCL type", "float4", []dtypes.Field{f32}, "reserved in OpenCL C"},
		{"field keyword", "errors_f", []dtypes.Field{{Name: "double", DType: dtypes.Float64}}, "reserved"},
		{"repeated field", "errors_rep", []dtypes.Field{f32, f32}, "field x is repeated"},
		{"invalid dtype", "errors_inv", []dtypes.Field{{Name: "x"}}, "invalid dtype"},
		{"negative dimension", "errors_neg", []dtypes.Field{{Name: "x", DType: dtypes.Int8, Shape: []int{-1}}}, "negative dimension"},
		{"no bytes", "errors_zero", []dtypes.Field{{Name: "x", DType: dtypes.Int8, Shape: []int{0}}}, "holds no bytes"},
		{"name taken by other fields", "errors_taken", []dtypes.Field{{Name: "y", DType: dtypes.Float32}}, "defined already"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := dtypes.Struct(tt.sname, tt.fields...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one that says %q", err, tt.want)
			}
		})
	}
	for _, tt := range []struct {
		name string
		typ  reflect.Type
		want string
	}{
		{"a string field", reflect.TypeFor[struct{ S string }](), "field S"},
		{"a pointer field", reflect.TypeFor[struct{ P *int }](), "has no dtype"},
		{"no fields", reflect.TypeFor[struct{}](), "has no fields"},
		{"not a struct", reflect.TypeFor[int](), "not a struct type"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := dtypes.StructOf(tt.typ)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one that says %q", err, tt.want)
			}
		})
	}
}

// mixed is a Go struct whose Go layout is not C's: Go aligns complex64 to
// 4 bytes and complex128 to 8, C to 8 and 16.
type mixed struct {
	A int8
	Z complex64
	V [2][3]int16
	W complex128
	N point
}

type point struct {
	X float32
	I int32
}

func TestStructOfGoType(t *testing.T) {
	d, err := dtypes.Of([]mixed{})
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := dtypes.StructOf(reflect.TypeFor[mixed]()); again != d {
		t.Errorf("the same Go type gave %v and %v", d, again)
	}
	var offsets []int
	for _, f := range d.Fields() {
		offsets = append(offsets, f.Offset)
	}
	// A at 0, Z at 8, V (6 int16) at 16 to 28, W at 32, N at 48 to 56,
	// rounded up to 16.
	if want := []int{0, 8, 16, 32, 48}; !slices.Equal(offsets, want) || d.Size() != 64 {
		t.Errorf("offsets %v size %d, want %v and 64", offsets, d.Size(), want)
	}
	if d.GoLayoutMatches() {
		t.Error("the Go layout of mixed matches C's")
	}
	p, _ := dtypes.Of(point{})
	if !p.GoLayoutMatches() || p.CType() != "point" {
		t.Errorf("point: layout matches %v, C type %q", p.GoLayoutMatches(), p.CType())
	}
	flat := d.Flatten()
	var paths []string
	for _, f := range flat {
		paths = append(paths, f.Path)
	}
	if got := strings.Join(paths, " "); got != "A Z V[0][0] V[0][1] V[0][2] V[1][0] V[1][1] V[1][2] W N.X N.I" {
		t.Errorf("flattened paths %s", got)
	}
	if f := flat[len(flat)-1]; f.Offset != 52 || f.DType != dtypes.Int32 {
		t.Errorf("N.I at %d of %v, want 52 of int32", f.Offset, f.DType)
	}

	values := []mixed{
		{A: -3, Z: complex(1, 2), V: [2][3]int16{{1, 2, 3}, {4, 5, 6}}, W: complex(-7, 8), N: point{0.5, 9}},
		{A: 100, Z: complex(-1, 0.25), W: complex(3, 4), N: point{-2, -1}},
	}
	b, err := d.Encode(values)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != 2*d.Size() || b[0] != 0xfd || b[64] != 100 {
		t.Errorf("%d bytes, first of each element %#x %#x", len(b), b[0], b[64])
	}
	back := make([]mixed, 2)
	if err := d.Decode(b, back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, values) {
		t.Errorf("decoded %+v, want %+v", back, values)
	}
	if err := d.Decode(b[1:], back); err == nil {
		t.Error("decoding a short buffer is no error")
	}
	if _, err := d.Encode([]point{}); err == nil {
		t.Error("encoding a slice of another type is no error")
	}
}

func TestStructLiteralAndDefinition(t *testing.T) {
	d, _ := dtypes.Of(point{})
	lit, err := d.Literal(point{-1.5, 7})
	if err != nil || lit != "(STRUCT_CTR(point){(-1.5f), 7})" {
		t.Errorf("literal %q, %v", lit, err)
	}
	if _, err := d.Literal(1.0); err == nil {
		t.Error("a float literal of a struct dtype is no error")
	}
	m, _ := dtypes.Of(mixed{})
	def := m.CDefinition()
	for _, want := range []string{
		"#ifndef REIKNA_STRUCT_point", "typedef struct point\n{\n    float ALIGN(4) X;\n    int ALIGN(4) I;\n} ALIGN(4) point;",
		"    short ALIGN(2) V[2][3];", "    double2 ALIGN(16) W;", "    point ALIGN(4) N;",
	} {
		if !strings.Contains(def, want) {
			t.Errorf("definition lacks %q:\n%s", want, def)
		}
	}
	if strings.Index(def, "typedef struct point") > strings.Index(def, "typedef struct mixed") {
		t.Errorf("the nested struct is defined after its user:\n%s", def)
	}
	if dtypes.Float32.CDefinition() != "" {
		t.Error("a number type has a struct definition")
	}
}

// concurrent is registered by several goroutines at once.
type concurrent struct {
	A float64
	B [4]uint8
}

func TestStructOfConcurrent(t *testing.T) {
	const goroutines = 8
	got := make([]dtypes.DType, goroutines)
	errs := make([]error, goroutines)
	var wg sync.WaitGroup
	for i := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = dtypes.StructFor[concurrent]()
			_ = got[i].Size() + len(got[i].Fields())
		}()
	}
	wg.Wait()
	for i := range goroutines {
		if errs[i] != nil || got[i] != got[0] {
			t.Errorf("goroutine %d: %v, %v; goroutine 0: %v", i, got[i], errs[i], got[0])
		}
	}
	if got[0].Size() != 16 || got[0].CType() != "concurrent" {
		t.Errorf("%v: size %d", got[0], got[0].Size())
	}
}
