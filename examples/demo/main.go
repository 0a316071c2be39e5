// Command demo is the FFT demo of reikna-go: a batch of real signals (tones
// plus noise) of a length that is not a power of two goes through one
// compiled computation that zero-pads it to the transform length, makes it
// complex, transforms it, scales the spectrum and splits it into real and
// imaginary parts, every step but the FFT fused into the FFT's loads and
// stores. It prints the strongest frequencies, the error against gonum's
// float64 FFT, the time and the device.
package main

import (
	"flag"
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"time"

	"gonum.org/v1/gonum/dsp/fourier"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// The signals: tones at these frequencies (Hz) and amplitudes, sampled at
// rate Hz, plus Gaussian noise.
var (
	tones      = []float64{50, 120, 333.3}
	amplitudes = []float64{1.0, 0.6, 0.3}
)

const (
	rate  = 1000.0 // samples per second
	noise = 0.5    // standard deviation of the noise
)

func main() {
	batch := flag.Int("batch", 512, "number of signals transformed at once")
	length := flag.Int("length", 1000, "samples per signal")
	device := flag.String("device", "", "substring of the OpenCL device's name (default: the first GPU, else the first device)")
	flag.Parse()
	if err := run(*batch, *length, *device); err != nil {
		fmt.Fprintln(os.Stderr, "demo:", err)
		os.Exit(1)
	}
}

func run(batch, m int, device string) error {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{Device: device}, cluda.ThreadOptions{Profiling: true})
	if err != nil {
		return err
	}
	defer thr.Release()
	n := 1
	for n < m {
		n *= 2
	}
	fmt.Printf("device:     %v\n", thr)
	fmt.Printf("signals:    %d of %d samples at %g Hz: tones at %v Hz plus noise (σ = %g)\n", batch, m, rate, tones, noise)
	fmt.Printf("pipeline:   real → complex → zero-pad to %d → FFT → scale by 1/%d → split into real and imaginary parts\n", n, n)

	ft, err := pipeline(batch, m, n)
	if err != nil {
		return err
	}
	start := time.Now()
	c, err := ft.Compile(thr)
	if err != nil {
		return err
	}
	defer c.Release()
	fmt.Printf("compiled:   %d kernel(s) in %v; signature %v\n", len(c.Kernels()), time.Since(start).Round(time.Millisecond), c.Signature().Names())

	rng := rand.New(rand.NewPCG(2026, 11))
	signal := make([]float32, batch*m)
	for b := 0; b < batch; b++ {
		for k := 0; k < m; k++ {
			t := float64(k) / rate
			v := noise * rng.NormFloat64()
			for i, f := range tones {
				v += amplitudes[i] * math.Sin(2*math.Pi*f*t)
			}
			signal[b*m+k] = float32(v)
		}
	}
	in, err := thr.ToDevice(signal, batch, m)
	if err != nil {
		return err
	}
	defer in.Release()
	re, err := thr.Empty([]int{batch, n}, dtypes.Float32)
	if err != nil {
		return err
	}
	defer re.Release()
	im, err := thr.EmptyLike(re)
	if err != nil {
		return err
	}
	defer im.Release()

	// Warm up, then time: kernel time from profiling events, wall time
	// around a call and the wait for it.
	if _, err := c.CallProfiled(re, im, in, int32(0)); err != nil {
		return err
	}
	var kernel []time.Duration
	for i := 0; i < 20; i++ {
		d, err := c.CallProfiled(re, im, in, int32(0))
		if err != nil {
			return err
		}
		kernel = append(kernel, d)
	}
	slices.Sort(kernel)
	start = time.Now()
	if err := c.Call(re, im, in, int32(0)); err != nil {
		return err
	}
	if err := thr.Synchronize(); err != nil {
		return err
	}
	wall := time.Since(start)

	gotRe, err := cluda.Read[float32](re)
	if err != nil {
		return err
	}
	gotIm, err := cluda.Read[float32](im)
	if err != nil {
		return err
	}

	// The reference: gonum's float64 FFT of the padded signals, scaled.
	ref := fourier.NewCmplxFFT(n)
	var num, den float64
	padded := make([]complex128, n)
	for b := 0; b < batch; b++ {
		clear(padded)
		for k := 0; k < m; k++ {
			padded[k] = complex(float64(signal[b*m+k]), 0)
		}
		want := ref.Coefficients(nil, padded)
		for k := 0; k < n; k++ {
			w := want[k] / complex(float64(n), 0)
			d := complex(float64(gotRe[b*n+k]), float64(gotIm[b*n+k])) - w
			num += real(d)*real(d) + imag(d)*imag(d)
			den += real(w)*real(w) + imag(w)*imag(w)
		}
	}
	relErr := math.Sqrt(num / den)

	fmt.Println("\nstrongest frequencies of signal 0 (one-sided spectrum):")
	type peak struct {
		hz, amp float64
	}
	var peaks []peak
	mag := func(k int) float64 { return cmplx.Abs(complex(float64(gotRe[k]), float64(gotIm[k]))) }
	for k := 1; k < n/2; k++ {
		if mag(k) > mag(k-1) && mag(k) >= mag(k+1) {
			// Twice the bin magnitude of a one-sided spectrum, corrected for
			// the zero padding: the amplitude of the tone.
			peaks = append(peaks, peak{float64(k) * rate / float64(n), 2 * mag(k) * float64(n) / float64(m)})
		}
	}
	sort.Slice(peaks, func(i, j int) bool { return peaks[i].amp > peaks[j].amp })
	for _, p := range peaks[:min(len(peaks), len(tones))] {
		fmt.Printf("  %7.1f Hz   amplitude %.2f\n", p.hz, p.amp)
	}
	fmt.Printf("\nerror:      relative L2 error %.2e against gonum's float64 FFT\n", relErr)
	bytes := float64(batch * n * 8)
	med := kernel[len(kernel)/2]
	fmt.Printf("time:       %v per call on the device (median of %d, %.0f GB/s for one complex array in and out), %v wall for one call\n",
		med.Round(time.Microsecond), len(kernel), 2*bytes/med.Seconds()/1e9, wall.Round(time.Microsecond))
	const tolerance = 1e-6
	if relErr > tolerance {
		return fmt.Errorf("error %.2e is above %g", relErr, tolerance)
	}
	fmt.Println("check:      OK")
	return nil
}

