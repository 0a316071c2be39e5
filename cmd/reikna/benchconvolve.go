package main

import (
	"fmt"
	"io"
	"math"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// benchConvolve times the convolution cases, each beside the bare FFT of
// its rows in the same run, after checking two rows of the convolution
// against a float64 reference.
func benchConvolve(o *benchOptions, stdout, stderr io.Writer) error {
	cases, err := selectConvolveCases(o.cases)
	if err != nil {
		return err
	}
	cb, err := startCaseBench(o, "convolve", "convolution", caseDefaultMiB, 2*len(cases), stderr)
	if err != nil {
		return err
	}
	defer cb.release()
	rep := &convolveReport{runHeader: newRunHeader(cb.thr, o.args), MiB: o.mib, CopyGBs: cb.copyGBs, Build: readBuildInfo()}
	b := &bencher{thr: cb.thr, runs: o.runs}
	for i, c := range cases {
		shape := c.sizedShape(o.mib)
		bytes := 2 * int64(shape[0]*shape[1]*8) // the rows read and written
		b.arrayBytes = bytes / 2
		cb.bar.Step(1+2*i, fmt.Sprintf("%s of %s", c.name, dimsString(shape)))
		r := convolveRow{algoRow: b.measureCase(c.name, dtypes.Complex64, shape, false, func() (*core.Computation, error) {
			conv, err := c.convolution(shape)
			if err != nil {
				return nil, err
			}
			return conv.Computation, nil
		}, func(call *core.Callable, sets [][]any) error { return checkConvolveCall(call, sets[0], shape) })}
		r.derive(bytes, rep.CopyGBs)
		cb.bar.Step(2+2*i, fmt.Sprintf("the FFT of %s", dimsString(shape)))
		fft := b.measureCase(c.name, dtypes.Complex64, shape, false, func() (*core.Computation, error) {
			f, err := c.fft(shape)
			if err != nil {
				return nil, err
			}
			return f.Computation, nil
		}, func(*core.Callable, [][]any) error { return nil })
		r.FFTMedianMS = fft.MedianMS
		if r.MedianMS > 0 && fft.MedianMS > 0 {
			r.ToTwoFFTs = r.MedianMS / (2 * fft.MedianMS)
		}
		if fft.Skipped != "" && r.Skipped == "" && r.Wrong == "" {
			r.FFTSkipped = fft.Skipped
		}
		rep.Rows = append(rep.Rows, r)
	}
	return cb.finish(o, stdout, rep)
}

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
