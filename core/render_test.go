package core_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"text/template"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
	"github.com/reikna-go/reikna/transformations"
)

// A computation's plan can be rendered for a device that is not there:
// here, the tutorial's elementwise computation with its output split into
// real and imaginary parts, for a GPU with NVIDIA's limits.
func ExampleComputation_Render() {
	arr := core.ArrayOf(dtypes.Complex64, 3, 1000)
	comp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(arr)),
		core.Param("in", core.In(arr)),
		core.Param("factor", core.ScalarArg(dtypes.Float32)),
	}, `{{ .out.StoreSame }}({{ .in.LoadSame }} * {{ .factor }});`, computations.PureParallelOptions{Name: "scale"})
	if err != nil {
		fmt.Println(err)
		return
	}
	rt := arr.WithDType(dtypes.Float32)
	split := core.MustTransformation([]core.Parameter{
		core.Param("real", core.Out(rt)),
		core.Param("imag", core.Out(rt)),
		core.Param("input", core.In(arr)),
	}, `{{ .real.StoreSame }}({{ .input.LoadSame }}.x);
    {{ .imag.StoreSame }}({{ .input.LoadSame }}.y);`, core.TransformationOptions{Name: "split_complex"})
	if err := comp.Connect("out", split, "input", map[string]string{"real": "re", "imag": "im"}); err != nil {
		fmt.Println(err)
		return
	}

	plan, err := comp.Render(cluda.ModelGPU())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("signature:", plan.Signature.Names())
	for _, k := range plan.Kernels {
		fmt.Printf("kernel %s: virtual global %v local %v, OpenCL global %v local %v\n",
			k.Name, k.GlobalSize, k.LocalSize, k.RealGlobalSize, k.RealLocalSize)
		fmt.Println("arguments:", k.Args)
		fmt.Println("starts with the prelude:", strings.HasPrefix(k.FullSource, "#pragma OPENCL EXTENSION cl_khr_fp64: enable\n#define REIKNA_OPENCL\n"))
	}
	// Output:
	// signature: [re im in factor]
	// kernel pp_scale: virtual global [3 1000] local [1 256], OpenCL global [3072] local [256]
	// arguments: [_leaf_re _leaf_im _leaf_in _leaf_factor]
	// starts with the prelude: true
}

func TestRenderErrors(t *testing.T) {
	big := core.ArrayOf(dtypes.Complex64, 1<<27+1) // above 1 GiB
	small := core.ArrayOf(dtypes.Complex128, 16)
	cpu := cluda.ModelCPU()
	noFP64 := cluda.ModelGPU()
	noFP64.DoubleFP = false
	tests := []struct {
		name string
		typ  core.Type
		p    *cluda.DeviceParams
		want string
	}{
		{"no parameters", small, nil, "no device parameters"},
		{"temporary array above the largest allocation", big, cpu, "_temp0: Type(complex64, shape=(134217729,), strides=(8,)) of 1073741832 bytes: larger than the device's largest allocation (1073741824 bytes)"},
		{"unsupported dtype", small, noFP64, "does not support complex128"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			comp, err := core.NewComputation("staged", []core.Parameter{
				core.Param("out", core.Out(tt.typ)),
				core.Param("in", core.In(tt.typ)),
			}, stagedCopy)
			if err != nil {
				t.Fatal(err)
			}
			_, err = comp.Render(tt.p)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one that says %q", err, tt.want)
			}
		})
	}
}

