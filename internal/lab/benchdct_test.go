package lab

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/internal/cliutil/clitest"
	"github.com/reikna-go/reikna/internal/reference"
)

// TestBenchDCT runs every DCT and DST case at a small size on the device
// and checks the table and the JSON: each case checked, timed, and set
// beside the complex FFT of its shape.
func TestBenchDCT(t *testing.T) {
	thr := cludatest.Thread(t)
	jsonFile := filepath.Join(t.TempDir(), "dct.json")
	stdout, stderr := tool.OK(t, "bench", "--dct", "--mib", "0.25", "--runs", "3", "--json", jsonFile)
	if stderr != "" {
		t.Errorf("bench --dct wrote to stderr, which is not a terminal:\n%s", stderr)
	}
	for _, want := range []string{thr.Params().Name, "to FFT", "inverse DCT-II (DCT-III)", "DST-II", "DCT-IV", "wrote " + jsonFile} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the output lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	var rep dctReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("the JSON does not decode: %v", err)
	}
	if rep.Device != thr.Params().Name || rep.MiB != 0.25 || rep.CopyGBs <= 0 || !strings.HasPrefix(rep.Command, "reikna bench --dct") {
		t.Errorf("report header: %+v", rep.runHeader)
	}
	var names, got []string
	for _, c := range dctCases {
		names = append(names, c.name)
	}
	for i, r := range rep.Rows {
		got = append(got, r.Case)
		if i >= len(dctCases) {
			continue
		}
		c := dctCases[i]
		if r.Skipped != "" || r.Wrong != "" || r.Runs != 3 || !(r.MinMS > 0 && r.MinMS <= r.MedianMS && r.GBs > 0) ||
			!(r.RelError > 0 && r.RelError <= dctTolerance) || !(r.FFTMedianMS > 0) || r.ToFFT != r.MedianMS/r.FFTMedianMS ||
			!slices.Equal(r.Shape, c.sizedShape(0.25)) || !slices.Equal(r.Axes, c.axes) || r.Transform != c.transform() || r.DType != "float32" {
			t.Errorf("row %+v", r)
		}
		if want := 2 * 4 * float64(transformLength(r.Shape, []int{0, 1, 2}[:len(r.Shape)])) / (r.MedianMS / 1e3) / 1e9; math.Abs(r.GBs-want) > 1e-9*want {
			t.Errorf("%s: %g GB/s, want %g (the float32 input and output)", r.Case, r.GBs, want)
		}
	}
	if !slices.Equal(got, names) {
		t.Fatalf("cases %v, want %v", got, names)
	}
}

func TestBenchDCTErrors(t *testing.T) {
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"bench", "--dct", "--sizes", "16"}, "--sizes does not apply"},
		{[]string{"bench", "--dct", "--half"}, "--half does not apply"},
		{[]string{"bench", "--rfft", "--dct"}, "--dct does not apply"},
		{[]string{"bench", "--dct", "--cases", "dct2_f32_1024,dct5_f32_1024"}, `unknown case "dct5_f32_1024"`},
		{[]string{"bench", "--dct", "--mib", "1024"}, "grow no larger"},
		{[]string{"bench", "--cases", "dct2_f32_1024"}, "--cases needs --algos, --random, --matmul, --convolve, --rfft, --dct or --half"},
	})
}

