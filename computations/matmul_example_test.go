package computations_test

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// Multiply a batch of two 2×3 matrices by one 3×2 matrix, used for both.
func ExampleNewMatrixMul() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	a := core.ArrayOf(dtypes.Float32, 2, 2, 3)
	b := core.ArrayOf(dtypes.Float32, 3, 2)
	mm, err := computations.NewMatrixMul(a, b, computations.MatrixMulOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := mm.Parameter("output")
	fmt.Println("output:", out.Type())
	product, err := mm.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer product.Release()

	da, _ := thr.ToDevice([]float32{1, 2, 3, 4, 5, 6, 1, 0, 0, 0, 1, 0}, 2, 2, 3)
	db, _ := thr.ToDevice([]float32{1, 0, 0, 1, 1, 1}, 3, 2)
	dout, _ := thr.Empty([]int{2, 2, 2}, dtypes.Float32)
	defer da.Release()
	defer db.Release()
	defer dout.Release()
	if err := product.Call(dout, da, db); err != nil {
		fmt.Println(err)
		return
	}
	res := make([]float32, 8)
	if err := dout.Get(res); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res)
	// Output:
	// output: Type(float32, shape=(2, 2, 2), strides=(16, 8, 4))
	// [4 5 10 11 1 0 0 1]
}

// Allow a float32 product to run on the tensor cores in TF32, and see
// which kernel runs on an H200 through CUDA (the model GPU as a CUDA
// device) and through OpenCL, where it computes in float32.
func ExampleMatrixMulOptions_precision() {
	a := core.ArrayOf(dtypes.Float32, 4096, 4096)
	mm, err := computations.NewMatrixMul(a, a, computations.MatrixMulOptions{Precision: computations.TF32Precision})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, params := range []*cluda.DeviceParams{cluda.ModelCUDAGPU(), cluda.ModelGPU()} {
		plan, err := mm.PlanOn(params)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%v: %s\n", params.API, plan)
	}
	// Output:
	// cuda: 128x256x32/mma-tf32
	// opencl: 128x128x8/8x8
}
