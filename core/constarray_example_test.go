package core_test

import (
	"fmt"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

// A computation of one's own reads a small table from constant memory
// through the same load entry point as any array: here, out[i] =
// table[codes[i]].
func ExamplePlan_ConstantArray() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	decode := templates.MustParse("decode", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    {{ .out.StoreIdx }}(i, {{ .table.LoadIdx }}({{ .codes.LoadIdx }}(i)));
}`)
	table := []float32{0.5, 1.5, 2.5, 3.5}
	comp, err := core.NewComputation("decode", []core.Parameter{
		core.Param("out", core.Out(core.ArrayOf(dtypes.Float32, 6))),
		core.Param("codes", core.In(core.ArrayOf(dtypes.Uint8, 6))),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		tab, err := plan.ConstantArray(table)
		if err != nil {
			return err
		}
		return plan.KernelCall(decode, []core.KernelArg{
			core.Bind("out", args["out"]), core.Bind("codes", args["codes"]), core.Bind("table", tab),
		}, []int{6}, core.KernelOptions{Name: "decode"})
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := comp.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	codes, err := thr.ToDevice([]uint8{3, 0, 2, 2, 1, 0})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer codes.Release()
	out, err := thr.Empty([]int{6}, dtypes.Float32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer out.Release()
	if err := c.Call(out, codes); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[float32](out)
	fmt.Println(got, err)
	fmt.Println("kernel arguments:", c.Kernels()[0].Args)
	// Output:
	// [3.5 0.5 2.5 2.5 1.5 0.5] <nil>
	// kernel arguments: [_leaf_out _leaf_codes _constant_array0]
}

// CompileWith builds every kernel of a computation with fast math and the
// given defines; Compile builds them without.
func ExampleComputation_CompileWith() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	fill := templates.MustParse("fill", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
#ifdef COMPILE_FAST_MATH
    {{ .out.StoreIdx }}(virtual_global_id(0), -VALUE);
#else
    {{ .out.StoreIdx }}(virtual_global_id(0), VALUE);
#endif
}`)
	comp, err := core.NewComputation("fill", []core.Parameter{core.Param("out", core.Out(core.ArrayOf(dtypes.Int32, 3)))},
		func(plan *core.Plan, args map[string]*core.KernelArgument) error {
			return plan.KernelCall(fill, []core.KernelArg{core.Bind("out", args["out"])}, []int{3}, core.KernelOptions{})
		})
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := thr.Empty([]int{3}, dtypes.Int32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer out.Release()
	for _, opts := range []core.CompileOptions{
		{Defines: map[string]string{"VALUE": "7"}},
		{FastMath: true, Defines: map[string]string{"VALUE": "7"}},
	} {
		c, err := comp.CompileWith(thr, opts)
		if err != nil {
			fmt.Println(err)
			return
		}
		err = c.Call(out)
		c.Release()
		if err != nil {
			fmt.Println(err)
			return
		}
		got, err := cluda.Read[int32](out)
		fmt.Println(got, err)
	}
	_, err = comp.Compile(thr)
	fmt.Println(err != nil && strings.Contains(err.Error(), "VALUE"))
	// Output:
	// [7 7 7] <nil>
	// [-7 -7 -7] <nil>
	// true
}

// RenderWith shows the defines and the fast math macro in the source that
// the compiler would get.
func ExampleComputation_RenderWith() {
	copyTemplate := templates.MustParse("copy", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    {{ .out.StoreIdx }}(i, {{ .in.LoadIdx }}(i));
}`)
	typ := core.ArrayOf(dtypes.Float32, 1024)
	comp, err := core.NewComputation("copy", []core.Parameter{core.Param("out", core.Out(typ)), core.Param("in", core.In(typ))},
		func(plan *core.Plan, args map[string]*core.KernelArgument) error {
			return plan.KernelCall(copyTemplate, []core.KernelArg{core.Bind("out", args["out"]), core.Bind("in", args["in"])}, []int{1024}, core.KernelOptions{})
		})
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, err := comp.RenderWith(cluda.ModelGPU(), core.CompileOptions{FastMath: true, Defines: map[string]string{"UNROLL": "4"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(plan.Kernels[0].FullSource, "\n") {
		if line == "#define COMPILE_FAST_MATH" || strings.HasPrefix(line, "#define UNROLL ") {
			fmt.Println(line)
		}
	}
	// Output:
	// #define COMPILE_FAST_MATH
	// #define UNROLL 4
}
