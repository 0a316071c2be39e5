package lab

import (
	"bytes"
	"encoding/json"
	"errors"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

func TestBench(t *testing.T) {
	thr := cludatest.Thread(t)
	dir := t.TempDir()
	jsonFile, plotFile := filepath.Join(dir, "bench.json"), filepath.Join(dir, "bench.png")
	stdout, stderr := tool.OK(t, "bench", "--sizes", "16,64", "--mib", "1", "--runs", "3", "--pipeline",
		"--json", jsonFile, "--plot", plotFile)
	if stderr != "" {
		t.Errorf("bench wrote to stderr, which is not a terminal:\n%s", stderr)
	}
	header := regexp.MustCompile(`N +batch +median ms +min ms +wall ms +GB/s +GFLOP/s +% of copy +CPU ms +speed-up`)
	if !header.MatchString(stdout) {
		t.Errorf("the output lacks the table header:\n%s", stdout)
	}
	for _, want := range []string{
		thr.Params().Name,
		"copy bandwidth", "gonum", "Break-even:", "combine → FFT → scale → split", "pad from 7N/8 → FFT",
		"wrote " + jsonFile, "wrote " + plotFile,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the output lacks %q:\n%s", want, stdout)
		}
	}

	rep := decodeReport(t, jsonFile)
	if !strings.HasPrefix(rep.Command, "reikna bench --sizes 16,64") || rep.Device != thr.Params().Name || rep.Driver == "" || rep.DType != "complex64" || rep.MiB != 1 || rep.CopyGBs <= 0 {
		t.Errorf("report header: %+v", rep)
	}
	if _, err := time.Parse(time.RFC3339, rep.Date); err != nil {
		t.Errorf("date %q: %v", rep.Date, err)
	}
	if len(rep.Results) != 2 {
		t.Fatalf("%d results, want 2", len(rep.Results))
	}
	for i, r := range rep.Results {
		n := []int{16, 64}[i]
		if r.N != n || r.Batch != (1<<20)/(8*n) || r.Bytes != 1<<20 || r.Runs != 3 || r.Skipped != "" || r.Wrong != "" ||
			!(r.RelL2 > 0 && r.RelL2 <= fftCheckTolComplex64) {
			t.Errorf("result %d: %+v", i, r)
		}
		if !(r.MinMS > 0 && r.MinMS <= r.MedianMS && r.WallMS > 0 && r.GBs > 0 && r.GFLOPs > 0 && r.CopyPct > 0 && r.CPUMS > 0 && r.Speedup > 0) {
			t.Errorf("result %d has a missing or inconsistent measurement: %+v", i, r)
		}
		if len(r.Pipelines) != 2 || r.Pipelines[0].MedianMS <= 0 || r.Pipelines[1].Ratio <= 0 {
			t.Errorf("result %d pipelines: %+v", i, r.Pipelines)
		}
	}

	checkPlot(t, plotFile)
}

// checkPlot fails the test unless file is a PNG image of 800×400 pixels
// or more.
func checkPlot(t *testing.T, file string) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s does not decode as PNG: %v", file, err)
	}
	if b := img.Bounds(); b.Dx() < 800 || b.Dy() < 400 {
		t.Errorf("the plot is %v", b)
	}
}

