package lab

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/multi"
)

// multiReport is what bench --multi measured: its tables, and its JSON.
type multiReport struct {
	runHeader
	Devices []string `json:"devices"`
	// SeparateContexts says that each OpenCL device had a context of its
	// own (--separate-contexts).
	SeparateContexts bool `json:"separate_contexts,omitempty"`
	// PeerCopy names what moved the blocks of the exchanges between CUDA
	// devices (--peer-copy, its default resolved).
	PeerCopy string `json:"peer_copy,omitempty"`
	// Exchange names the order of an exchange's blocks among three or
	// more devices (--exchange, its default resolved).
	Exchange string    `json:"exchange"`
	DType    string    `json:"dtype"`
	MiB      float64   `json:"mib_per_array"`
	Copies   []copyRow `json:"copies"`
	// AllToAll is the exchange of contiguous blocks among each set of
	// devices, the slab rows' reference.
	AllToAll []allToAllRow `json:"all_to_all,omitempty"`
	Batched  []scalingRow  `json:"batched_fft"`
	Slabs    []slabRow     `json:"slab_fft"`
	// CopyGBs is the median of the one-way copies' bandwidths between two
	// devices, which the exchanges are compared with; BothWaysGBs that of
	// the copies both ways at once, each way's.
	CopyGBs     float64    `json:"copy_gbs"`
	BothWaysGBs float64    `json:"copy_both_ways_gbs"`
	Build       *buildInfo `json:"build,omitempty"`
}

// rowStatus is why a row has no times: the run could not be made
// (Skipped), or its results were wrong (Wrong).
type rowStatus struct {
	Skipped string `json:"skipped,omitempty"`
	Wrong   string `json:"wrong,omitempty"`
}

// setError records err as the row's status.
func (s *rowStatus) setError(err error) {
	var w *wrongResultError
	switch {
	case err == nil:
	case errors.As(err, &w):
		s.Wrong = w.Error()
	default:
		s.Skipped = err.Error()
	}
}

// untimed reports whether the row has no times.
func (s rowStatus) untimed() bool { return s.Skipped != "" || s.Wrong != "" }

// copyRow is the time of a copy from one device's memory to another's,
// through cluda.CopyBetween, by the wall clock; where BothWays is set,
// of copies From → To and To → From at once, GBs being each way's.
type copyRow struct {
	rowStatus
	From     int     `json:"from"`
	To       int     `json:"to"`
	BothWays bool    `json:"both_ways,omitempty"`
	Path     string  `json:"path"`
	Bytes    int64   `json:"bytes"`
	Runs     int     `json:"runs"`
	MedianMS float64 `json:"median_ms"`
	GBs      float64 `json:"gbs"`
}

// scalingRow is the batched 1-D FFT of length N, Batch transforms, on one
// device and split by rows among Devices devices: strong scaling, the
// same work on more devices.
type scalingRow struct {
	rowStatus
	N       int     `json:"n"`
	Batch   int     `json:"batch"`
	Devices int     `json:"devices"`
	Shares  []int   `json:"shares,omitempty"`
	Bytes   int64   `json:"bytes_per_array"`
	Runs    int     `json:"runs"`
	OneMS   float64 `json:"one_device_ms"`
	MultiMS float64 `json:"devices_ms"`
	// Speedup is OneMS/MultiMS, Efficiency Speedup/Devices.
	Speedup    float64 `json:"speedup"`
	Efficiency float64 `json:"efficiency"`
	RelL2      float64 `json:"rel_l2_to_one_device"`
}

