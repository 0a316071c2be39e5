package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/internal/cliutil/clitest"
)

// renderedKernel is a kernel as render prints it.
type renderedKernel struct {
	name          string
	global, local []int
	source        string
}

var kernelHeader = regexp.MustCompile(`(?m)^// ==== kernel (\d+) of (\d+): (\w+) ====\n// virtual global size \[([\d ]*)\], local size \[([\d ]*)\]\n`)

// splitKernels cuts render's output into its kernels.
func splitKernels(t *testing.T, out string) []renderedKernel {
	t.Helper()
	locs := kernelHeader.FindAllStringSubmatchIndex(out, -1)
	var ks []renderedKernel
	for i, loc := range locs {
		end := len(out)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		m := kernelHeader.FindStringSubmatch(out[loc[0]:loc[1]])
		if m[1] != strconv.Itoa(i+1) || m[2] != strconv.Itoa(len(locs)) {
			t.Errorf("kernel %d is headed %q", i+1, m[0])
		}
		ks = append(ks, renderedKernel{name: m[3], global: ints(t, m[4]), local: ints(t, m[5]), source: out[loc[1]:end]})
	}
	return ks
}

func ints(t *testing.T, s string) []int {
	var out []int
	for _, f := range strings.Fields(s) {
		v, err := strconv.Atoi(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

func TestRender(t *testing.T) {
	thr := cludatest.Thread(t)
	prelude := preludeOf(t, thr)
	tests := []struct {
		args    []string
		kernels int      // 0: at least one
		params  []string // in the header, in order
		fused   []string // transformations whose code the source holds
	}{
		// One pass on a GPU, two (of 16 and 4 points) on a CPU: any number.
		{[]string{"fft", "--shape", "4,64", "--axes", "1"}, 0, []string{"output", "input", "inverse"}, nil},
		{[]string{"fft", "--shape", "4,64", "--axes", "1", "--in", "combine", "--out", "scale", "--out", "split"}, 0,
			[]string{"output_re", "output_im", "input_re", "input_im", "inverse"}, []string{"combine_complex", "mul_const", "split_complex", "0.015625f"}},
		{[]string{"fft", "--shape", "1031", "--in", "real", "--in", "pad:1000", "--precision", "double"}, 0,
			[]string{"output", "input_real", "inverse"}, []string{"real_to_complex", "pad:", "double2"}},
		{[]string{"fft", "--shape", "8,8", "--in", "cast:complex128", "--out", "abs"}, 0,
			[]string{"output_abs", "input_cast", "inverse"}, []string{"cast", "abs_value"}},
		{[]string{"pureparallel", "--shape", "3,100", "--in", "real", "--in", "pad:70", "--out", "scale:2", "--out", "norm"}, 1,
			[]string{"output_norm", "input_real"}, []string{"real_to_complex", "pad:", "mul_const", "2.0f", "norm"}},
		{[]string{"transpose", "--shape", "3,4,5", "--axes", "2,0,1"}, 0, []string{"output", "input"}, nil},
		{[]string{"fftshift", "--shape", "7,8", "--in", "real"}, 1, []string{"output", "input_real", "inverse"}, []string{"real_to_complex"}},
		{[]string{"sum", "--shape", "64,128", "--axes", "0", "--out", "scale:2"}, 0, []string{"output_scale", "input"}, []string{"mul_const", "2.0f"}},
		{[]string{"cumsum", "--shape", "4,300", "--axes", "1"}, 0, []string{"output", "input"}, nil},
		{[]string{"rfft", "--shape", "4,64", "--axes", "1"}, 0, []string{"output", "input"}, []string{"_rfft_twist"}},
		{[]string{"matmul", "--shape", "3,24,40", "--shape-b", "24,56", "--transposed-a"}, 1, []string{"output", "matrix_a", "matrix_b"}, nil},
		{[]string{"dht", "--shape", "6,10", "--axes", "0", "--inverse", "--order", "2", "--complex"}, 0, []string{"coords", "modes"}, []string{"float2"}},
		{[]string{"cbrng", "--shape", "4,100", "--sampler", "normal", "--bijection", "threefry2x64-13", "--seed", "5"}, 1,
			[]string{"counters", "randoms"}, []string{"threefry"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, _ := tool.OK(t, append([]string{"render"}, tt.args...)...)
			// The parameters are listed in the signature's order.
			last := -1
			for _, p := range tt.params {
				i := strings.Index(out, "//   "+p+" ")
				if i < last {
					t.Errorf("parameter %q is missing or out of order:\n%s", p, out[:min(len(out), 1500)])
				}
				last = i
			}
			for _, f := range tt.fused {
				if !strings.Contains(out, f) {
					t.Errorf("the source lacks %q", f)
				}
			}
			ks := splitKernels(t, out)
			if len(ks) == 0 || tt.kernels > 0 && len(ks) != tt.kernels {
				t.Fatalf("%d kernels, want %d", len(ks), tt.kernels)
			}
			// Each kernel as printed is a complete program: the prelude of
			// the Thread's API, then what the compiler builds after it.
			for _, k := range ks {
				_, body, ok := strings.Cut(k.source, prelude)
				if !ok || !strings.Contains(body, "virtual_global_id") || !strings.Contains(body, "KERNEL void "+k.name+"(") {
					t.Errorf("kernel %s: the prelude, the virtual size functions or the kernel is missing", k.name)
				}
				p, err := thr.Compile(body, cluda.CompileOptions{})
				if err != nil {
					t.Errorf("kernel %s does not compile: %v", k.name, err)
					continue
				}
				if _, err := p.Kernel(k.name); err != nil {
					t.Errorf("kernel %s: %v", k.name, err)
				}
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	cludatest.Thread(t)
	tests := []clitest.ErrorCase{
		{[]string{"render"}, "render: say what to render: fft, rfft, pureparallel, transpose, fftshift, sum, cumsum, matmul, dht, cbrng or fft-module"},
		{[]string{"render", "ifft"}, `render: cannot render "ifft" (choose fft, rfft, pureparallel, transpose, fftshift, sum, cumsum, matmul, dht, cbrng or fft-module)`},
		{[]string{"render", "matmul", "--shape", "4,5"}, "render matmul: --shape-b: say the shape of matrix_b, a LIST such as 1024,512 (--shape is matrix_a's)"},
		{[]string{"render", "matmul", "--shape", "4,5", "--shape-b", "4,x"}, "render matmul: --shape-b"},
		{[]string{"render", "matmul", "--shape", "4,5", "--shape-b", "4,5"}, "render matmul: computations: MatrixMul: the inner dimensions differ"},
		{[]string{"render", "matmul", "--shape", "4,5", "--shape-b", "5,4", "--axes", "1"}, "render matmul: --axes does not apply to matmul (it is for fft, rfft, pureparallel, transpose, fftshift, sum, cumsum, dht)"},
		{[]string{"render", "dht", "--shape", "8", "--order", "0"}, "render dht: --order 0: the order is a power of 1 or more"},
		{[]string{"render", "dht", "--shape", "8", "--out", "abs"}, "render dht: --out does not apply to dht"},
		{[]string{"render", "dht", "--shape", "100000"}, "render dht: computations: DHT: 100000 modes of order 1 with 0 additional points need a grid of 100000 points; at most 16384 are allowed (axis 0)"},
		{[]string{"render", "dht", "--order", "1000000000"}, "render dht: computations: DHT: 1024 modes of order 1000000000 with 0 additional points need a grid of 511500000512 points; at most 16384 are allowed (axis 0)"},
		{[]string{"render", "dht", "--shape", "4", "--order", "9223372036854775807"}, "render dht: computations: DHT: 4 modes of order 9223372036854775807 with 0 additional points: the number of points of the grid overflows an int (axis 0)"},
		{[]string{"render", "cbrng", "--sampler", "poisson"}, "render cbrng: --sampler poisson: no such sampler (choose uniform[:LOW,HIGH], normal[:MEAN,STD], integer:LOW,HIGH, gamma:SHAPE[,SCALE] or vonmises:MU,KAPPA)"},
		{[]string{"render", "cbrng", "--sampler", "gamma"}, "render cbrng: --sampler gamma: say its parameters"},
		{[]string{"render", "cbrng", "--sampler", "vonmises:1"}, "render cbrng: --sampler vonmises:1: the wrong number of parameters"},
		{[]string{"render", "cbrng", "--sampler", "uniform:0,x"}, `render cbrng: --sampler uniform:0,x: "x" is not a number`},
		{[]string{"render", "cbrng", "--sampler", "integer:0.5,3"}, "render cbrng: --sampler integer:0.5,3: the bounds are integers"},
		{[]string{"render", "cbrng", "--sampler", "gamma:-1"}, "render cbrng: --sampler gamma:-1: cbrng: gamma sampler: the shape -1 and the scale 1 must be positive"},
		{[]string{"render", "cbrng", "--bijection", "philox3x32"}, "render cbrng: --bijection philox3x32: cbrng: philox: 3 words in a counter"},
		{[]string{"render", "cbrng", "--bijection", "mt19937"}, "render cbrng: --bijection mt19937: not a bijection"},
		{[]string{"render", "cbrng", "--complex"}, "render cbrng: --sampler uniform: cbrng: uniform_float sampler of complex64"},
		{[]string{"render", "fft", "--seed", "1"}, "render fft: --seed does not apply to fft (it is for cbrng)"},
		{[]string{"render", "transpose", "--shape", "3,4", "--axes", "0,0"}, "render transpose: "},
		{[]string{"render", "sum", "--shape", "3,4", "--axes", "2"}, "render sum: "},
		{[]string{"render", "rfft", "--shape", "8", "--out", "scale"}, "render rfft: --out does not apply to rfft (it is for fft, pureparallel, transpose, fftshift, sum, cumsum)"},
		{[]string{"render", "fft", "--in", "window"}, `render fft: --in window: unknown transformation "window" (the choices are combine, real, pad:M, cast:DTYPE, scale[:X], conj)`},
		{[]string{"render", "fft", "--out", "combine"}, `--out combine: unknown transformation "combine"`},
		{[]string{"render", "fft", "--in", "pad"}, "--in pad: pad needs an argument: pad:M"},
		{[]string{"render", "fft", "--in", "real:1"}, "--in real:1: real takes no argument"},
		{[]string{"render", "fft", "--in", "real", "--in", "combine"}, "--in combine: combine makes two arrays, so it must be the first --in"},
		{[]string{"render", "fft", "--out", "split", "--out", "abs"}, "--out split: split makes two arrays, so it must be the last --out"},
		{[]string{"render", "fft", "--shape", "100", "--in", "pad:200"}, "--in pad:200: length 200 is longer than the transform length 100 on axis 0"},
		{[]string{"render", "fft", "--shape", "100", "--in", "cast:float16"}, "--in cast:float16:"},
		{[]string{"render", "fft", "--shape", "100", "--out", "scale:x"}, `--out scale:x: "x" is not a number`},
		{[]string{"render", "fft", "--shape", "100", "--out", "scale:nan"}, `--out scale:nan: "nan" is not a finite number`},
		{[]string{"render", "fft", "--shape", "100", "--out", "scale:inf"}, `--out scale:inf: "inf" is not a finite number`},
		{[]string{"render", "fft", "--shape", "100", "--in", "scale:-Infinity"}, `--in scale:-Infinity: "-Infinity" is not a finite number`},
		{[]string{"render", "fft", "--shape", "100", "--in", "scale:1e400"}, `--in scale:1e400: "1e400" is out of the range of float64`},
		{[]string{"render", "fft", "--shape", "100", "--out", "scale:1e39"}, `--out scale:1e39: transformations: MulConst: the constant 1e+39 does not fit a complex64 array`},
		{[]string{"render", "fft", "--out", "abs", "--out", "real"}, "--out real: the values there are float32, and real works on complex ones"},
		{[]string{"render", "fft", "--in", "real", "--in", "real"}, "--in real: the values there are float32, and real works on complex ones"},
		{[]string{"render", "fft", "--shape", "4,4", "--axes", "2"}, "axis 2 is out of range"},
		{[]string{"render", "fft", "extra"}, "unexpected arguments [extra]"},
	}
	tool.Errors(t, tests)
	var stdout, stderr bytes.Buffer
	run([]string{"render", "fft", "--help"}, &stdout, &stderr)
	for _, want := range []string{"Usage: reikna render fft [options]", "Examples:", "combine", "split", "pad:M", "crop:M"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("render fft --help lacks %q:\n%s", want, stderr.String())
		}
	}
}

// checkKernels checks that render's output out has the kernels it should,
// each a program of the prelude that defines KERNEL as kernelDefine and
// of the kernel itself.
func checkKernels(t *testing.T, out string, kernels int, kernelDefine string) []renderedKernel {
	t.Helper()
	ks := splitKernels(t, out)
	if len(ks) != kernels {
		t.Fatalf("%d kernels, want %d", len(ks), kernels)
	}
	for _, k := range ks {
		if !strings.Contains(k.source, kernelDefine) || !strings.Contains(k.source, "KERNEL void "+k.name+"(") {
			t.Errorf("kernel %s: the prelude or the kernel is missing", k.name)
		}
	}
	return ks
}

// TestRenderModel renders for the model devices, which needs no OpenCL
// device.
func TestRenderModel(t *testing.T) {
	tests := []struct {
		args    []string
		device  string
		kernels int
	}{
		{[]string{"fft", "--shape", "4,1024", "--axes", "1", "--model", "gpu"}, "model GPU with NVIDIA's limits", 1},
		// CPU devices run transforms of 1024 in one looped pass, and those
		// too long for one as passes of 16 points.
		{[]string{"fft", "--shape", "4,1024", "--axes", "1", "--model", "cpu"}, "model CPU with PoCL's limits", 1},
		{[]string{"fft", "--shape", "65536,4", "--axes", "0", "--model", "cpu"}, "model CPU with PoCL's limits", 4},
		{[]string{"fft", "--shape", "2,65536", "--axes", "1", "--model", "gpu", "--in", "combine", "--out", "split"}, "model GPU", 2},
		{[]string{"pureparallel", "--shape", "3,100", "--out", "abs", "--model", "cpu", "--precision", "double"}, "model CPU", 1},
		{[]string{"matmul", "--shape", "4096,4096", "--shape-b", "4096,4096", "--model", "gpu"}, "model GPU", 1},
		{[]string{"matmul", "--shape", "2,100,30", "--shape-b", "50,30", "--transposed-b", "--complex", "--model", "cpu"}, "model CPU", 1},
		// An axis other than the last two is moved last and back by transposes.
		{[]string{"dht", "--shape", "8,16,4", "--axes", "0", "--model", "gpu"}, "model GPU", 3},
		{[]string{"dht", "--shape", "8,16", "--model", "cpu", "--precision", "double"}, "model CPU", 2},
		{[]string{"cbrng", "--shape", "1024,1024", "--sampler", "normal", "--bijection", "threefry4x64", "--model", "gpu"}, "model GPU", 1},
		{[]string{"cbrng", "--shape", "100", "--seed", "42", "--model", "cpu"}, "model CPU", 1},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, _ := tool.OK(t, append([]string{"render"}, tt.args...)...)
			if first := strings.SplitN(out, "\n", 2)[0]; !strings.Contains(first, tt.device) || !strings.Contains(first, "without a device") {
				t.Errorf("header %q does not name the model device", first)
			}
			checkKernels(t, out, tt.kernels, "#define KERNEL __kernel")
		})
	}
	tool.Errors(t, []clitest.ErrorCase{
		{[]string{"render", "fft", "--model", "tpu"}, "--model tpu: no such model device (choose gpu or cpu)"},
		{[]string{"render", "fft", "--model", "gpu", "--device", "pocl"}, "--model and --device exclude each other"},
	})
}

// preludeOf returns the prelude that thr's compiler gets in front of every
// source, which a rendered kernel starts with.
func preludeOf(t *testing.T, thr *cluda.Thread) string {
	t.Helper()
	const probe = "KERNEL void prelude_probe(GLOBAL_MEM int *x)\n{\n}\n"
	p, err := thr.Compile(probe, cluda.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	prelude, ok := strings.CutSuffix(p.FullSource(), probe)
	if !ok {
		t.Fatal("the full source does not end with the source")
	}
	return prelude
}

// TestRenderSamplers renders the generator of each sampler for the model
// GPU and checks the distribution and the type that its title names.
func TestRenderSamplers(t *testing.T) {
	for _, tt := range []struct {
		sampler, precision, title string
	}{
		{"uniform:-1,1", "single", "float32 4×64, uniform in [-1, 1)"},
		{"normal:2,0.5", "double", "float64 4×64, normal with mean 2 and deviation 0.5"},
		{"integer:-3,10", "single", "int32 4×64, integers uniform in [-3, 10)"},
		{"integer:0,1000", "double", "int64 4×64, integers uniform in [0, 1000)"},
		{"gamma:0.5", "single", "float32 4×64, gamma with shape 0.5 and scale 1"},
		{"gamma:3,2", "double", "float64 4×64, gamma with shape 3 and scale 2"},
		{"vonmises:1,4", "single", "float32 4×64, von Mises with mean 1 and concentration 4"},
	} {
		t.Run(tt.sampler+"/"+tt.precision, func(t *testing.T) {
			out, _ := tool.OK(t, "render", "cbrng", "--shape", "4,64", "--sampler", tt.sampler, "--precision", tt.precision, "--model", "gpu")
			if !strings.Contains(out, "Random values of "+tt.title+",") {
				t.Errorf("the title lacks %q:\n%s", tt.title, out[:min(len(out), 400)])
			}
			checkKernels(t, out, 1, "#define KERNEL __kernel")
		})
	}
}
