package fft_test

import (
	"fmt"
	"math"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// Convolve two signals with one filter, as numpy.convolve(a, v, "full")
// does for each row.
func ExampleNewConvolve() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	signal := core.ArrayOf(dtypes.Complex128, 2, 3)
	filter := core.ArrayOf(dtypes.Complex128, 1, 3) // one filter for both rows
	conv, err := fft.NewConvolve(signal, filter, []int{1}, fft.ConvolveFull, fft.ConvolveOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("output:", conv.OutputType().Shape())
	c, err := conv.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()

	ds, _ := thr.ToDevice([]complex128{1, 2, 3, 0, 1i, 0}, 2, 3)
	df, _ := thr.ToDevice([]complex128{0, 1, 0.5}, 1, 3)
	dout, _ := thr.Empty(conv.OutputType().Shape(), dtypes.Complex128)
	defer ds.Release()
	defer df.Release()
	defer dout.Release()
	if err := c.Call(dout, ds, df); err != nil {
		fmt.Println(err)
		return
	}
	res, err := cluda.Read[complex128](dout)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Rounded to hide the FFTs' last bits (adding 0 turns -0 into 0).
	round := func(x float64) float64 { return math.Round(x*1e3)/1e3 + 0 }
	for i := range res {
		res[i] = complex(round(real(res[i])), round(imag(res[i])))
	}
	fmt.Println(res[:5])
	fmt.Println(res[5:])
	// Output:
	// output: [2 5]
	// [(0+0i) (1+0i) (2.5+0i) (4+0i) (1.5+0i)]
	// [(0+0i) (0+0i) (0+1i) (0+0.5i) (0+0i)]
}
