// Command quickstart runs an FFT with transformations fused into its
// kernel: real signals become complex as the FFT loads them, and the
// spectra are scaled by 1/n and split into real and imaginary parts as it
// stores them.
package main

import (
	"fmt"
	"log"
	"math"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

func main() {
	const batch, n = 3, 1024
	bins := []int{3, 50, 200}             // the tone of each row
	amplitudes := []float64{1, 0.5, 0.25} // and its amplitude

	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	check(err)
	defer thr.Release()

	// The FFT over the rows, then what its input and output connect to.
	spectra := core.ArrayOf(dtypes.Complex64, batch, n)
	f, err := fft.NewFFT(spectra, []int{1}, fft.FFTOptions{})
	check(err)
	toComplex, err := transformations.RealToComplex(core.ArrayOf(dtypes.Float32, batch, n))
	check(err)
	scale, err := transformations.MulConst(spectra, 1.0/n)
	check(err)
	split, err := transformations.SplitComplex(spectra)
	check(err)
	check(f.Connect("input", toComplex, "output", map[string]string{"input": "signal"}))
	check(f.Connect("output", scale, "input", map[string]string{"output": "scaled"}))
	check(f.Connect("scaled", split, "input", map[string]string{"real": "re", "imag": "im"}))

	c, err := f.Compile(thr)
	check(err)
	defer c.Release()
	fmt.Println("signature:", c.Signature().Names())

	signal := make([]float32, batch*n)
	for b := range batch {
		for i := range n {
			signal[b*n+i] = float32(amplitudes[b] * math.Cos(2*math.Pi*float64(bins[b]*i)/n))
		}
	}
	in, err := thr.ToDevice(signal, batch, n)
	check(err)
	defer in.Release()
	re, err := thr.Empty([]int{batch, n}, dtypes.Float32)
	check(err)
	defer re.Release()
	im, err := thr.EmptyLike(re)
	check(err)
	defer im.Release()
	check(c.Call(re, im, in, int32(0))) // inverse = 0: the forward FFT
	gotRe, err := cluda.Read[float32](re)
	check(err)
	gotIm, err := cluda.Read[float32](im)
	check(err)

	// A cosine of amplitude a at bin k has the spectrum a/2 at bins k and
	// n-k, 0 elsewhere: print each row's peak and the largest error.
	var maxErr float64
	for b := range batch {
		peak := 0
		for k := range n {
			want := 0.0
			if k == bins[b] || k == n-bins[b] {
				want = amplitudes[b] / 2
			}
			x := complex(float64(gotRe[b*n+k]), float64(gotIm[b*n+k]))
			maxErr = max(maxErr, math.Hypot(real(x)-want, imag(x))/amplitudes[b])
			if k < n/2 && math.Abs(real(x)) > math.Abs(float64(gotRe[b*n+peak])) {
				peak = k
			}
		}
		fmt.Printf("row %d: a tone at bin %d of amplitude %.3f\n", b, peak, 2*gotRe[b*n+peak])
	}
	fmt.Println("error relative to the amplitude below 1e-5:", maxErr < 1e-5)
}

// check stops the program on an error.
func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
