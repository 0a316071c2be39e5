package fft

import (
	"fmt"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// build plans the transform for the plan's device and adds its kernels.
func (f *FFT) build(plan *core.Plan, args map[string]*core.KernelArgument, tuning fftplan.Tuning) error {
	dt := f.typ.DType()
	shape := f.typ.Shape()
	if f.typ.Size() == 0 {
		return nil // an empty array: nothing to transform
	}
	tuning = chooseTuning(plan, f.typ, f.axes, tuning)
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
		return plan.KernelCall(kernelTemplates.Lookup("fft_copy.cl"),
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
	// The looped kernel runs no product between its stages (a fused
	// convolution plans without looped passes: fusedConvolution), nor a
	// real transform's twist of paired work-groups (it holds whole rows).
	if k.Pass.Looped && (k.fused != nil || k.real != nil && k.real.paired) {
		return fmt.Errorf("FFT: a looped pass of %d points with a fused product or paired twist", k.Pass.L)
	}
	// A looped pass of several (L < N) loads and stores as a Stockham
	// pass does, and twists no real transform's rows (Limits.RealEnds
	// plans none; the half of a real transform in lanes reads its pairs
	// element by element and twists in a kernel of its own).
	if k.Pass.Looped && k.Pass.L < k.Pass.N && (k.real != nil && (k.real.twist || k.real.paired) || k.Pass.RowLoads || k.Pass.ColumnStores) {
		return fmt.Errorf("FFT: a looped pass of %d of %d points with a real transform's ends or another order of loads and stores", k.Pass.L, k.Pass.N)
	}
	// Nor does the vector kernel, nor a real transform's loads and stores
	// (the plans of real transforms take none: Limits.RealEnds).
	if k.Pass.Vectors > 0 && (k.fused != nil || k.real != nil) {
		return fmt.Errorf("FFT: a vector pass of %d points with a fused product or a real transform's ends", k.Pass.L)
	}
	if k.Pass.Slots > 0 {
		scratch, err := b.plan.TempArray(core.ArrayOf(b.dt, k.Pass.ScratchElems()))
		if err != nil {
			return err
		}
		k.scratch = scratch
	}
	// Lanes load and store whole vectors: their arrays need pointers, and
	// a real transform's ends other than its pairs' loads and plain stores
	// go element by element.
	if k.Pass.Lanes > 1 && !k.Pass.Looped && (k.real != nil && !k.real.inLanes() || k.fused != nil || !k.src.arg.HasPointer() || !k.dst.arg.HasPointer()) {
		k.Pass = k.Pass.DropLanes()
	}
	k.name = fmt.Sprintf("fft_axis%d_pass%d", k.Axis, b.count)
	kargs, render := k.args()
	err := b.plan.KernelCall(kernelTemplates.Lookup("fft.cl"), kargs, []int{k.Groups() * k.Pass.WG},
		core.KernelOptions{Name: k.name, Local: []int{k.Pass.WG}, RenderArgs: render, CompilerOptions: b.lim.Tuning.CompilerOptions, BoundLocal: k.Pass.Bounded})
	if err != nil {
		return err
	}
	b.count++
	b.src = k.dst
	return nil
}
