package fft_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// paddedMarker is in the source of a looped kernel whose arrays are
// padded (fftplan.Pass.Padded).
const paddedMarker = "#define LOOPED_AT(_n) ((_n) + (_n) / 64)"

// TestLoopedPadding runs looped passes that pad their arrays (a CPU
// device's rule; Tuning.NoLoopedPadding plans them unpadded): powers
// of two on the stack (1024 over rows and columns, complex128 2048),
// Bluestein's algorithm over 4096 points and over 55296 (27578, its
// arrays in a scratch array), the real FFT of 4096 (its half
// of 2048 points looped, the twist in its stores), and unpadded: 8192, whose padded arrays
// would outgrow the stack, 1000 and 1152 = 2^7·9, which are no multiples
// of 256, and 7936 = 2^8·31, a prime above 13.
// On a CPU device it checks which kernels pad; each transform is checked
// against the float64 reference.
func TestLoopedPadding(t *testing.T) {
	thr := cludatest.Thread(t)
	cases := []struct {
		shape  []int
		axis   int
		dt     dtypes.DType
		padded bool
	}{
		{[]int{3, 1024}, 1, dtypes.Complex64, true},
		{[]int{2, 8192}, 1, dtypes.Complex64, false},
		{[]int{1024, 5}, 0, dtypes.Complex64, true},
		{[]int{3, 2048}, 1, dtypes.Complex128, true},
		{[]int{9, 2038}, 1, dtypes.Complex64, true},
		{[]int{2, 27578}, 1, dtypes.Complex64, true},
		{[]int{16, 1000}, 1, dtypes.Complex64, false},
		{[]int{4, 1152}, 1, dtypes.Complex64, false},
		{[]int{2, 7936}, 1, dtypes.Complex64, false},
	}
	for i, c := range cases {
		t.Run(fmt.Sprintf("%v/%v/axis%d", c.dt, c.shape, c.axis), func(t *testing.T) {
			if !thr.Params().SupportsDType(c.dt) {
				t.Skip("no double precision")
			}
			axes := []int{c.axis}
			f, err := fft.NewTunedFFT(core.ArrayOf(c.dt, c.shape...), axes, fft.FFTOptions{}, fft.FFTTuning{})
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := kernelsWith(t, f, thr.Params(), paddedMarker); thr.Params().IsCPU() && (n > 0) != c.padded {
				t.Errorf("%d kernels pad their arrays, want them: %v", n, c.padded)
			}
			if e := runPlanned(t, thr, f, c.dt, c.shape, axes, uint64(i)); !(e <= tolerance(c.dt)) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
	t.Run("real 4096", func(t *testing.T) {
		shape := []int{5, 4096}
		r, err := fft.NewTunedRFFT(core.ArrayOf(dtypes.Float32, shape...), []int{1}, fft.FFTTuning{})
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := kernelsWith(t, r, thr.Params(), paddedMarker); thr.Params().IsCPU() && n != 1 {
			t.Errorf("%d kernels pad their arrays, want 1", n)
		}
		fwd, err := r.Compile(thr)
		if err != nil {
			t.Fatal(err)
		}
		defer fwd.Release()
		if e := rfftCallError(t, thr, fwd, rand.New(rand.NewPCG(4096, 3)), shape, 1); !(e <= tolComplex64) {
			t.Errorf("relative error %.3g", e)
		}
	})
}
