package computations_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestRFFTPlanVariants runs on this device the plans a GPU gets (48 KiB of
// local memory, with the register kernel and with the local kernel only)
// and a small budget that takes several passes: where the transform of
// N/2 points is one kernel the twist is in its stores (one kernel in all),
// else in a kernel of its own after it. (The inverse untwists in the loads
// of any first kernel: TestRealFFT covers it.)
func TestRFFTPlanVariants(t *testing.T) {
	thr := cludatest.Thread(t)
	variants := []struct {
		tuning computations.FFTTuning
		fused  bool
	}{
		{computations.FFTTuning{LocalBytes: 48 << 10}, true},
		{computations.FFTTuning{LocalBytes: 48 << 10, NoRegisters: true}, true},
		{computations.FFTTuning{LocalBytes: 2 << 10, NoRegisters: true, PassTable: 64}, false},
	}
	const n = 512
	shape := []int{3, n}
	for i, v := range variants {
		t.Run(fmt.Sprintf("local%dK/registers=%v", v.tuning.LocalBytes>>10, !v.tuning.NoRegisters), func(t *testing.T) {
			r := must(computations.NewTunedRFFT(core.ArrayOf(dtypes.Float32, shape...), []int{1}, v.tuning))
			c := must(r.Compile(thr))
			defer c.Release()
			kernels := c.Kernels()
			twist := slicesContain(kernels, "rfft_twist")
			if v.fused && (len(kernels) != 1 || twist) {
				t.Errorf("kernels %v, want one with the twist fused", kernels)
			}
			if !v.fused && !twist {
				t.Errorf("kernels %v, want a twist kernel after several passes", kernels)
			}
			if e := runRFFT(t, thr, c, dtypes.Float32, shape, []int{1}, uint64(i)); !(e <= tolComplex64) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
}

// slicesContain reports whether the name of a kernel of ks contains s.
func slicesContain(ks []core.KernelInfo, s string) bool {
	for _, k := range ks {
		if strings.Contains(k.Name, s) {
			return true
		}
	}
	return false
}
