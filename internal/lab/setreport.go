package lab

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// setReport is the report of a benchmark set of named cases (benchSet):
// the run's header, the size of one array (of the set's own dtype: the
// half set's is that of a complex32 array), the device's copy bandwidth,
// a row a case, and the build measured. Each set's report embeds it with
// rows of its own, and encodes as one flat JSON object.
type setReport[Row caseRow] struct {
	runHeader
	MiB     float64    `json:"mib_per_array"`
	CopyGBs float64    `json:"copy_gbps"`
	Rows    []Row      `json:"rows"`
	Build   *buildInfo `json:"build,omitempty"`
}

// newSetReport returns the empty report of a run with the header h, of
// mib MiB per array, on a device that copies at copyGBs.
func newSetReport[Row caseRow](h runHeader, mib, copyGBs float64) setReport[Row] {
	return setReport[Row]{runHeader: h, MiB: mib, CopyGBs: copyGBs, Build: readBuildInfo()}
}

// reportOf returns the report function of a benchSet (benchSet.report)
// whose report wraps a setReport: the empty report that wrap makes of the
// setReport of a run.
func reportOf[R any, Row caseRow](wrap func(setReport[Row]) R) func(h runHeader, mib, copyGBs float64) R {
	return func(h runHeader, mib, copyGBs float64) R { return wrap(newSetReport[Row](h, mib, copyGBs)) }
}

// caseRow is the row of a case: an algoRow, or a row that embeds one.
type caseRow interface{ caseTime() algoRow }

// caseTime returns the row itself: the time and the check of its case.
func (r algoRow) caseTime() algoRow { return r }

// wrongResults returns an error that lists the cases whose results were
// wrong, or nil.
func (rep *setReport[Row]) wrongResults() error {
	var wrong []string
	for _, r := range rep.Rows {
		if a := r.caseTime(); a.Wrong != "" {
			wrong = append(wrong, a.Case)
		}
	}
	return wrongCases(wrong)
}

// writeRows writes the table of the report's rows into b, aligned right,
// under header (tab-separated columns): each row that was timed by
// write, each other one by writeUntimed.
func (rep *setReport[Row]) writeRows(b *strings.Builder, header string, write func(tw io.Writer, r Row)) {
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, header)
	for _, r := range rep.Rows {
		if !writeUntimed(tw, r.caseTime()) {
			write(tw, r)
		}
	}
	tw.Flush()
}

// writeTitle writes the first lines of the table into b: what the set
// times, at the MiB of its arrays (size says of which: "per array", "of
// input"), on the device, and how the times were taken, with how the
// results were checked first (checked, a phrase that ends the line with
// its punctuation).
func (rep *setReport[Row]) writeTitle(b *strings.Builder, what, size, checked string) {
	fmt.Fprintf(b, "%s at %s MiB %s (their own sizes at %d), on %s (%s, %s)\n", what, num(rep.MiB), size, algoFullMiB, rep.Device, rep.Platform, rep.Driver)
	fmt.Fprintf(b, "Times: median and minimum kernel time (OpenCL profiling) per call, after %d warm-up calls, %s\n", warmUps, checked)
}