func TestBenchShape(t *testing.T) {
	thr := cludatest.Thread(t)
	double := thr.Params().SupportsDType(dtypes.Complex128)
	tests := []struct {
		name           string
		args           []string
		dtype          string
		shape, axes    []int
		n, batch       int
		describe, dims string
	}{
		{"rows", []string{"--shape", "8,16", "--axes", "1"}, "complex64", []int{8, 16}, []int{1}, 16, 8, "over axis 1 of a 8×16 array", `8×16 +1 +16 +8`},
		{"columns", []string{"--shape", "8,16", "--axes", "0"}, "complex64", []int{8, 16}, []int{0}, 8, 16, "over axis 0 of a 8×16 array", `8×16 +0 +8 +16`},
		{"all axes by default", []string{"--shape", "4,8,16"}, "complex64", []int{4, 8, 16}, []int{0, 1, 2}, 512, 1, "over axes 0, 1, 2 of a 4×8×16 array", `4×8×16 +0,1,2 +512 +1`},
		{"inner axes in double", []string{"--shape", "2,8,16", "--axes", "2,1", "--precision", "double", "--cpu=false"}, "complex128", []int{2, 8, 16}, []int{2, 1}, 128, 2, "over axes 2, 1 of a 2×8×16 array", `2×8×16 +2,1 +128 +2`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.dtype == "complex128" && !double {
				t.Skip("the device has no double precision")
			}
			jsonFile := filepath.Join(t.TempDir(), "nd.json")
			args := append([]string{"bench", "--runs", "3", "--json", jsonFile}, tt.args...)
			stdout, _ := tool.OK(t, args...)
			header := regexp.MustCompile(`shape +axes +N +batch +median ms +min ms +wall ms +GB/s +GFLOP/s +% of copy\n`)
			row := regexp.MustCompile(`\n +` + tt.dims + ` +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+\n`)
			if !header.MatchString(stdout) || !row.MatchString(stdout) || !strings.Contains(stdout, tt.describe) {
				t.Errorf("the output lacks the header, the row %q or %q:\n%s", tt.dims, tt.describe, stdout)
			}
			if strings.Contains(stdout, "CPU") || strings.Contains(stdout, "Break-even") {
				t.Errorf("--shape ran the CPU comparison:\n%s", stdout)
			}
			rep := decodeReport(t, jsonFile)
			size := int64(tt.n * tt.batch * map[string]int{"complex64": 8, "complex128": 16}[tt.dtype])
			if rep.DType != tt.dtype || rep.MiB != float64(size)/(1<<20) || rep.CPU != "" || len(rep.Results) != 1 {
				t.Fatalf("report: %+v", rep)
			}
			r := rep.Results[0]
			if !slices.Equal(r.Shape, tt.shape) || !slices.Equal(r.Axes, tt.axes) || r.N != tt.n || r.Batch != tt.batch || r.Bytes != size || r.Runs != 3 {
				t.Errorf("result: %+v", r)
			}
			if !(r.MinMS > 0 && r.MinMS <= r.MedianMS && r.WallMS > 0 && r.GBs > 0 && r.GFLOPs > 0 && r.CopyPct > 0 && r.CPUMS == 0) {
				t.Errorf("result has a missing or inconsistent measurement: %+v", r)
			}
			wantGFLOPs := 5 * float64(tt.n) * math.Log2(float64(tt.n)) * float64(tt.batch) / (r.MedianMS / 1e3) / 1e9
			if math.Abs(r.GFLOPs-wantGFLOPs) > rateTol*wantGFLOPs {
				t.Errorf("GFLOP/s %g, want %g", r.GFLOPs, wantGFLOPs)
			}
		})
	}
}

// rateTol is the relative tolerance of a rate recomputed from the JSON:
// the same formula in another order of operations.
const rateTol = 1e-12

// decodeReport reads the JSON that bench --json wrote, and fails the test
// where it has fields that benchReport does not.
func decodeReport(t *testing.T, file string) benchReport {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rep benchReport
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		t.Fatalf("--json wrote what does not decode: %v\n%s", err, data)
	}
	return rep
}

func TestBenchErrors(t *testing.T) {
	tests := []clitest.ErrorCase{
		{[]string{"bench", "--sizes", "16-x"}, `--sizes 16-x: "16-x" is not a range A-B with A ≤ B`},
		{[]string{"bench", "--sizes", "64-16"}, "is not a range A-B with A ≤ B"},
		{[]string{"bench", "--sizes", "0"}, `"0" is not a length`},
		{[]string{"bench", "--mib", "-1"}, "--mib and --runs cannot be negative"},
		{[]string{"bench", "--plot", "bench.svg"}, "--plot bench.svg: the file is written as PNG; name it so"},
		{[]string{"bench", "--json", "/no/such/dir/b.json"}, "--json /no/such/dir/b.json: the directory /no/such/dir does not exist"},
		{[]string{"bench", "--axes", "1"}, "--axes needs --shape"},
		{[]string{"bench", "--shape", "8,16", "--sizes", "16"}, "--shape and --sizes both say what to transform"},
		{[]string{"bench", "--shape", "8,16", "--mib", "1"}, "--mib has no meaning with --shape"},
		{[]string{"bench", "--shape", "8,16", "--pipeline"}, "--pipeline times 1-D lengths only"},
		{[]string{"bench", "--shape", "8,16", "--cpu"}, "--shape times the device only"},
		{[]string{"bench", "--shape", "8,16", "--plot", "nd.png"}, "--plot draws a sweep of lengths"},
		{[]string{"bench", "--shape", "8,x"}, `--shape 8,x: "x" is not a whole number`},
		{[]string{"bench", "--shape", "8,0"}, "--shape 8,0: 0 is less than 1"},
		{[]string{"bench", "--shape", ""}, "--shape is empty"},
		{[]string{"bench", "--shape", "8,16", "--axes", "2"}, "--axes 2: the data has axes 0 to 1"},
		{[]string{"bench", "--shape", "16", "--axes", "1"}, "--axes 1: the data has one axis, 0"},
		{[]string{"bench", "--shape", "8,16", "--axes", "1,1"}, "--axes 1,1: axis 1 is repeated"},
		{[]string{"bench", "--shape", "8,16", "--axes", "-1"}, "--axes -1: -1 is less than 0"},
		{[]string{"bench", "--shape", "2^40,2^40"}, "--shape 2^40,2^40: an array needs"},
	}
	tool.Errors(t, tests)
}

