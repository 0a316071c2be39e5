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

// The orthonormal DCT-II (scipy.fft.dct(x, norm="ortho")) of a cosine of
// 8 samples at half a cycle per sample apart puts its energy in one
// coefficient, and the inverse (idct) brings the samples back.
func ExampleNewDCT() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	const n = 8
	signal := core.ArrayOf(dtypes.Float32, n)
	forward, err := fft.NewDCT(signal, nil, fft.DCTOptions{Norm: fft.NormOrtho})
	if err != nil {
		fmt.Println(err)
		return
	}
	inverse, err := fft.NewDCT(signal, nil, fft.DCTOptions{Norm: fft.NormOrtho, Inverse: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fc, err := forward.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer fc.Release()
	ic, err := inverse.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ic.Release()

	x := make([]float32, n)
	for i := range x {
		x[i] = float32(math.Cos(math.Pi * 3 * (float64(i) + 0.5) / n)) // basis function 3
	}
	in, err := thr.ToDevice(x)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer in.Release()
	coefs, err := thr.EmptyLike(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer coefs.Release()
	back, err := thr.EmptyLike(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer back.Release()
	if err := fc.Call(coefs, in); err != nil {
		fmt.Println(err)
		return
	}
	if err := ic.Call(back, coefs); err != nil {
		fmt.Println(err)
		return
	}
	c, err := cluda.Read[float32](coefs)
	if err != nil {
		fmt.Println(err)
		return
	}
	y, err := cluda.Read[float32](back)
	if err != nil {
		fmt.Println(err)
		return
	}
	var mags []string
	for _, v := range c {
		mags = append(mags, fmt.Sprintf("%.3f", math.Abs(float64(v))))
	}
	fmt.Println(strings.Join(mags, " "))
	var worst float64
	for i := range x {
		worst = math.Max(worst, math.Abs(float64(y[i]-x[i])))
	}
	fmt.Println("round trip within 1e-6:", worst < 1e-6)
	// Output:
	// 0.000 0.000 0.000 2.000 0.000 0.000 0.000 0.000
	// round trip within 1e-6: true
}
