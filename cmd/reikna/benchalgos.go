package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// algoFlagsUnused are the bench flags that do not apply to --algos.
var algoFlagsUnused = []string{"sizes", "shape", "axes", "pipeline", "precision", "plot", "cpu"}

// benchAlgos times the algorithm cases, each bare and with a scale fused
// into its input, after checking the result of each against a host
// reference.
func benchAlgos(o *benchOptions, stdout, stderr io.Writer) error {
	for _, f := range algoFlagsUnused {
		if o.given[f] {
			return fmt.Errorf("--%s does not apply to the algorithm cases", f)
		}
	}
	cases, err := selectAlgoCases(o.cases)
	if err != nil {
		return err
	}
	if o.mib < 0 || o.runs < 0 {
		return fmt.Errorf("--mib and --runs cannot be negative (0 chooses the default)")
	}
	if o.mib > algoFullMiB {
		return fmt.Errorf("--mib %g: the cases have their own sizes at --mib %d, and grow no larger", o.mib, algoFullMiB)
	}
	if err := checkOutputFile("--json", o.jsonFile, ""); err != nil {
		return err
	}
	thr, err := openThread(o.device, true)
	if err != nil {
		return err
	}
	defer thr.Release()
	if o.mib == 0 {
		o.mib = 8
		if thr.Params().IsGPU() {
			o.mib = algoFullMiB
		}
	}
	rep := &algoReport{runHeader: newRunHeader(thr, o.args), MiB: o.mib, Build: readBuildInfo()}
	bar := startProgress(stderr, 2*len(cases)+1)
	defer bar.Finish()

	bar.Step(0, "measuring the copy bandwidth")
	if rep.CopyGBs, err = copyBandwidth(thr, int64(o.mib*(1<<20))); err != nil {
		return fmt.Errorf("copy bandwidth: %w", err)
	}
	b := &bencher{thr: thr, runs: o.runs}
	for i, c := range cases {
		shape := c.sizedShape(o.mib)
		b.arrayBytes = int64(core.ArrayOf(c.dt, shape...).Size() * c.dt.Size())
		for j, scaled := range []bool{false, true} {
			bar.Step(1+2*i+j, fmt.Sprintf("%s of %s", c.name, dimsString(shape)))
			r := b.measureAlgo(c, shape, scaled)
			r.derive(c.movedBytes(shape), rep.CopyGBs)
			rep.Rows = append(rep.Rows, r)
		}
	}
	bar.Finish()

	if err := rep.writeTable(stdout); err != nil {
		return err
	}
	if o.jsonFile != "" {
		if err := writeJSONFile(o.jsonFile, rep); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", o.jsonFile)
	}
	return rep.wrongResults()
}

// measureAlgo checks and then times the case on an input of shape, bare or
// with the scale on its input. A case that cannot run says why in Skipped;
// one whose result is wrong, in Wrong, and has no times.
func (b *bencher) measureAlgo(c algoCase, shape []int, scaled bool) algoRow {
	r := algoRow{Case: c.name, Shape: shape, DType: c.dt.String()}
	if scaled {
		r.Case += "+scale"
	}
	if !b.thr.Params().SupportsDType(c.dt) {
		r.Skipped = fmt.Sprintf("the device does not compute in %v", c.dt)
		return r
	}
	comp, err := c.computation(shape, scaled)
	if err != nil {
		r.Skipped = err.Error()
		return r
	}
	call, err := comp.Compile(b.thr)
	if err != nil {
		r.Skipped = fmt.Sprintf("compiling: %v", err)
		return r
	}
	defer call.Release()
	sets, release, err := b.argSets(call.Signature())
	if err != nil {
		r.Skipped = fmt.Sprintf("allocating the arrays: %v", err)
		return r
	}
	defer release()
	scale := 1.0
	if scaled {
		scale = algoScale
	}
	if err := b.checkAlgo(c, shape, call, sets[0], scale); err != nil {
		var wrong *wrongResultError
		if errors.As(err, &wrong) {
			r.Wrong = wrong.Error()
		} else {
			r.Skipped = err.Error()
		}
		return r
	}
	kernel, _, err := b.timeRuns(call, sets)
	if err != nil {
		r.Skipped = err.Error()
		return r
	}
	r.Runs = len(kernel)
	r.MedianMS, r.MinMS = ms(median(kernel)), ms(slices.Min(kernel))
	return r
}

// wrongResultError is a result that differs from the host reference.
type wrongResultError struct{ err error }

func (e *wrongResultError) Error() string { return "wrong result: " + e.err.Error() }

// checkAlgo runs call once on the argument set args, its output poisoned
// first, and compares the output with the case's host reference on the
// input values argSets uploaded. A wrong output is a *wrongResultError.
func (b *bencher) checkAlgo(c algoCase, shape []int, call *core.Callable, args []any, scale float64) error {
	var out *cluda.Array
	var inputSize int
	for i, p := range call.Signature() {
		switch p.Role() {
		case core.Output:
			out, _ = args[i].(*cluda.Array)
		case core.Input:
			inputSize = p.Type().Size()
		}
	}
	if out == nil {
		return fmt.Errorf("the computation has no output array")
	}
	poison, host := any(float32(math.NaN())), any(make([]float32, out.Size()))
	if c.dt == dtypes.Complex64 {
		poison, host = complex64(complex(math.NaN(), math.NaN())), make([]complex64, out.Size())
	}
	if err := out.Fill(poison); err != nil {
		return fmt.Errorf("poisoning the output: %w", err)
	}
	if err := call.Call(args...); err != nil {
		return fmt.Errorf("the checked call: %w", err)
	}
	if err := out.Get(host); err != nil {
		return fmt.Errorf("reading the output: %w", err)
	}
	if err := c.check(shape, b.randomValues(c.dt, inputSize), host, scale); err != nil {
		return &wrongResultError{err}
	}
	return nil
}

// wrongResults returns an error that lists the cases whose results were
// wrong, or nil.
func (rep *algoReport) wrongResults() error {
	var wrong []string
	for _, r := range rep.Rows {
		if r.Wrong != "" {
			wrong = append(wrong, r.Case)
		}
	}
	if len(wrong) > 0 {
		return fmt.Errorf("%d case(s) computed wrong results, and were not timed: %s", len(wrong), strings.Join(wrong, ", "))
	}
	return nil
}
