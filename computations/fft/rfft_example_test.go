package fft_test

import (
	"fmt"
	"math"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// Transform a real cosine of 8 samples with a window of 1/4 fused into
// the loads: its half spectrum has 8/2+1 = 5 elements, the cosine's
// frequency at 1; IRFFT turns the half spectrum back into the windowed
// signal.
func ExampleNewRFFT() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	const n = 8
	signal := core.ArrayOf(dtypes.Float32, n)
	rfft, err := fft.NewRFFT(signal, nil, fft.RFFTOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	window, err := transformations.MulConst(signal, 0.25)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := rfft.Connect("input", window, "output", map[string]string{"input": "unwindowed"}); err != nil {
		fmt.Println(err)
		return
	}
	irfft, err := fft.NewIRFFT(core.ArrayOf(dtypes.Complex64, n/2+1), nil, fft.IRFFTOptions{N: n})
	if err != nil {
		fmt.Println(err)
		return
	}
	forward, err := rfft.Compile(thr) // forward.Signature(): output, unwindowed
	if err != nil {
		fmt.Println(err)
		return
	}
	defer forward.Release()
	inverse, err := irfft.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer inverse.Release()

	x := make([]float32, n)
	for i := range x {
		x[i] = float32(math.Cos(2 * math.Pi * float64(i) / n))
	}
	in, _ := thr.ToDevice(x, n)
	spectrum, _ := thr.Empty([]int{n/2 + 1}, dtypes.Complex64)
	back, _ := thr.Empty([]int{n}, dtypes.Float32)
	defer in.Release()
	defer spectrum.Release()
	defer back.Release()
	if err := forward.Call(spectrum, in); err != nil {
		fmt.Println(err)
		return
	}
	if err := inverse.Call(back, spectrum); err != nil {
		fmt.Println(err)
		return
	}
	s, _ := cluda.Read[complex64](spectrum)
	y, _ := cluda.Read[float32](back)
	for k, v := range s {
		fmt.Printf("X[%d] = %.3f\n", k, math.Abs(float64(real(v))))
	}
	fmt.Printf("x[0] = %.3f, x[2] = %.3f\n", y[0], math.Abs(float64(y[2])))
	// Output:
	// X[0] = 0.000
	// X[1] = 1.000
	// X[2] = 0.000
	// X[3] = 0.000
	// X[4] = 0.000
	// x[0] = 0.250, x[2] = 0.000
}
