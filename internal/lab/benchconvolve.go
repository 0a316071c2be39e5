package lab

import (
	"fmt"
	"io"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// benchConvolve times the convolution cases, each beside the bare FFT of
// its rows in the same run, after checking two rows of the convolution
// against a float64 reference.
func benchConvolve(o *Options, stdout, stderr io.Writer) error {
	return runBenchSet(o, stdout, stderr, benchSet[convolveCase, *convolveReport]{
		mode: "convolve", what: "convolution", otherMiB: caseDefaultMiB, cases: selectConvolveCases,
		// Variant 0 is the convolution, variant 1 the FFT of its rows.
		label: func(c convolveCase, v int) string {
			shape := c.sizedShape(o.MiB)
			if v == 1 {
				return fmt.Sprintf("the FFT of %s", cliutil.DimsString(shape))
			}
			return fmt.Sprintf("%s of %s", c.name, cliutil.DimsString(shape))
		},
		report: func(h runHeader, mib, copyGBs float64) *convolveReport {
			return &convolveReport{runHeader: h, MiB: mib, CopyGBs: copyGBs, Build: readBuildInfo()}
		},
		measure: func(b *bencher, rep *convolveReport, c convolveCase, v int) {
			shape := c.sizedShape(o.MiB)
			bytes := 2 * int64(shape[0]*shape[1]*8) // the rows read and written
			b.arrayBytes = bytes / 2
			if v == 0 {
				r := convolveRow{algoRow: b.measureConvolve(c, shape)}
				r.derive(bytes, rep.CopyGBs)
				rep.Rows = append(rep.Rows, r)
				return
			}
			rep.Rows[len(rep.Rows)-1].addFFT(b.measureConvolveFFT(c, shape))
		},
	})
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

// measureConvolveFFT times the bare FFT of the rows of the case on arrays
// of shape (see measureCase).
func (b *bencher) measureConvolveFFT(c convolveCase, shape []int) algoRow {
	return b.measureCase(c.name, dtypes.Complex64, shape, false, func() (*core.Computation, error) {
		f, err := c.fft(shape)
		if err != nil {
			return nil, err
		}
		return f.Computation, nil
	}, func(*core.Callable, [][]any) error { return nil })
}

// addFFT records in r the time of the bare FFT of its rows, fft, and the
// ratio of the convolution to two such FFTs.
func (r *convolveRow) addFFT(fft algoRow) {
	r.FFTMedianMS = fft.MedianMS
	if r.MedianMS > 0 && fft.MedianMS > 0 {
		r.ToTwoFFTs = r.MedianMS / (2 * fft.MedianMS)
	}
	if fft.Skipped != "" && r.Skipped == "" && r.Wrong == "" {
		r.FFTSkipped = fft.Skipped
	}
}
