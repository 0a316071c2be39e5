package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

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
	if err := o.checkCaseOptions(algoFlagsUnused, "the algorithm cases", algoFullMiB); err != nil {
		return err
	}
	cases, err := selectAlgoCases(o.cases)
	if err != nil {
		return err
	}
	thr, err := o.openCaseThread(8, algoFullMiB)
	if err != nil {
		return err
	}
	defer thr.Release()
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

	return o.writeCaseReport(stdout, rep)
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
	scale := 1.0
	if scaled {
		scale = algoScale
	}
	kernel, wrong, skipped := b.checkAndTime(comp, func(call *core.Callable, args []any) error {
		return b.checkAlgo(c, shape, call, args, scale)
	})
	if r.Wrong, r.Skipped = wrong, skipped; kernel == nil {
		return r
	}
	r.Runs = len(kernel)
	r.MedianMS, r.MinMS = ms(median(kernel)), ms(slices.Min(kernel))
	return r
}

// checkAndTime compiles comp, checks its result with check on the first
// of the argument sets it allocates, and times it over them. Where it
// cannot, it returns no times, and either why the result is wrong or why
// the case was skipped.
func (b *bencher) checkAndTime(comp *core.Computation, check func(call *core.Callable, args []any) error) (kernel []time.Duration, wrong, skipped string) {
	call, err := comp.Compile(b.thr)
	if err != nil {
		return nil, "", fmt.Sprintf("compiling: %v", err)
	}
	defer call.Release()
	sets, release, err := b.argSets(call.Signature())
	if err != nil {
		return nil, "", fmt.Sprintf("allocating the arrays: %v", err)
	}
	defer release()
	if err := check(call, sets[0]); err != nil {
		wrong, skipped = checkFailure(err)
		return nil, wrong, skipped
	}
	kernel, _, err = b.timeRuns(call, sets)
	if err != nil {
		return nil, "", err.Error()
	}
	return kernel, "", ""
}

// wrongResultError is a result that differs from the host reference.
type wrongResultError struct{ err error }

func (e *wrongResultError) Error() string { return "wrong result: " + e.err.Error() }

// checkFailure sorts the error of a check: a wrong result, or a reason the
// case could not be checked (and so is skipped).
func checkFailure(err error) (wrong, skipped string) {
	var w *wrongResultError
	if errors.As(err, &w) {
		return w.Error(), ""
	}
	return "", err.Error()
}

// openCaseThread checks that the --json file can be written and opens
// the device of a benchmark of named cases, with --mib defaulting to
// fullMiB on a GPU and to otherMiB on other devices.
func (o *benchOptions) openCaseThread(otherMiB float64, fullMiB int) (*cluda.Thread, error) {
	if err := checkOutputFile("--json", o.jsonFile, ""); err != nil {
		return nil, err
	}
	thr, err := openThread(o.device, true)
	if err != nil {
		return nil, err
	}
	if o.mib == 0 {
		o.mib = otherMiB
		if thr.Params().IsGPU() {
			o.mib = float64(fullMiB)
		}
	}
	return thr, nil
}

// caseReport is the report of a benchmark of named cases.
type caseReport interface {
	writeTable(w io.Writer) error
	// wrongResults returns an error that lists the cases whose results
	// were wrong, or nil.
	wrongResults() error
}

// writeCaseReport prints the table of rep, writes it as JSON to the
// --json file where one is given, and returns the error of the cases
// whose results were wrong.
func (o *benchOptions) writeCaseReport(stdout io.Writer, rep caseReport) error {
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

// checkCaseOptions checks the options of a benchmark of named cases (what)
// with their own sizes at fullMiB: the flags in unused were not given, and
// --mib and --runs are in range.
func (o *benchOptions) checkCaseOptions(unused []string, what string, fullMiB int) error {
	for _, f := range unused {
		if o.given[f] {
			return fmt.Errorf("--%s does not apply to %s", f, what)
		}
	}
	if o.mib < 0 || o.runs < 0 {
		return fmt.Errorf("--mib and --runs cannot be negative (0 chooses the default)")
	}
	if o.mib > float64(fullMiB) {
		return fmt.Errorf("--mib %g: the cases have their own sizes at --mib %d, and grow no larger", o.mib, fullMiB)
	}
	return nil
}

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
	return wrongCases(wrong)
}

// wrongCases returns an error that lists the cases named wrong, whose
// results were wrong, or nil where there are none.
func wrongCases(wrong []string) error {
	if len(wrong) > 0 {
		return fmt.Errorf("%d case(s) computed wrong results, and were not timed: %s", len(wrong), strings.Join(wrong, ", "))
	}
	return nil
}
