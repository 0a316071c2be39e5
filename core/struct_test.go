package core_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

// sample is a Go struct whose Go layout differs from C's: Go aligns
// complex64 to 4 bytes and complex128 to 8, C to 8 and 16.
type sample struct {
	A int8
	Z complex64
	V [2][3]int16
	W complex128
	N pair
}

type pair struct {
	X float32
	I int32
}

// layoutKernel writes sizeof, alignment and the offset of every number of
// a struct, as the device's compiler lays it out.
var layoutKernel = templates.MustParse("layout.cl", `{{ .definition }}
KERNEL void layout(GLOBAL_MEM int *out)
{
    {{ .t }} probe;
    out[0] = (int)sizeof({{ .t }});
    out[1] = (int)__alignof__({{ .t }});
{{- range $i, $f := .flat }}
    out[{{ add $i 2 }}] = (int)((char *)&probe.{{ $f.Path }} - (char *)&probe);
{{- end }}
}`)

// alignAttribute matches the ALIGN attributes of a struct definition.
var alignAttribute = regexp.MustCompile(`ALIGN\(\d+\) `)

// TestStructLayoutOnDevice compares the layouts of struct dtypes with
// those the device's compiler gives their definitions: through the
// module, and as the compiler lays out the same fields with no ALIGN
// attributes, by C's own rules.
func TestStructLayoutOnDevice(t *testing.T) {
	thr := cludatest.Thread(t)
	described := dtypes.MustStruct("described", dtypes.Field{Name: "flag", DType: dtypes.Uint8},
		dtypes.Field{Name: "big", DType: dtypes.Int64}, dtypes.Field{Name: "rgb", DType: dtypes.Float32, Shape: []int{3}})
	tests := []struct {
		name string
		dt   dtypes.DType
	}{
		{"Go struct with complex fields", mustStructFor[sample](t)},
		{"Go struct of two numbers", mustStructFor[pair](t)},
		{"described fields", described},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !thr.Params().SupportsDType(tt.dt) {
				t.Skipf("the device does not support %v", tt.dt)
			}
			mod, err := core.CTypeModule(tt.dt)
			if err != nil {
				t.Fatal(err)
			}
			t.Run("module", func(t *testing.T) {
				checkLayout(t, thr, tt.dt, map[string]any{"t": mod, "definition": ""})
			})
			t.Run("natural", func(t *testing.T) {
				natural := alignAttribute.ReplaceAllString(tt.dt.CDefinition(), "")
				checkLayout(t, thr, tt.dt, map[string]any{"t": tt.dt.CType(), "definition": natural})
			})
		})
	}
}

