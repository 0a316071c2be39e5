package lab

import (
	"fmt"
	"math"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/internal/reference"
)

// fftCheckElements is the number of elements of the rows that the check
// before timing compares with the float64 reference: enough rows to catch
// a wrong batch stride, few enough for the host to transform at once (one
// row where a row is longer).
const fftCheckElements = 1 << 16

// The bounds of the check of a batched FFT, relative L2 against a float64
// FFT of the input the device read: those of the FFT's tests
// (computations/fft), which the FFT meets at every length.
const (
	fftCheckTolComplex64  = 1e-6
	fftCheckTolComplex128 = 1e-14
)

// fftCheckTolerance returns the bound of the check of an FFT of values of
// dt.
func fftCheckTolerance(dt dtypes.DType) float64 {
	if dt == dtypes.Complex128 {
		return fftCheckTolComplex128
	}
	return fftCheckTolComplex64
}

// checkFFTRows runs call, a forward FFT over the last axis of a 2-D array
// of shape, once on args, its output poisoned first, and compares the
// first rows of the output with the float64 FFT of the first rows of the
// input. It returns the relative L2 error; one above tol is a
// *wrongResultError.
func checkFFTRows(call *core.Callable, args []any, shape []int, tol float64) (float64, error) {
	var in, out *cluda.Array
	for i, p := range call.Signature() {
		switch p.Role() {
		case core.Input:
			in, _ = args[i].(*cluda.Array)
		case core.Output:
			out, _ = args[i].(*cluda.Array)
		}
	}
	if in == nil || out == nil {
		return 0, fmt.Errorf("the FFT has no input or output array")
	}
	if err := out.Fill(complex(math.NaN(), math.NaN())); err != nil {
		return 0, fmt.Errorf("poisoning the output: %w", err)
	}
	if err := call.Call(args...); err != nil {
		return 0, fmt.Errorf("the checked call: %w", err)
	}
	rows := min(shape[0], max(fftCheckElements/shape[1], 1))
	x, err := readComplexRows(in, rows)
	if err != nil {
		return 0, fmt.Errorf("reading the input: %w", err)
	}
	y, err := readComplexRows(out, rows)
	if err != nil {
		return 0, fmt.Errorf("reading the output: %w", err)
	}
	c := cliutil.Compare(y, reference.FFTN(x, []int{rows, shape[1]}, []int{1}, false), tol)
	if !(c.RelL2 <= tol) {
		return c.RelL2, &wrongResultError{fmt.Errorf("relative L2 error %.3g of the first %d rows, above %.3g", c.RelL2, rows, tol)}
	}
	return c.RelL2, nil
}

// readComplexRows returns the first rows of a 2-D complex array as
// complex128.
func readComplexRows(a *cluda.Array, rows int) ([]complex128, error) {
	v, err := a.Slice(0, 0, rows, 1)
	if err != nil {
		return nil, err
	}
	return cliutil.ReadComplexArray(v)
}
