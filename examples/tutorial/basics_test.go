package tutorial_test

import (
	"fmt"
	"log"
	"math"
	"math/cmplx"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// cosine returns n samples of a cosine of the given number of periods.
func cosine(n, periods int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(math.Cos(2 * math.Pi * float64(periods*i) / float64(n)))
	}
	return x
}

// printMagnitudes prints the magnitudes of the first n values of a
// spectrum, rounded to integers.
func printMagnitudes(spectrum []complex64, n int) {
	fmt.Print("|X|:")
	for _, x := range spectrum[:n] {
		fmt.Printf(" %.0f", cmplx.Abs(complex128(x)))
	}
	fmt.Println()
}

// The FFT of a cosine: a Thread, arrays, a computation, its compilation
// and a call.
func Example_basics() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()

	signal := make([]complex64, 16)
	for i, x := range cosine(16, 3) {
		signal[i] = complex(x, 0)
	}
	in, err := thr.ToDevice(signal)
	if err != nil {
		log.Fatal(err)
	}
	defer in.Release()
	out, err := thr.EmptyLike(in)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()

	f, err := fft.NewFFT(core.ArrayOf(dtypes.Complex64, 16), nil, fft.FFTOptions{})
	if err != nil {
		log.Fatal(err)
	}
	c, err := f.Compile(thr)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Release()
	fmt.Println(c.Signature().Names())

	if err := c.Call(out, in, 0); err != nil { // 0: forward
		log.Fatal(err)
	}
	spectrum, err := cluda.Read[complex64](out)
	if err != nil {
		log.Fatal(err)
	}
	printMagnitudes(spectrum, 8)
	// Output:
	// [output input inverse]
	// |X|: 0 0 0 8 0 0 0 0
}

// The same FFT with transformations connected: a real input made complex
// in the FFT's loads, the spectrum split into real and imaginary parts in
// its stores.
func Example_connect() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()

	t := core.ArrayOf(dtypes.Complex64, 16)
	f, err := fft.NewFFT(t, nil, fft.FFTOptions{})
	if err != nil {
		log.Fatal(err)
	}
	toComplex, err := transformations.RealToComplex(t.WithDType(dtypes.Float32))
	if err != nil {
		log.Fatal(err)
	}
	split, err := transformations.SplitComplex(t)
	if err != nil {
		log.Fatal(err)
	}
	err = f.Connect("input", toComplex, "output", map[string]string{"input": "signal"})
	if err != nil {
		log.Fatal(err)
	}
	err = f.Connect("output", split, "input", map[string]string{"real": "re", "imag": "im"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(f.Signature().Names())

	c, err := f.Compile(thr)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Release()
	signal, err := thr.ToDevice(cosine(16, 3))
	if err != nil {
		log.Fatal(err)
	}
	defer signal.Release()
	re, err := thr.Empty([]int{16}, dtypes.Float32)
	if err != nil {
		log.Fatal(err)
	}
	defer re.Release()
	im, err := thr.EmptyLike(re)
	if err != nil {
		log.Fatal(err)
	}
	defer im.Release()
	if err := c.Call(re, im, signal, 0); err != nil {
		log.Fatal(err)
	}
	reals, err := cluda.Read[float32](re)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("Re X[3] = %.2f, Re X[13] = %.2f\n", reals[3], reals[13])
	// Output:
	// [re im signal inverse]
	// Re X[3] = 8.00, Re X[13] = 8.00
}

// The order of a signature: reikna's example of out = in1 + in2 + param,
// with out split into two real arrays and in2 scaled by a new parameter.
func Example_signature() {
	t := core.ArrayOf(dtypes.Complex64, 128)
	comp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(t)),
		core.Param("in1", core.In(t)),
		core.Param("in2", core.In(t)),
		core.Param("param", core.ScalarArg(dtypes.Float32)),
	}, `const VSIZE_T idx = {{ index .Idxs 0 }};
    {{ .out.StoreIdx }}(idx, {{ .in1.LoadIdx }}(idx) + {{ .in2.LoadIdx }}(idx)
        + COMPLEX_CTR(float2)({{ .param }}, 0.0f));`,
		computations.PureParallelOptions{Name: "add"})
	if err != nil {
		log.Fatal(err)
	}
	split, err := transformations.SplitComplex(t)
	if err != nil {
		log.Fatal(err)
	}
	scale, err := transformations.MulParam(t, dtypes.Float32)
	if err != nil {
		log.Fatal(err)
	}
	err = comp.Connect("out", split, "input", map[string]string{"real": "out1", "imag": "out2"})
	if err != nil {
		log.Fatal(err)
	}
	err = comp.Connect("in2", scale, "output", map[string]string{"input": "in2_prime", "param": "param2"})
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range comp.Signature() {
		fmt.Println(p)
	}
	// Output:
	// out1:Annotation(Type(float32, shape=(128,), strides=(4,)), role='o')
	// out2:Annotation(Type(float32, shape=(128,), strides=(4,)), role='o')
	// in1:Annotation(Type(complex64, shape=(128,), strides=(8,)), role='i')
	// in2_prime:Annotation(Type(complex64, shape=(128,), strides=(8,)), role='i')
	// param2:Annotation(float32)
	// param:Annotation(float32)
}
