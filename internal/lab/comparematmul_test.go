package lab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeMatmulFixture writes a fabricated output directory of
// gpu_compare.sh with reikna's matrix product rows at mib MiB per array
// and, where torch is not nil, PyTorch's.
func writeMatmulFixture(t *testing.T, mib float64, ours []matmulRow, torch []map[string]any) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, v any) {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("matmul.json", map[string]any{
		"command": "reikna bench --matmul", "date": "2026-11-22T10:00:00Z", "device": "Test GPU",
		"platform": "Test platform", "driver_version": "1.0", "mib_per_array": mib,
		"rows": ours, "build": map[string]any{"go": "go1.24", "revision": "abc"},
	})
	if torch != nil {
		write("torch_matmul.json", map[string]any{"device": "Test GPU", "rows": torch})
	}
	commit := "commit abc clean\ndate 2026-11-22T10:00:00Z\n"
	if err := os.WriteFile(filepath.Join(dir, "commit.txt"), []byte(commit), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestCompareMatmul(t *testing.T) {
	full := func(c string) []int {
		cs, err := selectMatmulCases(c)
		if err != nil {
			t.Fatal(err)
		}
		return cs[0].shape()
	}
	ours := []matmulRow{
		{Case: "f32_4096", Shape: full("f32_4096"), Tiling: "128x128x16/8x8", MedianMS: 3.2, TFLOPS: 43},
		{Case: "f32_4096", Shape: full("f32_4096"), Tiling: "64x64x16/4x4", Tuned: true, MedianMS: 4.6, TFLOPS: 30},
		{Case: "f32_8192", Shape: full("f32_8192"), Tiling: "128x128x16/8x8", MedianMS: 36, TFLOPS: 30.5},
		{Case: "c64_4096", Shape: full("c64_4096"), Tiling: "128x64x8/8x4", Wrong: "wrong result: output 3 is (1+0i), want (2+0i)"},
		{Case: "f32_batch1024_64", Shape: full("f32_batch1024_64"), Tiling: "64x64x16/4x4", MedianMS: 0.03, TFLOPS: 17.9},
		{Case: "f64_4096", Shape: full("f64_4096"), Tiling: "128x64x8/8x4", MedianMS: 5.7, TFLOPS: 24},
	}
	torch := []map[string]any{
		{"case": "f32_4096", "shape": full("f32_4096"), "median_ms": 2.7, "tflops": 50.8},
		{"case": "f32_8192", "shape": full("f32_8192"), "median_ms": 21.6, "tflops": 50.8},
		{"case": "c64_4096", "shape": full("c64_4096"), "median_ms": 10.2, "tflops": 53.9},
		{"case": "f32_batch1024_64", "shape": full("f32_batch1024_64"), "median_ms": 0.037, "tflops": 14.5},
		{"case": "f64_4096", "shape": full("f64_4096"), "median_ms": 2.3, "tflops": 59.2},
	}
	const main = "Matrix products against PyTorch"
	t.Run("full sizes", func(t *testing.T) {
		out := runCompare(t, writeMatmulFixture(t, 512, ours, torch), false)
		for _, tt := range []struct{ name, want string }{
			{"f32_4096", "pass"},         // 0.85 of cuBLAS
			{"f32_8192", "FAIL"},         // 0.60
			{"c64_4096", "WRONG"},        // a wrong result
			{"f32_batch1024_64", "pass"}, // 1.23 times torch.bmm
			{"f64_4096", "pass"},         // 24 TFLOP/s, 72% of the peak
		} {
			if got := verdictOf(out, main, tt.name); got != tt.want {
				t.Errorf("%s: verdict %q, want %q\n%s", tt.name, got, tt.want, out)
			}
		}
		for _, want := range []string{"0.85", "0.60", "0.41", "≥ 23.4 TFLOP/s", "64x64x16/4x4", "0.70", "2 target(s) missed",
			"c64_4096 128x64x8/8x4: wrong result: output 3"} {
			if !strings.Contains(out, want) {
				t.Errorf("the output lacks %q:\n%s", want, out)
			}
		}
		if strings.Contains(out, "WARNING") {
			t.Errorf("a warning on a clean run at full sizes:\n%s", out)
		}
	})
	t.Run("markdown", func(t *testing.T) {
		out := runCompare(t, writeMatmulFixture(t, 512, ours, torch), true)
		for _, want := range []string{"## " + main, "| case | batch×m×n×k | tiling | reikna (OpenCL) TFLOP/s | cuBLAS TFLOP/s |",
			"| f32_4096 | 1×4096×4096×4096 | 128x128x16/8x8 | 43.0 | 50.8 | 0.85 | ratio ≥ 0.80 | pass |"} {
			if !strings.Contains(out, want) {
				t.Errorf("the Markdown lacks %q:\n%s", want, out)
			}
		}
	})
	t.Run("other sizes", func(t *testing.T) {
		shrunk := slices.Clone(torch)
		shrunk[0] = map[string]any{"case": "f32_4096", "shape": []int{1, 256, 256, 256}, "median_ms": 0.1, "tflops": 0.3}
		out := runCompare(t, writeMatmulFixture(t, 512, ours, shrunk), false)
		if got := verdictOf(out, main, "f32_4096"); got != "n/a" {
			t.Errorf("a ratio of different sizes judged %q", got)
		}
	})
	t.Run("no PyTorch", func(t *testing.T) {
		out := runCompare(t, writeMatmulFixture(t, 512, ours, nil), false)
		if !strings.Contains(out, "PyTorch: not measured") {
			t.Errorf("the output does not say PyTorch was not measured:\n%s", out)
		}
		if got := verdictOf(out, main, "f64_4096"); got != "pass" {
			t.Errorf("the share of the FP64 peak without PyTorch judged %q, want pass", got)
		}
	})
}

// TestTorchMatmulSizes checks that scripts/torch_matmul_bench.py shrinks
// its cases as bench --matmul does, at every --mib.
func TestTorchMatmulSizes(t *testing.T) {
	mibs := []float64{512, 256, 100, 8, 1, 0.25, 0.001}
	sizes := peerSizes(t, "torch_matmul_bench", "b.sized(case[1], m)", mibs)
	if len(sizes) != len(matmulCases) {
		t.Errorf("PyTorch's script has %d cases, bench --matmul %d", len(sizes), len(matmulCases))
	}
	for _, c := range matmulCases {
		theirs, ok := sizes[c.name]
		if !ok {
			t.Errorf("PyTorch's script has no case %s", c.name)
			continue
		}
		for i, m := range mibs {
			if ours := c.sized(m).shape(); !slices.Equal(ours, theirs[i]) {
				t.Errorf("%s at %g MiB: PyTorch's sizes %v, reikna's %v", c.name, m, theirs[i], ours)
			}
		}
	}
}
