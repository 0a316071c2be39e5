package tutorial_test

import (
	"fmt"
	"log"
	"math/cmplx"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/multi"
)

// One source for OpenCL and CUDA: the prelude's macros stand for what the
// two languages spell differently. Each work-group of four reverses its
// values through local memory.
func Example_portableKernel() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()

	prog, err := thr.Compile(`
KERNEL void reverse4(GLOBAL_MEM float *out, GLOBAL_MEM const float *in)
{
    LOCAL_MEM float buf[4];
    const SIZE_T i = get_global_id(0);
    const SIZE_T l = get_local_id(0);
    buf[l] = in[i];
    LOCAL_BARRIER;
    out[i] = buf[3 - l];
}`, cluda.CompileOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer prog.Release()
	k, err := prog.Kernel("reverse4")
	if err != nil {
		log.Fatal(err)
	}
	in, err := thr.ToDevice([]float32{1, 2, 3, 4, 5, 6, 7, 8})
	if err != nil {
		log.Fatal(err)
	}
	defer in.Release()
	out, err := thr.EmptyLike(in)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()
	if err := k.Call([]int{8}, []int{4}, out, in); err != nil {
		log.Fatal(err)
	}
	values, err := cluda.Read[float32](out)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(values)
	// Output:
	// [4 3 2 1 8 7 6 5]
}

// A computation on two devices: each transforms its half of a batch of
// four rows. Where there is one device, Repeat opens it twice.
func Example_multi() {
	m, err := cluda.CreateMultiThread(cluda.DeviceFilter{}, 2, cluda.MultiThreadOptions{Repeat: true})
	if err != nil {
		log.Fatal(err)
	}
	defer m.Release()

	shares := cluda.EqualShares(4, m.Len()) // rows of each device
	f, err := multi.Compile(m, shares, func(p multi.Part) (core.AnyComputation, error) {
		return fft.NewFFT(core.ArrayOf(dtypes.Complex64, p.Length, 16), []int{1}, fft.FFTOptions{})
	})
	if err != nil {
		log.Fatal(err)
	}
	defer f.Release()

	rows := make([]complex64, 4*16)
	for r := range 4 {
		for i, x := range cosine(16, r+1) {
			rows[r*16+i] = complex(x, 0)
		}
	}
	in, err := m.ToDeviceSplit(rows, []int{4, 16}, 0, shares)
	if err != nil {
		log.Fatal(err)
	}
	defer in.Release()
	out, err := m.EmptySplit([]int{4, 16}, dtypes.Complex64, 0, shares)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()
	if err := f.Call(out, in, 0); err != nil {
		log.Fatal(err)
	}
	spectra, err := cluda.ReadSplit[complex64](out)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("shares:", shares)
	for r := range 4 {
		fmt.Printf("row %d: |X[%d]| = %.0f\n", r, r+1, cmplx.Abs(complex128(spectra[r*16+r+1])))
	}
	// Output:
	// shares: [2 2]
	// row 0: |X[1]| = 8
	// row 1: |X[2]| = 8
	// row 2: |X[3]| = 8
	// row 3: |X[4]| = 8
}
