package lab

import (
	"io"
	"math"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// benchRFFT times the real FFT cases, each bare and with a scale fused
// into its input, after checking a sample of rows of each against a
// float64 reference.
func benchRFFT(o *Options, stdout, stderr io.Writer) error {
	return runBenchSet(o, stdout, stderr, benchSet[rfftCase, *rfftReport]{
		mode: "rfft", what: "real FFT", otherMiB: caseDefaultMiB, cases: selectRFFTCases,
		label: func(c rfftCase, _ int) string {
			return caseLabel(c.name, c.sizedShape(o.MiB))
		},
		report: reportOf(func(r setReport[rfftRow]) *rfftReport { return &rfftReport{r} }),
		measure: func(b *bencher, rep *rfftReport, c rfftCase, v int) {
			shape := c.sizedShape(o.MiB)
			b.arrayBytes = int64(shape[0]) * int64(8*(shape[1]/2+1))
			r := b.measureRFFT(c, shape, v == 1)
			r.derive(movedRFFTBytes(shape), rep.CopyGBs)
			rep.Rows = append(rep.Rows, r)
		},
	})
}

// measureRFFT checks and then times the case on an input of shape, bare
// or with the scale on its input (see measureCase), comparing a sample of
// its rows with the reference (checkRFFT).
func (b *bencher) measureRFFT(c rfftCase, shape []int, scaled bool) rfftRow {
	scale := 1.0
	if scaled {
		scale = algoScale
	}
	var r rfftRow
	build := func() (*core.Computation, error) {
		newRFFT := c.computation
		if scaled {
			newRFFT = c.scaledComputation
		}
		rf, err := newRFFT(shape)
		if err != nil {
			return nil, err
		}
		return rf.Computation, nil
	}
	check := func(call *core.Callable, sets [][]any) error {
		var err error
		r.RelError, err = checkTransform(b, call, sets[0], "real FFT", complex64(complex(math.NaN(), math.NaN())), func(in []float32, out []complex64) (float64, error) {
			return checkRFFT(shape, in, out, scale)
		})
		return err
	}
	r.algoRow = b.measureCase(c.name, dtypes.Float32, shape, scaled, build, check)
	return r
}
