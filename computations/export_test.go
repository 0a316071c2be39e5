package computations

import (
	"github.com/reikna-go/reikna/computations/internal/fftplan"
	"github.com/reikna-go/reikna/core"
)

// FFTTuning makes an FFT plan as another device's would be, or as a
// benchmark asks; the zero value changes nothing.
type FFTTuning = fftplan.Tuning

// NewTunedFFT is NewFFT with the plan tuned.
func NewTunedFFT(t core.Type, axes []int, opts FFTOptions, tuning FFTTuning) (*FFT, error) {
	return newFFT(t, axes, opts, tuning)
}

// ScanTuning forces the form of a scan or smaller work-groups; the zero
// value changes nothing.
type ScanTuning = scanTuning

// The forms of a scan a ScanTuning chooses.
const (
	ScanAuto       = scanAuto
	ScanMultiPass  = scanMultiPass
	ScanSinglePass = scanSinglePass
)

// NewTunedScan is NewScan with the plan tuned.
func NewTunedScan(t core.Type, predicate *Predicate, axes []int, exclusive bool, tuning ScanTuning) (*Scan, error) {
	return newScan(t, predicate, axes, exclusive, tuning)
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
