package computations_test

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// Swap the first and last axes of a 2×3×1 array, as numpy.transpose(a,
// (2, 1, 0)) does.
func ExampleNewTranspose() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	tr, err := computations.NewTranspose(core.ArrayOf(dtypes.Int32, 2, 3, 1), []int{2, 1, 0}, computations.TransposeOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := tr.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	in, err := thr.ToDevice([]int32{1, 2, 3, 4, 5, 6}, 2, 3, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer in.Release()
	out, err := thr.Empty([]int{1, 3, 2}, dtypes.Int32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer out.Release()
	if err := c.Call(out, in); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[int32](out)
	fmt.Println(out.Shape(), got, err)
	// Output: [1 3 2] [1 4 2 5 3 6] <nil>
}

// Roll a vector two positions back, as numpy.roll(a, -2) does.
func ExampleNewRoll() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	typ := core.ArrayOf(dtypes.Float32, 5)
	roll, err := computations.NewRoll(typ, -1, computations.RollOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := roll.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	in, err := thr.ToDevice([]float32{0, 1, 2, 3, 4}, 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer in.Release()
	out, err := thr.EmptyLike(in)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer out.Release()
	if err := c.Call(out, in, -2); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[float32](out)
	fmt.Println(got, err)
	// Output: [2 3 4 0 1] <nil>
}

// Roll the rows of a 2×4 array by one position and back, in place, as
// numpy.roll(a, shift, axis=1) does.
func ExampleNewRollInPlace() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	roll, err := computations.NewRollInPlace(core.ArrayOf(dtypes.Float32, 2, 4), 1, computations.RollOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := roll.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	a, err := thr.ToDevice([]float32{0, 1, 2, 3, 10, 11, 12, 13}, 2, 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Release()
	for _, shift := range []int32{1, -3} {
		if err := c.Call(a, shift); err != nil {
			fmt.Println(err)
			return
		}
		got, err := cluda.Read[float32](a)
		fmt.Println(shift, got, err)
	}
	// Output:
	// 1 [3 0 1 2 13 10 11 12] <nil>
	// -3 [2 3 0 1 12 13 10 11] <nil>
}

// Move the zero frequency of a spectrum of odd length to the middle and
// back, as numpy.fft.fftshift and ifftshift do.
func ExampleNewFFTShift() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	typ := core.ArrayOf(dtypes.Int32, 5)
	shift, err := computations.NewFFTShift(typ, nil, computations.FFTShiftOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := shift.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	// The frequencies of a transform of length 5, in the order an FFT
	// returns them.
	freqs, err := thr.ToDevice([]int32{0, 1, 2, -2, -1}, 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer freqs.Release()
	centred, err := thr.Empty([]int{5}, dtypes.Int32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer centred.Release()
	back, err := thr.Empty([]int{5}, dtypes.Int32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer back.Release()
	if err := c.Call(centred, freqs, 0); err != nil {
		fmt.Println(err)
		return
	}
	if err := c.Call(back, centred, 1); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[int32](centred)
	fmt.Println(got, err)
	got, err = cluda.Read[int32](back)
	fmt.Println(got, err)
	// Output:
	// [-2 -1 0 1 2] <nil>
	// [0 1 2 -2 -1] <nil>
}
