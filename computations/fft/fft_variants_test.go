package fft_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
)

// TestFFTPlanVariants runs on this device the plans other devices get: the
// local memory of a GPU (48 KiB) and smaller budgets that force split and
// chunked exchanges, staged stores and several passes, with the register
// kernel and with the local kernel only. Each case runs under two
// neighbouring variants (case i under variants i and i+1, in a ring), so
// that every variant meets short, long, strided and double cases while the
// suite compiles half the plans of the full product.
func TestFFTPlanVariants(t *testing.T) {
	thr := cludatest.Thread(t)
	type variant struct {
		budget      int
		noRegisters bool
	}
	variants := []variant{{48 << 10, false}, {48 << 10, true}, {8 << 10, false}, {2 << 10, false}}
	cases := []struct {
		shape, axes []int
		dt          dtypes.DType
		long        bool
	}{
		{[]int{64, 16}, []int{1}, dtypes.Complex64, false},
		{[]int{8, 256}, []int{1}, dtypes.Complex64, false},
		{[]int{2, 4096}, []int{1}, dtypes.Complex64, false},
		{[]int{2, 8192}, []int{1}, dtypes.Complex64, false},
		{[]int{16384}, nil, dtypes.Complex64, false},
		{[]int{1 << 16}, nil, dtypes.Complex64, true},
		{[]int{1000}, nil, dtypes.Complex64, false},
		{[]int{1009}, nil, dtypes.Complex64, false},
		{[]int{512, 6}, []int{0}, dtypes.Complex64, false},
		{[]int{3, 2048, 5}, []int{1}, dtypes.Complex64, true},
		{[]int{4096}, nil, dtypes.Complex128, false},
		// Uneven stages (fftplan.Pass.Uneven) on a GPU's budget: short
		// rows in pairs of work-items, stages that leave work-items idle,
		// four stages of odd radices, and radices 11 and 13 together.
		{[]int{64, 30}, []int{1}, dtypes.Complex64, false},
		{[]int{6, 360}, []int{1}, dtypes.Complex64, false},
		{[]int{2, 4095}, []int{1}, dtypes.Complex64, false},
		{[]int{4, 143}, []int{1}, dtypes.Complex128, false},
		// Uneven stages over strided data: an axis with elements after
		// it, and both passes of 360 × 360 (the first storing transposed
		// rows, the second reading columns).
		{[]int{360, 6}, []int{0}, dtypes.Complex64, false},
		{[]int{129600}, nil, dtypes.Complex64, true},
		// Rows of odd lengths without padding in local memory
		// (fftplan.Pass.Plain on a GPU's budget): two stages of 19, and
		// 15, 15 and 3 exchanged as real and imaginary parts.
		{[]int{6, 361}, []int{1}, dtypes.Complex64, false},
		{[]int{3, 675}, []int{1}, dtypes.Complex64, false},
		// Staged loads and stores that address whole rows directly
		// (tile_at + e0): a last tile past the last row, and the rows of a
		// 3-D array.
		{[]int{7, 361}, []int{1}, dtypes.Complex64, false},
		{[]int{2, 3, 289}, []int{2}, dtypes.Complex64, false},
		// Prime butterflies above 16 (17 and 3; 31 and 4).
		{[]int{16, 51}, []int{1}, dtypes.Complex64, false},
		{[]int{8, 124}, []int{1}, dtypes.Complex64, false},
	}
	for i, c := range cases {
		for _, v := range []variant{variants[i%len(variants)], variants[(i+1)%len(variants)]} {
			name := fmt.Sprintf("local%dK/registers=%v/%v/%v", v.budget>>10, !v.noRegisters, c.dt, c.shape)
			t.Run(name, func(t *testing.T) {
				if c.long && testing.Short() {
					t.Skip("long case")
				}
				if !thr.Params().SupportsDType(c.dt) {
					t.Skip("no double precision")
				}
				tuning := fft.FFTTuning{LocalBytes: v.budget, NoRegisters: v.noRegisters}
				if v.budget < 8<<10 {
					tuning.PassTable = 64 // two-level pass twiddles
				}
				f, err := fft.NewTunedFFT(core.ArrayOf(c.dt, c.shape...), c.axes, fft.FFTOptions{}, tuning)
				if err != nil {
					t.Fatal(err)
				}
				e := runPlanned(t, thr, f, c.dt, c.shape, c.axes, uint64(i))
				if !(e <= tolerance(c.dt)) {
					t.Errorf("relative error %.3g", e)
				}
			})
		}
	}
}

// runPlanned runs a prepared FFT forward and inverse on fresh random data
// and returns the larger relative error.
func runPlanned(t *testing.T, thr *cluda.Thread, f *fft.FFT, dt dtypes.DType, shape, axes []int, seed uint64) float64 {
	t.Helper()
	c, err := f.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	return runCompiled(t, thr, c, dt, shape, axes, seed)
}

// runCompiled is runPlanned on an FFT compiled already.
func runCompiled(t *testing.T, thr *cluda.Thread, c *core.Callable, dt dtypes.DType, shape, axes []int, seed uint64) float64 {
	t.Helper()
	if axes == nil {
		for i := range shape {
			axes = append(axes, i)
		}
	}
	worst := 0.0
	for _, inverse := range []bool{false, true} {
		x := randomData(rand.New(rand.NewPCG(seed, 99)), core.ArrayOf(dt, shape...).Size())
		in, out := upload(t, thr, dt, x, shape), poisoned(t, thr, dt, shape)
		inv := int32(0)
		if inverse {
			inv = 1
		}
		if err := c.Call(out, in, inv); err != nil {
			t.Fatal(err)
		}
		worst = max(worst, download(t, out, reference.FFTN(x, shape, axes, inverse)))
		in.Release()
		out.Release()
	}
	return worst
}
