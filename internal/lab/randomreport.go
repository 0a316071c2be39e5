package lab

import (
	"fmt"
	"io"
	"strings"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// randomReport is what bench --random measured: its table, and its JSON in
// the row format of scripts/torch_random_bench.py.
type randomReport struct{ setReport[randomRow] }

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
	rep.writeTitle(&b, "Random numbers (CBRNG)", "per array", "each case's mean and variance checked first.")
	fmt.Fprintf(&b, "GB/s: bytes of the values written / median; %% of copy: of the device's copy bandwidth, %.1f GB/s. +scale: a scale fused into the output.\n\n", rep.CopyGBs)
	bare := bareTimes{}
	rep.writeRows(&b, "case\tshape\tbijection\tmedian ms\tmin ms\tGB/s\t% of copy\tto bare\tmean\tvariance\t", func(tw io.Writer, r randomRow) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.5f\t%.5f\t\n", r.Case, cliutil.DimsString(r.Shape), r.Bijection,
			num(r.MedianMS), num(r.MinMS), num(r.GBs), num(r.CopyPct), bare.ratio(r.algoRow), r.Mean, r.Variance)
	})
	_, err := io.WriteString(w, b.String())
	return err
}