// slabRow is the slab-decomposed FFT of Shape over every axis on Devices
// devices in one layout, against the FFT of the whole array on one
// device, with its compute and exchange phases.
type slabRow struct {
	rowStatus
	Shape   []int  `json:"shape"`
	Devices int    `json:"devices"`
	Layout  string `json:"layout"`
	// Chunks is the number of chunks of the transforms that the exchanges
	// ran beside (SlabFFTOptions.Chunks): 1 where each exchange ran
	// after its transform, and ExchangeMS is then the exchanges' time;
	// above 1, ExchangeMS is the part of the exchanges that ran after the
	// transforms, and the rates from it are left out.
	Chunks int     `json:"chunks"`
	Bytes  int64   `json:"bytes_per_array"`
	Runs   int     `json:"runs"`
	OneMS  float64 `json:"one_device_ms"`
	// OneDevice is why one device did not run the FFT, where it did not:
	// the row is then checked by its round trip, with no efficiency.
	OneDevice  string  `json:"one_device,omitempty"`
	TotalMS    float64 `json:"total_ms"`
	ComputeMS  float64 `json:"compute_ms"`
	ExchangeMS float64 `json:"exchange_ms"`
	Speedup    float64 `json:"speedup"`
	Efficiency float64 `json:"efficiency"`
	// ExchangedBytes is what the exchanges of one call move between
	// devices; ExchangeGBs that over ExchangeMS, PerDeviceGBs that over
	// the devices, CopyPct PerDeviceGBs against the median one-way copy
	// between two devices, BothWaysPct against the copies both ways and
	// AllToAllPct against the all-to-all of as many devices.
	ExchangedBytes int64   `json:"exchanged_bytes"`
	ExchangeGBs    float64 `json:"exchange_gbs"`
	PerDeviceGBs   float64 `json:"exchange_gbs_per_device"`
	CopyPct        float64 `json:"exchange_percent_of_copy"`
	BothWaysPct    float64 `json:"exchange_percent_of_both_ways"`
	AllToAllPct    float64 `json:"exchange_percent_of_all_to_all,omitempty"`
	RelL2          float64 `json:"rel_l2_to_one_device"`
}

// setPhases sets the compute and exchange times from the stats of the
// timed runs: the medians of each.
func (r *slabRow) setPhases(stats []multi.SlabStats) {
	var compute, exchange []time.Duration
	for _, s := range stats {
		compute, exchange = append(compute, s.Compute), append(exchange, s.Exchange)
	}
	if len(stats) == 0 {
		return
	}
	r.ComputeMS, r.ExchangeMS = ms(median(compute)), ms(median(exchange))
	r.ExchangedBytes = stats[0].ExchangedBytes
}

// newMultiReport starts the report of a run on the devices of m.
func newMultiReport(m *cluda.MultiThread, o *Options, mb *multiBench) *multiReport {
	rep := &multiReport{runHeader: newRunHeader(m.Thread(0), o.Args), DType: mb.dt.String(), MiB: o.MiB, SeparateContexts: o.SeparateContexts, Build: readBuildInfo()}
	if m.Thread(0).API() == cluda.CUDA {
		rep.PeerCopy = m.PeerCopy().String()
	}
	rep.Exchange = m.Exchange().String()
	for _, t := range m.Threads() {
		rep.Devices = append(rep.Devices, t.String())
	}
	return rep
}

// derive computes the ratios of the rows.
func (rep *multiReport) derive() {
	rep.CopyGBs, rep.BothWaysGBs = rep.medianCopy(false), rep.medianCopy(true)
	for i := range rep.Batched {
		r := &rep.Batched[i]
		if !r.untimed() && r.MultiMS > 0 {
			r.Speedup = r.OneMS / r.MultiMS
			r.Efficiency = r.Speedup / float64(r.Devices)
		}
	}
	for i := range rep.Slabs {
		r := &rep.Slabs[i]
		if r.untimed() || r.TotalMS <= 0 {
			continue
		}
		if r.OneMS > 0 {
			r.Speedup = r.OneMS / r.TotalMS
			r.Efficiency = r.Speedup / float64(r.Devices)
		}
		if r.ExchangeMS > 0 && r.Chunks <= 1 {
			r.ExchangeGBs = float64(r.ExchangedBytes) / (r.ExchangeMS / 1e3) / 1e9
			r.PerDeviceGBs = r.ExchangeGBs / float64(r.Devices)
			if rep.CopyGBs > 0 {
				r.CopyPct = 100 * r.PerDeviceGBs / rep.CopyGBs
			}
			if rep.BothWaysGBs > 0 {
				r.BothWaysPct = 100 * r.PerDeviceGBs / rep.BothWaysGBs
			}
			for _, a := range rep.AllToAll {
				if a.Devices == r.Devices && !a.untimed() && a.PerDeviceGBs > 0 {
					r.AllToAllPct = 100 * r.PerDeviceGBs / a.PerDeviceGBs
				}
			}
		}
	}
}

