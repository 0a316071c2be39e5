package fft

import (
	"fmt"
	"slices"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// realAxis is the transform of a real transform along its real axis: of
// the real array src into the half spectrum dst (forward), or back.
type realAxis struct {
	forward bool
	axis, n int // the real axis and its real length
	cdt     dtypes.DType
	tuning  fftplan.Tuning
}

// halved reports whether the axis is transformed as the complex transform
// of n/2 points (a length of 2 is the transform of 2 points).
func (ra realAxis) halved() bool { return ra.n%2 == 0 && ra.n >= 4 }

// hooks returns how the first and last kernels read and write.
func (ra realAxis) hooks() *fftRealHooks {
	h := &fftRealHooks{n: ra.n, scale: 1}
	switch {
	case ra.forward && ra.halved():
		h.load, h.store = realLoadPairs, realStoreTwist
	case ra.forward:
		h.load, h.store, h.dstLength = realLoadReal, realStorePlain, ra.n/2+1
	case ra.halved():
		h.load, h.store, h.scale = realLoadUntwist, realStorePairs, 1/float64(ra.n)
	default:
		h.load, h.store, h.scale = realLoadHermitian, realStoreReal, 1/float64(ra.n)
	}
	return h
}

// build adds the kernels of the transform from src to dst.
func (ra realAxis) build(plan *core.Plan, src, dst *core.KernelArgument) error {
	if ra.n == 1 {
		return plan.KernelCall(kernelTemplates.Lookup("rfft_copy.cl"),
			[]core.KernelArg{core.Bind("output", dst), core.Bind("input", src)}, dst.Shape(),
			core.KernelOptions{Name: "rfft_copy", RenderArgs: map[string]any{
				"forward": ra.forward, "zero": ra.cdt.Real().MustLiteral(0)}})
	}
	// The complex transform runs over the shape of the real array with
	// the axis of the length it transforms.
	shape := slices.Clone(src.Shape())
	if !ra.forward {
		shape = slices.Clone(dst.Shape())
	}
	if ra.halved() {
		shape[ra.axis] = ra.n / 2
	}
	lim := fftLimits(plan.DeviceParams(), ra.cdt, ra.tuning)
	lim.RealEnds = true
	fp, err := fftplan.New(shape, []int{ra.axis}, lim)
	if err != nil {
		return err
	}
	h := ra.hooks()
	b := &fftBuild{plan: plan, args: map[string]*core.KernelArgument{"output": dst, "input": src},
		shape: dst.Shape(), dt: ra.cdt, lim: lim, scale: 1, tables: newFFTTables(plan, ra.cdt),
		src: fftEnd{arg: src, shape: src.Shape()}, real: h}
	if err := b.axis(fp.Axes[0], true, true); err != nil {
		return err
	}
	if h.twistFrom == nil {
		return nil
	}
	return ra.twistKernel(plan, b, h, fp.Axes[0].Batch, dst)
}

// twistKernel adds the kernel that twists the transform of n/2 points in
// h.twistFrom into the spectrum in dst.
func (ra realAxis) twistKernel(plan *core.Plan, b *fftBuild, h *fftRealHooks, batch fftplan.Batch, dst *core.KernelArgument) error {
	half := ra.n / 2
	k := &fftKernel{dt: ra.cdt, real: &fftRealKernel{n: ra.n, scale: 1, twist: true}}
	body := &fftPass{CType: ra.cdt.CType(), Dst: fftPassEnd{Index: fftEnd{arg: dst, shape: dst.Shape()}.index(ra.axis, batch.Outer, half+1, batch.Inner)}}
	body.Dst.Kind = realEnd{Real: k.real.body(body, ra.cdt), Then: complexEnd{}}
	if err := h.bindTwiddles(b, k); err != nil {
		return err
	}
	err := plan.KernelCall(kernelTemplates.Lookup("rfft_twist.cl"),
		[]core.KernelArg{core.Bind("output", dst), core.Bind("input", h.twistFrom), core.Bind("real_twiddle", k.realTw)},
		[]int{batch.Outer * (half + 1) * batch.Inner},
		core.KernelOptions{Name: "rfft_twist", RenderArgs: map[string]any{
			"body": body, "inner": batch.Inner, "outputs": half + 1, "half": half}})
	if err != nil {
		return fmt.Errorf("the twist: %w", err)
	}
	return nil
}
