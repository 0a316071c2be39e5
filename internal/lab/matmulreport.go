package lab

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// matmulReport is what bench --matmul measured: its table, and its JSON in
// the row format of scripts/torch_matmul_bench.py.
type matmulReport struct {
	runHeader
	MiB   float64     `json:"mib_per_array"`
	Rows  []matmulRow `json:"rows"`
	Build *buildInfo  `json:"build,omitempty"`
}

// matmulRow is the time of one case with one tiling.
type matmulRow struct {
	Case  string `json:"case"`
	Shape []int  `json:"shape"` // batch, m, n, k
	DType string `json:"dtype"`
	// Tiling is the tiling the kernel ran with (MatrixMul.PlanOn: on a
	// CPU, the blocks of its own kernel); Tuned says that it came from
	// the environment rather than from the plan.
	Tiling   string  `json:"tiling,omitempty"`
	Tuned    bool    `json:"tuned,omitempty"`
	Runs     int     `json:"runs,omitempty"`
	MedianMS float64 `json:"median_ms,omitempty"`
	MinMS    float64 `json:"min_ms,omitempty"`
	TFLOPS   float64 `json:"tflops,omitempty"`
	Skipped  string  `json:"skipped,omitempty"`
	Wrong    string  `json:"wrong,omitempty"`
}

// writeTable prints the rows.
func (rep *matmulReport) writeTable(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "MatrixMul at %s MiB per array (the cases' own sizes at %d), on %s (%s, %s)\n",
		num(rep.MiB), matmulFullMiB, rep.Device, rep.Platform, rep.Driver)
	fmt.Fprintf(&b, "Times: median and minimum kernel time (OpenCL profiling) per call, after %d warm-up calls, each result checked first on a sample against a host reference.\n", warmUps)
	fmt.Fprintf(&b, "TFLOP/s: 2·batch·m·n·k (8· for complex) / median. Tiling: BMxBNxBK/IMxIN (a CPU's own kernel: cpu:MxN/D, blocks of M×N outputs with vectors along D); tuned: set by %s.\n\n", matmulTileEnv)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\tbatch×m×n×k\ttiling\tmedian ms\tmin ms\tTFLOP/s\t")
	for _, r := range rep.Rows {
		tiling := r.Tiling
		if r.Tuned {
			tiling += " tuned"
		}
		switch {
		case r.Wrong != "":
			fmt.Fprintf(tw, "%s\t%s\t%s\t  %s\n", r.Case, cliutil.DimsString(r.Shape), tiling, r.Wrong)
		case r.Skipped != "":
			fmt.Fprintf(tw, "%s\t%s\t%s\t  skipped: %s\n", r.Case, cliutil.DimsString(r.Shape), tiling, r.Skipped)
		default:
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Case, cliutil.DimsString(r.Shape), tiling, num(r.MedianMS), num(r.MinMS), num(r.TFLOPS))
		}
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
}

// wrongResults returns an error that lists the cases whose results were
// wrong, or nil.
func (rep *matmulReport) wrongResults() error {
	var wrong []string
	for _, r := range rep.Rows {
		if r.Wrong != "" {
			wrong = append(wrong, r.Case+" "+r.Tiling)
		}
	}
	return wrongCases(wrong)
}