// checkLayout compiles layoutKernel for dt with the render arguments args
// and compares what it writes with dt's layout.
func checkLayout(t *testing.T, thr *cluda.Thread, dt dtypes.DType, args map[string]any) {
	flat := dt.Flatten()
	args["flat"] = flat
	prog, err := core.CompileTemplate(thr, layoutKernel, args, cluda.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	out, err := thr.Empty([]int{len(flat) + 2}, dtypes.Int32)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	k, err := prog.Kernel("layout")
	if err != nil {
		t.Fatal(err)
	}
	if err := k.Call([]int{1}, nil, out); err != nil {
		t.Fatal(err)
	}
	got, err := cluda.Read[int32](out)
	if err != nil {
		t.Fatal(err)
	}
	if int(got[0]) != dt.Size() || int(got[1]) != dt.Align() {
		t.Errorf("device: sizeof %d alignof %d, dtypes: %d %d", got[0], got[1], dt.Size(), dt.Align())
	}
	for i, f := range flat {
		if int(got[i+2]) != f.Offset {
			t.Errorf("%s: device offset %d, dtypes %d", f.Path, got[i+2], f.Offset)
		}
	}
}

// mustStructFor returns the struct dtype of T.
func mustStructFor[T any](t *testing.T) dtypes.DType {
	t.Helper()
	d, err := dtypes.StructFor[T]()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestStructArraysThroughKernel uploads an array of Go structs whose
// layout differs from C's, changes every field in a kernel that also takes
// a struct scalar, and downloads the result.
func TestStructArraysThroughKernel(t *testing.T) {
	thr := cludatest.Thread(t)
	dt := mustStructFor[sample](t)
	if !thr.Params().SupportsDType(dt) {
		t.Skipf("the device does not support %v", dt)
	}
	const n = 100
	typ := core.ArrayOf(dt, n)
	comp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(typ)),
		core.Param("in", core.In(typ)),
		core.Param("s", core.ScalarArg(dt)),
	}, `{{ .in.CType }} v = {{ .in.LoadSame }};
    v.A += {{ .s }}.A;
    v.Z.x *= 2.0f;
    v.V[1][2] = (short)v.N.I;
    v.W.y += {{ .s }}.W.y;
    v.N.X = -v.N.X;
    {{ .out.StoreSame }}(v);`, computations.PureParallelOptions{Name: "change"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := comp.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	in := make([]sample, n)
	for i := range in {
		f := float32(i)
		in[i] = sample{A: int8(i), Z: complex(f, -f), V: [2][3]int16{{1, 2, 3}, {4, 5, int16(-i)}},
			W: complex(float64(i)/3, 1), N: pair{f / 4, int32(1000 + i)}}
	}
	s := sample{A: 3, W: complex(0, 0.5)}
	din, err := thr.ToDevice(in)
	if err != nil {
		t.Fatal(err)
	}
	defer din.Release()
	dout, err := thr.Empty([]int{n}, dt)
	if err != nil {
		t.Fatal(err)
	}
	defer dout.Release()
	if err := c.Call(dout, din, s); err != nil {
		t.Fatal(err)
	}
	got := make([]sample, n)
	if err := dout.Get(got); err != nil {
		t.Fatal(err)
	}
	for i, v := range in {
		v.A += s.A
		v.Z = complex(2*real(v.Z), imag(v.Z))
		v.V[1][2] = int16(v.N.I)
		v.W += complex(0, imag(s.W))
		v.N.X = -v.N.X
		if got[i] != v {
			t.Fatalf("element %d = %+v, want %+v", i, got[i], v)
		}
	}
	if err := c.Call(dout, din, pair{}); err == nil || !strings.Contains(err.Error(), `parameter "s"`) {
		t.Errorf("a scalar of another struct: %v", err)
	}
	if err := dout.Fill(s); err != nil {
		t.Fatal(err)
	}
	if err := dout.Get(got); err != nil {
		t.Fatal(err)
	}
	if got[n-1] != s {
		t.Errorf("filled with %+v, got %+v", s, got[n-1])
	}
}

// TestStructDefinitionsRendered renders a computation of structs whose
// output transformation takes a struct to a float: the kernel's source
// holds the definition of the struct once, before the kernel and the
// transformation's function that use it.
func TestStructDefinitionsRendered(t *testing.T) {
	dt := mustStructFor[pair](t)
	typ := core.ArrayOf(dt, 16)
	comp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(typ)),
		core.Param("in", core.In(typ)),
	}, `{{ .out.StoreSame }}({{ .in.LoadSame }});`, computations.PureParallelOptions{Name: "copy_pairs"})
	if err != nil {
		t.Fatal(err)
	}
	field := core.MustTransformation([]core.Parameter{
		core.Param("x", core.Out(typ.WithDType(dtypes.Float32))),
		core.Param("p", core.In(typ)),
	}, `{{ .x.StoreSame }}({{ .p.LoadSame }}.X);`, core.TransformationOptions{Name: "field_x"})
	if err := comp.Connect("out", field, "p", map[string]string{"x": "x"}); err != nil {
		t.Fatal(err)
	}
	plan, err := comp.Render(cluda.ModelGPU())
	if err != nil {
		t.Fatal(err)
	}
	src := plan.Kernels[0].Source
	def, kernel := strings.Index(src, "typedef struct pair"), strings.Index(src, "KERNEL void pp_copy_pairs")
	function := strings.Index(src, "pair _val)")
	if def < 0 || kernel < def || function < def || strings.Count(src, "typedef struct pair") != 1 {
		t.Errorf("the definition of pair is not once before the kernel:\n%s", src)
	}
}
