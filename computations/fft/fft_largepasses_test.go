package fft_test

import (
	"fmt"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestFFTLargePasses checks the transforms of several passes in CUDA's
// large local memory (fftplan.Tuning.LargePasses): two passes of 1024 in
// tiles of 16 or 8 for 2^19's three, wider tiles for the two passes of
// 34992, 66528 (the rule's) and 131072, and Bluestein's transforms of
// 17569 in wider tiles (the rule's); and one pass of up to 25 elements a
// work-item (the rule's) for 15625, 13824, 12167 and 11875, and the two
// passes of 15625 with fftplan.Tuning.NoWideOnePass; the wider
// work-groups of fftplan.Tuning.WiderGroups for 8192, 6144 and 2053; the
// whole exchanges of 6750 and 7424 (the rule's) and 6750 without them;
// and Bluestein's 2181 and 2449 over the shorter convolutions (the
// rule's).
// Devices without the large local memory plan them as the rules do, which
// the other tests run (TestPlanInvariants checks the plans on CUDA's
// limits on every device).
func TestFFTLargePasses(t *testing.T) {
	thr := cludatest.Thread(t)
	if p := thr.Params(); p.LocalBufferSize <= p.LocalMemSize {
		t.Skipf("%s has no local memory beyond %d bytes: its plans are the rules'", p.Name, p.LocalMemSize)
	}
	cases := []struct {
		shape  []int
		tuning fft.FFTTuning
	}{
		{[]int{2, 1 << 19}, fft.FFTTuning{LargePasses: fftplan.AnyLargePasses}},
		{[]int{2, 1 << 19}, fft.FFTTuning{LargePasses: fftplan.AnyLargePasses, LargeTile: 8}},
		{[]int{3, 34992}, fft.FFTTuning{LargePasses: fftplan.WideLargePasses}},
		{[]int{2, 66528}, fft.FFTTuning{}},
		{[]int{2, 131072}, fft.FFTTuning{LargePasses: fftplan.WideLargePasses}},
		{[]int{3, 17569}, fft.FFTTuning{}},
		// One pass of up to 25 elements, and 15625 without it.
		{[]int{2, 15625}, fft.FFTTuning{}},
		{[]int{3, 13824}, fft.FFTTuning{}},
		{[]int{2, 12167}, fft.FFTTuning{}},
		{[]int{2, 11875}, fft.FFTTuning{}},
		{[]int{2, 15625}, fft.FFTTuning{NoWideOnePass: true}},
		// One pass of up to 16 elements over up to 512 work-items
		// (fftplan.Tuning.WiderGroups, a candidate): 8192, 6144, and
		// Bluestein's 2053 over 4104 points.
		{[]int{2, 8192}, fft.FFTTuning{WiderGroups: true}},
		{[]int{3, 6144}, fft.FFTTuning{WiderGroups: true}},
		{[]int{3, 2053}, fft.FFTTuning{WiderGroups: true}},
		// Whole exchanges for the uneven passes of 6750 and 7424, and
		// 6750 without them.
		{[]int{3, 6750}, fft.FFTTuning{}},
		{[]int{2, 7424}, fft.FFTTuning{}},
		{[]int{3, 6750}, fft.FFTTuning{NoWholeExchanges: true}},
		// Bluestein's 2181 and 2449 over 4374 and 4900 points within 48
		// KiB in place of 8192 in the large local memory.
		{[]int{3, 2181}, fft.FFTTuning{}},
		{[]int{2, 2449}, fft.FFTTuning{}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v/mode%d/tile%d/nowide=%t/wider=%t/nowhole=%t", c.shape, c.tuning.LargePasses, c.tuning.LargeTile, c.tuning.NoWideOnePass, c.tuning.WiderGroups, c.tuning.NoWholeExchanges), func(t *testing.T) {
			f, err := fft.NewTunedFFT(core.ArrayOf(dtypes.Complex64, c.shape...), []int{1}, fft.FFTOptions{}, c.tuning)
			if err != nil {
				t.Fatal(err)
			}
			if e := runPlanned(t, thr, f, dtypes.Complex64, c.shape, []int{1}, uint64(c.shape[1])); !(e <= tolComplex64) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
}
