package fft_test

import (
	"fmt"
	"math"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// The orthonormal DST-I (scipy.fft.dst(x, type=1, norm="ortho")) of two
// rows of sine samples, the basis functions 2 and 5 of 7 points, puts each
// row's energy in one coefficient of magnitude sqrt((n+1)/2) = 2.
func ExampleNewDST() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	const rows, n = 2, 7
	dst, err := fft.NewDST(core.ArrayOf(dtypes.Float64, rows, n), []int{-1}, fft.DCTOptions{Type: 1, Norm: fft.NormOrtho})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := dst.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()

	x := make([]float64, rows*n)
	for r, k := range []int{2, 5} {
		for i := range n {
			x[r*n+i] = math.Sin(math.Pi * float64((k+1)*(i+1)) / (n + 1))
		}
	}
	in, err := thr.ToDevice(x, rows, n)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer in.Release()
	out, err := thr.EmptyLike(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer out.Release()
	if err := c.Call(out, in); err != nil {
		fmt.Println(err)
		return
	}
	y, err := cluda.Read[float64](out)
	if err != nil {
		fmt.Println(err)
		return
	}
	for r := range rows {
		var mags []string
		for _, v := range y[r*n : (r+1)*n] {
			mags = append(mags, fmt.Sprintf("%.3f", math.Abs(v)))
		}
		fmt.Println(strings.Join(mags, " "))
	}
	// Output:
	// 0.000 0.000 2.000 0.000 0.000 0.000 0.000
	// 0.000 0.000 0.000 0.000 0.000 2.000 0.000
}
