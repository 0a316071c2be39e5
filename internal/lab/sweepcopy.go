package lab

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"gonum.org/v1/gonum/stat"
)

// copyTargetPct is the share of the copy bandwidth that the summary of a
// sweep counts lengths against: the FFT's target for every smooth length
// up to 4096 (BENCHMARKS.md; one pass over memory, as VkFFT runs them on
// an H200), the figure a kernel that reads and writes each value once can
// reach.
const copyTargetPct = 90

// copyShare summarizes the share of the copy bandwidth that one kind of
// length reached in a sweep (Kind "all" for every length).
type copyShare struct {
	Kind   string  `json:"kind"`
	Count  int     `json:"count"`
	Median float64 `json:"median_copy_percent"`
	// P10 is the 10th percentile (nearest rank): nine lengths in ten ran
	// at this share of the copy or above it.
	P10    float64 `json:"p10_copy_percent"`
	Lowest float64 `json:"lowest_copy_percent"`
	LowAt  int     `json:"lowest_at_n"`
	// AtTarget is the number of lengths at copyTargetPct or above.
	AtTarget int `json:"at_target"`
}

// copySummary returns the rows of the summary of a sweep's results: every
// measured length, then each kind in sweepKinds' order that has lengths.
// Skipped results do not count; it returns nil where none was measured.
func copySummary(rs []benchResult) []copyShare {
	byKind := map[string][]benchResult{}
	var all []benchResult
	for _, r := range rs {
		if r.Skipped != "" || r.MedianMS <= 0 {
			continue
		}
		all = append(all, r)
		byKind[r.Kind] = append(byKind[r.Kind], r)
	}
	if len(all) == 0 {
		return nil
	}
	rows := []copyShare{summarizeCopy("all", all)}
	for _, k := range sweepKinds {
		if len(byKind[k]) > 0 {
			rows = append(rows, summarizeCopy(k, byKind[k]))
		}
	}
	return rows
}

// summarizeCopy returns the summary of the results rs of one kind.
func summarizeCopy(kind string, rs []benchResult) copyShare {
	pct := make([]float64, len(rs))
	row := copyShare{Kind: kind, Count: len(rs), Lowest: rs[0].CopyPct, LowAt: rs[0].N}
	for i, r := range rs {
		pct[i] = r.CopyPct
		if r.CopyPct < row.Lowest {
			row.Lowest, row.LowAt = r.CopyPct, r.N
		}
		if r.CopyPct >= copyTargetPct {
			row.AtTarget++
		}
	}
	slices.Sort(pct)
	row.P10 = stat.Quantile(0.1, stat.Empirical, pct, nil)
	row.Median = Median(pct)
	return row
}

// writeCopySummary prints the rows of copySummary as a table.
func writeCopySummary(w io.Writer, rows []copyShare) error {
	var b strings.Builder
	fmt.Fprintf(&b, "\nShare of the copy bandwidth by kind of length (p10: nine lengths in ten at this share or above; ≥ %d%%: the lengths at %d%% of the copy or above)\n\n", copyTargetPct, copyTargetPct)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "lengths\tcount\tmedian %%\tp10 %%\tlowest %%\tat N\t≥ %d%%\n", copyTargetPct)
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%.1f\t%d\t%d (%.0f%%)\n", r.Kind, r.Count, r.Median, r.P10, r.Lowest, r.LowAt, r.AtTarget, 100*float64(r.AtTarget)/float64(r.Count))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}
