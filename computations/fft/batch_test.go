package fft_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestBatches checks the batch axes the FFT, RFFT and IRFFT declare: the
// axes they do not transform, each the same axis of output and input.
func TestBatches(t *testing.T) {
	c64 := core.ArrayOf(dtypes.Complex64, 3, 4, 5)
	f32 := core.ArrayOf(dtypes.Float32, 3, 4, 6)
	for _, c := range []struct {
		name    string
		make    func() (core.AnyComputation, error)
		batches []int
	}{
		{"FFT over the last two axes", func() (core.AnyComputation, error) {
			return fft.NewFFT(c64, []int{1, 2}, fft.FFTOptions{})
		}, []int{0}},
		{"FFT over the first axis", func() (core.AnyComputation, error) {
			return fft.NewFFT(c64, []int{0}, fft.FFTOptions{})
		}, []int{1, 2}},
		{"FFT over every axis", func() (core.AnyComputation, error) {
			return fft.NewFFT(c64, nil, fft.FFTOptions{})
		}, nil},
		{"RFFT over the last axis", func() (core.AnyComputation, error) {
			return fft.NewRFFT(f32, []int{2}, fft.RFFTOptions{})
		}, []int{0, 1}},
		{"IRFFT over the middle axis", func() (core.AnyComputation, error) {
			return fft.NewIRFFT(c64, []int{1}, fft.IRFFTOptions{N: 6})
		}, []int{0, 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			comp, err := c.make()
			if err != nil {
				t.Fatal(err)
			}
			var want []map[string]int
			for _, a := range c.batches {
				want = append(want, map[string]int{"output": a, "input": a})
			}
			if got := comp.Base().Batches(); !slices.EqualFunc(got, want, maps.Equal) {
				t.Errorf("batches %v, want %v", got, want)
			}
		})
	}
}
