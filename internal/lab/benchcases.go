package lab

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil"
)

// caseReport is the report of a benchmark of named cases (bench --algos,
// bench --random): its table, and the cases whose results were wrong.
type caseReport interface {
	writeTable(io.Writer) error
	wrongResults() error
}

// caseBench is a run of a benchmark of named cases: the device, the
// progress bar and the copy bandwidth, measured first.
type caseBench struct {
	thr     *cluda.Thread
	bar     *cliutil.Progress
	copyGBs float64
}

// fftFlags are the bench flags of the FFTs only, and caseModes the flags
// that choose a benchmark of named cases instead.
var (
	fftFlags  = []string{"sizes", "shape", "axes", "pipeline", "precision", "plot", "cpu", "sweep", "sweep-sample", "list"}
	caseModes = []string{"algos", "random", "matmul", "convolve", "rfft", "dct", "half"}
)

// flagsUnusedBy returns the bench flags that do not apply to the
// benchmark of named cases that the flag mode chooses: the FFTs' and the
// other modes.
func flagsUnusedBy(mode string) []string {
	out := slices.Clone(fftFlags)
	for _, m := range caseModes {
		if m != mode {
			out = append(out, m)
		}
	}
	return out
}

// caseDefaultMiB is the --mib of the benchmarks of named cases on devices
// other than GPUs, where the full sizes would take minutes.
const caseDefaultMiB = 8

// startCaseBench checks the options that the benchmarks of named cases
// share (none of the flags given that the benchmark chosen by the flag
// mode, such as "algos", does not use; --mib and --runs within range;
// --json writable), opens the device, sets the default --mib (the cases'
// full sizes on a GPU, otherMiB elsewhere) and measures the copy
// bandwidth, the first step of a progress bar of steps+1. what names the
// cases in errors. The caller releases the run.
func startCaseBench(o *Options, mode, what string, otherMiB float64, steps int, stderr io.Writer) (*caseBench, error) {
	for _, f := range flagsUnusedBy(mode) {
		if o.Given[f] {
			return nil, fmt.Errorf("--%s does not apply to the %s cases", f, what)
		}
	}
	if o.MiB < 0 || o.Runs < 0 {
		return nil, fmt.Errorf("--mib and --runs cannot be negative (0 chooses the default)")
	}
	if o.MiB > algoFullMiB {
		return nil, fmt.Errorf("--mib %g: the cases have their own sizes at --mib %d, and grow no larger", o.MiB, algoFullMiB)
	}
	if err := checkOutputFile("--json", o.JSON, ""); err != nil {
		return nil, err
	}
	thr, err := cliutil.OpenThread(o.Device, o.API, true)
	if err != nil {
		return nil, err
	}
	if o.MiB == 0 {
		o.MiB = otherMiB
		if thr.Params().IsGPU() {
			o.MiB = algoFullMiB
		}
	}
	cb := &caseBench{thr: thr, bar: cliutil.StartProgress(stderr, steps+1)}
	cb.bar.Step(0, "measuring the copy bandwidth")
	if cb.copyGBs, err = copyBandwidth(thr, int64(o.MiB*(1<<20))); err != nil {
		cb.release()
		return nil, fmt.Errorf("copy bandwidth: %w", err)
	}
	return cb, nil
}

// release ends the progress bar and releases the device.
func (cb *caseBench) release() {
	cb.bar.Finish()
	cb.thr.Release()
}

// measureCase measures one case into a row named name ("name+scale"
// where scaled) of dtype dt and shape: it makes the computation with
// build and checks and times it (checkAndTime). A case that cannot run
// says why in Skipped; one whose results are wrong, in Wrong, and has no
// times.
func (b *bencher) measureCase(name string, dt dtypes.DType, shape []int, scaled bool,
	build func() (*core.Computation, error), check func(call *core.Callable, sets [][]any) error) algoRow {
	r := algoRow{Case: name, Shape: shape, DType: dt.String()}
	if scaled {
		r.Case += "+scale"
	}
	if !b.thr.Params().SupportsDType(dt) {
		r.Skipped = fmt.Sprintf("the device does not compute in %v", dt)
		return r
	}
	comp, err := build()
	if err != nil {
		r.Skipped = err.Error()
		return r
	}
	kernel, wrong, skipped := b.checkAndTime(comp, check)
	if r.Wrong, r.Skipped = wrong, skipped; kernel == nil {
		return r
	}
	r.Runs = len(kernel)
	r.MedianMS, r.MinMS = ms(median(kernel)), ms(slices.Min(kernel))
	return r
}

// checkAndTime compiles comp, allocates argument sets, checks the results
// with check, which returns a *wrongResultError for wrong ones, and times
// the calls over the sets. Where it cannot, it returns no times, and
// either why the results are wrong or why the case was skipped.
func (b *bencher) checkAndTime(comp *core.Computation, check func(call *core.Callable, sets [][]any) error) (kernel []time.Duration, wrong, skipped string) {
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
	if err := check(call, sets); err != nil {
		var w *wrongResultError
		if errors.As(err, &w) {
			return nil, w.Error(), ""
		}
		return nil, "", err.Error()
	}
	kernel, _, err = b.timeRuns(call, sets)
	if err != nil {
		return nil, "", err.Error()
	}
	return kernel, "", ""
}

// finish ends the progress bar, prints the report's table, writes its JSON
// where --json asks for it and returns the error of wrong results.
func (cb *caseBench) finish(o *Options, stdout io.Writer, rep caseReport) error {
	cb.bar.Finish()
	if err := rep.writeTable(stdout); err != nil {
		return err
	}
	if o.JSON != "" {
		if err := writeJSONFile(o.JSON, rep); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", o.JSON)
	}
	return rep.wrongResults()
}

// bareTimes are the median times of the bare cases of a table, by name,
// for the ratio of each "+scale" case to its bare one.
type bareTimes map[string]float64

// ratio returns the ratio of a "+scale" row to its bare one, or "-" for a
// bare row, which it records.
func (b bareTimes) ratio(r algoRow) string {
	if name, ok := strings.CutSuffix(r.Case, "+scale"); ok && b[name] > 0 {
		return strconv.FormatFloat(r.MedianMS/b[name], 'f', 2, 64)
	}
	b[r.Case] = r.MedianMS
	return "-"
}

// writeUntimed prints the line of a row that has no times, wrong or
// skipped, and reports whether it did.
func writeUntimed(tw *tabwriter.Writer, r algoRow) bool {
	switch {
	case r.Wrong != "":
		fmt.Fprintf(tw, "%s\t%s\t  %s\n", r.Case, cliutil.DimsString(r.Shape), r.Wrong)
	case r.Skipped != "":
		fmt.Fprintf(tw, "%s\t%s\t  skipped: %s\n", r.Case, cliutil.DimsString(r.Shape), r.Skipped)
	default:
		return false
	}
	return true
}

// selectCases returns the cases of all named in list (comma-separated, ""
// for all), in the order given; name gives a case's name and what names
// the cases in errors.
func selectCases[C any](list string, all []C, name func(C) string, what string) ([]C, error) {
	if list == "" {
		return all, nil
	}
	var cs []C
	for _, n := range strings.Split(list, ",") {
		i := slices.IndexFunc(all, func(c C) bool { return name(c) == n })
		if i < 0 {
			var names []string
			for _, c := range all {
				names = append(names, name(c))
			}
			return nil, fmt.Errorf("--cases: unknown case %q (the %s cases are %s)", n, what, strings.Join(names, ", "))
		}
		cs = append(cs, all[i])
	}
	return cs, nil
}