// TestDCTCases checks the cases' own sizes: 512 MiB of float32 input at
// most, a batch of a power of two on the leading axis, which no case
// transforms, and distinct names.
func TestDCTCases(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range dctCases {
		if seen[c.name] {
			t.Errorf("two cases named %s", c.name)
		}
		seen[c.name] = true
		bytes := 4 * transformLength(c.shape, []int{0, 1, 2}[:len(c.shape)])
		if batch := c.shape[0]; batch&(batch-1) != 0 || bytes > algoFullMiB<<20 || 2*bytes <= algoFullMiB<<20 {
			t.Errorf("%s: shape %v: %d bytes, batch %d", c.name, c.shape, bytes, batch)
		}
		if len(c.axes) == 0 || slices.Contains(c.axes, 0) || !strings.Contains(c.name, "_f32_") {
			t.Errorf("%s: axes %v", c.name, c.axes)
		}
		if _, err := c.computation(c.sizedShape(1)); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// directR2R is scipy.fft's dct or dst of type typ of the row x, or where
// inverse its idct or idst, norm "backward" (reference.R2R).
func directR2R(sine bool, typ int, inverse bool, x []float64) []float64 {
	return reference.R2R(sine, typ, "backward", inverse, x)
}

// TestR2RReference checks the reference through FFTs against the
// definitions summed directly, for every type, both kinds and their
// inverses, on rows of several lengths at once.
func TestR2RReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	for _, n := range []int{2, 3, 8, 13, 100} {
		const rows = 3
		x := make([]float64, rows*n)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		for _, sine := range []bool{false, true} {
			for typ := 1; typ <= 4; typ++ {
				for _, inverse := range []bool{false, true} {
					got := r2rReference(sine, typ, inverse, x, n)
					var num, den float64
					for r := range rows {
						want := directR2R(sine, typ, inverse, x[r*n:(r+1)*n])
						for k, w := range want {
							d := got[r*n+k] - w
							num, den = num+d*d, den+w*w
						}
					}
					if e := math.Sqrt(num / den); !(e <= 1e-13) {
						t.Errorf("sine %v, type %d, inverse %v, n = %d: relative error %.3g", sine, typ, inverse, n, e)
					}
				}
			}
		}
	}
}

// TestDCTCheck checks that the check before timing passes the right
// transforms, of rows and over two axes, and catches wrong ones.
func TestDCTCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, c := range []dctCase{
		{name: "rows", typ: 2, axes: []int{1}},
		{name: "inverse", typ: 2, inverse: true, axes: []int{1}},
		{name: "sine", sine: true, typ: 4, axes: []int{1}},
		{name: "2-D", typ: 2, axes: []int{1, 2}},
	} {
		shape := []int{5, 6, 8}[:1+len(c.axes)]
		if len(c.axes) == 1 {
			shape[1] = 16
		}
		item := transformLength(shape[1:], []int{0, 1}[:len(shape)-1])
		in := make([]float32, shape[0]*item)
		for i := range in {
			in[i] = float32(rng.NormFloat64())
		}
		out := make([]float32, len(in))
		for r := range shape[0] {
			x := make([]float64, item)
			for i := range x {
				x[i] = float64(in[r*item+i])
			}
			// The 2-D transform as two passes of the direct sums, by rows
			// and then by columns.
			if len(c.axes) == 2 {
				rows, cols := shape[1], shape[2]
				for i := range rows {
					copy(x[i*cols:], directR2R(c.sine, c.typ, c.inverse, x[i*cols:(i+1)*cols]))
				}
				for j := range cols {
					col := make([]float64, rows)
					for i := range col {
						col[i] = x[i*cols+j]
					}
					for i, v := range directR2R(c.sine, c.typ, c.inverse, col) {
						x[i*cols+j] = v
					}
				}
			} else {
				x = directR2R(c.sine, c.typ, c.inverse, x)
			}
			for i, v := range x {
				out[r*item+i] = float32(v)
			}
		}
		if e, err := checkDCT(c, shape, in, out); err != nil || !(e <= dctTolerance) {
			t.Errorf("%s: the right transform: %.3g, %v", c.name, e, err)
		}
		out[len(out)-3] += 0.05 // in the last item, which the check samples
		if _, err := checkDCT(c, shape, in, out); err == nil {
			t.Errorf("%s: a wrong value passes", c.name)
		}
	}
}

// TestTorchDCTShapes checks that scripts/torch_dct_bench.py has the cases
// of bench --dct and shrinks them alike, at every --mib.
func TestTorchDCTShapes(t *testing.T) {
	shapes := map[string]func(float64) []int{}
	for _, c := range dctCases {
		shapes[c.name] = c.sizedShape
	}
	checkPeerShapes(t, "torch_dct_bench", "torch_algos_bench.sized_shape(case[0], m)", shapes)
}

