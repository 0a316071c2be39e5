package computations

import (
	"embed"
	"errors"
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

//go:embed templates/fft.cl templates/fft_local.cl templates/fft_register.cl templates/fft_copy.cl
var fftFS embed.FS

var fftTemplates = templates.MustParseFS(fftFS, "templates/fft.cl", "templates/fft_local.cl", "templates/fft_register.cl", "templates/fft_copy.cl")

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
type FFT struct {
	*core.Computation
	typ  core.Type
	axes []int
	opts FFTOptions

	// tuning overrides the device's limits, for tests that exercise on
	// one device the plans of others.
	tuning struct {
		localBytes  int
		noRegisters bool
		maxRegE     int
		passTable   int // most entries of a one-level pass twiddle table
		maxRegWG    int
		options     []string // compiler options of the kernels
	}
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
	if !t.IsArray() {
		return nil, fmt.Errorf("computations: FFT of the scalar type %v", t)
	}
	if err := t.Validate(); err != nil {
		return nil, fmt.Errorf("computations: FFT: %w", err)
	}
	if !t.DType().IsComplex() {
		return nil, fmt.Errorf("computations: FFT of %v: the dtype must be complex64 or complex128 (connect a transformation such as RealToComplex for real data)", t.DType())
	}
	if axes == nil {
		for i := 0; i < t.Rank(); i++ {
			axes = append(axes, i)
		}
	}
	seen := map[int]bool{}
	for _, a := range axes {
		if a < 0 || a >= t.Rank() {
			return nil, fmt.Errorf("computations: FFT: axis %d is out of range for an array of %d dimensions", a, t.Rank())
		}
		if seen[a] {
			return nil, fmt.Errorf("computations: FFT: axis %d is repeated in %v", a, axes)
		}
		seen[a] = true
		if t.Shape()[a] == 0 {
			return nil, fmt.Errorf("computations: FFT: axis %d has length 0", a)
		}
	}
	if err := checkFFTIndices(t.Shape(), axes); err != nil {
		return nil, err
	}
	f := &FFT{typ: t, axes: slices.Clone(axes), opts: opts}
	var err error
	f.Computation, err = core.NewComputation("fft", []core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
		core.Param("inverse", core.ScalarArg(dtypes.Int32)),
	}, f.build)
	if err != nil {
		return nil, err
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

// fftTables makes each table once per plan.
type fftTables struct {
	plan  *core.Plan
	dt    dtypes.DType
	cache map[string]*core.KernelArgument
}

func (t *fftTables) get(key string, make func() []complex128) (*core.KernelArgument, error) {
	if a, ok := t.cache[key]; ok {
		return a, nil
	}
	a, err := t.plan.PersistentArray(toDType(make(), t.dt))
	if err != nil {
		return nil, err
	}
	t.cache[key] = a
	return a, nil
}

func (f *FFT) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	dt := f.typ.DType()
	if !plan.DeviceParams().SupportsDType(dt) {
		return fmt.Errorf("FFT: the device does not support %v", dt)
	}
	shape := f.typ.Shape()
	if f.typ.Size() == 0 {
		return nil // an empty array: nothing to transform
	}
	lim := newFFTLimits(plan.DeviceParams(), dt)
	if f.tuning.localBytes > 0 {
		// Plan as a GPU with that much local memory would.
		lim.localBytes = f.tuning.localBytes
		lim.maxRegL, lim.maxRegLS, lim.expTwiddles, lim.plainLocal = 0, 0, false, false
	}
	lim.registers = !f.tuning.noRegisters
	if f.tuning.maxRegE > 0 {
		lim.maxRegE = f.tuning.maxRegE
	}
	if f.tuning.maxRegWG > 0 {
		lim.maxRegWG = min(lim.maxRegWG, f.tuning.maxRegWG)
	}
	scale := 1.0
	var axes []fftAxis
	for _, a := range f.axes {
		n := shape[a]
		scale /= float64(n)
		if n > 1 {
			axes = append(axes, planAxis(a, n, elements(shape[:a]), elements(shape[a+1:]), lim))
		}
	}
	if f.opts.Unnormalized {
		scale = 1
	}
	if len(axes) == 0 {
		// Nothing to transform: a copy that still runs the transformations
		// (the inverse of length-1 transforms is the identity too).
		return plan.KernelCall(fftTemplates.Lookup("fft_copy.cl"),
			[]core.KernelArg{core.Bind("output", args["output"]), core.Bind("input", args["input"])},
			shape, core.KernelOptions{Name: "fft_copy"})
	}

	tables := &fftTables{plan: plan, dt: dt, cache: map[string]*core.KernelArgument{}}
	b := &fftBuild{f: f, plan: plan, args: args, shape: shape, dt: dt, lim: lim, tables: tables, scale: scale,
		src: fftEnd{arg: args["input"], shape: shape}}
	for ai, ax := range axes {
		last := ai == len(axes)-1
		err := b.axis(ax, ai == 0, last)
		var capacity *fftCapacityError
		if errors.As(err, &capacity) && len(ax.passes) == 1 {
			// The single pass the axis was planned with cannot run on this
			// device: plan it in several passes instead.
			ax = planAxis(ax.axis, ax.n, elements(shape[:ax.axis]), elements(shape[ax.axis+1:]), lim.withoutSinglePass(ax.m))
			err = b.axis(ax, ai == 0, last)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// fftBuild chains the kernels of the axes' passes: the first reads input,
// the last writes output, the others go through flat temporary arrays
// (which the plan packs so that every other one shares memory).
type fftBuild struct {
	f      *FFT
	plan   *core.Plan
	args   map[string]*core.KernelArgument
	shape  []int
	dt     dtypes.DType
	lim    fftLimits
	tables *fftTables
	scale  float64
	src    fftEnd // where the next kernel reads
	count  int    // kernels added
}

// fftCapacityError reports a pass that no kernel can run on the device.
type fftCapacityError struct{ err error }

func (e *fftCapacityError) Error() string { return e.err.Error() }
func (e *fftCapacityError) Unwrap() error { return e.err }

// axis adds the kernels of the transform along one axis.
func (b *fftBuild) axis(ax fftAxis, first, last bool) error {
	outer := elements(b.shape[:ax.axis])
	inner := elements(b.shape[ax.axis+1:])
	ffts := 1
	if ax.bluestein {
		ffts = 2
	}
	var kernels []*fftKernel
	for fi := 0; fi < ffts; fi++ {
		for pi, p := range ax.passes {
			k := &fftKernel{pass: p, dt: b.dt, axis: ax.axis, outer: outer, inner: inner, expTwiddles: b.lim.expTwiddles}
			k.src.length, k.dst.length = ax.n, ax.n
			if ax.bluestein {
				k.src.length, k.dst.length = ax.m, ax.m
				k.chirpIn = fi == 0 && pi == 0
				k.kernelB = fi == 0 && pi == len(ax.passes)-1
				k.chirpOut = fi == 1 && pi == len(ax.passes)-1
				if k.chirpIn {
					k.src.length = ax.n
				}
				if k.chirpOut {
					k.dst.length = ax.n
				}
			}
			if err := b.f.tablesFor(k, ax, b.tables); err != nil {
				return err
			}
			kernels = append(kernels, k)
		}
	}
	for i, k := range kernels {
		k.src.arg, k.src.shape = b.src.arg, b.src.shape
		if first && i == 0 {
			k.inverse, k.conjIn = b.args["inverse"], true
		}
		if last && i == len(kernels)-1 {
			k.inverse, k.conjOut, k.scale = b.args["inverse"], true, b.scale
			k.dst.arg, k.dst.shape = b.args["output"], b.shape
		} else {
			tmp, err := b.plan.TempArray(core.ArrayOf(b.dt, k.outer*k.dst.length*k.inner))
			if err != nil {
				return err
			}
			k.dst.arg = tmp
		}
		k.name = fmt.Sprintf("fft_axis%d_pass%d", k.axis, b.count)
		if err := b.f.kernelCall(b.plan, k, b.lim, ax, b.tables); err != nil {
			return err
		}
		b.count++
		b.src = fftEnd{arg: k.dst.arg, shape: k.dst.shape}
	}
	return nil
}

// groups returns the number of work-groups of a kernel.
func (k *fftKernel) groups() int {
	count := k.outer * (k.pass.n / k.pass.l) * k.inner
	return (count + k.pass.tile - 1) / k.pass.tile
}

// tablesFor adds the twiddle and chirp tables a kernel reads.
func (f *FFT) tablesFor(k *fftKernel, ax fftAxis, tables *fftTables) error {
	var err error
	if err = f.twiddleTables(k, tables); err != nil {
		return err
	}
	if k.chirpIn || k.chirpOut {
		k.chirp, err = tables.get(fmt.Sprintf("chirp/%d", ax.n), func() []complex128 { return chirp(ax.n) })
		if err != nil {
			return err
		}
	}
	if k.kernelB {
		k.bTable, err = tables.get(fmt.Sprintf("bluestein/%d/%d", ax.n, ax.m), func() []complex128 {
			return bluesteinKernel(ax.n, ax.m, chirp(ax.n))
		})
	}
	return err
}

// maxPassTable is the most entries a one-level table of pass twiddles may
// have (16 MiB of complex64).
const maxPassTable = 1 << 21

// twiddleTables adds the twiddle tables of a pass.
func (f *FFT) twiddleTables(k *fftKernel, tables *fftTables) error {
	var err error
	p := k.pass
	// The layouts are cheap; the tables are made only when the plan has
	// not made them already (for an earlier pass, or an earlier try).
	k.stageOffsets = stageOffsets(p.radices)
	if len(p.radices) > 1 {
		k.twInner, err = tables.get(fmt.Sprintf("stages/%v", p.radices), func() []complex128 { return stageTwiddles(p.radices) })
		if err != nil {
			return err
		}
	}
	if p.ns == 1 {
		return nil
	}
	size := p.ns * p.l
	if k.expTwiddles {
		shift := expTwiddleSplit(size)
		k.passShift = shift
		k.twPassLo, err = tables.get(fmt.Sprintf("exp-lo/%d", size), func() []complex128 { return expTwiddlesLow(size, shift) })
		if err == nil {
			k.twPassHi, err = tables.get(fmt.Sprintf("exp-hi/%d", size), func() []complex128 { return expTwiddlesHigh(size, shift) })
		}
		return err
	}
	limit := maxPassTable
	if f.tuning.passTable > 0 {
		limit = f.tuning.passTable
	}
	k.passBlock = passTwiddleBlocks(p.ns, p.l, limit)
	k.twPassLo, err = tables.get(fmt.Sprintf("rows-lo/%d/%d/%d", p.ns, p.l, k.passBlock), func() []complex128 { return passTwiddlesLow(p.ns, p.l, k.passBlock) })
	if err == nil && k.passBlock > 0 {
		k.twPassHi, err = tables.get(fmt.Sprintf("rows-hi/%d/%d/%d", p.ns, p.l, k.passBlock), func() []complex128 { return passTwiddlesHigh(p.ns, p.l, k.passBlock) })
	}
	return err
}

// kernelCall adds the kernel of a pass to the plan. A kernel that needs more
// registers per work-item than its work-group size allows on the device is
// planned again for the work-group size the device allows; a register
// kernel the device's compiler does not build is replaced by the local
// kernel. A pass that no kernel can run gives an *fftCapacityError.
func (f *FFT) kernelCall(plan *core.Plan, k *fftKernel, lim fftLimits, ax fftAxis, tables *fftTables) error {
	for attempt := 0; ; attempt++ {
		if err := k.checkIndices(); err != nil {
			return err
		}
		kargs, render := k.args()
		err := plan.KernelCall(fftTemplates.Lookup("fft.cl"), kargs, []int{k.groups() * k.pass.wg},
			core.KernelOptions{Name: k.name, Local: []int{k.pass.wg}, RenderArgs: render, CompilerOptions: f.tuning.options})
		if err == nil || attempt == 4 {
			return err
		}
		var wg *cluda.WorkGroupSizeError
		var be *cluda.BuildError
		p := fftPass{n: k.pass.n, l: k.pass.l, ns: k.pass.ns, plain: k.pass.plain}
		count := k.outer * k.inner * (p.n / p.l)
		switch {
		case errors.As(err, &wg):
			// Fewer work-items per sub-transform: more elements each.
			lim.maxRegWG = min(lim.maxRegWG, wg.Limit)
			lim.maxWG = min(lim.maxWG, wg.Limit)
			lim.maxRegE = max(lim.maxRegE, 32)
			if !p.planRegisters(count, k.inner, lim) {
				p.radices = radices(p.l)
				p.choose(count, lim)
			}
		case errors.As(err, &be) && k.pass.e > 0:
			p.radices = radices(p.l)
			p.choose(count, lim)
		default:
			return err
		}
		if p.e == 0 && p.localElems() > lim.localElems() {
			return &fftCapacityError{err}
		}
		k.pass = p
		k.twInner, k.twPassLo, k.twPassHi, k.passShift = nil, nil, nil, 0
		if err := f.tablesFor(k, ax, tables); err != nil {
			return err
		}
	}
}
