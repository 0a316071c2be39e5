package fft_test

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// The golden plans are the complete kernel sources and launch sizes of a
// fixed list of FFTs, rendered for two model devices without a device
// (core.Computation.Render), and kept under testdata/golden/DEVICE/CASE.txt.
// TestGoldenPlans fails on any change to them, so that every change to
// generated code or launch geometry shows up in review;
//
//	go test ./computations/fft -run Golden -update
//
// rewrites them, and goes together with a fresh scripts/gpu_compare.sh run
// on the GPU machine and BENCHMARKS.md updated from it.
var updateGolden = flag.Bool("update", false, "rewrite the golden plans under testdata/golden from the code as it is")

const goldenDir = "testdata/golden"

// goldenUpdateHint says how to accept a change of the golden plans.
const goldenUpdateHint = "If the change is intended, run: go test ./computations/fft -run Golden -update\n" +
	"and commit the files with a fresh scripts/gpu_compare.sh run on the GPU machine and BENCHMARKS.md updated from it."

// goldenDevices are the model devices the plans are rendered for, by the
// directory their files live in, with the bytes of one array that reikna
// bench fills on them (512 MiB on a GPU, 8 MiB elsewhere), so that the
// batched plans are those the benchmarks measure: the model GPU through
// OpenCL and through CUDA (cluda.ModelCUDAGPU), and the model CPU.
var goldenDevices = []struct {
	dir        string
	params     func() *cluda.DeviceParams
	benchBytes int
}{
	{"gpu", cluda.ModelGPU, 512 << 20},
	{"gpu-cuda", cluda.ModelCUDAGPU, 512 << 20},
	{"cpu", cluda.ModelCPU, 8 << 20},
}

// goldenCase is a computation whose plan is kept in a golden file.
type goldenCase struct {
	name string // of the file, without .txt
	// make returns the computation for a device and a line that says what
	// it is; benchBytes is the size of one array that reikna bench fills
	// on the device.
	make func(p *cluda.DeviceParams, benchBytes int) (comp *core.Computation, title string, err error)
}

// newGoldenFFT returns the FFT of an array of dt and shape over axes and
// its title.
func newGoldenFFT(dt dtypes.DType, shape, axes []int) (*fft.FFT, string, error) {
	ft, err := fft.NewFFT(core.ArrayOf(dt, shape...), axes, fft.FFTOptions{})
	if err != nil {
		return nil, "", err
	}
	over := "axes " + joinInts(axes, ", ")
	if len(axes) == 1 {
		over = fmt.Sprintf("axis %d", axes[0])
	}
	return ft, fmt.Sprintf("The FFT of %s %s over %s.", dt, joinInts(shape, "×"), over), nil
}

// goldenFFT is the FFT of an array of dt and shape over axes.
func goldenFFT(dt dtypes.DType, shape, axes []int) goldenCase {
	name := fmt.Sprintf("fft-%s-%s", goldenDTypeName(dt), joinInts(shape, "x"))
	if len(axes) < len(shape) {
		name += "-axes-" + joinInts(axes, "-")
	}
	return goldenCase{name: name, make: func(*cluda.DeviceParams, int) (*core.Computation, string, error) {
		ft, title, err := newGoldenFFT(dt, shape, axes)
		if err != nil {
			return nil, "", err
		}
		return ft.Computation, title, nil
	}}
}

// benchBatch returns the number of transforms of length n that reikna
// bench runs at once on a device: as many as fill benchBytes, within the
// device's largest allocation and a third of its memory.
func benchBatch(p *cluda.DeviceParams, dt dtypes.DType, n, benchBytes int) int {
	one := int64(n) * int64(dt.Size())
	return int(min(max(int64(benchBytes)/one, 1), p.MaxMemAllocSize/one, p.GlobalMemSize/(3*one)))
}

// goldenBatched is the batched 1-D FFT of length n as reikna bench times
// it on the device.
func goldenBatched(dt dtypes.DType, n int) goldenCase {
	return goldenCase{
		name: fmt.Sprintf("fft-%s-n%d", goldenDTypeName(dt), n),
		make: func(p *cluda.DeviceParams, benchBytes int) (*core.Computation, string, error) {
			ft, title, err := newGoldenFFT(dt, []int{benchBatch(p, dt, n, benchBytes), n}, []int{1})
			if err != nil {
				return nil, "", err
			}
			return ft.Computation, title, nil
		},
	}
}

