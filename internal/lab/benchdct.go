package lab

import (
	"fmt"
	"io"
	"math"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// benchDCT times the DCT and DST cases, each after checking a sample of
// its batch against a float64 reference, and each beside the complex FFT
// of the same shape in complex64 (as many elements, over the same axes)
// in the same run.
func benchDCT(o *Options, stdout, stderr io.Writer) error {
	return runBenchSet(o, stdout, stderr, benchSet[dctCase, *dctReport]{
		mode: "dct", what: "DCT and DST", otherMiB: caseDefaultMiB, cases: selectDCTCases,
		// Variant 0 is the real-to-real transform, variant 1 the complex
		// FFT of its shape.
		label: func(c dctCase, v int) string {
			shape := c.sizedShape(o.MiB)
			if v == 1 {
				return fmt.Sprintf("the complex FFT of %s", cliutil.DimsString(shape))
			}
			return fmt.Sprintf("%s of %s", c.name, cliutil.DimsString(shape))
		},
		report: func(h runHeader, mib, copyGBs float64) *dctReport {
			return &dctReport{runHeader: h, MiB: mib, CopyGBs: copyGBs, Build: readBuildInfo()}
		},
		measure: func(b *bencher, rep *dctReport, c dctCase, v int) {
			shape := c.sizedShape(o.MiB)
			n := int64(transformLength(shape, cliutil.AllAxes(len(shape))))
			if v == 0 {
				b.arrayBytes = 4 * n
				r := b.measureDCT(c, shape)
				r.derive(2*4*n, rep.CopyGBs) // the float32 input read and the output written
				rep.Rows = append(rep.Rows, r)
				return
			}
			b.arrayBytes = 8 * n
			rep.Rows[len(rep.Rows)-1].addFFT(b.measureDCTFFT(c, shape))
		},
	})
}

// measureDCT checks and then times the case's transform of an input of
// shape (see measureCase).
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
		r.RelError, err = b.checkDCT(c, shape, call, sets[0])
		return err
	}
	r.algoRow = b.measureCase(c.name, dtypes.Float32, shape, false, build, check)
	return r
}

// measureDCTFFT times the complex FFT of a complex64 array of shape over
// the case's axes (see measureCase).
func (b *bencher) measureDCTFFT(c dctCase, shape []int) algoRow {
	return b.measureCase(c.name, dtypes.Complex64, shape, false, func() (*core.Computation, error) {
		f, err := c.fft(shape)
		if err != nil {
			return nil, err
		}
		return f.Computation, nil
	}, func(*core.Callable, [][]any) error { return nil })
}

// checkDCT runs call once on the argument set args (output, input), its
// output poisoned first, and compares a sample of its batch with the
// reference on the input values argSets uploaded. A wrong output is a
// *wrongResultError.
func (b *bencher) checkDCT(c dctCase, shape []int, call *core.Callable, args []any) (float64, error) {
	out, ok := args[0].(*cluda.Array)
	if !ok || len(args) != 2 {
		return 0, fmt.Errorf("the %s takes (output, input), got %d arguments", c.transform(), len(args))
	}
	if err := out.Fill(float32(math.NaN())); err != nil {
		return 0, fmt.Errorf("poisoning the output: %w", err)
	}
	if err := call.Call(args...); err != nil {
		return 0, fmt.Errorf("the checked call: %w", err)
	}
	host, err := cluda.Read[float32](out)
	if err != nil {
		return 0, fmt.Errorf("reading the output: %w", err)
	}
	in := b.randomValues(dtypes.Float32, len(host)).([]float32)
	e, err := checkDCT(c, shape, in, host)
	if err != nil {
		return e, &wrongResultError{err}
	}
	return e, nil
}

// addFFT records in r the time of the complex FFT of its shape, fft, and
// the ratio of the transform's time to it.
func (r *dctRow) addFFT(fft algoRow) {
	r.FFTMedianMS = fft.MedianMS
	if r.MedianMS > 0 && fft.MedianMS > 0 {
		r.ToFFT = r.MedianMS / fft.MedianMS
	}
	if fft.Skipped != "" && r.Skipped == "" && r.Wrong == "" {
		r.FFTSkipped = fft.Skipped
	}
}
