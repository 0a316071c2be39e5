package lab

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// compareScript is scripts/compare.py, from this package's directory.
const compareScript = "../../scripts/compare.py"

// algoFixtureRow is a row of a fabricated algos.json or torch_algos.json.
type algoFixtureRow struct {
	Case     string  `json:"case"`
	Shape    []int   `json:"shape,omitempty"`
	MedianMS float64 `json:"median_ms,omitempty"`
	MinMS    float64 `json:"min_ms,omitempty"`
	GBs      float64 `json:"gbps,omitempty"`
	CopyPct  float64 `json:"copy_percent,omitempty"`
	Wrong    string  `json:"wrong,omitempty"`
}

// writeJSONFixture writes v as JSON to the file name in dir.
func writeJSONFixture(t *testing.T, dir, name string, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeAlgoFixture writes a fabricated output directory of gpu_compare.sh
// with reikna's algorithm rows at mib MiB per array and, where torch is
// not nil, PyTorch's.
func writeAlgoFixture(t *testing.T, mib float64, ours, torch []algoFixtureRow) string {
	return writeCaseFixture(t, "algos", mib, ours, torch)
}

// writeCaseFixture writes a fabricated output directory of gpu_compare.sh
// with reikna's rows of the set (SET.json, as bench --SET writes it) at mib
// MiB per array and, where torch is not nil, PyTorch's (torch_SET.json).
func writeCaseFixture(t *testing.T, set string, mib float64, ours, torch []algoFixtureRow) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, v any) { writeJSONFixture(t, dir, name, v) }
	write(set+".json", map[string]any{
		"command": "reikna bench --" + set, "date": "2026-11-22T10:00:00Z", "device": "Test GPU",
		"platform": "Test platform", "driver_version": "1.0", "mib_per_array": mib, "copy_gbps": 4000.0,
		"rows": ours, "build": map[string]any{"go": "go1.24", "revision": "abc"},
	})
	if torch != nil {
		write("torch_"+set+".json", map[string]any{"device": "Test GPU", "copy_gbps": 4100.0, "rows": torch})
	}
	writeCommitNote(t, dir)
	return dir
}

