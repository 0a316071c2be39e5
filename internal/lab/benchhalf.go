package lab

import (
	"fmt"
	"io"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// benchHalf times, for each length of halfLengths, a batched C2C FFT of
// complex64 arrays and the same FFT reading and writing complex32 arrays
// through FromHalf and ToHalf, of the same number of elements, after
// checking each against a float64 reference.
func benchHalf(o *Options, stdout, stderr io.Writer) error {
	return runBenchSet(o, stdout, stderr, benchSet[int, *halfReport]{
		mode: "half", what: "half-precision FFT", otherMiB: caseDefaultMiB, cases: selectHalfLengths,
		// Variant 0 is the complex64 FFT, variant 1 the half-storage one.
		label: func(n, _ int) string {
			return fmt.Sprintf("FFT of length %d", n)
		},
		report: reportOf(func(r setReport[halfRow]) *halfReport { return &halfReport{r} }),
		measure: func(b *bencher, rep *halfReport, n int, v int) {
			// --mib is the size of a complex32 array.
			elements := max(int(o.MiB*(1<<20))/dtypes.Complex32.Size(), 1)
			shape := []int{max(elements/n, 1), n}
			rep.Rows = append(rep.Rows, b.measureHalf(shape, v == 1, rep.CopyGBs))
		},
		done: (*halfReport).ratios,
	})
}

// measureHalf checks and times the batched FFT of shape over its last axis:
// of complex64 arrays, or where half, of complex32 arrays through FromHalf
// and ToHalf. The rates count the bytes of the input and the output, and
// copyGBs is the device's copy bandwidth.
func (b *bencher) measureHalf(shape []int, half bool, copyGBs float64) halfRow {
	n := shape[1]
	dt, name := dtypes.Complex64, halfCaseName(n)
	if half {
		dt, name = dtypes.Complex32, name+halfSuffix
	}
	bytes := 2 * int64(shape[0]*n) * int64(dt.Size())
	b.arrayBytes = bytes / 2
	r := halfRow{N: n}
	build := func() (*core.Computation, error) {
		return halfFFT(shape, half)
	}
	check := func(call *core.Callable, sets [][]any) error {
		var err error
		r.RelL2, err = checkHalfFFT(call, sets[0], shape, half)
		return err
	}
	r.algoRow = b.measureCase(name, dt, shape, false, build, check)
	r.DType = dt.String()
	r.derive(bytes, copyGBs)
	return r
}
