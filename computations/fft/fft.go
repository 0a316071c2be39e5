package fft

import (
	"embed"
	"fmt"
	"slices"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

//go:embed templates/fft.cl templates/fft_local.cl templates/fft_register.cl templates/fft_ends.cl templates/fft_copy.cl templates/rfft_hooks.cl templates/rfft_twist.cl templates/rfft_copy.cl
var fftFS embed.FS

var fftTemplates = templates.MustParseFS(fftFS, "templates/fft.cl", "templates/fft_local.cl", "templates/fft_register.cl", "templates/fft_ends.cl", "templates/fft_copy.cl",
	"templates/rfft_hooks.cl", "templates/rfft_twist.cl", "templates/rfft_copy.cl")

// FFT is the fast Fourier transform of a complex array over a set of its
// axes, batched over the others. Its signature is (output, input, inverse):
// with inverse 0 it computes numpy.fft.fftn (the kernel exp(-2πi kn/N)),
// otherwise numpy.fft.ifftn, which divides by the product of the
// transformed lengths (unless FFTOptions.Unnormalized is set). Output and
// input may be the same array (or, with transformations connected, leaves
// that stand at their indices); arrays that overlap otherwise are refused
// by the callable.
//
// Every length works: lengths whose prime factors are at most 13 by mixed
// radix passes, other lengths by Bluestein's algorithm. Transformations
// connected to input run inside the loads of the first kernel, those
// connected to output inside the stores of the last kernel.
//
// FFT embeds a *core.Computation, whose methods it has (go doc
// core.Computation lists them): Connect attaches transformations to its
// parameters, Signature lists what a call takes once they are attached,
// Render shows the kernels for a device without one, and Compile makes a
// *core.Callable for a Thread, which Call runs and Release frees. It can
// be nested in a computation of one's own by core.Plan.ComputationCall.
//
// For example:
//
//	t := core.ArrayOf(dtypes.Complex64, 1024)
//	f, err := fft.NewFFT(t, nil, fft.FFTOptions{})
//	// The spectrum in two float32 arrays: output becomes re and im.
//	split, err := transformations.SplitComplex(t)
//	err = f.Connect("output", split, "input", map[string]string{"real": "re", "imag": "im"})
//	c, err := f.Compile(thr) // c.Signature(): re, im, input, inverse
//	defer c.Release()
//	err = c.Call(re, im, in, 0) // 1 for the inverse
type FFT struct {
	*core.Computation
	typ  core.Type
	axes []int
	opts FFTOptions
}

// FFTOptions are the optional parts of an FFT.
type FFTOptions struct {
	// Unnormalized leaves the inverse transform without the division by
	// the product of the transformed lengths.
	Unnormalized bool
}

// NewFFT returns the FFT of arrays of type t over axes (nil for every
// axis), in the order given.
func NewFFT(t core.Type, axes []int, opts FFTOptions) (*FFT, error) {
	return newFFT(t, axes, opts, fftplan.Tuning{})
}

// newFFT is NewFFT with the plan tuned, so that tests and benchmarks run on
// one device the plans of others.
func newFFT(t core.Type, axes []int, opts FFTOptions, tuning fftplan.Tuning) (*FFT, error) {
	if !t.IsArray() {
		return nil, fmt.Errorf("fft: FFT of the scalar type %v", t)
	}
	if err := t.Validate(); err != nil {
		return nil, fmt.Errorf("fft: FFT: %w", err)
	}
	if !t.DType().IsComplex() {
		return nil, fmt.Errorf("fft: FFT of %v: the dtype must be complex64 or complex128 (connect a transformation such as RealToComplex for real data)", t.DType())
	}
	if axes == nil {
		for i := 0; i < t.Rank(); i++ {
			axes = append(axes, i)
		}
	}
	seen := map[int]bool{}
	for _, a := range axes {
		if a < 0 || a >= t.Rank() {
			return nil, fmt.Errorf("fft: FFT: axis %d is out of range for an array of %d dimensions", a, t.Rank())
		}
		if seen[a] {
			return nil, fmt.Errorf("fft: FFT: axis %d is repeated in %v", a, axes)
		}
		seen[a] = true
		if t.Shape()[a] == 0 {
			return nil, fmt.Errorf("fft: FFT: axis %d has length 0", a)
		}
	}
	if err := fftplan.CheckShape(t.Shape(), axes); err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	f := &FFT{typ: t, axes: slices.Clone(axes), opts: opts}
	var err error
	f.Computation, err = core.NewComputation("fft", []core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
		core.Param("inverse", core.ScalarArg(dtypes.Int32)),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		return f.build(plan, args, tuning)
	})
	if err != nil {
		return nil, err
	}
	if err := arrayparam.DeclareBatches(f.Computation, t.Rank(), f.axes, "output", "input"); err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	// Every kernel reads all the elements of its sub-transforms before it
	// writes any of them, and the first kernel of several reads input
	// into a temporary array: output may be input.
	if err := f.AllowInPlace("output", "input"); err != nil {
		return nil, err
	}
	return f, nil
}

