package lab

import (
	"fmt"
	"io"
	"strings"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// algoReport is what bench --algos measured: its table, and its JSON in
// the row format of scripts/torch_algos_bench.py.
type algoReport struct{ setReport[algoRow] }

// algoRow is the time of one case, bare or with the scale ("CASE+scale").
type algoRow struct {
	Case     string  `json:"case"`
	Shape    []int   `json:"shape"`
	DType    string  `json:"dtype"`
	Runs     int     `json:"runs,omitempty"`
	MedianMS float64 `json:"median_ms,omitempty"`
	MinMS    float64 `json:"min_ms,omitempty"`
	GBs      float64 `json:"gbps,omitempty"`
	CopyPct  float64 `json:"copy_percent,omitempty"`
	Skipped  string  `json:"skipped,omitempty"`
	Wrong    string  `json:"wrong,omitempty"`
}

// derive fills the rates of a timed row that moves bytes per call.
func (r *algoRow) derive(bytes int64, copyGBs float64) {
	if r.MedianMS <= 0 {
		return
	}
	r.GBs = float64(bytes) / (r.MedianMS / 1e3) / 1e9
	if copyGBs > 0 {
		r.CopyPct = 100 * r.GBs / copyGBs
	}
}

// writeTable prints the rows, and the ratio of each scaled case to its
// bare one.
func (rep *algoReport) writeTable(w io.Writer) error {
	var b strings.Builder
	rep.writeTitle(&b, "Transpose, Reduce, Scan and FFTShift", "per array", "each result checked first against a host reference.")
	fmt.Fprintf(&b, "GB/s: bytes read + written / median (a sum counts its input); %% of copy: of the device's copy bandwidth, %.1f GB/s. +scale: a scale fused into the input.\n\n", rep.CopyGBs)
	bare := bareTimes{}
	rep.writeRows(&b, "case\tshape\tmedian ms\tmin ms\tGB/s\t% of copy\tto bare\t", func(tw io.Writer, r algoRow) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Case, cliutil.DimsString(r.Shape), num(r.MedianMS), num(r.MinMS),
			num(r.GBs), num(r.CopyPct), bare.ratio(r))
	})
	_, err := io.WriteString(w, b.String())
	return err
}