// pipeline builds the computation: the FFT of the padded signals with the
// transformations connected to its input and output.
func pipeline(batch, m, n int) (*fft.FFT, error) {
	typ := core.ArrayOf(dtypes.Complex64, batch, n)
	ft, err := fft.NewFFT(typ, []int{1}, fft.FFTOptions{})
	if err != nil {
		return nil, err
	}
	short := core.ArrayOf(dtypes.Complex64, batch, m)
	pad, err := transformations.Pad(short, typ, nil)
	if err != nil {
		return nil, err
	}
	toComplex, err := transformations.RealToComplex(core.ArrayOf(dtypes.Float32, batch, m))
	if err != nil {
		return nil, err
	}
	scale, err := transformations.MulConst(typ, 1/float64(n))
	if err != nil {
		return nil, err
	}
	split, err := transformations.SplitComplex(typ)
	if err != nil {
		return nil, err
	}
	steps := []struct {
		param     string
		trf       *core.Transformation
		connector string
		names     map[string]string
	}{
		{"input", pad, "output", map[string]string{"input": "padded"}},
		{"padded", toComplex, "output", map[string]string{"input": "signal"}},
		{"output", scale, "input", map[string]string{"output": "spectrum"}},
		{"spectrum", split, "input", map[string]string{"real": "re", "imag": "im"}},
	}
	for _, s := range steps {
		if err := ft.Connect(s.param, s.trf, s.connector, s.names); err != nil {
			return nil, err
		}
	}
	return ft, nil
}
