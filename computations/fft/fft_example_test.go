package fft_test

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/transformations"
)

// The forward FFT of 16 complex points and the inverse back, the
// inverse chosen by the last argument of the call.
func ExampleNewFFT() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	const n = 16
	f, err := fft.NewFFT(core.ArrayOf(dtypes.Complex64, n), nil, fft.FFTOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Signature().Names())
	c, err := f.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()

	x := make([]complex64, n)
	x64 := make([]complex128, n)
	for i := range x {
		x[i] = complex(float32(i%5)-1, float32(i%3)+1)
		x64[i] = complex128(x[i])
	}
	in, err := thr.ToDevice(x)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer in.Release()
	spectrum, err := thr.Empty([]int{n}, dtypes.Complex64)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer spectrum.Release()
	back, err := thr.Empty([]int{n}, dtypes.Complex64)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer back.Release()
	if err := c.Call(spectrum, in, 0); err != nil { // forward
		fmt.Println(err)
		return
	}
	if err := c.Call(back, spectrum, 1); err != nil { // inverse
		fmt.Println(err)
		return
	}
	s, _ := cluda.Read[complex64](spectrum)
	y, _ := cluda.Read[complex64](back)
	fmt.Println("spectrum: relative error below 1e-6:", reference.RelativeL2(s, reference.DFT(x64)) < 1e-6)
	fmt.Println("round trip: relative error below 1e-6:", reference.RelativeL2(y, x64) < 1e-6)
	// Output:
	// [output input inverse]
	// spectrum: relative error below 1e-6: true
	// round trip: relative error below 1e-6: true
}

// The power spectrum of a real signal in one kernel: a transformation
// connected to the input makes the real samples complex as the FFT loads
// them, one connected to the output stores |X|² as a real array.
func ExampleNewFFT_connect() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	const n = 64
	t := core.ArrayOf(dtypes.Complex64, n)
	f, err := fft.NewFFT(t, nil, fft.FFTOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	toComplex, err := transformations.RealToComplex(core.ArrayOf(dtypes.Float32, n))
	if err != nil {
		fmt.Println(err)
		return
	}
	power, err := transformations.NormConst(t, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	// toComplex's output feeds the FFT's input, which its own input,
	// now called signal, replaces in the signature.
	if err := f.Connect("input", toComplex, "output", map[string]string{"input": "signal"}); err != nil {
		fmt.Println(err)
		return
	}
	// power's input consumes the FFT's output, which its output, now
	// called power, replaces.
	if err := f.Connect("output", power, "input", map[string]string{"output": "power"}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Signature().Names())
	c, err := f.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()

	x := make([]float32, n)
	x64 := make([]complex128, n)
	for i := range x {
		x[i] = float32(1 + math.Cos(2*math.Pi*3*float64(i)/n) + 0.5*math.Sin(2*math.Pi*10*float64(i)/n))
		x64[i] = complex(float64(x[i]), 0)
	}
	signal, err := thr.ToDevice(x)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer signal.Release()
	out, err := thr.Empty([]int{n}, dtypes.Float32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer out.Release()
	if err := c.Call(out, signal, 0); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[float32](out)
	if err != nil {
		fmt.Println(err)
		return
	}
	want := reference.DFT(x64)
	for i, v := range want {
		want[i] = complex(math.Pow(cmplx.Abs(v), 2), 0)
	}
	fmt.Printf("|X[0]|² = %.0f, |X[3]|² = %.0f, |X[10]|² = %.0f\n", got[0], got[3], got[10])
	fmt.Println("relative error below 1e-5:", reference.RelativeL2(reference.Complex(got), want) < 1e-5)
	// Output:
	// [power signal inverse]
	// |X[0]|² = 4096, |X[3]|² = 1024, |X[10]|² = 256
	// relative error below 1e-5: true
}

// The inverse real FFT: a half spectrum of n/2+1 complex values back to
// n real samples.
func ExampleNewIRFFT() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	const n = 32
	irfft, err := fft.NewIRFFT(core.ArrayOf(dtypes.Complex64, n/2+1), nil, fft.IRFFTOptions{N: n})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := irfft.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()

	// The half spectrum of a real signal, computed in float64.
	x64 := make([]complex128, n)
	for i := range x64 {
		x64[i] = complex(float64(i%7)-2.5, 0)
	}
	full := reference.DFT(x64)
	half := make([]complex64, n/2+1)
	for k := range half {
		half[k] = complex64(full[k])
	}
	spectrum, err := thr.ToDevice(half)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer spectrum.Release()
	out, err := thr.Empty([]int{n}, dtypes.Float32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer out.Release()
	if err := c.Call(out, spectrum); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[float32](out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("output:", len(got), "real samples")
	fmt.Println("relative error below 1e-6:", reference.RelativeL2(reference.Complex(got), x64) < 1e-6)
	// Output:
	// output: 32 real samples
	// relative error below 1e-6: true
}
