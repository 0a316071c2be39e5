package lab

import (
	"github.com/reikna-go/reikna/core"
)

// Check tolerances of the FFT beside the half-storage one, relative L2
// against a float64 FFT of the input the device read. The complex64 FFT is
// held to the bound of the FFT tests. The half-storage FFT reads halves
// exactly, computes in float32 and rounds each output element to a half,
// which moves it by at most 2^-11 of its magnitude, and so the output's
// relative L2 by at most as much; the float32 FFT adds its own bound.
const (
	halfCheckTolComplex64 = fftCheckTolComplex64
	halfCheckTolHalf      = 0x1p-11 + halfCheckTolComplex64
)

// checkHalfFFT checks the batched FFT of shape, of complex64 arrays or
// where half of complex32 ones, as checkFFTRows does.
func checkHalfFFT(call *core.Callable, args []any, shape []int, half bool) (float64, error) {
	tol := halfCheckTolComplex64
	if half {
		tol = halfCheckTolHalf
	}
	return checkFFTRows(call, args, shape, tol)
}
