package fft_test

import (
	"fmt"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// TestLanesPasses runs the transforms whose passes after the first take
// lanes on CPU devices (fftplan.Pass.Lanes): three to five
// passes of 8 and 16 points, the pass twiddles in one table and (2^20, and
// 2^16 with a small table) in two, complex64 and complex128, several
// transforms in a batch, forward and inverse, planned without looped
// passes (which take the shorter ones whole). On a CPU device it checks
// that the plan has lanes kernels, and that NoLanes plans none; each plan
// is checked against the float64 reference.
func TestLanesPasses(t *testing.T) {
	thr := cludatest.Thread(t)
	cases := []struct {
		shape     []int
		dt        dtypes.DType
		passTable int
		long      bool
	}{
		{[]int{3, 1024}, dtypes.Complex64, 0, false},
		{[]int{2, 4096}, dtypes.Complex128, 0, false},
		{[]int{1 << 16}, dtypes.Complex64, 64, false},
		{[]int{4, 8192}, dtypes.Complex64, 0, false},
		{[]int{1 << 20}, dtypes.Complex64, 0, true},
	}
	for i, c := range cases {
		for _, noLanes := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/%v/lanes=%v", c.dt, c.shape, !noLanes), func(t *testing.T) {
				if c.long && testing.Short() {
					t.Skip("long case")
				}
				if !thr.Params().SupportsDType(c.dt) {
					t.Skip("no double precision")
				}
				axes := []int{len(c.shape) - 1}
				tuning := fft.FFTTuning{NoLanes: noLanes, NoLooped: true, PassTable: c.passTable}
				f, err := fft.NewTunedFFT(core.ArrayOf(c.dt, c.shape...), axes, fft.FFTOptions{}, tuning)
				if err != nil {
					t.Fatal(err)
				}
				if lanes := lanesKernels(t, f, thr.Params()); thr.Params().IsCPU() && (lanes == 0) != noLanes {
					t.Errorf("%d kernels take lanes", lanes)
				}
				if e := runPlanned(t, thr, f, c.dt, c.shape, axes, uint64(i)); !(e <= tolerance(c.dt)) {
					t.Errorf("relative error %.3g", e)
				}
			})
		}
	}
}

// lanesKernels returns the number of kernels of f's plan on the device
// that take lanes.
func lanesKernels(t *testing.T, f *fft.FFT, p *cluda.DeviceParams) int {
	t.Helper()
	n, _ := kernelsWith(t, f, p, "_lanes_mul(")
	return n
}

// TestLanesDropped checks that the first pass of a transform whose input
// goes through a transformation, and the last pass of one whose output
// does, take no lanes (their loads and stores are the transformation's,
// element by element), while the passes between keep them.
func TestLanesDropped(t *testing.T) {
	p := cluda.ModelCPU()
	typ := core.ArrayOf(dtypes.Complex64, 4, 1024)
	scale, err := transformations.MulConst(typ, complex64(2))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		connect   func(f *fft.FFT) error
		wantLanes int
	}{
		{"plain", func(*fft.FFT) error { return nil }, 3},
		{"a scaled input", func(f *fft.FFT) error {
			return f.Connect("input", scale, "output", map[string]string{"input": "halved"})
		}, 2},
		{"a scaled output", func(f *fft.FFT) error {
			return f.Connect("output", scale, "input", map[string]string{"output": "doubled"})
		}, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			// 1024 points in passes: a CPU device's plan without looped
			// passes.
			f, err := fft.NewTunedFFT(typ, []int{1}, fft.FFTOptions{}, fft.FFTTuning{NoLooped: true})
			if err != nil {
				t.Fatal(err)
			}
			if err := c.connect(f); err != nil {
				t.Fatal(err)
			}
			if n := lanesKernels(t, f, p); n != c.wantLanes {
				t.Errorf("%d of the 3 kernels take lanes, want %d", n, c.wantLanes)
			}
		})
	}
}
