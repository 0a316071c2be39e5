package lab

import (
	"io"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// benchConvolve times the convolution cases, each beside the bare FFT of
// its rows in the same run, after checking two rows of the convolution
// against a float64 reference.
func benchConvolve(o *Options, stdout, stderr io.Writer) error {
	set := benchSet[convolveCase, *convolveReport]{
		mode: "convolve", what: "convolution", otherMiB: caseDefaultMiB, cases: selectConvolveCases,
		report: reportOf(func(r setReport[convolveRow]) *convolveReport { return &convolveReport{r} }),
	}
	return runBenchSet(o, stdout, stderr, besideFFT(o, set, "the FFT", func(b *bencher, rep *convolveReport, c convolveCase, shape []int) {
		bytes := 2 * int64(shape[0]*shape[1]*8) // the rows read and written
		b.arrayBytes = bytes / 2
		r := convolveRow{algoRow: b.measureConvolve(c, shape)}
		r.derive(bytes, rep.CopyGBs)
		rep.Rows = append(rep.Rows, r)
	}))
}

// measureConvolve checks and then times the convolution of the case on
// arrays of shape (see measureCase).
func (b *bencher) measureConvolve(c convolveCase, shape []int) algoRow {
	return b.measureCase(c.name, dtypes.Complex64, shape, false, func() (*core.Computation, error) {
		conv, err := c.convolution(shape)
		if err != nil {
			return nil, err
		}
		return conv.Computation, nil
	}, func(call *core.Callable, sets [][]any) error { return checkConvolveCall(call, sets[0], shape) })
}

// addFFT records in the last row the time of the bare FFT of its rows,
// fft, and the ratio of the convolution to two such FFTs.
func (rep *convolveReport) addFFT(fft algoRow) {
	r := &rep.Rows[len(rep.Rows)-1]
	r.FFTMedianMS, r.ToTwoFFTs, r.FFTSkipped = fftBeside(r.algoRow, fft, 2)
}
