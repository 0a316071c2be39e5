package lab

import (
	"fmt"
	"io"
	"strings"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// convolveReport is what bench --convolve measured: its table, and its
// JSON in the row format of scripts/torch_convolve_bench.py.
type convolveReport struct{ setReport[convolveRow] }

// convolveRow is the time of one convolution case and that of the bare
// FFT of its rows, measured in the same run, and their ratio: the
// convolution's time over two FFTs'.
type convolveRow struct {
	algoRow
	FFTMedianMS float64 `json:"fft_median_ms,omitempty"`
	ToTwoFFTs   float64 `json:"to_two_ffts,omitempty"`
	FFTSkipped  string  `json:"fft_skipped,omitempty"`
}

// writeTable prints the rows with the ratio of each convolution to two
// FFTs and its verdict.
func (rep *convolveReport) writeTable(w io.Writer) error {
	var b strings.Builder
	rep.writeTitle(&b, "Circular convolution of complex64 rows with one filter", "per array", "two rows of each case checked first;")
	fmt.Fprintf(&b, "the filter's FFT is in the convolution's time. FFT ms: the bare FFT of the same rows. to 2 FFTs: target ≤ %g.\n", convolveTarget)
	fmt.Fprintf(&b, "GB/s: bytes of the rows read and written / median; %% of copy: of the device's copy bandwidth, %.1f GB/s.\n\n", rep.CopyGBs)
	rep.writeRows(&b, "case\tshape\tmedian ms\tmin ms\tGB/s\t% of copy\tFFT ms\tto 2 FFTs\tverdict\t", func(tw io.Writer, r convolveRow) {
		ratio, verdict := "n/a", "n/a"
		if r.ToTwoFFTs > 0 {
			ratio, verdict = fmt.Sprintf("%.2f", r.ToTwoFFTs), "pass"
			if r.ToTwoFFTs > convolveTarget {
				verdict = "FAIL"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Case, cliutil.DimsString(r.Shape), num(r.MedianMS), num(r.MinMS),
			num(r.GBs), num(r.CopyPct), num(r.FFTMedianMS), ratio, verdict)
	})
	for _, r := range rep.Rows {
		if r.FFTSkipped != "" {
			fmt.Fprintf(&b, "%s: the bare FFT was not timed: %s\n", r.Case, r.FFTSkipped)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
