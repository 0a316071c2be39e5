package lab

import (
	"fmt"
	"io"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// A benchSet is a benchmark of named cases, such as bench --algos: what it
// times and how it measures and reports each case. runBenchSet runs it
// through the steps every set shares: it checks the flags, opens the
// device, measures the copy bandwidth, measures every variant of every
// case as one step of the progress bar, and prints and writes the report.
//
// C is the set's case and R its report. The functions may read o.MiB,
// which runBenchSet sets to its default where --mib is not given.
type benchSet[C any, R caseReport] struct {
	mode     string  // the bench flag that chooses the set, such as "algos"
	what     string  // what errors call the cases, such as "algorithm"
	otherMiB float64 // the default --mib on devices other than GPUs

	// cases returns the cases that list, the value of --cases, names
	// (all where it is empty).
	cases func(list string) ([]C, error)

	// variants returns how many measurements a case has; nil means two,
	// the case bare and with a scale fused into it (variant 1).
	variants func(c C) int
	// label names variant v of case c on the progress bar.
	label func(c C, v int) string
	// report returns the empty report of a run with the header h, of
	// mib MiB per array, on a device that copies at copyGBs.
	report func(h runHeader, mib, copyGBs float64) R
	// measure measures variant v of case c with b and records it in rep.
	measure func(b *bencher, rep R, c C, v int)
	// done, where not nil, completes the report once every case is
	// measured.
	done func(rep R)
}

// runBenchSet runs the benchmark set with the options o, printing the
// table to stdout and the progress bar to stderr, and returns the error of
// wrong results.
func runBenchSet[C any, R caseReport](o *Options, stdout, stderr io.Writer, set benchSet[C, R]) error {
	cases, err := set.cases(o.Cases)
	if err != nil {
		return err
	}
	variants := set.variants
	if variants == nil {
		variants = func(C) int { return 2 }
	}
	steps := 0
	for _, c := range cases {
		steps += variants(c)
	}
	cb, err := startCaseBench(o, set.mode, set.what, set.otherMiB, steps, stderr)
	if err != nil {
		return err
	}
	defer cb.release()
	rep := set.report(newRunHeader(cb.thr, o.Args), o.MiB, cb.copyGBs)
	b := &bencher{thr: cb.thr, runs: o.Runs}
	step := 1
	for _, c := range cases {
		for v := range variants(c) {
			cb.bar.Step(step, set.label(c, v))
			step++
			set.measure(b, rep, c, v)
		}
	}
	if set.done != nil {
		set.done(rep)
	}
	return cb.finish(o, stdout, rep)
}

// caseLabel names on the progress bar what a set measures, name, on
// arrays of shape.
func caseLabel(name string, shape []int) string {
	return fmt.Sprintf("%s of %s", name, cliutil.DimsString(shape))
}
