package lab

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// cpuTableScript is scripts/cpu_table.py, from this package's directory.
const cpuTableScript = "../../scripts/cpu_table.py"

// cpuFixtureRow is a row of a fabricated reikna.json, numpy.json or
// fftw.json of cpu_compare.sh.
type cpuFixtureRow struct {
	N        int     `json:"n"`
	Batch    int     `json:"batch"`
	MedianMS float64 `json:"median_ms"`
	GBs      float64 `json:"gbs,omitempty"`
	GBps     float64 `json:"gbps,omitempty"`
}

// TestCPUTable checks the verdicts of cpu_table.py on a fabricated run:
// a length meets the targets at 2× numpy and 25% of FFTW, and misses them
// below either.
func TestCPUTable(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 to run scripts/cpu_table.py")
	}
	dir := t.TempDir()
	write := func(name string, v any) { writeJSONFixture(t, dir, name, v) }
	tests := []struct {
		n                  int
		ours, numpy, fftw  float64 // GB/s
		wantNumpy, wantPct string
		want               string
	}{
		{16, 30, 7, 33, "4.29×", "91%", "met"},
		{256, 8, 4.5, 18, "1.78×", "44%", "missed"},
		{1024, 8, 3.6, 40, "2.22×", "20%", "missed"},
		{1009, 1.5, 0.7, 1, "2.14×", "150%", "met"},
	}
	var ours, numpy, fftw []cpuFixtureRow
	for _, tt := range tests {
		ours = append(ours, cpuFixtureRow{N: tt.n, Batch: 1, MedianMS: 1, GBs: tt.ours})
		numpy = append(numpy, cpuFixtureRow{N: tt.n, Batch: 1, MedianMS: 1, GBps: tt.numpy})
		fftw = append(fftw, cpuFixtureRow{N: tt.n, Batch: 1, MedianMS: 1, GBps: tt.fftw})
	}
	write("reikna.json", map[string]any{"device": "Test CPU", "platform": "Test", "results": ours})
	write("numpy.json", map[string]any{"library": "numpy 1", "rows": numpy})
	write("fftw.json", map[string]any{"library": "fftw-3", "threads": 2, "rows": fftw})
	out, err := exec.Command(python, cpuTableScript, dir).CombinedOutput()
	if err != nil {
		t.Fatalf("cpu_table.py: %v\n%s", err, out)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) == 9 {
			rows[f[0]] = f
		}
	}
	for _, tt := range tests {
		t.Run("N="+strconv.Itoa(tt.n), func(t *testing.T) {
			f, ok := rows[strconv.Itoa(tt.n)]
			if !ok {
				t.Fatalf("no row for %d in\n%s", tt.n, out)
			}
			if f[6] != tt.wantNumpy || f[7] != tt.wantPct || f[8] != tt.want {
				t.Errorf("row %v, want %s, %s, %s", f, tt.wantNumpy, tt.wantPct, tt.want)
			}
		})
	}
	if !strings.Contains(string(out), "2 of 4 lengths miss") {
		t.Errorf("no count of the lengths that miss in\n%s", out)
	}
}
