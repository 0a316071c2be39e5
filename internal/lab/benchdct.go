package lab

import (
	"io"
	"math"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// benchDCT times the DCT and DST cases, each after checking a sample of
// its batch against a float64 reference, and each beside the complex FFT
// of the same shape in complex64 (as many elements, over the same axes)
// in the same run.
func benchDCT(o *Options, stdout, stderr io.Writer) error {
	set := benchSet[dctCase, *dctReport]{
		mode: "dct", what: "DCT and DST", otherMiB: caseDefaultMiB, cases: selectDCTCases,
		report: reportOf(func(r setReport[dctRow]) *dctReport { return &dctReport{r} }),
	}
	return runBenchSet(o, stdout, stderr, besideFFT(o, set, "the complex FFT", func(b *bencher, rep *dctReport, c dctCase, shape []int) {
		n := int64(transformLength(shape, cliutil.AllAxes(len(shape))))
		b.arrayBytes = 4 * n
		r := b.measureDCT(c, shape)
		r.derive(2*4*n, rep.CopyGBs) // the float32 input read and the output written
		rep.Rows = append(rep.Rows, r)
	}))
}

// measureDCT checks and then times the case's transform of an input of
// shape (see measureCase), comparing a sample of its batch with the
// reference (checkDCT).
func (b *bencher) measureDCT(c dctCase, shape []int) dctRow {
	r := dctRow{Transform: c.transform(), Axes: c.axes}
	build := func() (*core.Computation, error) {
		t, err := c.computation(shape)
		if err != nil {
			return nil, err
		}
		return t.Computation, nil
	}
	check := func(call *core.Callable, sets [][]any) error {
		var err error
		r.RelError, err = checkTransform(b, call, sets[0], c.transform(), float32(math.NaN()), func(in, out []float32) (float64, error) {
			return checkDCT(c, shape, in, out)
		})
		return err
	}
	r.algoRow = b.measureCase(c.name, dtypes.Float32, shape, false, build, check)
	return r
}

// addFFT records in the last row the time of the complex FFT of its
// shape, fft, and the ratio of the transform's time to it.
func (rep *dctReport) addFFT(fft algoRow) {
	r := &rep.Rows[len(rep.Rows)-1]
	r.FFTMedianMS, r.ToFFT, r.FFTSkipped = fftBeside(r.algoRow, fft, 1)
}
