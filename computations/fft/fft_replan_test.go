package fft_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestFFTKernelsRefused compiles FFTs whose kernels the device's compiler
// refuses (for an option it does not know): the register kernel is
// replanned as the local kernel, and when that is refused too, Compile
// returns an error that says so and holds the compiler's.
func TestFFTKernelsRefused(t *testing.T) {
	thr := cludatest.Thread(t)
	tests := []struct {
		name   string
		tuning fft.FFTTuning
	}{
		{"register kernel first", fft.FFTTuning{}},
		{"local kernel only", fft.FFTTuning{NoRegisters: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tuning := tt.tuning
			tuning.CompilerOptions = []string{"-no-such-option-of-any-compiler"}
			f, err := fft.NewTunedFFT(core.ArrayOf(dtypes.Complex64, 4, 64), []int{1}, fft.FFTOptions{}, tuning)
			if err != nil {
				t.Fatal(err)
			}
			c, err := f.Compile(thr)
			if err == nil {
				c.Release()
				t.Fatal("the kernels compiled with an unknown option")
			}
			var be *cluda.BuildError
			if !strings.Contains(err.Error(), "no other kernel can do the pass") || !errors.As(err, &be) {
				t.Errorf("error %v, want one that says no other kernel can do the pass and holds the *cluda.BuildError", err)
			}
		})
	}
}
