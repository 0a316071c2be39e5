package core_test

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// The time of each kernel of a call shows where a computation of several
// kernels spends it: here the passes of an FFT of 65536 points. (The
// number of passes depends on the device; the times on the run.)
func ExampleCallable_CallProfiledKernels() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{Profiling: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()
	t := core.ArrayOf(dtypes.Complex64, 4, 65536)
	f, err := fft.NewFFT(t, []int{1}, fft.FFTOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := f.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Release()
	in, err := thr.Zeros(t.Shape(), t.DType())
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
	times, err := c.CallProfiledKernels(out, in, int32(0))
	if err != nil {
		fmt.Println(err)
		return
	}
	timed := len(times) == len(c.Kernels())
	for i, kt := range times {
		// Print kt.Name and kt.Duration to see them.
		timed = timed && kt.Name == c.Kernels()[i].Name && kt.Duration > 0
	}
	fmt.Println("every kernel timed:", timed)
	// Output:
	// every kernel timed: true
}
