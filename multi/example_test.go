package multi_test

import (
	"fmt"
	"log"
	"math/cmplx"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/multi"
)

// ExampleSlabFFT transforms an 8×12×16 array split among two devices
// (the one CPU device opened twice where there is no other): the input
// split along axis 0, the output along axis 1.
func ExampleSlabFFT() {
	m, err := cluda.CreateMultiThread(cluda.DeviceFilter{}, 2, cluda.MultiThreadOptions{Repeat: true})
	if err != nil {
		log.Fatal(err)
	}
	defer m.Release()
	shape := []int{8, 12, 16}
	fft, err := multi.NewSlabFFT(m, core.ArrayOf(dtypes.Complex64, shape...), multi.SlabFFTOptions{Layout: multi.SlabsToTransposed})
	if err != nil {
		log.Fatal(err)
	}
	defer fft.Release()
	ones := make([]complex64, 8*12*16)
	for i := range ones {
		ones[i] = 1
	}
	in, err := m.ToDeviceSplit(ones, shape, 0, nil) // slabs of 4×12×16
	if err != nil {
		log.Fatal(err)
	}
	defer in.Release()
	out, err := m.EmptySplit(shape, dtypes.Complex64, 1, nil) // 8×6×16 on each device
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()
	if err := fft.Call(out, in, 0); err != nil {
		log.Fatal(err)
	}
	spectrum, err := cluda.ReadSplit[complex64](out)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("output split along axis", out.Axis(), "into", out.Shares())
	// The transform of ones is their count at 0 and nothing elsewhere.
	fmt.Printf("F[0,0,0] = %.0f, |F[1,2,3]| < 1e-3: %v\n", real(spectrum[0]), cmplx.Abs(complex128(spectrum[1*12*16+2*16+3])) < 1e-3)
	// Output:
	// output split along axis 1 into [6 6]
	// F[0,0,0] = 1536, |F[1,2,3]| < 1e-3: true
}
