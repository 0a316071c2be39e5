package lab

import (
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
)

// compareAPIsScript is scripts/compare_apis.py, from this package's
// directory.
const compareAPIsScript = "../../scripts/compare_apis.py"

// apiRunFixture is a fabricated run of gpu_compare.sh: what api.txt holds
// (none where empty), the platform of reikna's reports, the first line of
// commit.txt, reikna's and cuFFT's median times of the pow2 set by length,
// the fused pipeline "combine" at N = 256 (its time and its ratio to the
// bare FFT) and reikna's time of the algorithm case sumCase, beside
// PyTorch's sumTorchMS.
type apiRunFixture struct {
	api, platform, commit string
	pow2, cufft           map[int]float64
	combineMS, combineTo  float64
	sumMS                 float64
}

const (
	sumCase    = "sum_f32_2^27"
	sumTorchMS = 0.147
)

// write writes the run into a new directory and returns it.
func (f apiRunFixture) write(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	header := runHeader{Command: "reikna bench", Date: "2026-11-22T10:00:00Z", Device: "Test GPU", Platform: f.platform, Driver: "1.0"}
	build := &buildInfo{Go: "go1.24", Revision: "abc"}
	pow2 := benchReport{runHeader: header, DType: "complex64", MiB: 512, CopyGBs: 4000, Build: build}
	for _, n := range slices.Sorted(maps.Keys(f.pow2)) {
		pow2.Results = append(pow2.Results, benchResult{N: n, MedianMS: f.pow2[n], CopyPct: 95})
	}
	writeJSONFixture(t, dir, "pow2.json", pow2)
	var cufft []map[string]any
	for n, ms := range f.cufft {
		cufft = append(cufft, map[string]any{"n": n, "median_ms": ms})
	}
	writeJSONFixture(t, dir, "cufft.json", map[string]any{"device": "Test GPU", "copy_gbps": 3900.0, "rows": cufft})
	pipes := benchReport{runHeader: header, DType: "complex64", MiB: 512, Build: build, Results: []benchResult{{N: 256,
		Pipelines: []pipelineResult{{Name: "combine → FFT → scale → split", MedianMS: f.combineMS, Ratio: f.combineTo}}}}}
	writeJSONFixture(t, dir, "pipelines.json", pipes)
	writeJSONFixture(t, dir, "algos.json", map[string]any{
		"command": "reikna bench --algos", "date": header.Date, "device": header.Device, "platform": f.platform,
		"driver_version": "1.0", "mib_per_array": 512, "copy_gbps": 4000.0, "build": build,
		"rows": []algoFixtureRow{{Case: sumCase, Shape: []int{1 << 27}, MedianMS: f.sumMS, CopyPct: 95}},
	})
	writeJSONFixture(t, dir, "torch_algos.json", map[string]any{"device": "Test GPU", "copy_gbps": 4100.0,
		"rows": []algoFixtureRow{{Case: sumCase, MedianMS: sumTorchMS, GBs: 3641}}})
	files := map[string]string{"commit.txt": f.commit + "\ndate 2026-11-22T10:00:00Z\n"}
	if f.api != "" {
		files["api.txt"] = f.api + "\n"
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The runs of TestCompareAPIs: one commit, one run per API, each with a
// length of pow2 that the other lacks.
var (
	openCLRun = apiRunFixture{api: "opencl", platform: "Test platform", commit: "commit abc clean",
		pow2: map[int]float64{64: 0.5, 256: 0.6}, cufft: map[int]float64{64: 0.5, 256: 0.5},
		combineMS: 0.3, combineTo: 1.05, sumMS: 0.14}
	cudaRun = apiRunFixture{api: "cuda", platform: cluda.CUDAPlatformName, commit: "commit abc clean",
		pow2: map[int]float64{256: 0.45, 1024: 0.8}, cufft: map[int]float64{256: 0.5, 1024: 0.7},
		combineMS: 0.2, combineTo: 1.2, sumMS: 0.16}
)

// runScript runs the Python script with args and returns its output and
// its error.
func runScript(t *testing.T, script string, args ...string) (string, error) {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skipf("no python3 to run %s", script)
	}
	out, err := exec.Command(python, append([]string{script}, args...)...).CombinedOutput()
	return string(out), err
}

// checkContains fails the test for each of want that out lacks and each
// of unwanted that it holds.
func checkContains(t *testing.T, out string, want, unwanted []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("the output lacks %q:\n%s", w, out)
		}
	}
	for _, u := range unwanted {
		if strings.Contains(out, u) {
			t.Errorf("the output holds %q:\n%s", u, out)
		}
	}
}

