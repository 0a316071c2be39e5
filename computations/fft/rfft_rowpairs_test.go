package fft_test

import (
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// The markers of a real transform's row pairs in the kernels' source
// (templates/rfft_hooks.cl, fft_looped.cl, rfft_split_runs.cl).
const (
	rowPairsLoadMarker    = "as the real and imaginary parts of\n// one complex row"
	rowPairsSplitMarker   = "The spectra of the two real rows of each lane"
	rowPairsRunsMarker    = "Outputs 0 of both rows"
	rowPairsInverseMarker = "FFT_LOAD_ROW_B("
)

// TestRealFFTRowPairs checks the real transforms of odd lengths that a CPU
// device runs two rows at a time, as the real and imaginary parts of one
// complex row: in one looped kernel that splits the two spectra in its
// stores (an odd count of rows, rows of several dimensions, elements after
// the axis, complex128), and in passes of several with the split in a
// kernel of its own (the smooth 255255 and Bluestein's 98595), against the
// float64 references on fresh random data.
func TestRealFFTRowPairs(t *testing.T) {
	thr := cludatest.Thread(t)
	f32, f64 := dtypes.Float32, dtypes.Float64
	for i, tc := range []struct {
		c     rfftCase
		split string // the marker of the forward transform's split
	}{
		{rfftCase{f32, []int{5, 165}, []int{1}}, rowPairsSplitMarker},
		{rfftCase{f32, []int{2, 3, 1001}, []int{2}}, rowPairsSplitMarker},
		{rfftCase{f32, []int{3, 225, 2}, []int{1}}, rowPairsSplitMarker},
		{rfftCase{f64, []int{2, 8931}, []int{1}}, rowPairsSplitMarker},
		{rfftCase{f32, []int{3, 255255}, []int{1}}, rowPairsRunsMarker},
		{rfftCase{f32, []int{2, 98595}, []int{1}}, rowPairsRunsMarker},
	} {
		c := tc.c
		t.Run(c.String(), func(t *testing.T) {
			if !thr.Params().SupportsDType(c.dt) {
				t.Skip("no double precision")
			}
			cdt, n, half := complexOfReal(c.dt), c.realLength(), halfShape(c.shape, c.axes)
			r := comptest.Must(fft.NewRFFT(core.ArrayOf(c.dt, c.shape...), c.axes, fft.RFFTOptions{}))
			ir := comptest.Must(fft.NewIRFFT(core.ArrayOf(cdt, half...), c.axes, fft.IRFFTOptions{N: n}))
			if thr.Params().IsCPU() {
				for _, m := range []struct {
					comp   renderer
					marker string
				}{{r, rowPairsLoadMarker}, {r, tc.split}, {ir, rowPairsInverseMarker}} {
					if k, _ := kernelsWith(t, m.comp, thr.Params(), m.marker); k == 0 {
						t.Errorf("%T: no kernel with %q", m.comp, m.marker)
					}
				}
			}
			checkRealPair(t, thr, r, ir, c, uint64(i))
		})
	}
}

// TestRealFFTRowPairsTuning checks that Tuning.NoRowPairs transforms each
// real row alone, and that short odd lengths do (rowPairsFrom).
func TestRealFFTRowPairsTuning(t *testing.T) {
	thr := cludatest.Thread(t)
	if !thr.Params().IsCPU() {
		t.Skip("row pairs are a CPU device's plan")
	}
	for _, tc := range []struct {
		name   string
		n      int
		tuning fft.FFTTuning
	}{
		{"NoRowPairs", 165, fft.FFTTuning{NoRowPairs: true}},
		{"short", 135, fft.FFTTuning{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := comptest.Must(fft.NewTunedRFFT(core.ArrayOf(dtypes.Float32, 4, tc.n), []int{1}, tc.tuning))
			if k, _ := kernelsWith(t, r, thr.Params(), rowPairsLoadMarker); k != 0 {
				t.Errorf("%d kernels with row pairs, want none", k)
			}
		})
	}
}
