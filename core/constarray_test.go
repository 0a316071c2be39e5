package core_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

// lookupTemplate computes out[i] = table[idx[i]] * w.x + w.y with
// w = weights[idx[i] % 4, i % 4], reading both tables through their load
// entry points.
var lookupTemplate = templates.MustParse("lookup", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    const int k = {{ .idx.LoadIdx }}(i);
    const float2 w = {{ .weights.LoadIdx }}(k % 4, i % 4);
    {{ .out.StoreIdx }}(i, {{ .table.LoadIdx }}(k) * w.x + w.y);
}`)

// gatherTemplate computes out[i] = table[idx[i]].
var gatherTemplate = templates.MustParse("gather", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    {{ .out.StoreIdx }}(i, {{ .table.LoadIdx }}({{ .idx.LoadIdx }}(i)));
}`)

const lookupSize = 100

// lookupTables returns a table of 16 values and a 4×4 table of weights, all
// small multiples of 1/2, so that every product and sum of the kernel is
// exact in float32 whether or not the compiler fuses them.
func lookupTables() ([]float32, []complex64) {
	table := make([]float32, 16)
	for i := range table {
		table[i] = float32(i)*0.5 - 3
	}
	weights := make([]complex64, 16)
	for i := range weights {
		weights[i] = complex(float32(i%5)-2, float32(i)*0.5)
	}
	return table, weights
}

// lookupIndices returns the indices into the table, every one of them used.
func lookupIndices() []int32 {
	idx := make([]int32, lookupSize)
	for i := range idx {
		idx[i] = int32((i * 7) % 16)
	}
	return idx
}

// lookupComputation reads the tables of lookupTables from constant arrays.
func lookupComputation(t *testing.T) *core.Computation {
	t.Helper()
	table, weights := lookupTables()
	comp, err := core.NewComputation("lookup", []core.Parameter{
		core.Param("out", core.Out(core.ArrayOf(dtypes.Float32, lookupSize))),
		core.Param("idx", core.In(core.ArrayOf(dtypes.Int32, lookupSize))),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		tab, err := plan.ConstantArray(table)
		if err != nil {
			return err
		}
		w, err := plan.ConstantArray(weights, 4, 4)
		if err != nil {
			return err
		}
		return plan.KernelCall(lookupTemplate, []core.KernelArg{
			core.Bind("out", args["out"]), core.Bind("idx", args["idx"]),
			core.Bind("table", tab), core.Bind("weights", w),
		}, []int{lookupSize}, core.KernelOptions{Name: "lookup"})
	})
	if err != nil {
		t.Fatal(err)
	}
	return comp
}

// runGather compiles comp (out, idx) on thr, runs it on lookupIndices and
// returns out.
func runGather(t *testing.T, thr *cluda.Thread, comp *core.Computation) (*core.Callable, []float32) {
	t.Helper()
	c, err := comp.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Release)
	idx, err := thr.ToDevice(lookupIndices())
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Release()
	out, err := thr.Empty([]int{lookupSize}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if err := c.Call(out, idx); err != nil {
		t.Fatal(err)
	}
	got, err := cluda.Read[float32](out)
	if err != nil {
		t.Fatal(err)
	}
	return c, got
}

func TestConstantArray(t *testing.T) {
	thr := cludatest.Thread(t)
	c, got := runGather(t, thr, lookupComputation(t))
	table, weights := lookupTables()
	for i, k := range lookupIndices() {
		w := weights[int(k%4)*4+i%4]
		if want := table[k]*real(w) + imag(w); got[i] != want {
			t.Fatalf("out[%d] = %v, want %v", i, got[i], want)
		}
	}
	k := c.Kernels()[0]
	for _, decl := range []string{"CONSTANT_MEM float *_constant_array0", "CONSTANT_MEM float2 *_constant_array1"} {
		if !strings.Contains(k.Source, decl) {
			t.Errorf("kernel source does not declare %q:\n%s", decl, k.Source)
		}
	}
	if want := []string{"_leaf_out", "_leaf_idx", "_constant_array0", "_constant_array1"}; !slices.Equal(k.Args, want) {
		t.Errorf("kernel arguments %v, want %v", k.Args, want)
	}
	arrays := c.ConstantArrays()
	if len(arrays) != 2 || !slices.Equal(arrays[1].Shape(), []int{4, 4}) || arrays[1].DType() != dtypes.Complex64 {
		t.Fatalf("constant arrays %v", arrays)
	}
	if back, err := cluda.Read[float32](arrays[0]); err != nil || !slices.Equal(back, table) {
		t.Errorf("constant array 0 holds %v (%v), want %v", back, err, table)
	}
}

