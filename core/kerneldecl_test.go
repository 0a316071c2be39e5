package core_test

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

// TestKernelDeclarationRequired renders kernels whose templates print, or
// forget, .KernelDeclaration: the forgotten one is an error that says so
// when the kernel is rendered, before any compiler sees it.
func TestKernelDeclarationRequired(t *testing.T) {
	const body = `
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    {{ .dst.StoreIdx }}(i, {{ .src.LoadIdx }}(i));
}`
	tests := []struct {
		name, source string
		want         string // "" for success
	}{
		{"declared", `{{ .KernelDeclaration }}` + body, ""},
		{"declaration forgotten", `KERNEL void copy(GLOBAL_MEM float *dst, GLOBAL_MEM const float *src)` + body,
			"does not print {{ .KernelDeclaration }}"},
		{"declaration in a comment only", `// {{ .src.Name }}
KERNEL void kernel0()` + body, "does not print {{ .KernelDeclaration }}"},
	}
	typ := core.ArrayOf(dtypes.Float32, 64)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmpl := templates.MustParse("copy.cl", tt.source)
			comp, err := core.NewComputation("copy", []core.Parameter{
				core.Param("out", core.Out(typ)),
				core.Param("in", core.In(typ)),
			}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
				return plan.KernelCall(tmpl, []core.KernelArg{core.Bind("dst", args["out"]), core.Bind("src", args["in"])},
					typ.Shape(), core.KernelOptions{})
			})
			if err != nil {
				t.Fatal(err)
			}
			_, err = comp.Render(cluda.ModelGPU())
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("render: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("error %v, want one that says %q", err, tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), "copy.cl"):
				t.Errorf("error %v does not name the template", err)
			}
		})
	}
}
