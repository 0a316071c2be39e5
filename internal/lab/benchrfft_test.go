package lab

import (
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/internal/cliutil/clitest"
	"github.com/reikna-go/reikna/internal/reference"
)

// TestBenchRFFT runs every real FFT case at a small size on the device and
// checks the table and the JSON: each case, bare and scaled, checked and
// timed.
func TestBenchRFFT(t *testing.T) {
	var rep rfftReport
	runCaseBench(t, "--rfft", &rep, "rel. error")
	var names, got []string
	for _, c := range rfftCases {
		names = append(names, c.name, c.name+"+scale")
	}
	for _, r := range rep.Rows {
		got = append(got, r.Case)
		if r.Skipped != "" || r.Wrong != "" || r.Runs != 3 || !(r.MinMS > 0 && r.MinMS <= r.MedianMS && r.GBs > 0) ||
			len(r.Shape) != 2 || !(r.RelError > 0 && r.RelError <= rfftTolerance) {
			t.Errorf("row %+v", r)
		}
	}
	if !slices.Equal(got, names) {
		t.Fatalf("cases %v, want %v", got, names)
	}
}

// TestBenchRFFTLengths runs real FFT cases of lengths outside the list
// (rfft_f32_N), odd and even, checked against the reference and timed in
// the order given.
func TestBenchRFFTLengths(t *testing.T) {
	var rep rfftReport
	runCaseBench(t, "--rfft --cases rfft_f32_7,rfft_f32_1000,rfft_f32_1024", &rep, "rel. error")
	var got []string
	// At 0.25 MiB: rows of 7 and 1000 points keep their length; those of
	// 1024 shrink as the listed case does.
	shapes := map[string][]int{"rfft_f32_7": {9362, 7}, "rfft_f32_1000": {65, 1000}, "rfft_f32_1024": {64, 1024}}
	for _, r := range rep.Rows {
		got = append(got, r.Case)
		if r.Skipped != "" || r.Wrong != "" || !(r.RelError > 0 && r.RelError <= rfftTolerance) {
			t.Errorf("row %+v", r)
		}
		if want := shapes[strings.TrimSuffix(r.Case, "+scale")]; !slices.Equal(r.Shape, want) {
			t.Errorf("%s: shape %v, want %v", r.Case, r.Shape, want)
		}
	}
	want := []string{"rfft_f32_7", "rfft_f32_7+scale", "rfft_f32_1000", "rfft_f32_1000+scale", "rfft_f32_1024", "rfft_f32_1024+scale"}
	if !slices.Equal(got, want) {
		t.Fatalf("cases %v, want %v", got, want)
	}
}

func TestBenchRFFTErrors(t *testing.T) {
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"bench", "--rfft", "--sizes", "16"}, "--sizes does not apply"},
		{[]string{"bench", "--rfft", "--algos"}, "--algos does not apply"},
		{[]string{"bench", "--rfft", "--cases", "rfft_f32_1024,rfft_f64_7"}, `unknown case "rfft_f64_7"`},
		{[]string{"bench", "--rfft", "--cases", "rfft_f32_1"}, "a length N of 2 or more"},
		{[]string{"bench", "--rfft", "--cases", "rfft_f32_2^10"}, "a length N of 2 or more"},
		{[]string{"bench", "--rfft", "--mib", "1024"}, "grow no larger"},
	})
}

// TestRFFTCheck checks that the check before timing passes the right half
// spectra and catches wrong ones.
func TestRFFTCheck(t *testing.T) {
	shape := []int{2, 8}
	in := []float32{1, 2, 3, 4, 5, 6, 7, 8, 1, 0, 0, 0, 0, 0, 0, 0}
	// Row 0 from the reference, row 1 an impulse: ones; scaled by 2.
	out := make([]complex64, 2*5)
	for i := range 5 {
		out[5+i] = 2
	}
	ref := reference.FFTN([]complex128{1, 2, 3, 4, 5, 6, 7, 8}, []int{8}, []int{0}, false)
	for k := range 5 {
		out[k] = complex64(2 * ref[k])
	}
	if _, err := checkRFFT(shape, in, out, 2); err != nil {
		t.Errorf("right spectra: %v", err)
	}
	if _, err := checkRFFT(shape, in, out, 1); err == nil {
		t.Error("spectra of another scale pass")
	}
	out[7] += 1e-3
	if _, err := checkRFFT(shape, in, out, 2); err == nil {
		t.Error("a wrong value passes")
	}
}