// TestConstantArrayNested passes a constant array to a nested computation
// whose parameter goes through an input transformation: the
// transformation's function takes the table in constant memory.
func TestConstantArrayNested(t *testing.T) {
	thr := cludatest.Thread(t)
	tableType := core.ArrayOf(dtypes.Float32, 16)
	idxType := core.ArrayOf(dtypes.Int32, lookupSize)
	outType := core.ArrayOf(dtypes.Float32, lookupSize)
	inner, err := core.NewComputation("gather", []core.Parameter{
		core.Param("out", core.Out(outType)),
		core.Param("table", core.In(tableType)),
		core.Param("idx", core.In(idxType)),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		return plan.KernelCall(gatherTemplate, []core.KernelArg{
			core.Bind("out", args["out"]), core.Bind("table", args["table"]), core.Bind("idx", args["idx"]),
		}, []int{lookupSize}, core.KernelOptions{Name: "gather"})
	})
	if err != nil {
		t.Fatal(err)
	}
	double := core.MustTransformation([]core.Parameter{
		core.Param("output", core.Out(tableType)),
		core.Param("input", core.In(tableType)),
	}, `{{ .output.StoreSame }}({{ .input.LoadSame }} * 2.0f);`, core.TransformationOptions{Name: "double"})
	if err := inner.Connect("table", double, "output", map[string]string{"input": "raw"}); err != nil {
		t.Fatal(err)
	}
	table, _ := lookupTables()
	outer, err := core.NewComputation("outer", []core.Parameter{
		core.Param("out", core.Out(outType)),
		core.Param("idx", core.In(idxType)),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		tab, err := plan.ConstantArray(table)
		if err != nil {
			return err
		}
		return plan.ComputationCall(inner, args["out"], tab, args["idx"])
	})
	if err != nil {
		t.Fatal(err)
	}
	c, got := runGather(t, thr, outer)
	for i, k := range lookupIndices() {
		if want := 2 * table[k]; got[i] != want {
			t.Fatalf("out[%d] = %v, want %v", i, got[i], want)
		}
	}
	if src := c.Kernels()[0].Source; !strings.Contains(src, "CONSTANT_MEM float *_constant_array0, VSIZE_T _idx0") {
		t.Errorf("the transformation's function does not take the table in constant memory:\n%s", src)
	}
}

// constantBuild returns a build function of a computation (out) that adds
// the constant arrays tables makes and binds them, with out, to one kernel
// call.
func constantBuild(tables func(*core.Plan) ([]*core.KernelArgument, error)) core.BuildFunc {
	return func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		ts, err := tables(plan)
		if err != nil {
			return err
		}
		bound := []core.KernelArg{core.Bind("out", args["out"])}
		for i, a := range ts {
			bound = append(bound, core.Bind(fmt.Sprintf("t%d", i), a))
		}
		return plan.KernelCall(constantKernel, bound, []int{4}, core.KernelOptions{})
	}
}

