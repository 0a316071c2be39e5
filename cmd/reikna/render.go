package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/internal/cliutil"
	"github.com/reikna-go/reikna/transformations"
)

const renderExamples = `  reikna render fft --shape 8,1024 --axes 1
      the kernels of a batch of 8 transforms of length 1024
  reikna render fft --shape 1024 --in combine --out scale --out split
      with the input read from two real arrays and the output scaled by
      1/1024 and split into two real arrays, all fused into the kernels
  reikna render fft --shape 4096 --in real --in pad:1000 --precision double > fft.cl
      a real signal of 1000 values, zero-padded to 4096 on the fly
  reikna render pureparallel --shape 1024 --in real --out scale:2 --out abs
      a transformation chain alone, in one elementwise kernel
  reikna render fft --shape 65536,16384 --axes 1 --model gpu
      what would be compiled for a GPU with NVIDIA's limits, on a machine
      without one
  reikna render transpose --shape 256,256,256 --axes 2,0,1 --model gpu
      the tiled transposes of a 3-D permutation
  reikna render sum --shape 8192,16384 --axes 0 --in real
      the sums of the columns of a real array, made complex in the loads
  reikna render cumsum --shape 8192,16384 --axes 1 --model gpu
      inclusive prefix sums of the rows (a single pass with look-back)
  reikna render fftshift --shape 1023,1024
      numpy.fft.fftshift over both axes
  reikna render fft-module --length 1024 --inverse
      a work-group FFT that a kernel of one's own calls (see
      reikna render fft-module --help)
  reikna render rfft --shape 64,4096 --axes 1 --model gpu
      the real FFT of float32 rows of 4096: one kernel, the twist fused
  reikna render matmul --shape 4096,4096 --shape-b 4096,4096 --model gpu
      the tiled product of two float32 matrices (--transposed-a and
      --transposed-b take an operand's last two axes swapped)
  reikna render dht --shape 64,64 --axes 1 --inverse --order 2
      the inverse discrete Hermite transform of 64 modes along axis 1
  reikna render cbrng --shape 1024,1024 --sampler normal --bijection threefry4x64 --seed 7
      normal float32 values from Threefry 4×64, a generator for each column`

// renderables are the computations render prints.
var renderables = []string{"fft", "rfft", "pureparallel", "transpose", "fftshift", "sum", "cumsum", "matmul", "dht", "cbrng", "fft-module"}

// renderable names them for messages.
var renderable = strings.Join(renderables[:len(renderables)-1], ", ") + " or " + renderables[len(renderables)-1]

// renderOptions are the flags of render.
type renderOptions struct {
	shape, axes, device, model string
	api                        string
	precision                  *cliutil.PrecisionFlag
	in, out                    listFlag
	complex                    bool
	shapeB                     string // matmul
	transposedA, transposedB   bool   // matmul
	matmulPrecision            string // matmul
	inverse                    bool   // dht
	order                      int    // dht
	sampler, bijection         string // cbrng
	seed                       uint64 // cbrng
}

// renderFlagUsers are the computations that use the flags not every
// computation uses.
var renderFlagUsers = map[string][]string{
	"axes":         {"fft", "rfft", "pureparallel", "transpose", "fftshift", "sum", "cumsum", "dht"},
	"in":           {"fft", "pureparallel", "transpose", "fftshift", "sum", "cumsum"},
	"out":          {"fft", "pureparallel", "transpose", "fftshift", "sum", "cumsum"},
	"complex":      {"matmul", "dht", "cbrng"},
	"shape-b":      {"matmul"},
	"transposed-a": {"matmul"},
	"transposed-b": {"matmul"},
	"mma":          {"matmul"},
	"inverse":      {"dht"},
	"order":        {"dht"},
	"sampler":      {"cbrng"},
	"bijection":    {"cbrng"},
	"seed":         {"cbrng"},
}

// checkFlagUsers returns an error for the first flag set on fs that what
// does not use.
func checkFlagUsers(fs *flag.FlagSet, what string) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		users, ok := renderFlagUsers[f.Name]
		if err == nil && ok && !slices.Contains(users, what) {
			err = fmt.Errorf("--%s does not apply to %s (it is for %s)", f.Name, what, strings.Join(users, ", "))
		}
	})
	return err
}

