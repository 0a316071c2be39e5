package core_test

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// A transformation of one's own, (x − centre)² with a scalar centre,
// fused into the loads of a sum: the sum of squared deviations in one
// kernel, without an array of the squares.
func ExampleNewTransformation() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	t := core.ArrayOf(dtypes.Float32, 10)
	deviation, err := core.NewTransformation([]core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
		core.Param("centre", core.ScalarArg(dtypes.Float32)),
	}, `const float d = {{ .input.LoadSame }} - {{ .centre }};
    {{ .output.StoreSame }}(d * d);`, core.TransformationOptions{Name: "squared_deviation"})
	if err != nil {
		fmt.Println(err)
		return
	}
	sum, err := computations.PredicateSum(dtypes.Float32)
	if err != nil {
		fmt.Println(err)
		return
	}
	total, err := computations.NewReduce(t, sum, nil, computations.ReduceOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The transformation's output feeds the sum's input; its input and
	// centre join the signature as samples and centre.
	err = total.Connect("input", deviation, "output", map[string]string{"input": "samples", "centre": "centre"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(total.Signature().Names())
	c, err := total.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()

	samples, err := thr.ToDevice([]float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer samples.Release()
	out, err := thr.Empty([]int{}, dtypes.Float32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer out.Release()
	if err := c.Call(out, samples, 5.5); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[float32](out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("sum of (x − 5.5)² for x = 1..10:", got[0])
	// Output:
	// [output samples centre]
	// sum of (x − 5.5)² for x = 1..10: 82.5
}
