package lab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sweepRatiosFixture is a sweep_ratios.json as scripts/sweep_summary.py
// --ratios writes it, of every kind and one kind it does not know.
const sweepRatiosFixture = `{"reikna": "reikna (OpenCL)", "device": "Test GPU", "date": "2026-11-27T10:00:00Z", "dtype": "complex64",
 "mib_per_array": 512, "peers": ["cuFFT", "VkFFT"], "lengths": [
 {"n": 2, "kind": "smooth up to 4096", "ratio": 0.9, "peer": "VkFFT"},
 {"n": 17, "kind": "prime", "ratio": 1.8, "peer": "cuFFT"},
 {"n": 34, "kind": "one large prime factor", "ratio": 1.3, "peer": "cuFFT"},
 {"n": 289, "kind": "other", "ratio": 1.1, "peer": "cuFFT"},
 {"n": 4374, "kind": "smooth above 4096", "ratio": 0.7, "peer": "VkFFT"},
 {"n": 16777216, "kind": "smooth above 4096", "ratio": 1.02, "peer": "cuFFT"},
 {"n": 65537, "kind": "new kind", "ratio": 3.5, "peer": "VkFFT"}]}`

// writeRatios writes data as the sweep_ratios.json of a new directory,
// and returns the directory.
func writeRatios(t *testing.T, data string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, sweepRatiosFile), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestPlotSweep(t *testing.T) {
	dir := writeRatios(t, sweepRatiosFixture)
	file := filepath.Join(t.TempDir(), "ratios.png")
	if err := PlotSweep(dir, file); err != nil {
		t.Fatal(err)
	}
	checkPlot(t, file)
}

func TestPlotSweepErrors(t *testing.T) {
	dir := writeRatios(t, sweepRatiosFixture)
	png := filepath.Join(t.TempDir(), "sweep.png")
	for _, tt := range []struct{ dir, file, want string }{
		{t.TempDir(), png, "sweep_ratios.json does not exist: scripts/sweep_summary.py --ratios"},
		{writeRatios(t, `{"lengths": [`), png, "sweep_ratios.json: unexpected end of JSON input"},
		{writeRatios(t, `{"lengths": []}`), png, "holds no ratio: no peer measured the lengths"},
		{writeRatios(t, `{"lengths": [{"n": 16, "ratio": 0}]}`), png, "the length 16 has the ratio 0"},
		{writeRatios(t, `{"lengths": [{"n": -16, "ratio": 1}]}`), png, "the length -16 has the ratio 1"},
		{dir, "ratios.svg", "--out ratios.svg: the file is written as PNG"},
		{dir, "/no/such/dir/r.png", "the directory /no/such/dir does not exist"},
	} {
		if err := PlotSweep(tt.dir, tt.file); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("PlotSweep(%s, %s): got %v\nwant an error containing %q", tt.dir, tt.file, err, tt.want)
		}
	}
}