// goldenReal is the batched real FFT of float32 rows of length n as
// BenchmarkRFFT times it on the device: as many rows as fill benchBytes of
// input.
func goldenReal(n int) goldenCase {
	return goldenCase{
		name: fmt.Sprintf("rfft-f32-n%d", n),
		make: func(p *cluda.DeviceParams, benchBytes int) (*core.Computation, string, error) {
			rows := benchBatch(p, dtypes.Float32, n, benchBytes)
			r, err := fft.NewRFFT(core.ArrayOf(dtypes.Float32, rows, n), []int{1}, fft.RFFTOptions{})
			if err != nil {
				return nil, "", err
			}
			return r.Computation, fmt.Sprintf("The real FFT of float32 %d×%d over axis 1.", rows, n), nil
		},
	}
}

// goldenPipeline is combine → FFT → scale by 1/n → split of length n,
// batched as goldenBatched is: every step but the FFT fused into its
// first kernel's loads and its last kernel's stores.
func goldenPipeline(n int) goldenCase {
	return goldenCase{
		name: fmt.Sprintf("pipeline-c64-n%d-combine-scale-split", n),
		make: func(p *cluda.DeviceParams, benchBytes int) (*core.Computation, string, error) {
			dt := dtypes.Complex64
			batch := benchBatch(p, dt, n, benchBytes)
			ft, _, err := newGoldenFFT(dt, []int{batch, n}, []int{1})
			if err != nil {
				return nil, "", err
			}
			typ := core.ArrayOf(dt, batch, n)
			combine, err := transformations.CombineComplex(typ)
			if err != nil {
				return nil, "", err
			}
			scale, err := transformations.MulConst(typ, 1/float64(n))
			if err != nil {
				return nil, "", err
			}
			split, err := transformations.SplitComplex(typ)
			if err != nil {
				return nil, "", err
			}
			for _, c := range []struct {
				param     string
				trf       *core.Transformation
				connector string
				names     map[string]string
			}{
				{"input", combine, "output", map[string]string{"real": "in_re", "imag": "in_im"}},
				{"output", scale, "input", map[string]string{"output": "scaled"}},
				{"scaled", split, "input", map[string]string{"real": "out_re", "imag": "out_im"}},
			} {
				if err := ft.Connect(c.param, c.trf, c.connector, c.names); err != nil {
					return nil, "", err
				}
			}
			return ft.Computation, fmt.Sprintf("Combine → FFT → scale by 1/%d → split of complex64 %d×%d over axis 1.", n, batch, n), nil
		},
	}
}

// goldenCases lists the plans kept: every power of two from 16 to 2^24,
// lengths of factors 2, 3, 5 and 7 (15625 in one wide pass and 6750 in
// one pass of whole exchanges through CUDA), Bluestein lengths (2181 over
// 4374 points and 645496 over rows through CUDA; 7194 = 2·3·11·109 in one
// looped pass of a CPU device, its butterfly of 109 as loops), double precision,
// the multi-dimensional shapes of the GPU record, fused pipelines, and
// the real FFTs of the GPU record.
func goldenCases() []goldenCase {
	var cases []goldenCase
	for n := 16; n <= 1<<24; n *= 2 {
		cases = append(cases, goldenBatched(dtypes.Complex64, n))
	}
	for _, n := range []int{1000, 1536, 2187, 6144, 6750, 10000, 15625, 100000} {
		cases = append(cases, goldenBatched(dtypes.Complex64, n))
	}
	for _, n := range []int{1009, 2181, 4095, 7194, 35147, 65537, 645496} {
		cases = append(cases, goldenBatched(dtypes.Complex64, n))
	}
	for _, n := range []int{1024, 65536, 1 << 20} {
		cases = append(cases, goldenBatched(dtypes.Complex128, n))
	}
	cases = append(cases,
		goldenFFT(dtypes.Complex64, []int{8192, 8192}, []int{0, 1}),
		goldenFFT(dtypes.Complex64, []int{16, 4096, 1024}, []int{1, 2}),
		goldenFFT(dtypes.Complex64, []int{512, 512, 256}, []int{0, 1, 2}),
		goldenFFT(dtypes.Complex128, []int{256, 256, 256}, []int{0, 1, 2}),
		goldenFFT(dtypes.Complex64, []int{8192, 8192}, []int{0}),
		goldenPipeline(4096),
		goldenPipeline(65536),
	)
	for _, n := range []int{1024, 4096, 65536, 1 << 20} {
		cases = append(cases, goldenReal(n))
	}
	return cases
}

