package core_test

import (
	"fmt"
	"math"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

// weighKernel multiplies each sample by its weight.
var weighKernel = templates.MustParse("weigh.cl", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    {{ .out.StoreIdx }}(i, {{ .samples.LoadIdx }}(i) * {{ .weights.LoadIdx }}(i));
}`)

// simpson returns a computation of one's own that integrates n samples
// (n odd) of a function on [a, b] by Simpson's rule. Its signature is
// (integral, samples), integral a 0-d array. The plan multiplies the
// samples by the rule's weights, a persistent array, into a temporary
// array, which a nested Reduce sums.
func simpson(n int, a, b float64) (*core.Computation, error) {
	if n < 3 || n%2 == 0 {
		return nil, fmt.Errorf("simpson: %d samples: want an odd number, at least 3", n)
	}
	samples := core.ArrayOf(dtypes.Float32, n)
	sum, err := computations.PredicateSum(dtypes.Float32)
	if err != nil {
		return nil, err
	}
	total, err := computations.NewReduce(samples, sum, nil, computations.ReduceOptions{})
	if err != nil {
		return nil, err
	}
	h := (b - a) / float64(n-1)
	weights := make([]float32, n)
	for i := range weights {
		switch {
		case i == 0 || i == n-1:
			weights[i] = float32(h / 3)
		case i%2 == 1:
			weights[i] = float32(4 * h / 3)
		default:
			weights[i] = float32(2 * h / 3)
		}
	}
	return core.NewComputation("simpson", []core.Parameter{
		core.Param("integral", core.Out(core.ArrayOf(dtypes.Float32))),
		core.Param("samples", core.In(samples)),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		w, err := plan.PersistentArray(weights)
		if err != nil {
			return err
		}
		weighed, err := plan.TempArray(samples)
		if err != nil {
			return err
		}
		err = plan.KernelCall(weighKernel, []core.KernelArg{
			core.Bind("out", weighed), core.Bind("samples", args["samples"]), core.Bind("weights", w),
		}, []int{n}, core.KernelOptions{Name: "weigh"})
		if err != nil {
			return err
		}
		return plan.ComputationCall(total, args["integral"], weighed)
	})
}

// A computation of one's own, with a kernel template, a persistent array,
// a temporary array and a nested computation: the integral of sin on
// [0, π] by Simpson's rule.
func ExampleNewComputation() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()
	const n = 1001
	integrate, err := simpson(n, 0, math.Pi)
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := integrate.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	values := make([]float32, n)
	for i := range values {
		values[i] = float32(math.Sin(math.Pi * float64(i) / (n - 1)))
	}
	samples, err := thr.ToDevice(values)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer samples.Release()
	integral, err := thr.Empty([]int{}, dtypes.Float32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer integral.Release()
	if err := c.Call(integral, samples); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[float32](integral)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("integral of sin on [0, π]: %.5f\n", got[0])
	// Output: integral of sin on [0, π]: 2.00000
}
