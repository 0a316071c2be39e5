package lab

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// benchAlgos times the algorithm cases, each bare and with a scale fused
// into its input, after checking the result of each against a host
// reference.
func benchAlgos(o *Options, stdout, stderr io.Writer) error {
	return runBenchSet(o, stdout, stderr, benchSet[algoCase, *algoReport]{
		mode: "algos", what: "algorithm", otherMiB: caseDefaultMiB, cases: selectAlgoCases,
		label: func(c algoCase, _ int) string {
			return caseLabel(c.name, c.sizedShape(o.MiB))
		},
		report: reportOf(func(r setReport[algoRow]) *algoReport { return &algoReport{r} }),
		measure: func(b *bencher, rep *algoReport, c algoCase, v int) {
			shape := c.sizedShape(o.MiB)
			b.arrayBytes = int64(core.ArrayOf(c.dt, shape...).Size() * c.dt.Size())
			r := b.measureAlgo(c, shape, v == 1)
			r.derive(c.movedBytes(shape), rep.CopyGBs)
			rep.Rows = append(rep.Rows, r)
		},
	})
}

// measureAlgo checks and then times the case on an input of shape, bare or
// with the scale on its input (see measureCase).
func (b *bencher) measureAlgo(c algoCase, shape []int, scaled bool) algoRow {
	scale := 1.0
	if scaled {
		scale = algoScale
	}
	return b.measureCase(c.name, c.dt, shape, scaled,
		func() (*core.Computation, error) { return c.computation(shape, scaled) },
		func(call *core.Callable, sets [][]any) error { return b.checkAlgo(c, shape, call, sets[0], scale) })
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

// wrongCases returns an error that lists the cases named wrong, whose
// results were wrong, or nil where there are none.
func wrongCases(wrong []string) error {
	if len(wrong) > 0 {
		return fmt.Errorf("%d case(s) computed wrong results, and were not timed: %s", len(wrong), strings.Join(wrong, ", "))
	}
	return nil
}