// TestCompareRFFT checks the tables of compare.py on a fabricated run of
// bench --rfft and torch_rfft_bench.py: the verdicts against PyTorch and
// of the fused scale, a wrong case, and PyTorch's time of another shape
// left out.
func TestCompareRFFT(t *testing.T) {
	ours := []algoFixtureRow{
		{Case: "rfft_f32_1024", Shape: []int{131072, 1024}, MedianMS: 0.26, GBs: 4100},
		{Case: "rfft_f32_1024+scale", Shape: []int{131072, 1024}, MedianMS: 0.262, GBs: 4080},
		{Case: "rfft_f32_4096", Shape: []int{32768, 4096}, MedianMS: 0.3, GBs: 3600},
		{Case: "rfft_f32_4096+scale", Shape: []int{32768, 4096}, MedianMS: 0.35, GBs: 3100},
		{Case: "rfft_f32_65536", Shape: []int{2048, 65536}, Wrong: "wrong result: row 0 has a relative error of 0.5, above 1e-06"},
		{Case: "rfft_f32_2^20", Shape: []int{128, 1 << 20}, MedianMS: 1.1, GBs: 980},
	}
	torch := []algoFixtureRow{
		{Case: "rfft_f32_1024", Shape: []int{131072, 1024}, MedianMS: 0.27, GBs: 3990},
		{Case: "rfft_f32_4096", Shape: []int{32768, 4096}, MedianMS: 0.274, GBs: 3930},
		{Case: "rfft_f32_65536", Shape: []int{2048, 65536}, MedianMS: 0.655, GBs: 1640},
		{Case: "rfft_f32_2^20", Shape: []int{64, 1 << 20}, MedianMS: 0.61, GBs: 880},
	}
	const main, fused = "Real FFTs against PyTorch", "Real FFTs with a fused transformation"
	out := runCompare(t, writeCaseFixture(t, "rfft", 512, ours, torch), false)
	for _, tt := range []struct{ table, name, want string }{
		{main, "rfft_f32_1024", "pass"}, // 0.26 / 0.27
		{main, "rfft_f32_4096", "FAIL"}, // 0.3 / 0.274
		{main, "rfft_f32_65536", "WRONG"},
		{main, "rfft_f32_2^20", "n/a"},
		{fused, "rfft_f32_1024", "pass"}, // 1.01
		{fused, "rfft_f32_4096", "FAIL"}, // 1.17
	} {
		if got := verdictOf(out, tt.table, tt.name); got != tt.want {
			t.Errorf("%s: %s judged %q, want %q\n%s", tt.table, tt.name, got, tt.want, out)
		}
	}
	for _, want := range []string{"3 target(s) missed", "PyTorch's time left out, of the shape [64, 1048576]", "PyTorch (rfft) 4100 GB/s"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
}

// TestTorchRFFTShapes checks that scripts/torch_rfft_bench.py shrinks its
// cases as bench --rfft does, at every --mib.
func TestTorchRFFTShapes(t *testing.T) {
	mibs := []float64{512, 256, 100, 8, 1, 0.25, 0.001}
	shapes := peerSizes(t, "torch_rfft_bench", "torch_algos_bench.sized_shape(case[0], m)", mibs)
	if len(shapes) != len(rfftCases) {
		t.Errorf("PyTorch's script has %d cases, bench --rfft %d", len(shapes), len(rfftCases))
	}
	for _, c := range rfftCases {
		for i, m := range mibs {
			if ours := c.sizedShape(m); !slices.Equal(ours, shapes[c.name][i]) {
				t.Errorf("%s at %g MiB: PyTorch's shape %v, reikna's %v", c.name, m, shapes[c.name][i], ours)
			}
		}
	}
}
