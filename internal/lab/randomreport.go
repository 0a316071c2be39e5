package lab

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// randomReport is what bench --random measured: its table, and its JSON in
// the row format of scripts/torch_random_bench.py.
type randomReport struct {
	runHeader
	MiB     float64     `json:"mib_per_array"`
	CopyGBs float64     `json:"copy_gbps"`
	Rows    []randomRow `json:"rows"`
	Build   *buildInfo  `json:"build,omitempty"`
}

// randomRow is the time of one case, bare or with the scale
// ("CASE+scale"), with the sample moments of its checked call.
type randomRow struct {
	algoRow
	Bijection  string  `json:"bijection,omitempty"`
	Generators int     `json:"generators,omitempty"`
	Mean       float64 `json:"mean,omitempty"`
	Variance   float64 `json:"variance,omitempty"`
}

// writeTable prints the rows, and the ratio of each scaled case to its
// bare one.
func (rep *randomReport) writeTable(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Random numbers (CBRNG) at %s MiB per array (their own sizes at %d), on %s (%s, %s)\n",
		num(rep.MiB), algoFullMiB, rep.Device, rep.Platform, rep.Driver)
	fmt.Fprintf(&b, "Times: median and minimum kernel time (OpenCL profiling) per call, after %d warm-up calls, each case's mean and variance checked first.\n", warmUps)
	fmt.Fprintf(&b, "GB/s: bytes of the values written / median; %% of copy: of the device's copy bandwidth, %.1f GB/s. +scale: a scale fused into the output.\n\n", rep.CopyGBs)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\tshape\tbijection\tmedian ms\tmin ms\tGB/s\t% of copy\tto bare\tmean\tvariance\t")
	bare := bareTimes{}
	for _, r := range rep.Rows {
		if writeUntimed(tw, r.algoRow) {
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.5f\t%.5f\t\n", r.Case, cliutil.DimsString(r.Shape), r.Bijection,
			num(r.MedianMS), num(r.MinMS), num(r.GBs), num(r.CopyPct), bare.ratio(r.algoRow), r.Mean, r.Variance)
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
}

// wrongResults returns an error that lists the cases whose values were
// wrong, or nil.
func (rep *randomReport) wrongResults() error {
	rows := make([]algoRow, len(rep.Rows))
	for i, r := range rep.Rows {
		rows[i] = r.algoRow
	}
	return (&algoReport{Rows: rows}).wrongResults()
}