// constantKernel stores 0 into out; its other arguments it leaves alone.
var constantKernel = templates.MustParse("constants", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    {{ .out.StoreIdx }}(virtual_global_id(0), 0);
}`)

// storeIntoTable stores into its table argument t0.
var storeIntoTable = templates.MustParse("store", `{{ .KernelDeclaration }}
{
    {{ .t0.StoreIdx }}(0, 1.0f);
}`)

// tablesOf returns a function that adds constant arrays of the given
// numbers of float32 elements.
func tablesOf(sizes ...int64) func(*core.Plan) ([]*core.KernelArgument, error) {
	return func(plan *core.Plan) ([]*core.KernelArgument, error) {
		var out []*core.KernelArgument
		for _, n := range sizes {
			a, err := plan.ConstantArray(make([]float32, n))
			if err != nil {
				return nil, err
			}
			out = append(out, a)
		}
		return out, nil
	}
}

func TestConstantArrayErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	limit := thr.Params().MaxConstantBufferSize / 4 // float32 elements
	args := thr.Params().MaxConstantArgs
	one := func(data any, shape ...int) func(*core.Plan) ([]*core.KernelArgument, error) {
		return func(plan *core.Plan) ([]*core.KernelArgument, error) {
			a, err := plan.ConstantArray(data, shape...)
			return []*core.KernelArgument{a}, err
		}
	}
	manyTables := make([]int64, args+1)
	for i := range manyTables {
		manyTables[i] = 4
	}
	for _, tc := range []struct {
		name  string
		build core.BuildFunc
		want  string
	}{
		{"not a slice", constantBuild(one(3.0)), "float64 is not a slice"},
		{"nil", constantBuild(one(nil)), "<nil> is not a slice"},
		{"no dtype", constantBuild(one([]string{"a"})), "constant array: dtypes:"},
		{"shape of another size", constantBuild(one(make([]float32, 6), 4, 2)), "shape [4 2] holds 8 elements, the slice has 6"},
		{"negative shape", constantBuild(one(make([]float32, 6), -2, -3)), "negative dimension"},
		{"larger than constant memory", constantBuild(tablesOf(limit + 1)), "larger than the device's constant memory"},
		{"too large together", constantBuild(tablesOf(limit/2+1, limit/2+1)), "together: larger than the device's constant memory"},
		{"too many in one kernel", constantBuild(tablesOf(manyTables...)), fmt.Sprintf("the device allows a kernel %d (CL_DEVICE_MAX_CONSTANT_ARGS)", args)},
		{"stored into", func(plan *core.Plan, args map[string]*core.KernelArgument) error {
			a, err := plan.ConstantArray(make([]float32, 4))
			if err != nil {
				return err
			}
			return plan.KernelCall(storeIntoTable, []core.KernelArg{core.Bind("t0", a)}, []int{1}, core.KernelOptions{})
		}, "parameter t0 cannot be stored into"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			comp, err := core.NewComputation("c", []core.Parameter{core.Param("out", core.Out(core.ArrayOf(dtypes.Float32, 4)))}, tc.build)
			if err != nil {
				t.Fatal(err)
			}
			c, err := comp.Compile(thr)
			if err == nil {
				c.Release()
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("compile: %v; want an error with %q", err, tc.want)
			}
		})
	}
	t.Run("written by a nested computation", func(t *testing.T) {
		typ := core.ArrayOf(dtypes.Float32, 4)
		writer, err := core.NewComputation("writer", []core.Parameter{core.Param("out", core.Out(typ))}, constantBuild(tablesOf()))
		if err != nil {
			t.Fatal(err)
		}
		comp, err := core.NewComputation("c", []core.Parameter{core.Param("out", core.Out(typ))},
			func(plan *core.Plan, _ map[string]*core.KernelArgument) error {
				a, err := plan.ConstantArray(make([]float32, 4))
				if err != nil {
					return err
				}
				return plan.ComputationCall(writer, a)
			})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := comp.Compile(thr); err == nil || !strings.Contains(err.Error(), "_constant_array0 is an input") {
			t.Fatalf("compile: %v; want an error that the constant array is an input", err)
		}
	})
}

// TestConstantArrayLimitsOfTheDevice renders a plan whose table fits in
// the constant memory of PoCL's CPU device but not in that of a GPU with
// NVIDIA's limits.
func TestConstantArrayLimitsOfTheDevice(t *testing.T) {
	const n = 64<<10/4 + 1 // float32 elements: 4 bytes more than 64 KiB
	comp, err := core.NewComputation("c", []core.Parameter{core.Param("out", core.Out(core.ArrayOf(dtypes.Float32, 4)))},
		constantBuild(tablesOf(n)))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := comp.Render(cluda.ModelCPU())
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.ConstantArrays) != 1 || !plan.ConstantArrays[0].Equal(core.ArrayOf(dtypes.Float32, n)) {
		t.Errorf("rendered constant arrays %v", plan.ConstantArrays)
	}
	if !strings.Contains(plan.Kernels[0].Source, "CONSTANT_MEM float *_constant_array0") {
		t.Errorf("rendered kernel does not declare the constant array:\n%s", plan.Kernels[0].Source)
	}
	if _, err := comp.Render(cluda.ModelGPU()); err == nil || !strings.Contains(err.Error(), "65540 bytes: larger than the device's constant memory (65536 bytes") {
		t.Errorf("render for the model GPU: %v; want an error of its constant memory", err)
	}
}
