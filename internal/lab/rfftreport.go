package lab

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// rfftReport is what bench --rfft measured: its table, and its JSON in the
// row format of scripts/torch_rfft_bench.py.
type rfftReport struct {
	runHeader
	MiB     float64    `json:"mib_per_array"`
	CopyGBs float64    `json:"copy_gbps"`
	Rows    []rfftRow  `json:"rows"`
	Build   *buildInfo `json:"build,omitempty"`
}

// rfftRow is the time of one case, bare or with the scale ("CASE+scale"),
// with the largest relative error of the rows checked.
type rfftRow struct {
	algoRow
	RelError float64 `json:"rel_error,omitempty"`
}

// writeTable prints the rows, and the ratio of each scaled case to its
// bare one.
func (rep *rfftReport) writeTable(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Real FFTs (RFFT) of float32 rows at %s MiB of input (their own sizes at %d), on %s (%s, %s)\n",
		num(rep.MiB), algoFullMiB, rep.Device, rep.Platform, rep.Driver)
	fmt.Fprintf(&b, "Times: median and minimum kernel time (OpenCL profiling) per call, after %d warm-up calls, %d rows of each case checked first against a float64 reference.\n", warmUps, rfftSampleRows)
	fmt.Fprintf(&b, "GB/s: bytes of the input and the half spectrum / median; %% of copy: of the device's copy bandwidth, %.1f GB/s. +scale: a scale fused into the input.\n\n", rep.CopyGBs)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\tshape\tmedian ms\tmin ms\tGB/s\t% of copy\tto bare\trel. error\t")
	bare := bareTimes{}
	for _, r := range rep.Rows {
		if writeUntimed(tw, r.algoRow) {
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.2g\t\n", r.Case, cliutil.DimsString(r.Shape),
			num(r.MedianMS), num(r.MinMS), num(r.GBs), num(r.CopyPct), bare.ratio(r.algoRow), r.RelError)
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
}

// wrongResults returns an error that lists the cases whose values were
// wrong, or nil.
func (rep *rfftReport) wrongResults() error {
	rows := make([]algoRow, len(rep.Rows))
	for i, r := range rep.Rows {
		rows[i] = r.algoRow
	}
	return (&algoReport{Rows: rows}).wrongResults()
}