// TestCompareDCT checks the table of compare.py on a fabricated run of
// bench --dct and torch_dct_bench.py: the verdicts against the complex FFT
// and PyTorch, the DCT-IV judged against the FFT alone, a wrong case, a
// wrong result of PyTorch's and PyTorch's time of another shape left out.
func TestCompareDCT(t *testing.T) {
	type row struct {
		algoFixtureRow
		Axes        []int   `json:"axes"`
		FFTMedianMS float64 `json:"fft_median_ms,omitempty"`
		ToFFT       float64 `json:"to_fft,omitempty"`
	}
	r := func(name string, shape []int, ms, fft float64) row {
		axes := []int{1}
		if len(shape) == 3 {
			axes = []int{1, 2}
		}
		return row{algoFixtureRow{Case: name, Shape: shape, MedianMS: ms, GBs: 4000}, axes, fft, ms / fft}
	}
	ours := []row{
		r("dct2_f32_1024", []int{131072, 1024}, 0.30, 0.29),        // 1.03 of the FFT, 0.43 of PyTorch: pass
		r("dct2_f32_4096", []int{32768, 4096}, 0.40, 0.30),         // 1.33 of the FFT: FAIL
		r("dct2_f32_65536", []int{2048, 65536}, 0.70, 0.66),        // 0.6 of PyTorch: FAIL
		r("dct2_f32_1024x1024", []int{128, 1024, 1024}, 0.6, 0.58), // PyTorch of another shape: n/a
		r("dst2_f32_4096", []int{32768, 4096}, 0.31, 0.30),         // PyTorch's result wrong: n/a
		r("dct4_f32_4096", []int{32768, 4096}, 0.32, 0.30),         // no PyTorch target: pass
		{algoFixtureRow{Case: "idct2_f32_4096", Shape: []int{32768, 4096}, Wrong: "wrong result: item 0 of the batch has a relative error of 0.5, above 4e-06"}, []int{1}, 0.3, 0},
	}
	torch := []algoFixtureRow{
		{Case: "dct2_f32_1024", Shape: []int{131072, 1024}, MedianMS: 0.7, GBs: 1500},
		{Case: "dct2_f32_4096", Shape: []int{32768, 4096}, MedianMS: 0.9, GBs: 1200},
		{Case: "dct2_f32_65536", Shape: []int{2048, 65536}, MedianMS: 1.17, GBs: 900},
		{Case: "dct2_f32_1024x1024", Shape: []int{64, 1024, 1024}, MedianMS: 1.5, GBs: 700},
		{Case: "dst2_f32_4096", Shape: []int{32768, 4096}, Wrong: "relative L2 error 0.3 against scipy.fft, above 1e-05"},
		{Case: "dct4_f32_4096", Shape: []int{32768, 4096}, MedianMS: 0.5, GBs: 2100},
	}
	dir := writeCaseFixture(t, "dct", 512, nil, torch)
	writeJSONFixture(t, dir, "dct.json", map[string]any{
		"command": "reikna bench --dct", "date": "2026-11-22T10:00:00Z", "device": "Test GPU",
		"platform": "Test platform", "driver_version": "1.0", "mib_per_array": 512, "copy_gbps": 4000.0, "rows": ours,
	})
	out := runCompare(t, dir, false)
	const table = "DCT and DST against the complex FFT and PyTorch"
	for _, tt := range []struct{ name, want string }{
		{"dct2_f32_1024", "pass"},
		{"dct2_f32_4096", "FAIL"},
		{"dct2_f32_65536", "FAIL"},
		{"dct2_f32_1024x1024", "n/a"},
		{"dst2_f32_4096", "n/a"},
		{"dct4_f32_4096", "pass"},
		{"idct2_f32_4096", "WRONG"},
	} {
		if got := verdictOf(out, table, tt.name); got != tt.want {
			t.Errorf("%s judged %q, want %q\n%s", tt.name, got, tt.want, out)
		}
	}
	for _, want := range []string{
		"3 target(s) missed", "1.03", "1.33", "0.43", "128×1024×1024 axes 1,2", "PyTorch (DCT from rfft) 4100 GB/s",
		"PyTorch's time left out, of the shape [64, 1024, 1024]", "dst2_f32_4096: PyTorch's result was wrong",
		"idct2_f32_4096: wrong result",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if md := runCompare(t, dir, true); !strings.Contains(md, "## "+table) {
		t.Errorf("the Markdown lacks the heading %q:\n%s", table, md)
	}
}

// TestGPUCompareDCT checks the set dct of gpu_compare.sh: it is one of
// the sets, and it runs reikna bench --dct into dct.json with MIB.
func TestGPUCompareDCT(t *testing.T) {
	bash := lookGPUCompare(t)
	binary, devices, log, out := fakeRun(t, []string{openCLPlatform})
	env := append(os.Environ(), "FAKE_LOG="+log, "FAKE_DEVICES="+devices, "VKFFT_INCLUDE="+t.TempDir(), "MIB=1", "PEERS_FROM=")
	cmd := exec.Command(bash, gpuCompareScript, binary, out)
	cmd.Env = append(slices.Clone(env), "SETS=dct")
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gpu_compare.sh: %v\n%s", err, output)
	}
	logged, _ := os.ReadFile(log)
	if want := "opencl bench --dct --mib 1 --json " + filepath.Join(out, "dct.json") + "\n"; !strings.Contains(string(logged), want) {
		t.Errorf("reikna did not run %q:\n%s", want, logged)
	}
	cmd = exec.Command(bash, gpuCompareScript, binary, filepath.Join(t.TempDir(), "out"))
	cmd.Env = append(env, "SETS=dct bogus")
	output, _ = cmd.CombinedOutput()
	if !strings.Contains(string(output), `unknown set "bogus"`) || !strings.Contains(string(output), " rfft dct half ") {
		t.Errorf("the sets that gpu_compare.sh lists lack dct:\n%s", output)
	}
}
