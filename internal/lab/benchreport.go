package lab

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/reikna-go/reikna/internal/cliutil"
)

// benchReport is what bench measured: the table, and the JSON of --json.
type benchReport struct {
	runHeader
	DType     string        `json:"dtype"`
	MiB       float64       `json:"mib_per_array"`
	CopyGBs   float64       `json:"copy_bandwidth_gbs"`
	CPU       string        `json:"cpu,omitempty"`
	Results   []benchResult `json:"results"`
	BreakEven breakEvenN    `json:"break_even"`
	// CopySummary is a sweep's share of the copy bandwidth by kind of
	// length (copySummary).
	CopySummary []copyShare `json:"copy_summary,omitempty"`
	Build       *buildInfo  `json:"build,omitempty"`
	// Partial: the file was written after a length and before the last,
	// so that a run cut short (by a lent machine's time limit, say) keeps
	// the rows it measured; the break-even and the copy summary come
	// with the last length.
	Partial bool `json:"partial,omitempty"`
}

// runHeader says what ran, when, and on which device.
type runHeader struct {
	Command    string `json:"command"`
	Date       string `json:"date"`
	Device     string `json:"device"`
	DeviceType string `json:"device_type"`
	Platform   string `json:"platform"`
	Driver     string `json:"driver_version"`
	Version    string `json:"opencl_version"`
}

// benchResult is the row of one length, or of the one array of --shape:
// then N is the number of points of one transform over the axes and Batch
// the number of transforms.
type benchResult struct {
	N             int     `json:"n"`
	Batch         int     `json:"batch"`
	Shape         []int   `json:"shape,omitempty"`
	Axes          []int   `json:"axes,omitempty"`
	Bytes         int64   `json:"bytes_per_array"`
	Runs          int     `json:"runs"`
	MedianMS      float64 `json:"median_ms"`
	MinMS         float64 `json:"min_ms"`
	WallMS        float64 `json:"wall_median_ms"`
	GBs           float64 `json:"gbs"`
	GFLOPs        float64 `json:"gflops"`
	CopyPct       float64 `json:"copy_percent"`
	CPUMS         float64 `json:"cpu_ms,omitempty"`
	CPUTransforms int     `json:"cpu_transforms_timed,omitempty"`
	Speedup       float64 `json:"speedup,omitempty"`
	PlanMS        float64 `json:"plan_ms"`
	// Kernels are the kernels one call enqueues, as the device runs them
	// (after any planning again for the device's limits).
	Kernels   []string         `json:"kernels,omitempty"`
	Pipelines []pipelineResult `json:"pipelines,omitempty"`
	// Kind is the kind of the length in a sweep (see lengthKind).
	Kind string `json:"kind,omitempty"`
	// RelL2 is the relative L2 error of the first rows of the output
	// against the float64 reference (checkFFTRows), checked before the
	// runs; Wrong says why a result above the bound was not timed (and
	// Skipped says so too).
	RelL2   float64 `json:"rel_l2,omitempty"`
	Wrong   string  `json:"wrong,omitempty"`
	Skipped string  `json:"skipped,omitempty"`
}

// pipelineResult is the time of a fused pipeline at one length, and its
// ratio to the bare FFT's.
type pipelineResult struct {
	Name     string  `json:"name"`
	MedianMS float64 `json:"median_ms"`
	MinMS    float64 `json:"min_ms"`
	Ratio    float64 `json:"ratio_to_fft"`
	Skipped  string  `json:"skipped,omitempty"`
}

// breakEvenN holds the lengths from which on the device is faster than the
// CPU, by kernel time and by wall time (0: at no length).
type breakEvenN struct {
	Kernel int `json:"kernel_time_n"`
	Wall   int `json:"wall_time_n"`
}

// derive fills the rates of a measured row.
func (r *benchResult) derive(copyGBs float64) {
	if r.Skipped != "" || r.MedianMS <= 0 {
		return
	}
	sec := r.MedianMS / 1e3
	r.GBs = 2 * float64(r.Bytes) / sec / 1e9
	r.GFLOPs = flops(r.N, r.Batch) / sec / 1e9
	r.CopyPct = 100 * r.GBs / copyGBs
}

// breakEven returns the smallest lengths from which on the device beats
// the CPU at every longer length measured.
func breakEven(rs []benchResult) breakEvenN {
	find := func(device func(benchResult) float64) int {
		n := 0
		for _, r := range rs {
			if r.Skipped != "" || r.CPUMS == 0 {
				continue
			}
			switch {
			case device(r) >= r.CPUMS:
				n = 0
			case n == 0:
				n = r.N
			}
		}
		return n
	}
	return breakEvenN{
		Kernel: find(func(r benchResult) float64 { return r.MedianMS }),
		Wall:   find(func(r benchResult) float64 { return r.WallMS }),
	}
}

