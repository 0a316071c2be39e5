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

// benchRFFT times the real FFT cases, each bare and with a scale fused
// into its input, after checking a sample of rows of each against a
// float64 reference.
func benchRFFT(o *Options, stdout, stderr io.Writer) error {
	return runBenchSet(o, stdout, stderr, benchSet[rfftCase, *rfftReport]{
		mode: "rfft", what: "real FFT", otherMiB: caseDefaultMiB, cases: selectRFFTCases,
		label: func(c rfftCase, _ int) string {
			return fmt.Sprintf("%s of %s", c.name, cliutil.DimsString(c.sizedShape(o.MiB)))
		},
		report: func(h runHeader, mib, copyGBs float64) *rfftReport {
			return &rfftReport{runHeader: h, MiB: mib, CopyGBs: copyGBs, Build: readBuildInfo()}
		},
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
// or with the scale on its input (see measureCase).
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
		r.RelError, err = b.checkRFFT(c, shape, call, sets[0], scale)
		return err
	}
	r.algoRow = b.measureCase(c.name, dtypes.Float32, shape, scaled, build, check)
	return r
}

// checkRFFT runs call once on the argument set args (output, input), its
// output poisoned first, and compares a sample of its rows with the
// reference on the input values argSets uploaded. A wrong output is a
// *wrongResultError.
func (b *bencher) checkRFFT(c rfftCase, shape []int, call *core.Callable, args []any, scale float64) (float64, error) {
	out, ok := args[0].(*cluda.Array)
	if !ok || len(args) != 2 {
		return 0, fmt.Errorf("the real FFT takes (output, input), got %d arguments", len(args))
	}
	if err := out.Fill(complex64(complex(math.NaN(), math.NaN()))); err != nil {
		return 0, fmt.Errorf("poisoning the output: %w", err)
	}
	if err := call.Call(args...); err != nil {
		return 0, fmt.Errorf("the checked call: %w", err)
	}
	host := make([]complex64, out.Size())
	if err := out.Get(host); err != nil {
		return 0, fmt.Errorf("reading the output: %w", err)
	}
	in := b.randomValues(dtypes.Float32, shape[0]*shape[1]).([]float32)
	e, err := checkRFFT(shape, in, host, scale)
	if err != nil {
		return e, &wrongResultError{err}
	}
	return e, nil
}
