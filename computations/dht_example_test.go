package computations_test

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// Evaluate the expansion over the first two modes of the harmonic
// oscillator, φ₀ + φ₁/2, on the coordinate grid, and transform it back.
func ExampleNewDHT() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	modes := core.ArrayOf(dtypes.Float64, 2)
	inverse, err := computations.NewDHT(modes, computations.DHTOptions{Inverse: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	forward, err := computations.NewDHT(modes, computations.DHTOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	toCoords, err := inverse.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer toCoords.Release()
	toModes, err := forward.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer toModes.Release()

	grid, _ := computations.DHTSpatialGrid(2, 1, 0)
	c, _ := thr.ToDevice([]float64{1, 0.5}, 2)
	f, _ := thr.Empty([]int{len(grid)}, dtypes.Float64)
	back, _ := thr.Empty([]int{2}, dtypes.Float64)
	defer c.Release()
	defer f.Release()
	defer back.Release()
	if err := toCoords.Call(f, c); err != nil {
		fmt.Println(err)
		return
	}
	if err := toModes.Call(back, f); err != nil {
		fmt.Println(err)
		return
	}
	values, coefficients := make([]float64, len(grid)), make([]float64, 2)
	if err := f.Get(values); err != nil {
		fmt.Println(err)
		return
	}
	if err := back.Get(coefficients); err != nil {
		fmt.Println(err)
		return
	}
	for i, x := range grid {
		fmt.Printf("F(%+.4f) = %.4f\n", x, values[i])
	}
	fmt.Printf("modes: %.4f\n", coefficients)
	// Output:
	// F(-0.7071) = 0.2925
	// F(+0.7071) = 0.8775
	// modes: [1.0000 0.5000]
}