// writeTable prints the report as aligned tables with notes.
func (rep *benchReport) writeTable(w io.Writer) error {
	var b strings.Builder
	nd := rep.shapeRow()
	if nd != nil {
		fmt.Fprintf(&b, "FFT of %s over %s of a %s array (%s MiB; the other axes are the batch), on %s (%s, %s)\n",
			rep.DType, cliutil.AxesString(nd.Axes), cliutil.DimsString(nd.Shape), num(rep.MiB), rep.Device, rep.Platform, rep.Driver)
	} else {
		fmt.Fprintf(&b, "FFT of %s, batches of %g MiB per array, on %s (%s, %s)\n",
			rep.DType, rep.MiB, rep.Device, rep.Platform, rep.Driver)
	}
	fmt.Fprintf(&b, "Times: median and minimum kernel time (OpenCL profiling) and median wall time of each call, after %d warm-up calls.\n", warmUps)
	pointsNote := ""
	if nd != nil {
		pointsNote = ", N the product of the transformed lengths"
	}
	fmt.Fprintf(&b, "GB/s: 2 × bytes of an array / median; GFLOP/s: 5·N·log2(N) per transform%s; %% of copy: of the device's copy bandwidth, %.1f GB/s.\n", pointsNote, rep.CopyGBs)
	if nd != nil {
		b.WriteString("\n")
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "shape\taxes\tN\tbatch\tmedian ms\tmin ms\twall ms\tGB/s\tGFLOP/s\t% of copy\t")
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t\n", cliutil.DimsString(nd.Shape), cliutil.JoinInts(nd.Axes, ","), nd.N, nd.Batch,
			num(nd.MedianMS), num(nd.MinMS), num(nd.WallMS), num(nd.GBs), num(nd.GFLOPs), num(nd.CopyPct))
		tw.Flush()
		_, err := io.WriteString(w, b.String())
		return err
	}
	if rep.CPU != "" {
		fmt.Fprintf(&b, "CPU: %s.\n", rep.CPU)
	}
	b.WriteString("\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	// A sweep's rows end with the kind of their length, aligned left
	// after the last column.
	kindHead := ""
	if slices.ContainsFunc(rep.Results, func(r benchResult) bool { return r.Kind != "" }) {
		kindHead = "  kind"
	}
	fmt.Fprintln(tw, "N\tbatch\tmedian ms\tmin ms\twall ms\tGB/s\tGFLOP/s\t% of copy\tCPU ms\tspeed-up\t"+kindHead)
	for _, r := range rep.Results {
		if r.Skipped != "" {
			fmt.Fprintf(tw, "%d\t%s\t  skipped: %s\n", r.N, dash(r.Batch), r.Skipped)
			continue
		}
		cpu, speedup := "-", "-"
		if r.CPUMS > 0 {
			cpu, speedup = num(r.CPUMS), num(r.Speedup)+"×"
		}
		kind := ""
		if r.Kind != "" {
			kind = "  " + r.Kind
		}
		fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.N, r.Batch, num(r.MedianMS), num(r.MinMS), num(r.WallMS),
			num(r.GBs), num(r.GFLOPs), num(r.CopyPct), cpu, speedup, kind)
	}
	tw.Flush()
	if rep.CPU != "" {
		b.WriteString("\n" + rep.breakEvenLine() + "\n")
	}
	if rep.hasPipelines() {
		b.WriteString("\nFused pipelines (kernel time, median ms, and its ratio to the bare FFT's; 1.00 means the transformations cost nothing):\n\n")
		tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		header := "N\tFFT ms\t"
		for _, p := range rep.pipelineNames() {
			header += p + "\tratio\t"
		}
		fmt.Fprintln(tw, header)
		for _, r := range rep.Results {
			if r.Skipped != "" {
				continue
			}
			fmt.Fprintf(tw, "%d\t%s\t", r.N, num(r.MedianMS))
			for _, p := range rep.pipelineNames() {
				cell, ratio := "-", "-"
				for _, pr := range r.Pipelines {
					if pr.Name == p && pr.Skipped == "" {
						cell, ratio = num(pr.MedianMS), strconv.FormatFloat(pr.Ratio, 'f', 2, 64)
					}
				}
				fmt.Fprintf(tw, "%s\t%s\t", cell, ratio)
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// breakEvenLine says where the device overtakes the CPU.
func (rep *benchReport) breakEvenLine() string {
	first := 0
	for _, r := range rep.Results {
		if r.Skipped == "" && r.CPUMS > 0 {
			first = r.N
			break
		}
	}
	say := func(n int) string {
		switch n {
		case 0:
			return "the CPU is faster at the longest length measured"
		case first:
			return "the device is faster at every length measured"
		}
		return fmt.Sprintf("the device is faster from N = %d on", n)
	}
	k, w := rep.BreakEven.Kernel, rep.BreakEven.Wall
	if say(k) == say(w) {
		return "Break-even: " + say(k) + ", by kernel time and by wall time."
	}
	return "Break-even: " + say(k) + " by kernel time; " + say(w) + " by wall time."
}

// shapeRow returns the row of --shape, or nil for a sweep of lengths.
func (rep *benchReport) shapeRow() *benchResult {
	for i, r := range rep.Results {
		if r.Shape != nil {
			return &rep.Results[i]
		}
	}
	return nil
}

func (rep *benchReport) hasPipelines() bool {
	for _, r := range rep.Results {
		if len(r.Pipelines) > 0 {
			return true
		}
	}
	return false
}

// pipelineNames returns the names of the pipelines measured, in order.
func (rep *benchReport) pipelineNames() []string {
	var names []string
	for _, r := range rep.Results {
		for _, p := range r.Pipelines {
			if !slices.Contains(names, p.Name) {
				names = append(names, p.Name)
			}
		}
	}
	return names
}

// writeJSON writes the report to file.
func (rep *benchReport) writeJSON(file string) error { return writeJSONFile(file, rep) }

// writeJSONFile writes v to file as indented JSON, through a temporary
// file in the same directory renamed over it, so that a process stopped
// while writing leaves the file whole: the earlier version or the new.
func writeJSONFile(file string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(append(data, '\n'))
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr, os.Chmod(tmp.Name(), 0o644)); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// num formats a measurement with three significant digits and no
// exponent, or as a whole number from 1000 on: 0.0123, 1.23, 123, 12345.
func num(v float64) string {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) || math.Abs(v) >= 999.5 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	// Round first, so that 9.9996 counts as 10.0 and prints as 10.0.
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 3, 64), 64)
	digits := max(2-int(math.Floor(math.Log10(math.Abs(r)))), 0)
	return strconv.FormatFloat(r, 'f', digits, 64)
}

func dash(n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.Itoa(n)
}
