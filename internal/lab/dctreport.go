package lab

import (
	"fmt"
	"io"
	"strings"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// dctReport is what bench --dct measured: its table, and its JSON in the
// row format of scripts/torch_dct_bench.py.
type dctReport struct{ setReport[dctRow] }

// dctRow is the time of one DCT or DST case with the largest relative
// error of the items checked, and that of the complex FFT of the same
// shape, measured in the same run, and their ratio.
type dctRow struct {
	algoRow
	Transform   string  `json:"transform"` // such as "DCT-II"
	Axes        []int   `json:"axes"`
	RelError    float64 `json:"rel_error,omitempty"`
	FFTMedianMS float64 `json:"fft_median_ms,omitempty"`
	ToFFT       float64 `json:"to_fft,omitempty"`
	FFTSkipped  string  `json:"fft_skipped,omitempty"`
}

// writeTable prints the rows with the ratio of each transform to the
// complex FFT and its verdict.
func (rep *dctReport) writeTable(w io.Writer) error {
	var b strings.Builder
	rep.writeTitle(&b, "DCT and DST (R2R) of float32 data", "of input", fmt.Sprintf("%d items of each batch checked first against a float64 reference.", dctSampleSlabs))
	fmt.Fprintf(&b, "GB/s: bytes of the float32 input and output / median; %% of copy: of the device's copy bandwidth, %.1f GB/s.\n", rep.CopyGBs)
	fmt.Fprintf(&b, "FFT ms: the complex64 FFT of the same shape over the same axes; to FFT: the transform's time / the FFT's, target ≤ %g.\n\n", dctFFTTarget)
	rep.writeRows(&b, "case\tshape\taxes\ttransform\tmedian ms\tmin ms\tGB/s\t% of copy\tFFT ms\tto FFT\tverdict\trel. error\t", func(tw io.Writer, r dctRow) {
		ratio, verdict := "n/a", "n/a"
		if r.ToFFT > 0 {
			ratio, verdict = fmt.Sprintf("%.2f", r.ToFFT), "pass"
			if r.ToFFT > dctFFTTarget {
				verdict = "FAIL"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.2g\t\n", r.Case, cliutil.DimsString(r.Shape), cliutil.JoinInts(r.Axes, ","), r.Transform,
			num(r.MedianMS), num(r.MinMS), num(r.GBs), num(r.CopyPct), num(r.FFTMedianMS), ratio, verdict, r.RelError)
	})
	for _, r := range rep.Rows {
		if r.FFTSkipped != "" {
			fmt.Fprintf(&b, "%s: the complex FFT was not timed: %s\n", r.Case, r.FFTSkipped)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
