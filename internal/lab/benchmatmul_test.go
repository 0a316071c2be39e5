package lab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// TestBenchMatmul runs every matrix product case at a small size on the
// device, with tilings from the environment, and checks the table and the
// JSON: each case checked and timed, a tiling that breaks the kernel's
// rules skipped with the reason.
func TestBenchMatmul(t *testing.T) {
	thr := cludatest.Thread(t)
	t.Setenv(matmulTileEnv, "32x32x8/2x2")
	t.Setenv(matmulTileEnv+"_F64", "64x64x8/4x4,30x32x8/4x4")
	jsonFile := filepath.Join(t.TempDir(), "matmul.json")
	stdout, stderr := tool.OK(t, "bench", "--matmul", "--mib", "0.25", "--runs", "3", "--json", jsonFile)
	if stderr != "" {
		t.Errorf("bench --matmul wrote to stderr, which is not a terminal:\n%s", stderr)
	}
	for _, want := range []string{thr.Params().Name, "TFLOP/s", "32x32x8/2x2 tuned", "wrote " + jsonFile} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the output lacks %q:\n%s", want, stdout)
		}
	}
	data, err := os.ReadFile(jsonFile)
	if err != nil {
		t.Fatal(err)
	}
	var rep matmulReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("the JSON does not decode: %v", err)
	}
	if rep.Device != thr.Params().Name || rep.MiB != 0.25 || !strings.HasPrefix(rep.Command, "reikna bench --matmul") {
		t.Errorf("report header: %+v", rep.runHeader)
	}
	var want []string
	for _, c := range matmulCases {
		want = append(want, c.name+" plan", c.name+" 32x32x8/2x2")
		if c.name == "f64_4096" {
			want = append(want[:len(want)-1], c.name+" 64x64x8/4x4", c.name+" 30x32x8/4x4")
		}
	}
	var got []string
	for _, r := range rep.Rows {
		name := r.Case + " plan"
		if r.Tuned {
			name = r.Case + " " + r.Tiling
		}
		got = append(got, name)
		switch {
		case r.Tiling == "30x32x8/4x4":
			if !strings.Contains(r.Skipped, "multiples") {
				t.Errorf("row %+v: want it skipped for its tiling", r)
			}
		case r.Skipped != "" || r.Wrong != "" || r.Runs != 3 || !(r.MinMS > 0 && r.MinMS <= r.MedianMS && r.TFLOPS > 0) || len(r.Shape) != 4 || r.Tiling == "":
			t.Errorf("row %+v", r)
		}
	}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("rows %v, want %v", got, want)
	}
}

func TestBenchMatmulErrors(t *testing.T) {
	t.Setenv(matmulTileEnv+"_C64", "")
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"bench", "--matmul", "--sizes", "16"}, "--sizes does not apply"},
		{[]string{"bench", "--matmul", "--algos"}, "--algos does not apply"},
		{[]string{"bench", "--matmul", "--cases", "f32_4096,f32"}, `unknown case "f32"`},
		{[]string{"bench", "--matmul", "--mib", "1024"}, "grow no larger"},
		{[]string{"bench", "--matmul", "--runs", "-1"}, "cannot be negative"},
	})
	t.Run("tiling", func(t *testing.T) {
		t.Setenv(matmulTileEnv, "128x128x16")
		tool.Error(t, []string{"bench", "--matmul", "--cases", "f32_4096"}, "REIKNA_MATMUL_TILE: tiling \"128x128x16\" is not BMxBNxBK/IMxIN")
	})
}

func TestParseTiling(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want computations.MatrixMulTiling
		ok   bool
	}{
		{"128x128x16/8x8", computations.MatrixMulTiling{BlockM: 128, BlockN: 128, BlockK: 16, ItemM: 8, ItemN: 8}, true},
		{"64x32x8/4x2", computations.MatrixMulTiling{BlockM: 64, BlockN: 32, BlockK: 8, ItemM: 4, ItemN: 2}, true},
		{"128x128/8x8", computations.MatrixMulTiling{}, false},
		{"128x128x16/8", computations.MatrixMulTiling{}, false},
		{"128x128x0/8x8", computations.MatrixMulTiling{}, false},
		{"axbxc/dxe", computations.MatrixMulTiling{}, false},
	} {
		got, err := parseTiling(tc.s)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("parseTiling(%q) = %v, %v; want %v (ok %v)", tc.s, got, err, tc.want, tc.ok)
		}
	}
}

func TestMatmulSized(t *testing.T) {
	for _, tc := range []struct {
		name string
		mib  float64
		want []int
	}{
		{"f32_4096", 512, []int{1, 4096, 4096, 4096}},
		{"f32_4096", 128, []int{1, 2048, 2048, 2048}},
		{"f32_4096", 1, []int{1, 256, 256, 256}},
		{"f32_batch1024_64", 256, []int{512, 64, 64, 64}},
		{"f32_batch1024_64", 0.25, []int{1, 64, 64, 64}},
		{"f32_batch1024_64", 0.001, []int{1, 16, 16, 16}},
	} {
		cs, err := selectMatmulCases(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := cs[0].sized(tc.mib).shape(); !slices.Equal(got, tc.want) {
			t.Errorf("%s at %g MiB: %v, want %v", tc.name, tc.mib, got, tc.want)
		}
	}
}

// TestMatmulCheck checks the host reference of the products on two
// products of 2×3 by 3×2 matrices written out by hand: the right output
// passes, and the same output with one element changed fails.
func TestMatmulCheck(t *testing.T) {
	c := matmulCase{dt: dtypes.Float32, batch: 2, m: 2, n: 2, k: 3}
	a := []float32{1, 2, 3, 4, 5, 6, 1, 0, 0, 0, 1, 0}
	b := []float32{1, 0, 0, 1, 1, 1, 2, 3, 4, 5, 6, 7}
	want := []float32{4, 5, 10, 11, 2, 3, 4, 5}
	x, _ := hostValues(a)
	y, _ := hostValues(b)
	if err := checkProducts(c, x, y, func(i int) complex128 { return complex(float64(want[i]), 0) }); err != nil {
		t.Errorf("the right output fails: %v", err)
	}
	for i := range want {
		wrong := slices.Clone(want)
		wrong[i] += 0.01
		if err := checkProducts(c, x, y, func(i int) complex128 { return complex(float64(wrong[i]), 0) }); err == nil {
			t.Errorf("an output with element %d changed passes", i)
		}
	}
}
