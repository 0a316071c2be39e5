package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/internal/lab"
)

const sweepPlotExamples = `  reikna sweep-plot gpu-compare
      draw gpu-compare/sweep_ratios.json, which scripts/gpu_compare.sh
      writes for the set sweep, into gpu-compare/sweep.png
  reikna sweep-plot --out ratios.png gpu-compare
      the same into ratios.png`

// runSweepPlot parses the arguments of the sweep-plot command and draws
// the plot.
func runSweepPlot(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sweep-plot", "sweep-plot [--out FILE.png] DIR", sweepPlotExamples, stderr)
	out := fs.String("out", "", "write the plot to `FILE.png` (default: DIR/sweep.png)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageFailure(fs, stderr, fmt.Errorf("sweep-plot: want one directory, the output of scripts/gpu_compare.sh with the set sweep (got %s)", cliutil.Plural(len(pos), "argument")))
	}
	dir := pos[0]
	file := *out
	if file == "" {
		file = filepath.Join(dir, "sweep.png")
	}
	if err := lab.PlotSweep(dir, file); err != nil {
		return fmt.Errorf("sweep-plot: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", file)
	return nil
}
