package core_test

import (
	"math"
	"strings"
	"testing"
	"text/template"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

func TestTypeValidation(t *testing.T) {
	newType := func(dt dtypes.DType, shape, strides []int, offset int) func() (core.Type, error) {
		return func() (core.Type, error) { return core.NewArrayType(dt, shape, strides, offset) }
	}
	arrayOf := func(dt dtypes.DType, shape ...int) func() (core.Type, error) {
		return func() (core.Type, error) { typ := core.ArrayOf(dt, shape...); return typ, typ.Validate() }
	}
	typeOf := func(v any) func() (core.Type, error) {
		return func() (core.Type, error) { return core.TypeOf(v) }
	}
	tests := []struct {
		name string
		make func() (core.Type, error)
		want string // "" for a valid type
		size int    // Size of a valid type
	}{
		{"row-major", arrayOf(dtypes.Complex64, 3, 5), "", 15},
		{"0-d", arrayOf(dtypes.Float32), "", 1},
		{"empty", arrayOf(dtypes.Float32, 1<<40, 0), "", 0},
		{"elements overflow", arrayOf(dtypes.Float32, 1<<62+1, 4), "shape [4611686018427387905 4] is too large", 0},
		{"bytes overflow", arrayOf(dtypes.Complex64, 1<<61+1, 4), "too large", 0},
		{"zero does not hide an overflow", arrayOf(dtypes.Float32, 1<<40, 1<<40, 0), "too large", 0},
		{"negative dimension", arrayOf(dtypes.Float32, 4, -1), "negative dimension", 0},
		{"invalid dtype", arrayOf(dtypes.Invalid, 4), "invalid dtype", 0},
		{"strided", newType(dtypes.Float32, []int{4}, []int{8}, 4), "", 4},
		{"stride overflow", newType(dtypes.Float32, []int{3}, []int{math.MaxInt / 2}, 0), "beyond the largest int", 0},
		{"offset overflow", newType(dtypes.Float32, []int{2}, nil, math.MaxInt-4), "beyond the largest int", 0},
		{"negative stride", newType(dtypes.Float32, []int{2}, []int{-4}, 8), "negative strides", 0},
		{"negative offset", newType(dtypes.Float32, []int{2}, nil, -4), "negative offset", 0},
		{"strides of another rank", newType(dtypes.Float32, []int{2, 2}, []int{4}, 0), "do not match", 0},
		{"row-major overflow", newType(dtypes.Float32, []int{1 << 62, 4}, nil, 0), "too large", 0},
		{"type of a nil *Type", typeOf((*core.Type)(nil)), "nil *Type", 0},
		{"type of an invalid type", typeOf(core.ArrayOf(dtypes.Float32, 1<<62+1, 4)), "too large", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			typ, err := tt.make()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("unexpected error %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
			if got := typ.Size(); got != tt.size {
				t.Errorf("Size = %d, want %d", got, tt.size)
			}
			if err != nil && typ.IsContiguous() {
				t.Errorf("an invalid type is contiguous")
			}
		})
	}
}

func TestInvalidTypesRefused(t *testing.T) {
	huge := core.ArrayOf(dtypes.Float32, 1<<62+1, 4)
	if _, err := core.NewComputation("c", []core.Parameter{core.Param("out", core.Out(huge))},
		func(*core.Plan, map[string]*core.KernelArgument) error { return nil }); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("computation of an overflowing type: %v", err)
	}
	if _, err := core.NewTransformation([]core.Parameter{core.Param("out", core.Out(huge)), core.Param("in", core.In(huge))},
		"{{ .out.StoreSame }}({{ .in.LoadSame }});", core.TransformationOptions{}); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("transformation of an overflowing type: %v", err)
	}

	thr := cludatest.Thread(t)
	empty := template.Must(template.New("k").Parse("{{ .KernelDeclaration }} { }"))
	small := core.ArrayOf(dtypes.Float32, 4)
	tests := []struct {
		name  string
		build core.BuildFunc
		want  string
	}{
		{"temporary array", func(p *core.Plan, _ map[string]*core.KernelArgument) error {
			_, err := p.TempArray(huge)
			return err
		}, "too large"},
		{"persistent array", func(p *core.Plan, _ map[string]*core.KernelArgument) error {
			_, err := p.PersistentArray(make([]float32, 4), 1<<62+1, 4)
			return err
		}, "too large"},
		{"kernel global size", func(p *core.Plan, args map[string]*core.KernelArgument) error {
			return p.KernelCall(empty, []core.KernelArg{core.Bind("out", args["out"])}, []int{1 << 62, 1 << 62}, core.KernelOptions{})
		}, "global size"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := core.NewComputation("c", []core.Parameter{core.Param("out", core.Out(small))}, tt.build)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.Compile(thr); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}
