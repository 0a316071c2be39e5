package main

import (
	"os"
	"path/filepath"
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

func TestSweepPlot(t *testing.T) {
	dir := writeRatios(t, sweepRatiosFixture)
	other := filepath.Join(t.TempDir(), "ratios.png")
	tests := []struct {
		name string
		args []string
		file string
	}{
		{"into the directory", []string{"sweep-plot", dir}, filepath.Join(dir, "sweep.png")},
		{"elsewhere", []string{"sweep-plot", dir, "--out", other}, other},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, _ := runOK(t, tt.args...)
			if stdout != "wrote "+tt.file+"\n" {
				t.Errorf("printed %q", stdout)
			}
			checkPlot(t, tt.file)
		})
	}
}

func TestSweepPlotErrors(t *testing.T) {
	dir := writeRatios(t, sweepRatiosFixture)
	checkErrors(t, []errorCase{
		{[]string{"sweep-plot"}, "want one directory, the output of scripts/gpu_compare.sh with the set sweep (got 0 arguments)"},
		{[]string{"sweep-plot", dir, dir}, "(got 2 arguments)"},
		{[]string{"sweep-plot", t.TempDir()}, "sweep_ratios.json does not exist: scripts/sweep_summary.py --ratios"},
		{[]string{"sweep-plot", writeRatios(t, `{"lengths": [`)}, "sweep_ratios.json: unexpected end of JSON input"},
		{[]string{"sweep-plot", writeRatios(t, `{"lengths": []}`)}, "holds no ratio: no peer measured the lengths"},
		{[]string{"sweep-plot", writeRatios(t, `{"lengths": [{"n": 16, "ratio": 0}]}`)}, "the length 16 has the ratio 0"},
		{[]string{"sweep-plot", writeRatios(t, `{"lengths": [{"n": -16, "ratio": 1}]}`)}, "the length -16 has the ratio 1"},
		{[]string{"sweep-plot", "--out", "ratios.svg", dir}, "--out ratios.svg: the file is written as PNG"},
		{[]string{"sweep-plot", "--out", "/no/such/dir/r.png", dir}, "the directory /no/such/dir does not exist"},
	})
}
