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