func runRender(args []string, stdout, stderr io.Writer) error {
	const synopsis = "render fft|rfft|pureparallel|transpose|fftshift|sum|cumsum|matmul|dht|cbrng|fft-module [options]"
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fs, _ := renderFlagSet(synopsis, stderr)
		if len(args) == 0 {
			return usageFailure(fs, stderr, fmt.Errorf("render: say what to render: %s", renderable))
		}
		fs.Usage()
		return flag.ErrHelp
	}
	what := args[0]
	if !slices.Contains(renderables, what) {
		return fmt.Errorf("render: cannot render %q (choose %s)", what, renderable)
	}
	if what == "fft-module" {
		return runRenderFFTModule(args[1:], stdout, stderr)
	}
	fs, o := renderFlagSet("render "+what+" [options]", stderr)
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("render %s: unexpected arguments %v (the output goes to standard output; redirect it to a file)", what, fs.Args())
	}
	if err := checkFlagUsers(fs, what); err != nil {
		return fmt.Errorf("render %s: %w", what, err)
	}
	if err := renderComputation(what, o, stdout); err != nil {
		return fmt.Errorf("render %s: %w", what, err)
	}
	return nil
}

func renderFlagSet(synopsis string, stderr io.Writer) (*flag.FlagSet, *renderOptions) {
	fs := newFlagSet("render", synopsis, renderExamples, stderr)
	o := &renderOptions{}
	fs.StringVar(&o.shape, "shape", "1024", "the array shape in row-major order, a `LIST` such as 8,1024 (matmul: matrix_a's; dht: the modes'; cbrng: the random values')")
	fs.StringVar(&o.axes, "axes", "", "the axes, a `LIST` such as 1 or 0,1: transformed (fft, fftshift, dht; default every axis), the output's order (transpose; default reversed), summed (sum; default every axis), scanned (cumsum; default every axis), or for pureparallel the axes that pad and crop act on (the last by default)")
	o.precision = cliutil.AddPrecision(fs)
	fs.Var(&o.in, "in", "a transformation `T` that feeds the input; repeat for a chain, in the order the data flows:"+cliutil.KindsHelp(cliutil.InputKinds))
	fs.Var(&o.out, "out", "a transformation `T` that consumes the output; repeat for a chain, in the order the data flows:"+cliutil.KindsHelp(cliutil.OutputKinds))
	fs.BoolVar(&o.complex, "complex", false, "complex values of --precision rather than real ones (matmul, dht; cbrng with --sampler normal)")
	fs.StringVar(&o.shapeB, "shape-b", "", "matrix_b's shape in row-major order, a `LIST` such as 1024,512 (matmul; required)")
	fs.BoolVar(&o.transposedA, "transposed-a", false, "matrix_a holds the transpose of the operand in its last two axes (matmul)")
	fs.BoolVar(&o.transposedB, "transposed-b", false, "matrix_b holds the transpose of the operand in its last two axes (matmul)")
	fs.StringVar(&o.matmulPrecision, "mma", "float32", "the `PRECISION` a float32 product may run in on NVIDIA's tensor cores through CUDA: float32, or the reduced tf32, bf16 or f16 (matmul; computations.MatrixMulPrecision)")
	fs.BoolVar(&o.inverse, "inverse", false, "the inverse transform, from modes to coordinates (dht)")
	cliutil.NumberVar(fs, &o.order, "order", 1, "the power `N` of a function of the modes that the forward transform expands exactly (dht)")
	fs.StringVar(&o.sampler, "sampler", "uniform", "the distribution `SPEC` of the random values: "+samplerUsage+" (uniform in [0, 1) and normal of mean 0 and deviation 1 by default; integer gives int32, int64 with --precision double) (cbrng)")
	fs.StringVar(&o.bijection, "bijection", "philox4x32", "the counter-based bijection `NAME`: philox or threefry, the words of a counter (2 or 4) and their bits (32 or 64), and optionally -ROUNDS, such as threefry2x64-13 (cbrng)")
	cliutil.NumberVar(fs, &o.seed, "seed", 0, "the `SEED` the generators' keys come from (cbrng)")
	fs.StringVar(&o.device, "device", "", "the first device whose name contains `SUBSTRING` (default: the first GPU, else the first device)")
	cliutil.AddAPIFlag(fs, &o.api)
	fs.StringVar(&o.model, "model", "", "render for a model `DEVICE` instead, without OpenCL: gpu (NVIDIA's limits: 48 KiB of local memory, 1024 work-items per work-group, 132 compute units) or cpu (PoCL's CPU device on 2 cores)")
	return fs, o
}

