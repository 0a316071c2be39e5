package fft

import (
	"github.com/reikna-go/reikna/cluda"
	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/core"
)

// FFTTuning makes an FFT plan as another device's would be, or as a
// benchmark asks; the zero value changes nothing.
type FFTTuning = fftplan.Tuning

// NewTunedFFT is NewFFT with the plan tuned.
func NewTunedFFT(t core.Type, axes []int, opts FFTOptions, tuning FFTTuning) (*FFT, error) {
	return newFFT(t, axes, opts, tuning)
}

// NewTunedConvolve is NewConvolve with the FFT plans tuned.
func NewTunedConvolve(signal, filter core.Type, axes []int, mode ConvolveMode, opts ConvolveOptions, tuning FFTTuning) (*Convolve, error) {
	return newConvolve(signal, filter, axes, mode, opts, tuning)
}

// NewTunedRFFT is NewRFFT with the plan tuned.
func NewTunedRFFT(t core.Type, axes []int, tuning FFTTuning) (*RFFT, error) {
	return newRFFT(t, axes, tuning)
}

// NewTunedIRFFT is NewIRFFT with the plan tuned.
func NewTunedIRFFT(t core.Type, axes []int, n int, tuning FFTTuning) (*IRFFT, error) {
	return newIRFFT(t, axes, n, tuning)
}

// CandidateNames returns the names of the candidate plans of the FFT of t
// over axes on a device of params p: those that tuning compares, or with
// tuning false those a build without tuning lists.
func CandidateNames(t core.Type, axes []int, p *cluda.DeviceParams, tuning bool) []string {
	var out []string
	for _, c := range candidatesFor(t, axes, fftLimits(p, t.DType(), fftplan.Tuning{}), tuning) {
		out = append(out, c.name)
	}
	return out
}