// writeCommitNote writes the commit.txt of a clean checkout into dir.
func writeCommitNote(t *testing.T, dir string) {
	t.Helper()
	commit := "commit abc clean\ndate 2026-11-22T10:00:00Z\n"
	if err := os.WriteFile(filepath.Join(dir, "commit.txt"), []byte(commit), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runCompare runs compare.py on dir and returns its output.
func runCompare(t *testing.T, dir string, markdown bool) string {
	t.Helper()
	if markdown {
		return runScriptOK(t, compareScript, "--markdown", dir)
	}
	return runScriptOK(t, compareScript, dir)
}

// runScriptOK runs the Python script with args and returns its output,
// failing the test where it fails.
func runScriptOK(t *testing.T, script string, args ...string) string {
	t.Helper()
	out, err := runScript(t, script, args...)
	if err != nil {
		t.Fatalf("%s: %v\n%s", filepath.Base(script), err, out)
	}
	return out
}

// verdictOf returns the last cell of the first row of a text table that
// begins with name followed by a space, or "" where there is none after
// the line that contains after.
func verdictOf(out, after, name string) string {
	_, rest, ok := strings.Cut(out, after)
	if !ok {
		return ""
	}
	for _, line := range strings.Split(rest, "\n") {
		if strings.HasPrefix(line, name+" ") {
			f := strings.Fields(line)
			return f[len(f)-1]
		}
	}
	return ""
}

func TestCompareAlgos(t *testing.T) {
	ours := []algoFixtureRow{
		{Case: "transpose_c64_8192x8192", Shape: []int{8192, 8192}, MedianMS: 0.3, GBs: 3600, CopyPct: 90},
		{Case: "transpose_c64_8192x8192+scale", Shape: []int{8192, 8192}, MedianMS: 0.306, GBs: 3500, CopyPct: 88},
		{Case: "transpose_f32_16384x8192", Shape: []int{16384, 8192}, MedianMS: 0.6, GBs: 1800, CopyPct: 45},
		{Case: "transpose_f32_16384x8192+scale", Shape: []int{16384, 8192}, MedianMS: 0.7, GBs: 1500, CopyPct: 38},
		{Case: "sum_f32_2^27", Shape: []int{1 << 27}, MedianMS: 0.14, GBs: 3800, CopyPct: 95},
		{Case: "sum_rows_f32_8192x16384", Shape: []int{8192, 16384}, MedianMS: 0.2, GBs: 2700, CopyPct: 67},
		{Case: "cumsum_f32_2^27", Shape: []int{1 << 27}, MedianMS: 0.35, GBs: 3000, CopyPct: 75},
		{Case: "cumsum_rows_f32_8192x16384", Shape: []int{8192, 16384}, MedianMS: 0.6, GBs: 1800, CopyPct: 45},
		{Case: "fftshift_c64_8192x8192", Shape: []int{8192, 8192}, Wrong: "wrong result: output element 3 is (1+0i), want (2+0i)"},
	}
	torch := []algoFixtureRow{
		{Case: "transpose_c64_8192x8192", MedianMS: 0.6, GBs: 1777},
		{Case: "transpose_f32_16384x8192", MedianMS: 0.9, GBs: 1089},
		{Case: "sum_f32_2^27", MedianMS: 0.147, GBs: 3641},
		{Case: "sum_rows_f32_8192x16384", MedianMS: 0.155, GBs: 3400},
		{Case: "cumsum_f32_2^27", MedianMS: 0.445, GBs: 2413},
		{Case: "cumsum_rows_f32_8192x16384", MedianMS: 0.617, GBs: 1700},
		{Case: "fftshift_c64_8192x8192", MedianMS: 0.721, GBs: 1480},
	}
	const main, fused = "Algorithms against PyTorch", "Algorithms with a fused transformation"

	t.Run("full sizes", func(t *testing.T) {
		out := runCompare(t, writeAlgoFixture(t, 512, ours, torch), false)
		for _, tt := range []struct{ table, name, want string }{
			{main, "transpose_c64_8192x8192", "pass"},  // 90% of copy
			{main, "transpose_f32_16384x8192", "FAIL"}, // 45% of copy
			{main, "sum_f32_2^27", "pass"},             // 0.95 of PyTorch's time
			{main, "sum_rows_f32_8192x16384", "FAIL"},  // 1.29
			{main, "cumsum_f32_2^27", "pass"},          // 0.79
			{main, "cumsum_rows_f32_8192x16384", "FAIL"},
			{main, "fftshift_c64_8192x8192", "WRONG"},
			{fused, "transpose_c64_8192x8192", "pass"},  // 1.02
			{fused, "transpose_f32_16384x8192", "FAIL"}, // 1.17
		} {
			if got := verdictOf(out, tt.table, tt.name); got != tt.want {
				t.Errorf("%s, %s: verdict %q, want %q", tt.table, tt.name, got, tt.want)
			}
		}
		for _, want := range []string{"0.95", "1.02", "1.17", "copy 4000 GB/s", "copy 4100 GB/s", "PyTorch (algorithms) 4100 GB/s", "5 target(s) missed", "fftshift_c64_8192x8192: wrong result: output element 3"} {
			if !strings.Contains(out, want) {
				t.Errorf("the output lacks %q:\n%s", want, out)
			}
		}
		if strings.Contains(out, "WARNING") {
			t.Errorf("a warning on a clean run at full sizes:\n%s", out)
		}
	})
	t.Run("markdown", func(t *testing.T) {
		out := runCompare(t, writeAlgoFixture(t, 512, ours, torch), true)
		for _, want := range []string{"## " + main, "## " + fused, "| case | shape | reikna (OpenCL) ms | PyTorch ms |",
			"| transpose_c64_8192x8192 | 8192×8192 | 0.300 | 0.600 | 0.50 | 90 | 43 | ≥ 85% copy | pass |"} {
			if !strings.Contains(out, want) {
				t.Errorf("the Markdown lacks %q:\n%s", want, out)
			}
		}
	})
	t.Run("shrunk", func(t *testing.T) {
		// PyTorch's rows have no shape: they are of the full sizes.
		out := runCompare(t, writeAlgoFixture(t, 1, ours, torch), false)
		for _, want := range []string{"WARNING: the cases were shrunk to 1 MiB", "PyTorch's time left out",
			"sum_rows_f32_8192x16384: PyTorch at its full size, reikna [8192, 16384]"} {
			if !strings.Contains(out, want) {
				t.Errorf("the output lacks %q:\n%s", want, out)
			}
		}
		if got := verdictOf(out, main, "sum_rows_f32_8192x16384"); got != "n/a" {
			t.Errorf("a ratio of different sizes judged %q", got)
		}
	})
	t.Run("shrunk alike", func(t *testing.T) {
		shaped := slices.Clone(torch)
		for i := range shaped {
			shaped[i].Shape = ours[slices.IndexFunc(ours, func(r algoFixtureRow) bool { return r.Case == shaped[i].Case })].Shape
		}
		shaped[0].Shape = []int{16, 8192}
		out := runCompare(t, writeAlgoFixture(t, 1, ours, shaped), false)
		if got := verdictOf(out, main, "sum_rows_f32_8192x16384"); got != "FAIL" {
			t.Errorf("a ratio of the same shapes judged %q, want FAIL", got)
		}
		if !strings.Contains(out, "transpose_c64_8192x8192: PyTorch [16, 8192], reikna [8192, 8192]") {
			t.Errorf("the output does not say which shapes differ:\n%s", out)
		}
	})
	t.Run("no PyTorch", func(t *testing.T) {
		out := runCompare(t, writeAlgoFixture(t, 512, ours, nil), false)
		if !strings.Contains(out, "PyTorch: not measured") {
			t.Errorf("the output does not say PyTorch was not measured:\n%s", out)
		}
		if got := verdictOf(out, main, "sum_f32_2^27"); got != "n/a" {
			t.Errorf("a ratio without PyTorch judged %q", got)
		}
		if got := verdictOf(out, main, "transpose_c64_8192x8192"); got != "pass" {
			t.Errorf("the share of copy without PyTorch judged %q, want pass", got)
		}
	})
}

// TestTorchAlgosShapes checks that scripts/torch_algos_bench.py shrinks
// its cases as bench --algos does, at every --mib.
func TestTorchAlgosShapes(t *testing.T) {
	shapes := map[string]func(float64) []int{}
	for _, c := range algoCases {
		shapes[c.name] = c.sizedShape
	}
	checkPeerShapes(t, "torch_algos_bench", "b.sized_shape(case[0], m)", shapes)
}

// checkPeerShapes checks that scripts/MODULE.py has the cases of ours, by
// name, and that the Python expression sized (see peerSizes) gives the
// shape ours gives each case at every --mib.
func checkPeerShapes(t *testing.T, module, sized string, ours map[string]func(mib float64) []int) {
	t.Helper()
	mibs := []float64{512, 256, 100, 8, 1, 0.25, 0.001}
	theirs := peerSizes(t, module, sized, mibs)
	if len(theirs) != len(ours) {
		t.Errorf("%s has %d cases, reikna %d", module, len(theirs), len(ours))
	}
	for name, shape := range ours {
		got, ok := theirs[name]
		if !ok || len(got) != len(mibs) {
			t.Errorf("%s has no case %s", module, name)
			continue
		}
		for i, m := range mibs {
			if want := shape(m); !slices.Equal(want, got[i]) {
				t.Errorf("%s at %g MiB: PyTorch's shape %v, reikna's %v", name, m, got[i], want)
			}
		}
	}
}

// peerSizes loads scripts/MODULE.py with a stand-in for PyTorch that is
// enough to load it, and returns, for each of its CASES, the value of the
// Python expression sized (of the module b, the case and the MiB m) at
// each of mibs.
func peerSizes(t *testing.T, module, sized string, mibs []float64) map[string][][]int {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skipf("no python3 to run scripts/%s.py", module)
	}
	program := `
import json, sys, types
torch = types.ModuleType("torch")
torch.float32, torch.float64, torch.complex64, torch.bfloat16, torch.float16 = "float32", "float64", "complex64", "bfloat16", "float16"
sys.modules["torch"] = torch
timing = types.ModuleType("torch_timing")
timing.time_ms = timing.copy_bandwidth = timing.case_args = None
sys.modules["torch_timing"] = timing
sys.path.insert(0, "../../scripts")
import torch_algos_bench
import ` + module + ` as b
mibs = [float(m) for m in sys.argv[1:]]
print(json.dumps({name: [` + sized + ` for m in mibs] for name, case in b.CASES.items()}))
`
	args := []string{"-c", program}
	for _, m := range mibs {
		args = append(args, strconv.FormatFloat(m, 'g', -1, 64))
	}
	out, err := exec.Command(python, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	var sizes map[string][][]int
	if err := json.Unmarshal(out, &sizes); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return sizes
}

// TestCompareHalf checks the table of the half set: each complex32 FFT
// against 0.55 times the complex64 FFT of its length, a wrong result
// failing.
func TestCompareHalf(t *testing.T) {
	ours := []algoFixtureRow{
		{Case: "c2c_64", Shape: []int{1 << 21, 64}, MedianMS: 0.4},
		{Case: "c2c_64+half", Shape: []int{1 << 21, 64}, MedianMS: 0.2},
		{Case: "c2c_1024", Shape: []int{1 << 17, 1024}, MedianMS: 0.5},
		{Case: "c2c_1024+half", Shape: []int{1 << 17, 1024}, MedianMS: 0.3},
		{Case: "c2c_4096", Shape: []int{1 << 15, 4096}, MedianMS: 0.6},
		{Case: "c2c_4096+half", Shape: []int{1 << 15, 4096}, Wrong: "wrong result: relative L2 error 0.5 of the first 16 rows, above 0.0005"},
	}
	const table = "Half-precision storage"
	out := runCompare(t, writeCaseFixture(t, "half", 512, ours, nil), false)
	for _, tt := range []struct{ n, want string }{
		{"64", "pass"},   // 0.50
		{"1024", "FAIL"}, // 0.60
		{"4096", "WRONG"},
	} {
		if got := verdictOf(out, table, tt.n); got != tt.want {
			t.Errorf("N = %s: verdict %q, want %q", tt.n, got, tt.want)
		}
	}
	for _, want := range []string{"0.50", "0.60", "2 target(s) missed", "c2c_4096+half: wrong result"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "WARNING: the cases were shrunk") {
		t.Errorf("a warning of shrunk cases at the full size:\n%s", out)
	}
	if out := runCompare(t, writeCaseFixture(t, "half", 1, ours, nil), false); !strings.Contains(out, "WARNING: the cases were shrunk to 1 MiB") {
		t.Errorf("no warning of shrunk cases:\n%s", out)
	}
}

// sweepSummaryScript is scripts/sweep_summary.py, from this package's
// directory.
const sweepSummaryScript = "../../scripts/sweep_summary.py"

// writeSweepFixture writes a fabricated output directory of gpu_compare.sh
// with the set sweep: reikna's results (sweep.json) of the lengths of
// times, each with its reikna, cuFFT and VkFFT time in ms (0 where the
// program has no row of it; a negative time marks a row without one:
// reikna's skipped, VkFFT's with an error), all at a batch of 10 but
// those of batches.
func writeSweepFixture(t *testing.T, times map[int][3]float64, batches map[int]int) string {
	t.Helper()
	dir := t.TempDir()
	var ours, cufft, vkfft []map[string]any
	for _, n := range slices.Sorted(maps.Keys(times)) {
		tt := times[n]
		r := map[string]any{"n": n, "kind": lengthKind(n), "batch": 10, "bytes_per_array": 80 * n, "median_ms": tt[0]}
		if tt[0] < 0 {
			r = map[string]any{"n": n, "kind": lengthKind(n), "batch": 0, "skipped": "does not fit"}
		}
		ours = append(ours, r)
		for i, rows := range []*[]map[string]any{&cufft, &vkfft} {
			batch := 10
			if b, ok := batches[n]; ok && i == 0 {
				batch = b
			}
			switch t := tt[i+1]; {
			case t > 0:
				*rows = append(*rows, map[string]any{"n": n, "batch": batch, "median_ms": t, "min_ms": t, "gbps": 1.0})
			case t < 0:
				*rows = append(*rows, map[string]any{"n": n, "batch": batch, "error": "VkFFTAppend: VKFFT_ERROR_FAILED_TO_COMPILE_PROGRAM (4039)"})
			}
		}
	}
	writeJSONFixture(t, dir, "sweep.json", map[string]any{
		"command": "reikna bench --sweep", "date": "2026-11-27T10:00:00Z", "device": "Test GPU", "device_type": "GPU",
		"platform": "Test platform", "driver_version": "1.0", "opencl_version": "OpenCL 3.0", "dtype": "complex64",
		"mib_per_array": 512.0, "copy_bandwidth_gbs": 4000.0, "results": ours,
	})
	writeJSONFixture(t, dir, "cufft_sweep.json", map[string]any{"device": "Test GPU", "copy_gbps": 4100.0, "rows": cufft})
	writeJSONFixture(t, dir, "vkfft_sweep.json", map[string]any{"device": "Test GPU", "library": "VkFFT 1.2", "copy_gbps": 4050.0, "rows": vkfft})
	writeCommitNote(t, dir)
	return dir
}

// rowFields returns the cells after name of the first line of a text
// table that begins with name and two spaces, after the line that contains
// after, or nil where there is none.
func rowFields(out, after, name string) []string {
	_, rest, ok := strings.Cut(out, after)
	if !ok {
		return nil
	}
	for _, line := range strings.Split(rest, "\n") {
		if cells, ok := strings.CutPrefix(line, name+"  "); ok {
			return strings.Fields(cells)
		}
	}
	return nil
}

// TestSweepSummary checks sweep_summary.py on a known sweep: the ratio to
// the faster peer at every length, and the median, the 90th percentile
// (nearest rank), the worst ratio with its length and the share at 1.0 or
// less over all the lengths and by kind.
func TestSweepSummary(t *testing.T) {
	// reikna, cuFFT, VkFFT.
	times := map[int][3]float64{
		2:    {0.5, 1, 2},   // smooth: 0.5
		3:    {0.8, 1, 1},   // smooth: 0.8
		4:    {0.9, 1, -1},  // smooth: 0.9, VkFFT failed
		17:   {1, 2, 1},     // prime: 1.0 to VkFFT
		19:   {1.2, 1, 1.5}, // prime: 1.2
		34:   {1.1, 1, 0},   // one large prime factor: 1.1, no VkFFT row
		38:   {2, 1, 1},     // one large prime factor: 2.0
		289:  {3, 1, 0},     // other: 3.0
		4374: {1.5, 1, 0},   // smooth above 4096: 1.5
		8192: {1, 1, 0},     // smooth above 4096: 1.0
		5:    {-1, 1, 1},    // reikna skipped it
		23:   {1, 0, 0},     // no peer
		46:   {1, 1, 0},     // cuFFT of another batch, no VkFFT
	}
	dir := writeSweepFixture(t, times, map[int]int{46: 9})
	ratios := filepath.Join(t.TempDir(), "ratios.json")
	out := runScriptOK(t, sweepSummaryScript, "--ratios", ratios, dir)
	const table = "Sweep of FFT lengths"
	// All: 0.5 0.8 0.9 1.0 1.0 1.1 1.2 1.5 2.0 3.0.
	for _, tt := range []struct {
		kind string
		want []string // count, median, p90, worst, at N, share
	}{
		{"all", []string{"10", "1.05", "2.00", "3.00", "289", "50%"}},
		{kindSmoothShort, []string{"3", "0.80", "0.90", "0.90", "4", "100%"}},
		{kindSmoothLong, []string{"2", "1.25", "1.50", "1.50", "4374", "50%"}},
		{kindPrime, []string{"2", "1.10", "1.20", "1.20", "19", "50%"}},
		{kindLargePrime, []string{"2", "1.55", "2.00", "2.00", "38", "0%"}},
		{kindOther, []string{"1", "3.00", "3.00", "3.00", "289", "0%"}},
	} {
		t.Run(tt.kind, func(t *testing.T) {
			if got := rowFields(out, table, tt.kind); !slices.Equal(got, tt.want) {
				t.Errorf("count, median, p90, worst, at N, share: %q, want %q\n%s", got, tt.want, out)
			}
		})
	}
	t.Run("every length", func(t *testing.T) {
		for _, tt := range []struct {
			n    string
			want []string
		}{
			{"17", []string{"prime", "10", "1.000", "2.000", "1.000", "1.00", "VkFFT"}},
			{"4", []string{"smooth", "up", "to", "4096", "10", "0.900", "1.000", "n/a", "0.90", "cuFFT"}},
			{"5", []string{"smooth", "up", "to", "4096", "0", "skipped", "1.000", "1.000", "n/a", "n/a"}},
			{"46", []string{"one", "large", "prime", "factor", "10", "1.000", "n/a", "n/a", "n/a", "n/a"}},
		} {
			if got := rowFields(out, "Every length", tt.n); !slices.Equal(got, tt.want) {
				t.Errorf("N = %s: %q, want %q", tt.n, got, tt.want)
			}
		}
	})
	t.Run("lengths without a ratio", func(t *testing.T) {
		for _, want := range []string{"13 lengths, 10 with a ratio; peers measured: cuFFT, VkFFT", "N = 5: reikna skipped it: does not fit",
			"N = 23: no peer measured it", "N = 46: cuFFT's batch is 9, reikna's 10: run both at the same MIB", "device: Test GPU"} {
			if !strings.Contains(out, want) {
				t.Errorf("the output lacks %q:\n%s", want, out)
			}
		}
	})
	t.Run("ratios for the plot", func(t *testing.T) {
		data, err := os.ReadFile(ratios)
		if err != nil {
			t.Fatal(err)
		}
		var got sweepRatios
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		if got.Reikna != "reikna (OpenCL)" || got.Device != "Test GPU" || !slices.Equal(got.Peers, []string{"cuFFT", "VkFFT"}) || len(got.Lengths) != 10 {
			t.Fatalf("ratios: %+v", got)
		}
		if l := got.Lengths[3]; l.N != 17 || l.Kind != kindPrime || l.Ratio != 1 || l.Peer != "VkFFT" {
			t.Errorf("the ratio of N = 17: %+v", l)
		}
	})
	t.Run("markdown", func(t *testing.T) {
		md := runScriptOK(t, sweepSummaryScript, "--markdown", dir)
		for _, want := range []string{"## " + table, "| all | 10 | 1.05 | 2.00 | 3.00 | 289 | 50% |",
			"| 17 | prime | 10 | 1.000 | 2.000 | 1.000 | 1.00 | VkFFT |", "- N = 23: no peer measured it"} {
			if !strings.Contains(md, want) {
				t.Errorf("the Markdown lacks %q:\n%s", want, md)
			}
		}
	})
	t.Run("brief", func(t *testing.T) {
		brief := runScriptOK(t, sweepSummaryScript, "--brief", dir)
		if !strings.Contains(brief, table) || strings.Contains(brief, "Every length") {
			t.Errorf("--brief printed the table of every length, or not the summary:\n%s", brief)
		}
	})
}