func TestBreakEven(t *testing.T) {
	row := func(n int, device, wall, cpu float64) benchResult {
		return benchResult{N: n, MedianMS: device, WallMS: wall, CPUMS: cpu}
	}
	tests := []struct {
		name string
		rows []benchResult
		want breakEvenN
		line string
	}{
		{"crossing", []benchResult{row(16, 2, 3, 1), row(32, 2, 3, 2.5), row(64, 2, 3, 4)}, breakEvenN{32, 64},
			"Break-even: the device is faster from N = 32 on by kernel time; the device is faster from N = 64 on by wall time."},
		{"always", []benchResult{row(16, 1, 1, 2), row(32, 1, 1, 2)}, breakEvenN{16, 16},
			"Break-even: the device is faster at every length measured, by kernel time and by wall time."},
		{"never", []benchResult{row(16, 3, 3, 2), row(32, 3, 3, 2)}, breakEvenN{0, 0},
			"Break-even: the CPU is faster at the longest length measured, by kernel time and by wall time."},
		{"back and forth", []benchResult{row(16, 1, 1, 2), row(32, 3, 3, 2), row(64, 1, 1, 2), {N: 128, Skipped: "does not fit"}}, breakEvenN{64, 64},
			"Break-even: the device is faster from N = 64 on, by kernel time and by wall time."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := &benchReport{Results: tt.rows}
			rep.BreakEven = breakEven(tt.rows)
			if rep.BreakEven != tt.want {
				t.Errorf("breakEven = %+v, want %+v", rep.BreakEven, tt.want)
			}
			if got := rep.breakEvenLine(); got != tt.line {
				t.Errorf("line\n%s\nwant\n%s", got, tt.line)
			}
		})
	}
}

// TestMeasureOrRecover checks that a length whose measurement panics gives
// a skipped row that says so, with the stack on stderr, rather than end
// the sweep: a bencher without a device panics at once.
func TestMeasureOrRecover(t *testing.T) {
	var stderr bytes.Buffer
	r, ok := measureOrRecover(&bencher{}, 1009, func(string) {}, &stderr)
	if ok || r.N != 1009 || !strings.HasPrefix(r.Skipped, "panicked: runtime error: invalid memory address") {
		t.Errorf("measureOrRecover = %+v, %v; want a skipped row of N = 1009 that says it panicked", r, ok)
	}
	if out := stderr.String(); !strings.HasPrefix(out, "reikna: bench: N = 1009 panicked: ") || !strings.Contains(out, ".(*bencher).measure(") {
		t.Errorf("stderr lacks the panic and its stack:\n%s", out)
	}
}

// TestCheckFFTRows checks that the check before timing passes the forward
// FFT and flags a wrong output: the inverse transform where the forward
// one is due.
func TestCheckFFTRows(t *testing.T) {
	thr := cludatest.Thread(t)
	shape := []int{8, 1000}
	f, err := fft.NewFFT(core.ArrayOf(dtypes.Complex64, shape...), []int{1}, fft.FFTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	call, err := f.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer call.Release()
	b := &bencher{thr: thr, dt: dtypes.Complex64, arrayBytes: 1 << 16}
	sets, release, err := b.argSets(call.Signature())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	args := sets[0]
	for _, tt := range []struct {
		name    string
		inverse int32
		wrong   bool
	}{
		{"forward", 0, false},
		{"the inverse in place of the forward", 1, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for i, p := range call.Signature() {
				if p.Role() == core.Scalar {
					args[i] = tt.inverse
				}
			}
			e, err := checkFFTRows(call, args, shape, fftCheckTolComplex64)
			var w *wrongResultError
			switch {
			case tt.wrong && !errors.As(err, &w):
				t.Errorf("error %v (relative L2 %.3g), want a wrong result", err, e)
			case !tt.wrong && (err != nil || !(e > 0 && e <= fftCheckTolComplex64)):
				t.Errorf("relative L2 %.3g, error %v; want a pass", e, err)
			}
		})
	}
}
