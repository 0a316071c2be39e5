package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// writeRatios writes a sweep_ratios.json of one length into a new
// directory, and returns the directory.
func writeRatios(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	data := `{"reikna": "reikna (OpenCL)", "device": "Test GPU", "peers": ["cuFFT"], "lengths": [{"n": 17, "kind": "prime", "ratio": 1.8, "peer": "cuFFT"}]}`
	if err := os.WriteFile(filepath.Join(dir, "sweep_ratios.json"), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSweepPlot(t *testing.T) {
	dir := writeRatios(t)
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
			stdout, _ := tool.OK(t, tt.args...)
			if stdout != "wrote "+tt.file+"\n" {
				t.Errorf("printed %q", stdout)
			}
			if _, err := os.Stat(tt.file); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestSweepPlotErrors(t *testing.T) {
	dir := writeRatios(t)
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"sweep-plot"}, "want one directory, the output of scripts/gpu_compare.sh with the set sweep (got 0 arguments)"},
		{[]string{"sweep-plot", dir, dir}, "(got 2 arguments)"},
		{[]string{"sweep-plot", t.TempDir()}, "sweep_ratios.json does not exist"},
		{[]string{"sweep-plot", "--out", "ratios.svg", dir}, "sweep-plot: --out ratios.svg: the file is written as PNG"},
	})
}