// modelDevices are the devices --model names.
var modelDevices = map[string]func() *cluda.DeviceParams{"gpu": cluda.ModelGPU, "cpu": cluda.ModelCPU}

// modelAPI returns the model device p through api (see
// cliutil.AddAPIFlag): through CUDA the model GPU is cluda.ModelCUDAGPU.
func modelAPI(p *cluda.DeviceParams, api string) (*cluda.DeviceParams, error) {
	a, err := cluda.ParseAPI(api)
	if err != nil {
		return nil, fmt.Errorf("--api: %w", err)
	}
	switch {
	case a != cluda.CUDA:
	case p.IsGPU():
		return cluda.ModelCUDAGPU(), nil
	default:
		p.API, p.PlatformName = cluda.CUDA, cluda.CUDAPlatformName
	}
	return p, nil
}

// renderComputation builds the FFT or a copy as a PureParallel with the
// transformation chains of o, compiles it (or renders it for a model
// device) and prints its kernels.
func renderComputation(what string, o *renderOptions, w io.Writer) error {
	var model func() *cluda.DeviceParams
	if o.model != "" {
		var ok bool
		if model, ok = modelDevices[o.model]; !ok {
			return fmt.Errorf("--model %s: no such model device (choose gpu or cpu)", o.model)
		}
		if o.device != "" {
			return fmt.Errorf("--model and --device exclude each other: render for a model device or for a real device")
		}
	}
	comp, title, err := renderedComputation(what, o)
	if err != nil {
		return err
	}
	dt := o.precision.ComplexDType()
	if model != nil {
		p, err := modelAPI(model(), o.api)
		if err != nil {
			return err
		}
		if err := cliutil.CheckPrecision(p, dt); err != nil {
			return err
		}
		plan, err := comp.Render(p)
		if err != nil {
			return err
		}
		target := fmt.Sprintf("the %s, without a device.\n"+
			"// Every kernel is taken to allow the device's maximum work-group size; where a\n"+
			"// real device's compiler allows fewer, the plan compiled there differs", p.Name)
		return writeKernels(w, title, target, plan.Signature, plan.Kernels)
	}
	thr, err := cliutil.OpenThread(o.device, o.api, false)
	if err != nil {
		return err
	}
	defer thr.Release()
	if err := cliutil.CheckPrecision(thr.Params(), dt); err != nil {
		return err
	}
	c, err := comp.Compile(thr)
	if err != nil {
		return err
	}
	defer c.Release()
	return writeKernels(w, title, thr.String(), c.Signature(), c.Kernels())
}

// renderedComputation returns the computation that render prints, with
// the transformation chains of o connected, and its title.
func renderedComputation(what string, o *renderOptions) (*core.Computation, string, error) {
	shape, err := cliutil.ParseInts("--shape", o.shape, 1)
	if err != nil {
		return nil, "", err
	}
	t := core.ArrayOf(o.precision.ComplexDType(), shape...)
	var axes []int
	if o.axes != "" {
		if axes, err = cliutil.ParseInts("--axes", o.axes, 0); err != nil {
			return nil, "", err
		}
	}
	ins, err := cliutil.ParseSpecs("in", o.in, cliutil.InputKinds)
	if err != nil {
		return nil, "", err
	}
	outs, err := cliutil.ParseSpecs("out", o.out, cliutil.OutputKinds)
	if err != nil {
		return nil, "", err
	}
	var comp *core.Computation
	var title string
	switch what {
	case "fft":
		ft, err := fft.NewFFT(t, axes, fft.FFTOptions{})
		if err != nil {
			return nil, "", err
		}
		comp, axes = ft.Computation, ft.Axes()
		title = fmt.Sprintf("The FFT of %s over %s (forward with inverse = 0, inverse otherwise)", typeString(t), cliutil.AxesString(axes))
	case "rfft":
		rt := core.ArrayOf(t.DType().Real(), shape...)
		r, err := fft.NewRFFT(rt, axes, fft.RFFTOptions{})
		if err != nil {
			return nil, "", err
		}
		comp, axes = r.Computation, r.Axes()
		title = fmt.Sprintf("The real FFT of %s over %s (numpy.fft.rfftn; the last axis has n/2+1 outputs)", typeString(rt), cliutil.AxesString(axes))
	case "matmul":
		return matmulComputation(o, shape)
	case "dht":
		return dhtComputation(o, shape, axes)
	case "cbrng":
		return cbrngComputation(o, shape)
	case "transpose", "fftshift", "sum", "cumsum":
		comp, title, err = algorithmComputation(what, t, axes)
		if err != nil {
			return nil, "", err
		}
		if axes == nil {
			axes = []int{t.Rank() - 1}
		}
	default:
		cp, err := transformations.Copy(t)
		if err != nil {
			return nil, "", err
		}
		pp, err := computations.PureParallelFromTransformation(cp, "output")
		if err != nil {
			return nil, "", err
		}
		comp = pp.Computation
		if axes == nil {
			axes = []int{t.Rank() - 1}
		}
		title = fmt.Sprintf("An elementwise copy of %s with the transformations fused into its load and store", typeString(t))
	}
	site := cliutil.ChainSite{Type: t, Axes: axes, Scale: 1 / float64(lengthOf(t, axes))}
	if err := cliutil.ConnectChains(comp, site, ins, outs); err != nil {
		return nil, "", err
	}
	return comp, title, nil
}