// TestCompareAPILabel checks that compare.py names reikna's figures with
// the API of the run: api.txt's, else the one of reikna's platform.
func TestCompareAPILabel(t *testing.T) {
	cuda, opencl := "API: CUDA", "API: OpenCL"
	tests := []struct {
		name          string
		api, platform string
		markdown      bool
		want          []string
		unwanted      []string
	}{
		{"api.txt", "cuda", cluda.CUDAPlatformName, false,
			[]string{cuda + " (api.txt)", "reikna (CUDA) ms", "reikna (CUDA) 4000 GB/s", "reikna (CUDA): Test GPU"}, []string{"WARNING", "reikna ms"}},
		{"markdown", "cuda", cluda.CUDAPlatformName, true,
			[]string{"- " + cuda, "| set | N / shape | reikna (CUDA) ms | cuFFT ms |", "| N | pipeline | reikna (CUDA) ms |"}, nil},
		{"no api.txt", "", cluda.CUDAPlatformName, false, []string{cuda + " (no api.txt", "reikna (CUDA) ms"}, nil},
		{"no api.txt, OpenCL", "", "NVIDIA CUDA", false, []string{opencl + " (no api.txt", "reikna (OpenCL) ms"}, nil},
		{"disagree", "opencl", cluda.CUDAPlatformName, false,
			[]string{"WARNING: api.txt names OpenCL, but reikna's reports are of a CUDA platform", "reikna (OpenCL) ms"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			run := cudaRun
			run.api, run.platform = tt.api, tt.platform
			args := []string{run.write(t)}
			if tt.markdown {
				args = append([]string{"--markdown"}, args...)
			}
			out, err := runScript(t, compareScript, args...)
			if err != nil {
				t.Fatalf("compare.py: %v\n%s", err, out)
			}
			checkContains(t, out, tt.want, tt.unwanted)
		})
	}
	t.Run("unknown API", func(t *testing.T) {
		t.Parallel()
		run := cudaRun
		run.api = "vulkan"
		out, err := runScript(t, compareScript, run.write(t))
		if err == nil || !strings.Contains(out, `unknown API 'vulkan'`) {
			t.Errorf("compare.py on api.txt of an unknown API: %v\n%s", err, out)
		}
	})
}

// TestCompareAPIs checks the side-by-side tables of compare_apis.py: each
// run's figures and verdicts against its own peers, a case of one run
// only, and the warnings and errors.
func TestCompareAPIs(t *testing.T) {
	openCL, cuda := openCLRun.write(t), cudaRun.write(t)
	t.Run("markdown", func(t *testing.T) {
		t.Parallel()
		out, err := runScript(t, compareAPIsScript, "--markdown", openCL, cuda)
		if err != nil {
			t.Fatalf("compare_apis.py: %v\n%s", err, out)
		}
		checkContains(t, out, []string{
			"| set | N / shape | reikna (OpenCL) ms | reikna (CUDA) ms | CUDA / OpenCL | cuFFT ms (OpenCL run) | cuFFT ms (CUDA run) " +
				"| VkFFT ms (OpenCL run) | VkFFT ms (CUDA run) | ratio to faster peer (OpenCL run) | ratio to faster peer (CUDA run) " +
				"| target | verdict (OpenCL run) | verdict (CUDA run) | % of copy (OpenCL run) | % of copy (CUDA run) |",
			"| pow2 | 64 | 0.500 | — | — | 0.500 | — | n/a | — | 1.00 | — | ≤ 1.0, ≥ 90% copy | pass | — | 95 | — |",
			"| pow2 | 256 | 0.600 | 0.450 | 0.75 | 0.500 | 0.500 | n/a | n/a | 1.20 | 0.90 | ≤ 1.0, ≥ 90% copy | FAIL | pass | 95 | 95 |",
			"| pow2 | 1024 | — | 0.800 | — | — | 0.700 | — | n/a | — | 1.14 | ≤ 1.0, ≥ 90% copy | — | FAIL | — | 95 |",
			"## Fused pipelines",
			"| 256 | combine → FFT → scale → split | 0.300 | 0.200 | 0.67 | 1.05 | 1.20 | ≤ 1.1 | pass | FAIL | n/a | n/a |",
			"## Algorithms against PyTorch",
			"| sum_f32_2^27 | 134217728 | 0.140 | 0.160 | 1.14 | 0.147 | 0.147 | 0.95 | 1.09 | 95 | 95 | ratio ≤ 1.00 | pass | FAIL |",
			"- reikna (OpenCL): Test GPU, copy 4000 GB/s", "- reikna (CUDA): Test GPU, copy 4000 GB/s",
			"- OpenCL run: API: OpenCL (api.txt)", "- CUDA run: API: CUDA (api.txt)",
			"targets missed: 1 on OpenCL, 3 on CUDA",
		}, []string{"WARNING"})
	})
	t.Run("text", func(t *testing.T) {
		t.Parallel()
		out, err := runScript(t, compareAPIsScript, openCL, cuda)
		if err != nil {
			t.Fatalf("compare_apis.py: %v\n%s", err, out)
		}
		checkContains(t, out, []string{"reikna (OpenCL) ms  reikna (CUDA) ms  CUDA / OpenCL", "\nAlgorithms against PyTorch\n"}, []string{"| pow2 |"})
	})
	t.Run("different commits", func(t *testing.T) {
		t.Parallel()
		other := cudaRun
		other.commit = "commit def clean"
		out, err := runScript(t, compareAPIsScript, openCL, other.write(t))
		if err != nil {
			t.Fatalf("compare_apis.py: %v\n%s", err, out)
		}
		checkContains(t, out, []string{"WARNING: the two runs are not of one commit", "OpenCL run: commit abc clean; CUDA run: commit def clean"}, nil)
	})
	t.Run("swapped", func(t *testing.T) {
		t.Parallel()
		out, err := runScript(t, compareAPIsScript, cuda, openCL)
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(out, cuda+" is a run on CUDA, given as the OpenCL run") {
			t.Errorf("compare_apis.py with the runs swapped: %v\n%s", err, out)
		}
	})
}
