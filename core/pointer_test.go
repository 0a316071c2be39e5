package core_test

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
	"github.com/reikna-go/reikna/transformations"
)

// pointerCopyKernel doubles src into dst, indexing the arrays' memory
// through their pointers.
var pointerCopyKernel = templates.MustParse("pointer_copy", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    GLOBAL_MEM const float *from = {{ .src.Pointer }};
    {{ .dst.Pointer }}[i] = from[i] * 2.0f;
}`)

// TestKernelParameterPointer checks the pointers of arrays that kernels
// reach without transformations (a leaf and a temporary array), their
// results on the device, and the refusal of a pointer to a parameter
// that a transformation stands before.
func TestKernelParameterPointer(t *testing.T) {
	typ := core.ArrayOf(dtypes.Float32, 1000)
	newComp := func() *core.Computation {
		comp, err := core.NewComputation("pointer_copy", []core.Parameter{
			core.Param("out", core.Out(typ)),
			core.Param("in", core.In(typ)),
		}, stagedBy(pointerCopyKernel))
		if err != nil {
			t.Fatal(err)
		}
		return comp
	}
	plan, err := newComp().Render(cluda.ModelCPU())
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"_temp0[i] = from[i]", "_leaf_out[i] = from[i]"} {
		if !strings.Contains(plan.Kernels[i].Source, want) {
			t.Errorf("kernel %d lacks %q:\n%s", i, want, plan.Kernels[i].Source)
		}
	}

	thr := cludatest.Thread(t)
	c, err := newComp().Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	x := make([]float32, 1000)
	for i := range x {
		x[i] = float32(i) - 300.5
	}
	in, err := thr.ToDevice(x, 1000)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Release()
	out, err := thr.Empty([]int{1000}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if err := c.Call(out, in); err != nil {
		t.Fatal(err)
	}
	got, err := cluda.Read[float32](out)
	if err != nil {
		t.Fatal(err)
	}
	for i := range x {
		if got[i] != 4*x[i] {
			t.Fatalf("out[%d] = %v, want %v", i, got[i], 4*x[i])
		}
	}

	comp := newComp()
	scale, err := transformations.MulConst(typ, float32(3))
	if err != nil {
		t.Fatal(err)
	}
	if err := comp.Connect("in", scale, "output", map[string]string{"input": "in_raw"}); err != nil {
		t.Fatal(err)
	}
	const refusal = "has no pointer to its memory"
	if _, err := comp.Render(cluda.ModelCPU()); err == nil || !strings.Contains(err.Error(), refusal) {
		t.Errorf("a transformed input: error %v, want one that says %q", err, refusal)
	}
}