// TestGoldenPlans renders every golden case for every model device and
// compares it with its file.
func TestGoldenPlans(t *testing.T) {
	cases := goldenCases()
	for _, dev := range goldenDevices {
		dir := filepath.Join(goldenDir, dev.dir)
		if *updateGolden {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		want := map[string]bool{}
		for _, c := range cases {
			file := filepath.Join(dir, c.name+".txt")
			want[file] = true
			t.Run(dev.dir+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				text, err := renderGolden(c, dev.params(), dev.benchBytes)
				if err != nil {
					t.Fatal(err)
				}
				checkGolden(t, file, text)
			})
		}
		t.Run(dev.dir+"/no-stale-files", func(t *testing.T) { checkStaleGolden(t, dir, want) })
	}
}

// checkGolden compares text with the golden file, or writes the file
// with -update.
func checkGolden(t *testing.T, file, text string) {
	t.Helper()
	if *updateGolden {
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("%s is missing.\n%s", file, goldenUpdateHint)
	}
	if err != nil {
		t.Fatal(err)
	}
	if summary := diffSummary(string(old), text); summary != "" {
		t.Errorf("the plan differs from %s:\n%s\n%s", file, summary, goldenUpdateHint)
	}
}

// checkStaleGolden reports files in dir that no case writes, or removes
// them with -update.
func checkStaleGolden(t *testing.T, dir string, want map[string]bool) {
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if want[f] {
			continue
		}
		if *updateGolden {
			if err := os.Remove(f); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s belongs to no golden case.\n%s", f, goldenUpdateHint)
	}
}

// diffSummary returns "" where the texts are equal, and otherwise where
// they differ: the region between their common first and last lines, with
// its first lines on both sides.
func diffSummary(old, now string) string {
	if old == now {
		return ""
	}
	a, b := strings.Split(old, "\n"), strings.Split(now, "\n")
	start := 0
	for start < len(a) && start < len(b) && a[start] == b[start] {
		start++
	}
	endA, endB := len(a), len(b)
	for endA > start && endB > start && a[endA-1] == b[endB-1] {
		endA--
		endB--
	}
	const shown = 6
	var s strings.Builder
	fmt.Fprintf(&s, "lines %d to %d of the golden file (of %d) stand as lines %d to %d now (of %d):\n",
		start+1, endA, len(a), start+1, endB, len(b))
	side := func(sign string, lines []string) {
		for i, l := range lines {
			if i == shown {
				fmt.Fprintf(&s, "%s ... (%d more)\n", sign, len(lines)-shown)
				break
			}
			fmt.Fprintf(&s, "%s %s\n", sign, l)
		}
	}
	side("-", a[start:endA])
	side("+", b[start:endB])
	return strings.TrimRight(s.String(), "\n")
}

