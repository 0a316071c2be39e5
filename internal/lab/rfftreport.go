package lab

import (
	"fmt"
	"io"
	"strings"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// rfftReport is what bench --rfft measured: its table, and its JSON in the
// row format of scripts/torch_rfft_bench.py.
type rfftReport struct{ setReport[rfftRow] }

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
	rep.writeTitle(&b, "Real FFTs (RFFT) of float32 rows", "of input", fmt.Sprintf("%d rows of each case checked first against a float64 reference.", rfftSampleRows))
	fmt.Fprintf(&b, "GB/s: bytes of the input and the half spectrum / median; %% of copy: of the device's copy bandwidth, %.1f GB/s. +scale: a scale fused into the input.\n\n", rep.CopyGBs)
	bare := bareTimes{}
	rep.writeRows(&b, "case\tshape\tmedian ms\tmin ms\tGB/s\t% of copy\tto bare\trel. error\t", func(tw io.Writer, r rfftRow) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.2g\t\n", r.Case, cliutil.DimsString(r.Shape),
			num(r.MedianMS), num(r.MinMS), num(r.GBs), num(r.CopyPct), bare.ratio(r.algoRow), r.RelError)
	})
	_, err := io.WriteString(w, b.String())
	return err
}
