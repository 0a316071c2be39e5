package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda/cludatest"
)

func TestBench(t *testing.T) {
	thr := cludatest.Thread(t)
	dir := t.TempDir()
	jsonFile, plotFile := filepath.Join(dir, "bench.json"), filepath.Join(dir, "bench.png")
	stdout, stderr := runOK(t, "bench", "--sizes", "16,64", "--mib", "1", "--runs", "3", "--pipeline",
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

	data, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	var rep benchReport
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		t.Fatalf("--json wrote what does not decode: %v\n%s", err, data)
	}
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
		if r.N != n || r.Batch != (1<<20)/(8*n) || r.Bytes != 1<<20 || r.Runs != 3 || r.Skipped != "" {
			t.Errorf("result %d: %+v", i, r)
		}
		if !(r.MinMS > 0 && r.MinMS <= r.MedianMS && r.WallMS > 0 && r.GBs > 0 && r.GFLOPs > 0 && r.CopyPct > 0 && r.CPUMS > 0 && r.Speedup > 0) {
			t.Errorf("result %d has a missing or inconsistent measurement: %+v", i, r)
		}
		if len(r.Pipelines) != 2 || r.Pipelines[0].MedianMS <= 0 || r.Pipelines[1].Ratio <= 0 {
			t.Errorf("result %d pipelines: %+v", i, r.Pipelines)
		}
	}

	f, err := os.Open(plotFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("--plot wrote what does not decode as PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 800 || b.Dy() < 400 {
		t.Errorf("the plot is %v", b)
	}
}

func TestBenchErrors(t *testing.T) {
	tests := []errorCase{
		{[]string{"bench", "--sizes", "16-x"}, `--sizes 16-x: "16-x" is not a range A-B with A ≤ B`},
		{[]string{"bench", "--sizes", "64-16"}, "is not a range A-B with A ≤ B"},
		{[]string{"bench", "--sizes", "0"}, `"0" is not a length`},
		{[]string{"bench", "--mib", "-1"}, "--mib and --runs cannot be negative"},
		{[]string{"bench", "--plot", "bench.svg"}, "--plot bench.svg: the file is written as PNG; name it so"},
		{[]string{"bench", "--json", "/no/such/dir/b.json"}, "--json /no/such/dir/b.json: the directory /no/such/dir does not exist"},
		{[]string{"bench", "1024"}, "bench: unexpected arguments [1024] (the sizes go in --sizes)"},
	}
	checkErrors(t, tests)
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
