package fft_test

import (
	"fmt"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// vectorMarker is in the source of the vector kernel
// (fftplan.Pass.Vectors): its first stage.
const vectorMarker = "// stage 1 of "

// TestVectorRows runs the transforms that a CPU device takes in the vector
// kernel: complex64 rows of powers of two from 2 to 256 points (up to 8
// several a work-item) and of lengths with factors 3, 5 and 7 (3 and 7
// eight a work-item, 12 and 20 four, 14 eight, 48, 60, 96, 240, 28), in batches of fewer rows than
// a work-group and of more than one, along the last axis of a 3-D array
// and along both axes of a square, and complex128 rows of 16 to 128
// points and 24, in numbers of rows that are no multiple of a
// work-item's (the last work-item loads and stores its rows value by
// value), forward and inverse; and complex64 rows of 512 and complex128
// ones of 4 and 256, which keep their plans. On a CPU device it checks which kernels
// are vector kernels, and that Tuning.NoVectorRows plans none; each
// transform is checked against the float64 reference.
func TestVectorRows(t *testing.T) {
	thr := cludatest.Thread(t)
	cases := []struct {
		shape  []int
		axes   []int
		dt     dtypes.DType
		vector int // the vector kernels of the rule's plan
	}{
		{[]int{6, 8}, []int{1}, dtypes.Complex64, 1},
		{[]int{9, 2}, []int{1}, dtypes.Complex64, 1},
		{[]int{20, 3}, []int{1}, dtypes.Complex64, 1},
		{[]int{8, 4}, []int{1}, dtypes.Complex64, 1},
		{[]int{70, 7}, []int{1}, dtypes.Complex64, 1},
		{[]int{5, 8}, []int{1}, dtypes.Complex64, 1},
		{[]int{130, 8}, []int{1}, dtypes.Complex64, 1},
		{[]int{5, 16}, []int{1}, dtypes.Complex64, 1},
		{[]int{100, 32}, []int{1}, dtypes.Complex64, 1},
		{[]int{3, 64}, []int{1}, dtypes.Complex64, 1},
		{[]int{2, 3, 128}, []int{2}, dtypes.Complex64, 1},
		{[]int{67, 256}, []int{1}, dtypes.Complex64, 1},
		{[]int{64, 64}, []int{0, 1}, dtypes.Complex64, 1},
		{[]int{3, 512}, []int{1}, dtypes.Complex64, 0},
		{[]int{8, 12}, []int{1}, dtypes.Complex64, 1},
		{[]int{6, 12}, []int{1}, dtypes.Complex64, 1},
		{[]int{131, 36}, []int{1}, dtypes.Complex64, 1},
		{[]int{4, 20}, []int{1}, dtypes.Complex64, 1},
		{[]int{16, 14}, []int{1}, dtypes.Complex64, 1},
		{[]int{3, 48}, []int{1}, dtypes.Complex64, 1},
		{[]int{8, 60}, []int{1}, dtypes.Complex64, 1},
		{[]int{70, 96}, []int{1}, dtypes.Complex64, 1},
		{[]int{3, 240}, []int{1}, dtypes.Complex64, 1},
		{[]int{2, 4, 28}, []int{2}, dtypes.Complex64, 1},
		{[]int{2, 3, 28}, []int{2}, dtypes.Complex64, 1},
		{[]int{6, 4}, []int{1}, dtypes.Complex128, 0},
		{[]int{4, 24}, []int{1}, dtypes.Complex128, 1},
		{[]int{5, 16}, []int{1}, dtypes.Complex128, 1},
		{[]int{3, 64}, []int{1}, dtypes.Complex128, 1},
		{[]int{2, 128}, []int{1}, dtypes.Complex128, 1},
		{[]int{3, 256}, []int{1}, dtypes.Complex128, 0},
	}
	for i, c := range cases {
		for _, off := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/%v/axes%v/vectors=%v", c.dt, c.shape, c.axes, !off), func(t *testing.T) {
				if !thr.Params().SupportsDType(c.dt) {
					t.Skip("no double precision")
				}
				f, err := fft.NewTunedFFT(core.ArrayOf(c.dt, c.shape...), c.axes, fft.FFTOptions{}, fft.FFTTuning{NoVectorRows: off})
				if err != nil {
					t.Fatal(err)
				}
				want := c.vector
				if off {
					want = 0
				}
				if n, _ := kernelsWith(t, f, thr.Params(), vectorMarker); thr.Params().IsCPU() && n != want {
					t.Errorf("%d vector kernels, want %d", n, want)
				}
				if e := runPlanned(t, thr, f, c.dt, c.shape, c.axes, uint64(i)); !(e <= tolerance(c.dt)) {
					t.Errorf("relative error %.3g", e)
				}
			})
		}
	}
}

// TestVectorRowsTransformed runs the vector kernel with a transformation
// on its input and on its output (the kernel then loads and stores value
// by value through them), forward and inverse: the input scaled by 2 and
// the output by 1/2 give the bare transform back.
func TestVectorRowsTransformed(t *testing.T) {
	thr := cludatest.Thread(t)
	for i, shape := range [][]int{{4, 8}, {7, 16}, {3, 128}, {8, 12}, {8, 60}, {5, 12}} {
		t.Run(fmt.Sprint(shape), func(t *testing.T) {
			typ := core.ArrayOf(dtypes.Complex64, shape...)
			f, err := fft.NewFFT(typ, []int{1}, fft.FFTOptions{})
			if err != nil {
				t.Fatal(err)
			}
			double, err := transformations.MulConst(typ, complex64(2))
			if err != nil {
				t.Fatal(err)
			}
			half, err := transformations.MulConst(typ, complex64(0.5))
			if err != nil {
				t.Fatal(err)
			}
			if err := f.Connect("input", double, "output", map[string]string{"input": "halved"}); err != nil {
				t.Fatal(err)
			}
			if err := f.Connect("output", half, "input", map[string]string{"output": "doubled"}); err != nil {
				t.Fatal(err)
			}
			if n, _ := kernelsWith(t, f, thr.Params(), vectorMarker); thr.Params().IsCPU() && n != 1 {
				t.Errorf("%d vector kernels, want 1", n)
			}
			if e := runPlanned(t, thr, f, dtypes.Complex64, shape, []int{1}, uint64(i)); !(e <= tolComplex64) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
}
