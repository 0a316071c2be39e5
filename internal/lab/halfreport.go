package lab

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// halfReport is what bench --half measured: its table, and its JSON.
type halfReport struct{ setReport[halfRow] }

// halfRow is the time of the complex64 FFT of one length ("c2c_N") or of
// the same FFT on complex32 arrays ("c2c_N+half"), with the relative L2
// error of its checked call and, for the half-storage case, the ratio of
// its time to the complex64 FFT's.
type halfRow struct {
	algoRow
	N     int     `json:"n"`
	RelL2 float64 `json:"rel_l2,omitempty"`
	Ratio float64 `json:"ratio_to_complex64,omitempty"`
}

// ratios sets the ratio of each half-storage row's median time to that of
// the complex64 row of its length.
func (rep *halfReport) ratios() {
	bare := map[string]float64{}
	for i, r := range rep.Rows {
		name, half := strings.CutSuffix(r.Case, halfSuffix)
		switch {
		case !half:
			bare[r.Case] = r.MedianMS
		case r.MedianMS > 0 && bare[name] > 0:
			rep.Rows[i].Ratio = r.MedianMS / bare[name]
		}
	}
}

// writeTable prints the rows, and the ratio of each half-storage case to
// the complex64 one.
func (rep *halfReport) writeTable(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Batched C2C FFTs of complex32 (half-precision) and complex64 arrays at %s MiB of complex32 data (%d at full size), on %s (%s, %s)\n",
		num(rep.MiB), algoFullMiB, rep.Device, rep.Platform, rep.Driver)
	fmt.Fprintf(&b, "Times: median and minimum kernel time (OpenCL profiling) per call, after %d warm-up calls, each result checked first against a float64 reference (rel L2).\n", warmUps)
	fmt.Fprintf(&b, "GB/s: bytes read + written / median; %% of copy: of the device's copy bandwidth, %.1f GB/s. +half: the FFT reads and writes complex32 through FromHalf and ToHalf; to bare: its time / the complex64 FFT's.\n\n", rep.CopyGBs)
	rep.writeRows(&b, "case\tshape\tdtype\tmedian ms\tmin ms\tGB/s\t% of copy\tto bare\trel L2\t", func(tw io.Writer, r halfRow) {
		ratio := "-"
		if r.Ratio > 0 {
			ratio = strconv.FormatFloat(r.Ratio, 'f', 2, 64)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.2g\t\n", r.Case, cliutil.DimsString(r.Shape), r.DType,
			num(r.MedianMS), num(r.MinMS), num(r.GBs), num(r.CopyPct), ratio, r.RelL2)
	})
	_, err := io.WriteString(w, b.String())
	return err
}