var copyKernel = templates.MustParse("copy", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    {{ .dst.StoreIdx }}(i, {{ .src.LoadIdx }}(i));
}`)

// stagedCopy copies in to out through a temporary array.
var stagedCopy = stagedBy(copyKernel)

// stagedBy returns the build of a computation that runs kernel, a copy
// of src into dst, from in into a temporary array and from there into
// out.
func stagedBy(kernel *template.Template) func(*core.Plan, map[string]*core.KernelArgument) error {
	return func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		tmp, err := plan.TempArrayLike(args["in"])
		if err != nil {
			return err
		}
		for _, step := range [][2]*core.KernelArgument{{tmp, args["in"]}, {args["out"], tmp}} {
			if err := plan.KernelCall(kernel, []core.KernelArg{core.Bind("dst", step[0]), core.Bind("src", step[1])}, step[0].Shape(), core.KernelOptions{}); err != nil {
				return err
			}
		}
		return nil
	}
}

// TestRenderPlan checks what a rendered plan says besides its sources: the
// kernels in order with their launches, and the temporary array with the
// kernels that use it.
func TestRenderPlan(t *testing.T) {
	typ := core.ArrayOf(dtypes.Float32, 5000)
	comp, err := core.NewComputation("staged", []core.Parameter{
		core.Param("out", core.Out(typ)),
		core.Param("in", core.In(typ)),
	}, stagedCopy)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		p     *cluda.DeviceParams
		local int
	}{
		{"gpu", cluda.ModelGPU(), 256},
		{"cpu", cluda.ModelCPU(), 256},
	} {
		t.Run(tt.name, func(t *testing.T) {
			plan, err := comp.Render(tt.p)
			if err != nil {
				t.Fatal(err)
			}
			if len(plan.Kernels) != 2 || plan.Kernels[0].Name != "kernel0" || plan.Kernels[1].Name != "kernel1" {
				t.Fatalf("kernels %v", plan.Kernels)
			}
			for _, k := range plan.Kernels {
				groups := (5000 + tt.local - 1) / tt.local
				if !slices.Equal(k.GlobalSize, []int{5000}) || !slices.Equal(k.LocalSize, []int{tt.local}) ||
					!slices.Equal(k.RealGlobalSize, []int{groups * tt.local}) || !slices.Equal(k.RealLocalSize, []int{tt.local}) {
					t.Errorf("kernel %s: global %v local %v, real %v %v", k.Name, k.GlobalSize, k.LocalSize, k.RealGlobalSize, k.RealLocalSize)
				}
				if !strings.HasSuffix(k.FullSource, k.Source) || !strings.Contains(k.FullSource, "#define VIRTUAL_SKIP_THREADS") {
					t.Errorf("kernel %s: the full source lacks the kernel or the virtual size functions", k.Name)
				}
			}
			want := []core.TempArrayInfo{{Type: typ, FirstKernel: 0, LastKernel: 1}}
			if len(plan.TempArrays) != 1 || !plan.TempArrays[0].Type.Equal(typ) || plan.TempArrays[0].FirstKernel != 0 || plan.TempArrays[0].LastKernel != 1 {
				t.Errorf("temporary arrays %v, want %v", plan.TempArrays, want)
			}
			if len(plan.PersistentArrays) != 0 || plan.Device != tt.p {
				t.Errorf("persistent arrays %v, device %v", plan.PersistentArrays, plan.Device)
			}
		})
	}
}

// A parameter that a transformation adds is checked against the device as
// the computation's own are: a complex128 input cast to the complex64 the
// kernels compute in still needs a device with double precision.
func TestRenderRefusesUnsupportedLeaf(t *testing.T) {
	typ := core.ArrayOf(dtypes.Complex64, 16)
	comp, err := core.NewComputation("staged", []core.Parameter{
		core.Param("out", core.Out(typ)),
		core.Param("in", core.In(typ)),
	}, stagedCopy)
	if err != nil {
		t.Fatal(err)
	}
	cast, err := transformations.Cast(core.ArrayOf(dtypes.Complex128, 16), dtypes.Complex64)
	if err != nil {
		t.Fatal(err)
	}
	if err := comp.Connect("in", cast, "output", map[string]string{"input": "in_double"}); err != nil {
		t.Fatal(err)
	}
	noFP64 := cluda.ModelGPU()
	if _, err := comp.Render(noFP64); err != nil {
		t.Fatalf("render for a device with double precision: %v", err)
	}
	noFP64.DoubleFP = false
	const want = "in_double: the device does not support complex128"
	if _, err := comp.Render(noFP64); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want one that says %q", err, want)
	}
}
