package core_test

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// A call by name needs no knowledge of the order that connections give
// the signature: here a doubling whose input is scaled by a parameter
// fused into its loads, called with its arguments by name.
func ExampleCallable_CallNamed() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()
	arr := core.ArrayOf(dtypes.Float32, 4)
	double, err := computations.NewPureParallel([]core.Parameter{
		core.Param("output", core.Out(arr)),
		core.Param("input", core.In(arr)),
	}, `{{ .output.StoreIdx }}({{ index .Idxs 0 }}, 2 * {{ .input.LoadIdx }}({{ index .Idxs 0 }}));`,
		computations.PureParallelOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	scale, err := transformations.MulParam(arr, dtypes.Float32)
	if err != nil {
		fmt.Println(err)
		return
	}
	// The scaling's parameters keep their own names, input and param,
	// except the one renamed here.
	if err := double.Connect("input", scale, "output", map[string]string{"input": "x"}); err != nil {
		fmt.Println(err)
		return
	}
	c, err := double.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	fmt.Println("signature:", c.Signature().Names())
	x, err := thr.ToDevice([]float32{1, 2, 3, 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer x.Release()
	y, err := thr.Empty([]int{4}, dtypes.Float32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer y.Release()
	if err := c.CallNamed(map[string]any{"param": float32(10), "x": x, "output": y}); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[float32](y)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("output:", got)
	// Output:
	// signature: [output x param]
	// output: [20 40 60 80]
}