// writeKernels prints a header that describes the computation compiled
// for target (its device) and then each kernel: a comment with its name,
// launch size and arguments, and the complete source the compiler builds.
func writeKernels(w io.Writer, title, target string, sig core.Signature, kernels []core.KernelInfo) error {
	var b strings.Builder
	fmt.Fprintf(&b, "// Generated by reikna-go for %s.\n//\n", target)
	fmt.Fprintf(&b, "// %s.\n// Its parameters, in the order a call takes them:\n", title)
	for _, p := range sig {
		fmt.Fprintf(&b, "//   %s\n", paramString(p))
	}
	fmt.Fprintf(&b, "//\n// %s, enqueued in this order. Each is a program of its own, complete as\n", cliutil.Plural(len(kernels), "kernel"))
	b.WriteString("// the compiler builds it: the CLUDA prelude, the virtual size functions for\n")
	b.WriteString("// its launch size (virtual_global_id, VIRTUAL_SKIP_THREADS, ...), then the\n")
	fmt.Fprintf(&b, "// kernel. Kernel arguments %sNAME are the parameters above", core.LeafPrefix)
	all := ""
	for _, k := range kernels {
		all += k.Source
	}
	if strings.Contains(all, core.TempPrefix) {
		fmt.Fprintf(&b, ", %sN scratch\n// arrays that pass data between kernels", core.TempPrefix)
	}
	if strings.Contains(all, core.PersistentPrefix) {
		fmt.Fprintf(&b, ", %sN tables\n// (twiddle factors, chirps) that the compiled computation makes once", core.PersistentPrefix)
	}
	if strings.Contains(all, core.ConstantArrayPrefix) {
		fmt.Fprintf(&b, ", %sN tables\n// in constant memory that the compiled computation uploads once", core.ConstantArrayPrefix)
	}
	b.WriteString(".\n")
	for i, k := range kernels {
		fmt.Fprintf(&b, "\n// ==== kernel %d of %d: %s ====\n", i+1, len(kernels), k.Name)
		fmt.Fprintf(&b, "// virtual global size %v, local size %v\n", k.GlobalSize, k.LocalSize)
		fmt.Fprintf(&b, "// arguments: %s\n\n", strings.Join(k.Args, ", "))
		b.WriteString(strings.TrimRight(k.FullSource, "\n"))
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// lengthOf returns the product of t's lengths on axes (nil: every axis).
func lengthOf(t core.Type, axes []int) int {
	shape := t.Shape()
	if axes == nil {
		return t.Size()
	}
	n := 1
	for _, a := range axes {
		if a >= 0 && a < len(shape) {
			n *= shape[a]
		}
	}
	return n
}

// typeString describes an array type briefly: "complex64 8×1024".
func typeString(t core.Type) string {
	if !t.IsArray() {
		return t.DType().String()
	}
	dims := make([]string, t.Rank())
	for i, n := range t.Shape() {
		dims[i] = fmt.Sprint(n)
	}
	return t.DType().String() + " " + strings.Join(dims, "×")
}

// paramString describes a parameter: "output_re  output array of float32 8×1024".
func paramString(p core.Parameter) string {
	role := map[core.Role]string{core.Input: "input", core.Output: "output", core.InputOutput: "input-output", core.Scalar: "scalar"}[p.Role()]
	if p.Role() == core.Scalar {
		return fmt.Sprintf("%-12s %s %s", p.Name, role, p.Type().DType())
	}
	return fmt.Sprintf("%-12s %s array of %s", p.Name, role, typeString(p.Type()))
}
