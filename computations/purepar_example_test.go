package computations_test

import (
	"fmt"
	"math"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/transformations"
)

// Damped waves on a grid, one row for each wave number k and one column
// for each time t: the code runs once for every index of the output
// (the first array parameter, which guides), loads k and t at its own
// row and column, and reads the scalar decay.
func ExampleNewPureParallel() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	const rows, cols = 3, 50
	waves, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(core.ArrayOf(dtypes.Float32, rows, cols))),
		core.Param("k", core.In(core.ArrayOf(dtypes.Float32, rows))),
		core.Param("t", core.In(core.ArrayOf(dtypes.Float32, cols))),
		core.Param("decay", core.ScalarArg(dtypes.Float32)),
	}, `const float k = {{ .k.LoadIdx }}({{ index .Idxs 0 }});
    const float t = {{ .t.LoadIdx }}({{ index .Idxs 1 }});
    {{ .out.StoreSame }}(exp(-t * {{ .decay }}) * cos(k * t));`,
		computations.PureParallelOptions{Name: "damped_waves"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(waves.Signature().Names(), waves.GuidingShape())
	c, err := waves.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()

	k := []float32{1, 2, 5}
	t := make([]float32, cols)
	for j := range t {
		t[j] = float32(j) / 10
	}
	const decay = 0.5
	dk, _ := thr.ToDevice(k)
	dt, _ := thr.ToDevice(t)
	out, _ := thr.Empty([]int{rows, cols}, dtypes.Float32)
	defer dk.Release()
	defer dt.Release()
	defer out.Release()
	if err := c.Call(out, dk, dt, decay); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[float32](out)
	if err != nil {
		fmt.Println(err)
		return
	}
	want := make([]complex128, rows*cols)
	for i := range k {
		for j := range t {
			tj := float64(t[j])
			want[i*cols+j] = complex(math.Exp(-tj*decay)*math.Cos(float64(k[i])*tj), 0)
		}
	}
	fmt.Println("relative error below 1e-5:", reference.RelativeL2(reference.Complex(got), want) < 1e-5)
	// Output:
	// [out k t decay] [3 50]
	// relative error below 1e-5: true
}

// A transformation applied to whole arrays as a computation of its own:
// the squared magnitudes of complex values.
func ExamplePureParallelFromTransformation() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	t := core.ArrayOf(dtypes.Complex64, 4)
	norm, err := transformations.NormConst(t, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	squares, err := computations.PureParallelFromTransformation(norm, "output")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(squares.Signature().Names())
	c, err := squares.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()

	in, _ := thr.ToDevice([]complex64{3 + 4i, 1 - 1i, -2, 5i})
	out, _ := thr.Empty([]int{4}, dtypes.Float32)
	defer in.Release()
	defer out.Release()
	if err := c.Call(out, in); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[float32](out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(got)
	// Output:
	// [output input]
	// [25 2 4 25]
}
