package multi_test

import (
	"fmt"
	"log"
	"math"
	"math/cmplx"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/multi"
)

// ExampleCompile transforms a batch of 6 rows of 32 points on two devices
// (the one CPU device opened twice where there is no other): each device
// compiles the FFT of its share of the rows and transforms them, the
// arrays split along the batch axis 0.
func ExampleCompile() {
	m, err := cluda.CreateMultiThread(cluda.DeviceFilter{}, 2, cluda.MultiThreadOptions{Repeat: true})
	if err != nil {
		log.Fatal(err)
	}
	defer m.Release()
	const rows, n = 6, 32
	shares := cluda.EqualShares(rows, m.Len())
	f, err := multi.Compile(m, shares, func(p multi.Part) (core.AnyComputation, error) {
		return fft.NewFFT(core.ArrayOf(dtypes.Complex64, p.Length, n), []int{1}, fft.FFTOptions{})
	})
	if err != nil {
		log.Fatal(err)
	}
	defer f.Release()
	fmt.Println(f.Signature().Names(), "on rows", f.Shares())

	x := make([]complex64, rows*n)
	for i := range x {
		x[i] = complex(float32(i%7)-3, float32(i%4))
	}
	in, err := m.ToDeviceSplit(x, []int{rows, n}, 0, shares)
	if err != nil {
		log.Fatal(err)
	}
	defer in.Release()
	out, err := m.EmptySplit([]int{rows, n}, dtypes.Complex64, 0, shares)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()
	if err := f.Call(out, in, 0); err != nil {
		log.Fatal(err)
	}
	got, err := cluda.ReadSplit[complex64](out)
	if err != nil {
		log.Fatal(err)
	}

	// The float64 DFT of each row, and the relative L2 error against it.
	var diff, norm float64
	for r := 0; r < rows; r++ {
		for k := 0; k < n; k++ {
			var want complex128
			for j := 0; j < n; j++ {
				want += complex128(x[r*n+j]) * cmplx.Exp(complex(0, -2*math.Pi*float64(j*k%n)/n))
			}
			diff += math.Pow(cmplx.Abs(complex128(got[r*n+k])-want), 2)
			norm += math.Pow(cmplx.Abs(want), 2)
		}
	}
	fmt.Println("relative error below 1e-6:", math.Sqrt(diff/norm) < 1e-6)
	// Output:
	// [output input inverse] on rows [3 3]
	// relative error below 1e-6: true
}
