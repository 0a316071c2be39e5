package fft_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestRFFTPlanVariants runs on this device the plans other devices get:
// where the transform of N/2 points is one kernel (a GPU's 48 KiB of
// local memory, with the register kernel and with the local kernel only)
// the twist is in its stores; where it is passes of the register kernel
// (small budgets), in the stores of the last pass, whose work-groups take
// the sub-transforms that hold partners together; otherwise in a kernel of
// its own. (The inverse untwists in the loads of any first kernel:
// TestRealFFT covers it.)
func TestRFFTPlanVariants(t *testing.T) {
	thr := cludatest.Thread(t)
	const (
		whole  = "in the one kernel"
		paired = "in the last pass"
		own    = "in a kernel of its own"
	)
	variants := []struct {
		tuning fft.FFTTuning
		shape  []int // transformed over axis 1
		twist  string
	}{
		{fft.FFTTuning{LocalBytes: 48 << 10}, []int{3, 512}, whole},
		{fft.FFTTuning{LocalBytes: 48 << 10, NoRegisters: true}, []int{3, 512}, whole},
		{fft.FFTTuning{LocalBytes: 48 << 10}, []int{2, 64, 3}, whole},
		// The complex transform of 360 points has uneven stages.
		{fft.FFTTuning{LocalBytes: 48 << 10}, []int{3, 720}, whole},
		{fft.FFTTuning{LocalBytes: 48 << 10, NoRegisters: true}, []int{2, 64, 3}, whole},
		{fft.FFTTuning{LocalBytes: 2 << 10, PassTable: 64}, []int{3, 4096}, paired},
		{fft.FFTTuning{LocalBytes: 2 << 10, NoRegisters: true, PassTable: 64}, []int{3, 512}, own},
	}
	for i, v := range variants {
		shape := v.shape
		t.Run(fmt.Sprintf("local%dK/registers=%v/%v", v.tuning.LocalBytes>>10, !v.tuning.NoRegisters, shape), func(t *testing.T) {
			r := comptest.Must(fft.NewTunedRFFT(core.ArrayOf(dtypes.Float32, shape...), []int{1}, v.tuning))
			c := comptest.Must(r.Compile(thr))
			defer c.Release()
			kernels := c.Kernels()
			last := kernels[len(kernels)-1]
			var got string
			switch {
			case strings.Contains(last.Name, "rfft_twist"):
				got = own
			case strings.Contains(last.Source, "_rfft_paired("):
				got = paired
			case len(kernels) == 1:
				got = whole
			}
			if got != v.twist {
				t.Errorf("the twist is %q in kernels %v, want %s", got, kernelNames(kernels), v.twist)
			}
			if e := runRFFT(t, thr, c, dtypes.Float32, shape, []int{1}, uint64(i)); !(e <= tolComplex64) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
}

// kernelNames returns the names of the kernels.
func kernelNames(ks []core.KernelInfo) []string {
	var names []string
	for _, k := range ks {
		names = append(names, k.Name)
	}
	return names
}
