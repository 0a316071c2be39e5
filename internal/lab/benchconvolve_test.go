package lab

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// TestBenchConvolve runs every convolution case at a small size on the
// device and checks the table and the JSON: each case checked, timed, and
// set beside the bare FFT of its rows.
func TestBenchConvolve(t *testing.T) {
	thr := cludatest.Thread(t)
	jsonFile := filepath.Join(t.TempDir(), "convolve.json")
	stdout, _ := tool.OK(t, "bench", "--convolve", "--mib", "0.25", "--runs", "3", "--json", jsonFile)
	for _, want := range []string{thr.Params().Name, "to 2 FFTs", "wrote " + jsonFile} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the output lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	var rep convolveReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("the JSON does not decode: %v", err)
	}
	if rep.Device != thr.Params().Name || rep.MiB != 0.25 || rep.CopyGBs <= 0 {
		t.Errorf("report header: %+v", rep.runHeader)
	}
	var names, got []string
	for _, c := range convolveCases {
		names = append(names, c.name)
	}
	for _, r := range rep.Rows {
		got = append(got, r.Case)
		if r.Skipped != "" || r.Wrong != "" || r.Runs != 3 || !(r.MinMS > 0 && r.MinMS <= r.MedianMS && r.GBs > 0) ||
			!(r.FFTMedianMS > 0) || r.ToTwoFFTs != r.MedianMS/(2*r.FFTMedianMS) || len(r.Shape) != 2 {
			t.Errorf("row %+v", r)
		}
	}
	if !slices.Equal(got, names) {
		t.Fatalf("cases %v, want %v", got, names)
	}
}

func TestBenchConvolveErrors(t *testing.T) {
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"bench", "--convolve", "--sizes", "16"}, "--sizes does not apply"},
		{[]string{"bench", "--convolve", "--algos"}, "--algos does not apply"},
		{[]string{"bench", "--convolve", "--cases", "circular_c64_1024,linear"}, `unknown case "linear"`},
		{[]string{"bench", "--convolve", "--mib", "1024"}, "grow no larger"},
		{[]string{"bench", "--random", "--convolve"}, "--convolve does not apply"},
	})
}

// TestCheckConvolveRows checks that the check before timing passes the
// convolution and catches a wrong one.
func TestCheckConvolveRows(t *testing.T) {
	const n, rows = 64, 3
	rng := rand.New(rand.NewPCG(4, 5))
	random := func(k int) []complex64 {
		out := make([]complex64, k)
		for i := range out {
			out[i] = complex(float32(rng.NormFloat64()), float32(rng.NormFloat64()))
		}
		return out
	}
	signal, filter := random(rows*n), random(n)
	out := make([]complex64, rows*n)
	for r := 0; r < rows; r++ {
		for k := 0; k < n; k++ {
			var s complex128
			for j := 0; j < n; j++ {
				s += complex128(signal[r*n+(k-j+n)%n]) * complex128(filter[j])
			}
			out[r*n+k] = complex64(s)
		}
	}
	if err := checkConvolveRows(signal, filter, out, n, []int{0, rows - 1}); err != nil {
		t.Errorf("the direct sum: %v", err)
	}
	out[(rows-1)*n+5] += 0.5
	if err := checkConvolveRows(signal, filter, out, n, []int{0, rows - 1}); err == nil {
		t.Errorf("a wrong element of the last row passed the check")
	}
}

// TestTorchConvolveShapes checks that scripts/torch_convolve_bench.py has
// the cases of bench --convolve and shrinks them alike, at every --mib.
func TestTorchConvolveShapes(t *testing.T) {
	shapes := map[string]func(float64) []int{}
	for _, c := range convolveCases {
		shapes[c.name] = c.sizedShape
	}
	checkPeerShapes(t, "torch_convolve_bench", "torch_algos_bench.sized_shape(case[0], m)", shapes)
}

// TestCompareConvolve checks the table of compare.py on a fabricated run of
// bench --convolve and torch_convolve_bench.py: the verdicts against two
// FFTs, a wrong case, and PyTorch's time of another shape left out.
func TestCompareConvolve(t *testing.T) {
	type row struct {
		algoFixtureRow
		FFTMedianMS float64 `json:"fft_median_ms,omitempty"`
		ToTwoFFTs   float64 `json:"to_two_ffts,omitempty"`
	}
	ours := []row{
		{algoFixtureRow{Case: "circular_c64_1024", Shape: []int{65536, 1024}, MedianMS: 0.3}, 0.27, 0.3 / 0.54},
		{algoFixtureRow{Case: "circular_c64_65536", Shape: []int{1024, 65536}, MedianMS: 1.5}, 0.65, 1.5 / 1.3},
		{algoFixtureRow{Case: "circular_c64_4096", Shape: []int{16384, 4096}, Wrong: "wrong result: row 0: relative error 0.5"}, 0.27, 0},
	}
	torch := []algoFixtureRow{
		{Case: "circular_c64_1024", Shape: []int{65536, 1024}, MedianMS: 1.2},
		{Case: "circular_c64_65536", Shape: []int{512, 65536}, MedianMS: 2.5},
	}
	dir := writeCaseFixture(t, "convolve", 512, nil, torch)
	writeJSONFixture(t, dir, "convolve.json", map[string]any{
		"command": "reikna bench --convolve", "date": "2026-11-22T10:00:00Z", "device": "Test GPU",
		"platform": "Test platform", "driver_version": "1.0", "mib_per_array": 512, "copy_gbps": 4000.0, "rows": ours,
	})
	out := runCompare(t, dir, false)
	const table = "Convolution against two FFTs"
	for _, tt := range []struct{ name, want string }{
		{"circular_c64_1024", "pass"},  // 0.56
		{"circular_c64_65536", "FAIL"}, // 1.15
		{"circular_c64_4096", "WRONG"},
	} {
		if got := verdictOf(out, table, tt.name); got != tt.want {
			t.Errorf("%s judged %q, want %q\n%s", tt.name, got, tt.want, out)
		}
	}
	for _, want := range []string{"2 target(s) missed", "0.25", "PyTorch's time left out, of the shape [512, 65536]"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if md := runCompare(t, dir, true); !strings.Contains(md, "## "+table) {
		t.Errorf("the Markdown lacks the heading %q:\n%s", table, md)
	}
}
