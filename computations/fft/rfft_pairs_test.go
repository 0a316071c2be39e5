package fft_test

import (
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// pairLoadMarker is in the source of a kernel that reads the real
// transform's pairs as one 8-byte load (templates/rfft_hooks.cl).
const pairLoadMarker = "(GLOBAL_MEM const float2 *)&FFT_LOAD_AT"

// TestRealFFTPairLoads checks the real transforms whose first kernel
// reads each pair of the input as one 8-byte load (realAxis.pairsAt): one
// kernel, several passes, Bluestein's algorithm on the half, and an input
// through a transformation, which has no pointer to read pairs through.
func TestRealFFTPairLoads(t *testing.T) {
	thr := cludatest.Thread(t)
	for i, tc := range []struct {
		name     string
		batch, n int
		scaled   bool // a scale connected to the input
		// lanes: a CPU device's passes in lanes read the pairs in a
		// kernel of their own (TestRealFFTLanesPlan).
		lanes bool
	}{
		{"100", 16, 100, false, false},
		{"1024", 8, 1024, false, false},
		{"4096", 4, 4096, false, false},
		{"1026: Bluestein's half", 4, 1026, false, false},
		{"65536: several passes", 2, 65536, false, true},
		{"1024, scaled input", 8, 1024, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shape := []int{tc.batch, tc.n}
			rt := core.ArrayOf(dtypes.Float32, shape...)
			r := comptest.Must(fft.NewRFFT(rt, []int{1}, fft.RFFTOptions{}))
			scale := 1.0
			if tc.scaled {
				if err := r.Connect("input", comptest.Must(transformations.MulConst(rt, 0.5)), "output", map[string]string{"input": "signal"}); err != nil {
					t.Fatal(err)
				}
				scale = 0.5
			}
			want := 1
			if tc.scaled {
				want = 0
			}
			if n, _ := kernelsWith(t, r, thr.Params(), pairLoadMarker); n != want && !(tc.lanes && thr.Params().IsCPU()) {
				t.Errorf("%d kernels read the pairs as one load, want %d", n, want)
			}
			fwd := comptest.Must(r.Compile(thr))
			defer fwd.Release()
			rng := rand.New(rand.NewPCG(17, uint64(i)))
			if e := rfftCallError(t, thr, fwd, rng, shape, scale); !(e <= tolComplex64) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
}

// TestRealFFTPairLoadsOnGPUs checks, by rendering for the model GPUs,
// that their forward real transforms read the pairs as one load by the
// rules and as two under Tuning.NoPairLoads.
func TestRealFFTPairLoadsOnGPUs(t *testing.T) {
	rt := core.ArrayOf(dtypes.Float32, 8, 1024)
	for name, p := range map[string]*cluda.DeviceParams{"OpenCL": cluda.ModelGPU(), "CUDA": cluda.ModelCUDAGPU()} {
		for _, two := range []bool{false, true} {
			r := comptest.Must(fft.NewTunedRFFT(rt, []int{1}, fft.FFTTuning{NoPairLoads: two}))
			if n, _ := kernelsWith(t, r, p, pairLoadMarker); (n == 1) == two {
				t.Errorf("%s, NoPairLoads %t: %d kernels read the pairs as one load", name, two, n)
			}
		}
	}
}
