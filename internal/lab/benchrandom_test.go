package lab

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// TestBenchRandom runs every random case at a small size on the device and
// checks the table and the JSON: each case, bare and scaled, checked and
// timed.
func TestBenchRandom(t *testing.T) {
	var rep randomReport
	runCaseBench(t, "--random", &rep, "philox4x32-10")
	var names, got []string
	for _, c := range randomCases {
		names = append(names, c.name, c.name+"+scale")
	}
	for _, r := range rep.Rows {
		got = append(got, r.Case)
		if r.Skipped != "" || r.Wrong != "" || r.Runs != 3 || !(r.MinMS > 0 && r.MinMS <= r.MedianMS && r.GBs > 0) ||
			len(r.Shape) != 2 || r.Generators != r.Shape[1] || r.Variance <= 0 {
			t.Errorf("row %+v", r)
		}
	}
	if !slices.Equal(got, names) {
		t.Fatalf("cases %v, want %v", got, names)
	}
}

func TestBenchRandomErrors(t *testing.T) {
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"bench", "--random", "--sizes", "16"}, "--sizes does not apply"},
		{[]string{"bench", "--random", "--algos"}, "--algos does not apply"},
		{[]string{"bench", "--random", "--cases", "uniform_f32_2^27,normal"}, `unknown case "normal"`},
		{[]string{"bench", "--random", "--mib", "1024"}, "grow no larger"},
		{[]string{"bench", "--random", "--runs", "-1"}, "cannot be negative"},
	})
}

// TestRandomCheckMoments checks that the check before timing passes
// values of the distribution and catches wrong ones.
func TestRandomCheckMoments(t *testing.T) {
	const n = 1 << 16
	uniform, normal := randomCases[0], randomCases[1]
	grid := make([]float64, n) // evenly spread over [0, 1)
	gauss := make([]float64, n)
	for i := range grid {
		grid[i] = (float64(i) + 0.5) / n
		gauss[i] = math.Sqrt2 * math.Erfinv(2*grid[i]-1)
	}
	scaled := func(vs []float64, a, b float64) []float64 {
		out := make([]float64, len(vs))
		for i, v := range vs {
			out[i] = a*v + b
		}
		return out
	}
	for _, tt := range []struct {
		name   string
		c      randomCase
		values []float64
		scale  float64
		ok     bool
	}{
		{"uniform", uniform, grid, 1, true},
		{"uniform scaled", uniform, scaled(grid, 0.5, 0), 0.5, true},
		{"uniform shifted", uniform, scaled(grid, 0.9, 0.05), 1, false},
		{"uniform not scaled", uniform, grid, 0.5, false},
		{"normal", normal, gauss, 1, true},
		{"normal narrow", normal, scaled(gauss, 0.98, 0), 1, false},
		{"normal shifted", normal, scaled(gauss, 1, 0.05), 1, false},
		{"NaN", normal, append(slices.Clone(gauss[:n-1]), math.NaN()), 1, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := tt.c.checkMoments(tt.values, tt.scale)
			if (err == nil) != tt.ok {
				t.Errorf("checkMoments: %v, want ok %v", err, tt.ok)
			}
		})
	}
}

// TestTorchRandomShapes checks that scripts/torch_random_bench.py shrinks
// its cases as bench --random does, at every --mib.
func TestTorchRandomShapes(t *testing.T) {
	shapes := map[string]func(float64) []int{}
	for _, c := range randomCases {
		shapes[c.name] = c.sizedShape
	}
	checkPeerShapes(t, "torch_random_bench", "torch_algos_bench.sized_shape(case[0], m)", shapes)
}

// TestCompareRandom checks the tables of compare.py on a fabricated run of
// bench --random and torch_random_bench.py: the verdicts against PyTorch
// and of the fused scale, a wrong case, and PyTorch's time of another
// shape left out.
func TestCompareRandom(t *testing.T) {
	full := []int{256, 1 << 19}
	ours := []algoFixtureRow{
		{Case: "uniform_f32_2^27", Shape: full, MedianMS: 0.2, GBs: 2684},
		{Case: "uniform_f32_2^27+scale", Shape: full, MedianMS: 0.202, GBs: 2657},
		{Case: "normal_f32_2^27", Shape: full, MedianMS: 0.35, GBs: 1534},
		{Case: "normal_f32_2^27+scale", Shape: full, MedianMS: 0.4, GBs: 1342},
		{Case: "uniform_f64_2^26", Shape: []int{128, 1 << 19}, Wrong: "wrong result: the mean of 67108864 values is 0.7, want 0.5"},
	}
	torch := []algoFixtureRow{
		{Case: "uniform_f32_2^27", Shape: full, MedianMS: 0.223, GBs: 2412},
		{Case: "normal_f32_2^27", Shape: full, MedianMS: 0.312, GBs: 1720},
		{Case: "uniform_f64_2^26", Shape: []int{64, 1 << 19}, MedianMS: 0.25, GBs: 2147},
	}
	const main, fused = "Random numbers against PyTorch", "Random numbers with a fused transformation"
	out := runCompare(t, writeCaseFixture(t, "random", 512, ours, torch), false)
	for _, tt := range []struct{ table, name, want string }{
		{main, "uniform_f32_2^27", "pass"}, // 0.2 / 0.223
		{main, "normal_f32_2^27", "FAIL"},  // 0.35 / 0.312
		{main, "uniform_f64_2^26", "WRONG"},
		{fused, "uniform_f32_2^27", "pass"}, // 1.01
		{fused, "normal_f32_2^27", "FAIL"},  // 1.14
	} {
		if got := verdictOf(out, tt.table, tt.name); got != tt.want {
			t.Errorf("%s: %s judged %q, want %q\n%s", tt.table, tt.name, got, tt.want, out)
		}
	}
	for _, want := range []string{"3 target(s) missed", "PyTorch's time left out, of the shape [64, 524288]", "copy bandwidth (read + write) measured in each run: reikna (OpenCL) 4000 GB/s"} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if md := runCompare(t, writeCaseFixture(t, "random", 512, ours, torch), true); !strings.Contains(md, "## "+main) {
		t.Errorf("the Markdown lacks the heading %q:\n%s", main, md)
	}
}
