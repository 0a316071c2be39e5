package fft_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestFFTRowStrides runs on this device a GPU's plans of short rows of
// even lengths with the row strides the bank model chooses (fftplan's
// chooseRowPad; Tuning.NoRowStrides turns them off):
// rows padded past the odd stride, plain and padded, staged and not, even
// and uneven stages, and a last tile past the last row.
func TestFFTRowStrides(t *testing.T) {
	thr := cludatest.Thread(t)
	cases := []struct {
		shape []int
		dt    dtypes.DType
	}{
		{[]int{100, 48}, dtypes.Complex64},
		{[]int{77, 50}, dtypes.Complex64},
		{[]int{64, 60}, dtypes.Complex64},
		{[]int{33, 84}, dtypes.Complex64},
		{[]int{40, 128}, dtypes.Complex64},
		{[]int{13, 234}, dtypes.Complex64},
		{[]int{50, 36}, dtypes.Complex64},
		{[]int{9, 200}, dtypes.Complex64},
		{[]int{20, 72}, dtypes.Complex128},
	}
	for i, c := range cases {
		t.Run(fmt.Sprintf("%v/%v", c.dt, c.shape), func(t *testing.T) {
			if !thr.Params().SupportsDType(c.dt) {
				t.Skip("no double precision")
			}
			tuning := fft.FFTTuning{LocalBytes: 48 << 10}
			f, err := fft.NewTunedFFT(core.ArrayOf(c.dt, c.shape...), []int{1}, fft.FFTOptions{}, tuning)
			if err != nil {
				t.Fatal(err)
			}
			// The strides must be what this plan changes: the source
			// differs from the plan's without them.
			tuning.NoRowStrides = true
			odd, err := fft.NewTunedFFT(core.ArrayOf(c.dt, c.shape...), []int{1}, fft.FFTOptions{}, tuning)
			if err != nil {
				t.Fatal(err)
			}
			src, err := f.Render(thr.Params())
			if err != nil {
				t.Fatal(err)
			}
			oddSrc, err := odd.Render(thr.Params())
			if err != nil {
				t.Fatal(err)
			}
			if reflect.DeepEqual(src, oddSrc) {
				t.Errorf("the plan renders as it does without row strides")
			}
			if e := runPlanned(t, thr, f, c.dt, c.shape, []int{1}, uint64(i)); !(e <= tolerance(c.dt)) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
}