// renderGolden renders a case for a device as the text of its golden
// file: a header of what was rendered and how, the plan's parameters,
// arrays and launches, then every kernel's complete source.
func renderGolden(c goldenCase, p *cluda.DeviceParams, benchBytes int) (string, error) {
	comp, title, err := c.make(p, benchBytes)
	if err != nil {
		return "", err
	}
	plan, err := comp.Render(p)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("// Golden plan %s for the %s.", c.name, p.Name)
	w("//")
	w("// %s", title)
	w("//")
	w("// Device: %s", p.Name)
	w("//   platform %q, type %s, %d compute units", p.PlatformName, p.Type, p.MaxComputeUnits)
	w("//   work-groups of at most %d work-items, %s per dimension", p.MaxWorkGroupSize, joinInts(p.MaxWorkItemSizes, " × "))
	w("//   at most %s work-groups per launch", joinInts(p.MaxNumGroups, " × "))
	w("//   %d KiB of local memory (dedicated: %t), warps of %d, fp64: %t, %d-bit addresses",
		p.LocalMemSize>>10, p.LocalMemIsDedicated, p.WarpSize, p.DoubleFP, p.AddressBits)
	w("//")
	w("// Rendered by core.Computation.Render, without a device. It takes every")
	w("// kernel to allow the device's maximum work-group size (a real device's")
	w("// compiler may allow fewer, CL_KERNEL_WORK_GROUP_SIZE) and to build, so the")
	w("// FFT planner's fallbacks for kernels a compiler refuses are not shown here.")
	w("// Update: go test ./computations/fft -run Golden -update, together with a fresh")
	w("// scripts/gpu_compare.sh run on the GPU machine and BENCHMARKS.md from it.")
	w("//")
	w("// Parameters, in the order a call takes them:")
	for _, prm := range plan.Signature {
		w("//   %-10s %s %s", prm.Name, roleName(prm.Role()), typeName(prm.Type()))
	}
	if len(plan.TempArrays) > 0 {
		w("// Temporary arrays:")
		for i, ta := range plan.TempArrays {
			use := "unused"
			if ta.FirstKernel >= 0 {
				use = fmt.Sprintf("kernels %d to %d", ta.FirstKernel+1, ta.LastKernel+1)
			}
			w("//   _temp%-5d %s, %d bytes, %s", i, typeName(ta.Type), ta.Type.Size()*ta.Type.DType().Size(), use)
		}
	}
	if len(plan.PersistentArrays) > 0 {
		w("// Persistent arrays (tables the compiled computation uploads once):")
		for i, pa := range plan.PersistentArrays {
			w("//   _persistent%-2d %s, %d bytes", i, typeName(pa), pa.Size()*pa.DType().Size())
		}
	}
	w("// %d kernel(s), enqueued in this order (sizes: virtual row-major; real in OpenCL order):", len(plan.Kernels))
	for i, k := range plan.Kernels {
		w("//   %d. %s: global %v local %v; real global %v local %v", i+1, k.Name, k.GlobalSize, k.LocalSize, k.RealGlobalSize, k.RealLocalSize)
	}
	for i, k := range plan.Kernels {
		w("")
		w("// ==== kernel %d of %d: %s ====", i+1, len(plan.Kernels), k.Name)
		w("// arguments: %s", strings.Join(k.Args, ", "))
		w("")
		w("%s", strings.TrimRight(k.FullSource, "\n"))
	}
	return b.String(), nil
}

func roleName(r core.Role) string {
	return map[core.Role]string{core.Input: "input", core.Output: "output", core.InputOutput: "input-output", core.Scalar: "scalar"}[r]
}

// typeName describes a type briefly: "complex64 8×1024", or the dtype of
// a scalar.
func typeName(t core.Type) string {
	if !t.IsArray() {
		return t.DType().String()
	}
	return t.DType().String() + " " + joinInts(t.Shape(), "×")
}

func goldenDTypeName(dt dtypes.DType) string {
	return strings.Replace(dt.String(), "complex", "c", 1)
}

func joinInts(v []int, sep string) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, sep)
}

// TestGoldenDiffSummary checks the summary a changed golden plan reports.
func TestGoldenDiffSummary(t *testing.T) {
	tests := []struct {
		name, old, now string
		want           []string
	}{
		{"equal", "a\nb\n", "a\nb\n", nil},
		{"changed line", "a\nb\nc\n", "a\nB\nc\n", []string{"lines 2 to 2 of the golden file (of 4) stand as lines 2 to 2 now (of 4)", "- b", "+ B"}},
		{"inserted lines", "a\nc\n", "a\nb1\nb2\nc\n", []string{"lines 2 to 1 of the golden file (of 3) stand as lines 2 to 3 now (of 5)", "+ b1", "+ b2"}},
		{"long change", "x\n" + strings.Repeat("o\n", 9), "x\n" + strings.Repeat("n\n", 9), []string{"- o", "- ... (3 more)", "+ n", "+ ... (3 more)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := diffSummary(tt.old, tt.now)
			if tt.want == nil {
				if got != "" {
					t.Fatalf("summary %q for equal texts", got)
				}
				return
			}
			for _, w := range tt.want {
				if !slices.Contains(strings.Split(got, "\n"), w) && !strings.HasPrefix(got, w) {
					t.Errorf("summary\n%s\nlacks %q", got, w)
				}
			}
		})
	}
}
