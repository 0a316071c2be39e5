package lab

import (
	"fmt"
	"math"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
	"gonum.org/v1/gonum/dsp/fourier"
)

// convolveTarget is the most time a circular convolution of complex64 rows
// with one filter may take, in multiples of two bare FFTs of the rows.
const convolveTarget = 1.1

// convolveCase is one workload of the convolution benchmark, named and
// sized as PyTorch's counterpart in scripts/torch_convolve_bench.py: the
// circular convolution of (batch, n) complex64 rows with one filter of n
// points, which serves every row.
type convolveCase struct {
	name  string
	shape []int // at algoFullMiB
}

// convolveLengths are the row lengths of the cases: rows that one kernel
// convolves (1024 and 2048 on a GPU), rows of one FFT pass each way
// (4096) and rows of several FFT passes.
var convolveLengths = []int{1024, 2048, 4096, 1 << 16, 1 << 20}

// convolveCases are the cases in the order they run: 512 MiB of complex64
// rows of each length.
var convolveCases = func() []convolveCase {
	var cs []convolveCase
	for _, n := range convolveLengths {
		cs = append(cs, convolveCase{fmt.Sprintf("circular_c64_%d", n), []int{algoFullMiB << 20 / 8 / n, n}})
	}
	return cs
}()

// selectConvolveCases returns the cases named in list (comma-separated, ""
// for all), in the order given.
func selectConvolveCases(list string) ([]convolveCase, error) {
	return selectCases(list, convolveCases, func(c convolveCase) string { return c.name }, "convolution")
}

// caseName returns the case's name.
func (c convolveCase) caseName() string { return c.name }

// sizedShape returns the case's shape at mib MiB per array, shrunk as the
// algorithm cases shrink: the batch first, then the rows.
func (c convolveCase) sizedShape(mib float64) []int {
	return algoCase{shape: c.shape}.sizedShape(mib)
}

// convolution returns the case's convolution of rows of shape.
func (c convolveCase) convolution(shape []int) (*fft.Convolve, error) {
	return fft.NewConvolve(core.ArrayOf(dtypes.Complex64, shape...), core.ArrayOf(dtypes.Complex64, 1, shape[1]),
		[]int{1}, fft.ConvolveCircular, fft.ConvolveOptions{})
}

// fft returns the bare FFT of the rows of shape, which the convolution is
// measured against.
func (c convolveCase) fft(shape []int) (*fft.FFT, error) {
	return fft.NewFFT(core.ArrayOf(dtypes.Complex64, shape...), []int{1}, fft.FFTOptions{})
}

// convolveCheckTolerance bounds the relative L2 error of a checked row
// against the float64 reference: three float32 FFTs (the filter's, the
// row's and the one back), each within 1e-6, and a product.
const convolveCheckTolerance = 1e-5

// checkConvolveCall runs the convolution once on the argument set args
// (output, signal, filter), its output poisoned first, and checks the first
// and the last row against the float64 reference; a wrong output is a
// *wrongResultError.
func checkConvolveCall(call *core.Callable, args []any, shape []int) error {
	arrays := make([]*cluda.Array, 3)
	for i := range arrays {
		a, ok := args[i].(*cluda.Array)
		if !ok {
			return fmt.Errorf("argument %d of the convolution is not an array", i)
		}
		arrays[i] = a
	}
	if err := arrays[0].Fill(complex64(complex(math.NaN(), math.NaN()))); err != nil {
		return fmt.Errorf("poisoning the output: %w", err)
	}
	if err := call.Call(args...); err != nil {
		return fmt.Errorf("the checked call: %w", err)
	}
	var values [3][]complex64
	for i, a := range arrays {
		v, err := cluda.Read[complex64](a)
		if err != nil {
			return fmt.Errorf("reading the arrays back: %w", err)
		}
		values[i] = v
	}
	if err := checkConvolveRows(values[1], values[2], values[0], shape[1], []int{0, shape[0] - 1}); err != nil {
		return &wrongResultError{err}
	}
	return nil
}

// checkConvolveRows compares rows of the output (n points each) with the cyclic
// convolution of the same rows of the signal with the filter, computed in
// float64.
func checkConvolveRows(signal, filter, output []complex64, n int, rows []int) error {
	f := fourier.NewCmplxFFT(n)
	spectrum := f.Coefficients(nil, cliutil.Widen(filter))
	for _, r := range rows {
		x := f.Coefficients(nil, cliutil.Widen(signal[r*n:(r+1)*n]))
		for i := range x {
			x[i] *= spectrum[i] / complex(float64(n), 0)
		}
		want := f.Sequence(nil, x)
		var num, den float64
		for i, w := range want {
			d := complex128(output[r*n+i]) - w
			num += real(d)*real(d) + imag(d)*imag(d)
			den += real(w)*real(w) + imag(w)*imag(w)
		}
		if e := math.Sqrt(num / den); !(e <= convolveCheckTolerance) {
			return fmt.Errorf("row %d: relative error %.3g against the float64 reference, want at most %g", r, e, convolveCheckTolerance)
		}
	}
	return nil
}
