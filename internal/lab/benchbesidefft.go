package lab

import (
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// A besideFFTCase is a case of a set that times it beside an FFT of
// complex64 arrays of its shape, in the same run (bench --convolve,
// bench --dct).
type besideFFTCase interface {
	caseName() string
	// sizedShape returns the case's shape at mib MiB (--mib).
	sizedShape(mib float64) []int
	// fft returns the FFT the case is timed beside, of arrays of shape.
	fft(shape []int) (*fft.FFT, error)
}

// A besideFFTReport is the report of such a set.
type besideFFTReport interface {
	caseReport
	// addFFT records the FFT timed beside the case of the last row.
	addFFT(fft algoRow)
}

// besideFFT fills the label and the measure of set, whose every case is
// timed beside an FFT of its shape: variant 0 is the case, which measure
// measures on arrays of shape and records in rep, and variant 1 the FFT,
// which fftName names on the progress bar.
func besideFFT[C besideFFTCase, R besideFFTReport](o *Options, set benchSet[C, R], fftName string,
	measure func(b *bencher, rep R, c C, shape []int)) benchSet[C, R] {
	set.label = func(c C, v int) string {
		name := c.caseName()
		if v == 1 {
			name = fftName
		}
		return caseLabel(name, c.sizedShape(o.MiB))
	}
	set.measure = func(b *bencher, rep R, c C, v int) {
		shape := c.sizedShape(o.MiB)
		if v == 0 {
			measure(b, rep, c, shape)
			return
		}
		b.arrayBytes = 8 * int64(transformLength(shape, cliutil.AllAxes(len(shape))))
		rep.addFFT(b.measureCase(c.caseName(), dtypes.Complex64, shape, false, func() (*core.Computation, error) {
			f, err := c.fft(shape)
			if err != nil {
				return nil, err
			}
			return f.Computation, nil
		}, func(*core.Callable, [][]any) error { return nil }))
	}
	return set
}

// fftBeside returns what the row r of a case records of the FFT timed
// beside it, fft: the FFT's median time, the ratio of r's to per such
// FFTs' and, where the FFT alone was not timed, why.
func fftBeside(r, fft algoRow, per float64) (medianMS, ratio float64, skipped string) {
	if r.MedianMS > 0 && fft.MedianMS > 0 {
		ratio = r.MedianMS / (per * fft.MedianMS)
	}
	if fft.Skipped != "" && r.Skipped == "" && r.Wrong == "" {
		skipped = fft.Skipped
	}
	return fft.MedianMS, ratio, skipped
}