// medianCopy returns the median bandwidth of the timed copies one way, or
// both ways at once, and 0 where there are none.
func (rep *multiReport) medianCopy(bothWays bool) float64 {
	var gbs []float64
	for _, c := range rep.Copies {
		if c.BothWays == bothWays && !c.untimed() && c.GBs > 0 {
			gbs = append(gbs, c.GBs)
		}
	}
	if len(gbs) == 0 {
		return 0
	}
	slices.Sort(gbs)
	return gbs[len(gbs)/2]
}

// writeTable prints the three tables.
func (rep *multiReport) writeTable(w io.Writer) error {
	var b strings.Builder
	contexts := ""
	if rep.SeparateContexts {
		contexts = " (a context for each device)"
	}
	if rep.PeerCopy != "" {
		contexts = fmt.Sprintf(" (blocks between devices moved by %s)", map[string]string{"engines": "the copy engines", "read": "kernels on the receivers", "write": "kernels on the senders"}[rep.PeerCopy])
	}
	order := map[string]string{"rounds": "in rounds, every device sending one block and receiving one at a time", "at-once": "all at once"}[rep.Exchange]
	fmt.Fprintf(&b, "Multi-device runs on %s%s, %s, %s MiB per array; the blocks of an exchange among three or more devices %s; times by the wall clock, from the first enqueue to the end on every device, medians after %d warm-up runs.\n\n",
		strings.Join(rep.Devices, "; "), contexts, rep.DType, num(rep.MiB), order, warmUps)
	fmt.Fprintln(&b, "Copies between two devices (cluda.CopyBetween, one pair at a time): one way, then both ways at once (GB/s each way); path: peer (device to device), driver-staged or host.")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "from\tto\tpath\tMiB\tmedian ms\tGB/s\t")
	for _, r := range rep.Copies {
		arrow := "→"
		if r.BothWays {
			arrow = "⇄"
		}
		head := fmt.Sprintf("%d\t%s %d\t%s\t", r.From, arrow, r.To, r.Path)
		if rep.untimedLine(tw, head, r.rowStatus) {
			continue
		}
		fmt.Fprintf(tw, "%s%s\t%s\t%s\t\n", head, num(float64(r.Bytes)/(1<<20)), num(r.MedianMS), num(r.GBs))
	}
	tw.Flush()
	if len(rep.AllToAll) > 0 {
		fmt.Fprintln(&b, "\nAll-to-all among the devices (cluda.MultiThread.CopySplit of contiguous blocks, in the exchanges' order): each device sends MiB/devices to every other; GB/s: the bytes each device sends / median.")
		tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "devices\tMiB per device\tmedian ms\tGB/s per device\t")
		for _, r := range rep.AllToAll {
			if rep.untimedLine(tw, fmt.Sprintf("%d\t", r.Devices), r.rowStatus) {
				continue
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t\n", r.Devices, num(float64(r.Bytes)/(1<<20)), num(r.MedianMS), num(r.PerDeviceGBs))
		}
		tw.Flush()
	}
	fmt.Fprintf(&b, "\nBatched 1-D FFTs split by rows (strong scaling): efficiency = one device's time / (devices × their time). rel L2: sampled rows against one device's.\n")
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "N\tbatch\tdevices\tone ms\tdevices ms\tspeedup\tefficiency\trel L2\t")
	for _, r := range rep.Batched {
		if rep.untimedLine(tw, fmt.Sprintf("%d\t%d\t%d\t", r.N, r.Batch, r.Devices), r.rowStatus) {
			continue
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%s\t%.2f\t%.0f%%\t%.2g\t\n", r.N, r.Batch, r.Devices, num(r.OneMS), num(r.MultiMS), r.Speedup, 100*r.Efficiency, r.RelL2)
	}
	tw.Flush()
	fmt.Fprintf(&b, "\nSlab-decomposed FFT over every axis against the FFT of the whole array on one device. Chunks: 1, each exchange after its transform; more, the exchanges beside the transforms in as many chunks, the exchange time then what ran after the transforms. Exchange GB/s: bytes moved between devices / exchange time; per device: that / devices; %% of copy: per device against the median copy between two devices one way, %s GB/s, and both ways at once, %s GB/s each way; %% of all-to-all: against the all-to-all of as many devices.\n", num(rep.CopyGBs), num(rep.BothWaysGBs))
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "shape\tdevices\tlayout\tchunks\tone ms\ttotal ms\tcompute ms\texchange ms\tefficiency\texchange GB/s\tper device\t% of copy\t% of both ways\t% of all-to-all\trel L2\t")
	var roundTrips []string
	for _, r := range rep.Slabs {
		if rep.untimedLine(tw, fmt.Sprintf("%s\t%d\t%s\t%d\t", cliutil.DimsString(r.Shape), r.Devices, r.Layout, r.Chunks), r.rowStatus) {
			continue
		}
		one, efficiency := num(r.OneMS), fmt.Sprintf("%.0f%%", 100*r.Efficiency)
		if r.OneDevice != "" {
			one, efficiency = "—", "—"
			roundTrips = append(roundTrips, fmt.Sprintf("%s on %d devices, %s: %s", cliutil.DimsString(r.Shape), r.Devices, r.Layout, r.OneDevice))
		}
		rates := fmt.Sprintf("%s\t%s\t%.0f%%\t%.0f%%\t%.0f%%", num(r.ExchangeGBs), num(r.PerDeviceGBs), r.CopyPct, r.BothWaysPct, r.AllToAllPct)
		if r.Chunks > 1 {
			rates = "—\t—\t—\t—\t—"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%.2g\t\n", cliutil.DimsString(r.Shape), r.Devices, r.Layout, r.Chunks,
			one, num(r.TotalMS), num(r.ComputeMS), num(r.ExchangeMS), efficiency, rates, r.RelL2)
	}
	tw.Flush()
	for _, line := range roundTrips {
		fmt.Fprintf(&b, "No one device ran %s; rel L2: the round trip (the inverse back to the input) against the input.\n", line)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// untimedLine prints the line of a row without times, its first columns
// head, and reports whether it did.
func (rep *multiReport) untimedLine(tw *tabwriter.Writer, head string, s rowStatus) bool {
	switch {
	case s.Wrong != "":
		fmt.Fprintf(tw, "%sWRONG: %s\t\n", head, s.Wrong)
	case s.Skipped != "":
		fmt.Fprintf(tw, "%sskipped: %s\t\n", head, s.Skipped)
	default:
		return false
	}
	return true
}

// wrongResults returns an error that lists the rows whose results were
// wrong, or nil.
func (rep *multiReport) wrongResults() error {
	var wrong []string
	for _, r := range rep.Copies {
		if r.Wrong != "" {
			arrow := "→"
			if r.BothWays {
				arrow = "⇄"
			}
			wrong = append(wrong, fmt.Sprintf("copy %d %s %d", r.From, arrow, r.To))
		}
	}
	for _, r := range rep.AllToAll {
		if r.Wrong != "" {
			wrong = append(wrong, fmt.Sprintf("all-to-all among %d devices", r.Devices))
		}
	}
	for _, r := range rep.Batched {
		if r.Wrong != "" {
			wrong = append(wrong, fmt.Sprintf("batched FFT of length %d on %d devices", r.N, r.Devices))
		}
	}
	for _, r := range rep.Slabs {
		if r.Wrong != "" {
			wrong = append(wrong, fmt.Sprintf("slab FFT on %d devices, %s", r.Devices, r.Layout))
		}
	}
	if len(wrong) > 0 {
		return fmt.Errorf("wrong results: %s", strings.Join(wrong, "; "))
	}
	return nil
}