// Axes returns the transformed axes.
func (f *FFT) Axes() []int { return slices.Clone(f.axes) }

// build plans the transform for the plan's device and adds its kernels.
func (f *FFT) build(plan *core.Plan, args map[string]*core.KernelArgument, tuning fftplan.Tuning) error {
	dt := f.typ.DType()
	if !plan.DeviceParams().SupportsDType(dt) {
		return fmt.Errorf("FFT: the device does not support %v", dt)
	}
	shape := f.typ.Shape()
	if f.typ.Size() == 0 {
		return nil // an empty array: nothing to transform
	}
	lim := fftLimits(plan.DeviceParams(), dt, tuning)
	fp, err := fftplan.New(shape, f.axes, lim)
	if err != nil {
		return fmt.Errorf("FFT: %w", err)
	}
	scale := fp.Scale
	if f.opts.Unnormalized {
		scale = 1
	}
	if len(fp.Axes) == 0 {
		// Nothing to transform: a copy that still runs the transformations
		// (the inverse of length-1 transforms is the identity too).
		return plan.KernelCall(fftTemplates.Lookup("fft_copy.cl"),
			[]core.KernelArg{core.Bind("output", args["output"]), core.Bind("input", args["input"])},
			shape, core.KernelOptions{Name: "fft_copy"})
	}
	b := &fftBuild{plan: plan, args: args, shape: shape, dt: dt, lim: lim, scale: scale,
		tables: newFFTTables(plan, dt), src: fftEnd{arg: args["input"], shape: shape}}
	for ai, ax := range fp.Axes {
		if err := b.axis(ax, ai == 0, ai == len(fp.Axes)-1); err != nil {
			return err
		}
	}
	return nil
}

// fftBuild chains the kernels of the plan: the first reads input, the last
// writes output, the others go through flat temporary arrays (which the
// plan packs so that every other one shares memory).
type fftBuild struct {
	plan   *core.Plan
	args   map[string]*core.KernelArgument
	shape  []int
	dt     dtypes.DType
	lim    fftplan.Limits
	tables *fftTables
	scale  float64
	src    fftEnd // where the next kernel reads
	count  int    // kernels added
	// real, where set, makes the first and last kernels those of a real
	// transform (rfft_hooks.go) in place of the inverse flag's hooks.
	real *fftRealHooks
}

// axis adds the kernels of the transform along one axis. A kernel the
// device refuses is replanned by the plan's rule (fftplan.Replan) until the
// device runs what takes its place, or no kernel can.
func (b *fftBuild) axis(ax fftplan.Axis, first, last bool) error {
	for i := 0; i < len(ax.Kernels); i++ {
		for {
			err := b.kernel(&ax, i, first && i == 0, last && i == len(ax.Kernels)-1)
			if err == nil {
				break
			}
			refusal, ok := fftRefusal(err)
			if !ok {
				return fmt.Errorf("FFT: axis %d: %w", ax.Axis, err)
			}
			var rerr error
			if ax, rerr = fftplan.Replan(ax, i, refusal, b.lim); rerr != nil {
				return fmt.Errorf("FFT: axis %d: %w: %w", ax.Axis, rerr, err)
			}
		}
	}
	return nil
}

// kernel adds the call of kernel i of an axis, after the kernels added
// before it; first and last mark the first and last kernels of the whole
// transform.
func (b *fftBuild) kernel(ax *fftplan.Axis, i int, first, last bool) error {
	k := &fftKernel{Kernel: ax.Kernels[i], dt: b.dt, src: b.src}
	if err := b.tables.bind(k); err != nil {
		return err
	}
	if first && b.real == nil {
		k.inverse, k.in = b.args["inverse"], inverseEnd(b.dt, 1)
	}
	if last {
		if b.real == nil {
			k.inverse, k.out = b.args["inverse"], inverseEnd(b.dt, b.scale)
		}
		k.dst = fftEnd{arg: b.args["output"], shape: b.shape}
	} else {
		// A temporary array of a kernel the device refuses stays unused,
		// and an unused one is never allocated.
		tmp, err := b.plan.TempArray(core.ArrayOf(b.dt, ax.Temp(i)))
		if err != nil {
			return err
		}
		k.dst = fftEnd{arg: tmp}
	}
	if b.real != nil {
		if err := b.real.hook(b, ax, i, k, first, last); err != nil {
			return err
		}
	}
	k.name = fmt.Sprintf("fft_axis%d_pass%d", k.Axis, b.count)
	kargs, render := k.args()
	err := b.plan.KernelCall(fftTemplates.Lookup("fft.cl"), kargs, []int{k.Groups() * k.Pass.WG},
		core.KernelOptions{Name: k.name, Local: []int{k.Pass.WG}, RenderArgs: render, CompilerOptions: b.lim.Tuning.CompilerOptions, BoundLocal: k.Pass.Bounded})
	if err != nil {
		return err
	}
	b.count++
	b.src = k.dst
	return nil
}
