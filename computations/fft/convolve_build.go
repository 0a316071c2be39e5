package fft

import (
	"fmt"
	"slices"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// padded returns the shape of the transforms of lines: the signal's, with
// the transform lengths along the convolved axes.
func (c *Convolve) padded(lines []convolveAxis) []int {
	out := c.signal.Shape()
	for _, a := range c.axes {
		out[a] = lines[a].T
	}
	return out
}

// spectrumShape returns the shape of the filter's spectrum and its
// transformed axes: the padded shape of lines without the batch axes the
// filter serves whole (length 1).
func (c *Convolve) spectrumShape(lines []convolveAxis) (shape, axes []int) {
	fs := c.filter.Shape()
	for i, n := range fs {
		switch {
		case slices.Contains(c.axes, i):
			axes = append(axes, len(shape))
			shape = append(shape, lines[i].T)
		case n != 1:
			shape = append(shape, n)
		}
	}
	return shape, axes
}

// spectrumRows returns how the fused kernel indexes the filter's spectrum
// for the outer index _o, the position _n and the inner index _i of the
// row it convolves: the indices of the signal's batch axes, without those
// the filter serves whole.
func (c *Convolve) spectrumRows() *fftEndIndex {
	a := c.axes[0]
	ss, fs := c.signal.Shape(), c.filter.Shape()
	var x fftEndIndex
	for i, e := range core.RowMajorIndices("_o", ss[:a]) {
		if fs[i] != 1 {
			x.Outer = append(x.Outer, e)
		}
	}
	for i, e := range core.RowMajorIndices("_i", ss[a+1:]) {
		if fs[a+1+i] != 1 {
			x.InnerIdx = append(x.InnerIdx, e)
		}
	}
	return &x
}

// broadcast reports whether one filter serves every row of the batch.
func (c *Convolve) broadcast() bool {
	fs := c.filter.Shape()
	for i, n := range fs {
		if !slices.Contains(c.axes, i) && n != 1 {
			return false
		}
	}
	return true
}

// build adds the kernels: the filter's spectrum, then the convolution in
// one kernel where it fits, else the forward and inverse FFTs. A linear
// convolution along one axis takes a longer transform where that one fits
// one kernel and the shortest does not (see fusedLength).
func (c *Convolve) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	dt := c.signal.DType()
	if c.signal.Size() == 0 {
		return nil // an empty batch: nothing to convolve
	}
	lines := c.lines
	var k fftplan.Kernel
	fuse := false
	if len(c.axes) == 1 {
		a := c.axes[0]
		lines = slices.Clone(c.lines)
		lines[a].T, k, fuse = fusedLength(c.padded(c.lines), a, c.mode != ConvolveCircular, fftLimits(plan.DeviceParams(), dt, c.tuning))
	}
	spectrum, err := c.filterSpectrum(plan, args[c.filterRoot], lines)
	if err != nil {
		return err
	}
	if fuse {
		err := c.fused(plan, args, spectrum, k, lines)
		if _, refused := fftRefusal(err); !refused {
			return err
		}
		// The device refused the kernel: the two FFTs take its place.
	}
	return c.twoFFTs(plan, args, spectrum, lines)
}

// filterSpectrum adds the FFT of the filter, placed in the transform's
// period and scaled by the inverse transform's normalization, and returns
// the temporary array it writes.
func (c *Convolve) filterSpectrum(plan *core.Plan, filter *core.KernelArgument, lines []convolveAxis) (*core.KernelArgument, error) {
	shape, axes := c.spectrumShape(lines)
	st := core.ArrayOf(c.signal.DType(), shape...)
	place, err := c.placement(st, lines)
	if err != nil {
		return nil, err
	}
	fft, err := newFFT(st, axes, FFTOptions{}, c.tuning)
	if err != nil {
		return nil, fmt.Errorf("Convolve: the filter's FFT: %w", err)
	}
	if err := fft.Connect("input", place, "output", map[string]string{"filter": "filter"}); err != nil {
		return nil, fmt.Errorf("Convolve: the filter's placement: %w", err)
	}
	spectrum, err := plan.TempArray(st)
	if err != nil {
		return nil, err
	}
	if err := plan.ComputationCall(fft, spectrum, filter, 0); err != nil {
		return nil, err
	}
	return spectrum, nil
}

// twoFFTs adds the forward FFT of the signal (padded as it is loaded) into
// a temporary array and the inverse FFT of its product with the filter's
// spectrum (multiplied as it is loaded) into the output (cropped as it is
// stored).
func (c *Convolve) twoFFTs(plan *core.Plan, args map[string]*core.KernelArgument, spectrum *core.KernelArgument, lines []convolveAxis) error {
	dt := c.signal.DType()
	pt := core.ArrayOf(dt, c.padded(lines)...)
	forward, err := newFFT(pt, c.axes, FFTOptions{}, c.tuning)
	if err != nil {
		return fmt.Errorf("Convolve: the signal's FFT: %w", err)
	}
	if !pt.SameShape(c.signal) {
		pad, err := convolvePad(c.signal, pt)
		if err != nil {
			return err
		}
		if err := forward.Connect("input", pad, "output", map[string]string{"input": "signal"}); err != nil {
			return fmt.Errorf("Convolve: the signal's padding: %w", err)
		}
	}
	inverse, err := newFFT(pt, c.axes, FFTOptions{Unnormalized: true}, c.tuning)
	if err != nil {
		return fmt.Errorf("Convolve: the inverse FFT: %w", err)
	}
	mul, err := c.multiply(pt, spectrum.Type())
	if err != nil {
		return err
	}
	if err := inverse.Connect("input", mul, "output", map[string]string{"product": "product", "spectrum": "spectrum"}); err != nil {
		return fmt.Errorf("Convolve: the product with the filter's spectrum: %w", err)
	}
	if !pt.SameShape(c.output) {
		crop, err := convolveCrop(pt, c.output)
		if err != nil {
			return err
		}
		if err := inverse.Connect("output", crop, "input", map[string]string{"output": "cropped"}); err != nil {
			return fmt.Errorf("Convolve: the crop: %w", err)
		}
	}
	product, err := plan.TempArray(pt)
	if err != nil {
		return err
	}
	if err := plan.ComputationCall(forward, product, args[c.signalRoot], 0); err != nil {
		return err
	}
	return plan.ComputationCall(inverse, args[c.outputRoot], product, spectrum, 1)
}

// fused adds the one kernel of the convolution: the register kernel k of
// the transform of a padded row, loading the signal (zeros past its end),
// multiplying by the filter's spectrum after the forward stages and
// conjugating, running the stages again and storing the conjugate (which
// is the inverse transform) up to the output's length.
func (c *Convolve) fused(plan *core.Plan, args map[string]*core.KernelArgument, spectrum *core.KernelArgument, k fftplan.Kernel, lines []convolveAxis) error {
	dt := c.signal.DType()
	line := lines[c.axes[0]]
	k.SrcLength, k.DstLength = line.N, line.Out
	conj, err := plan.Constant(dtypes.Int32, int32(1))
	if err != nil {
		return err
	}
	fk := &fftKernel{Kernel: k, dt: dt, name: "convolve_fused",
		src:     fftEnd{arg: args[c.signalRoot], shape: c.signal.Shape()},
		dst:     fftEnd{arg: args[c.outputRoot], shape: c.output.Shape()},
		inverse: conj, out: inverseEnd(dt, 1), fused: &fftFused{}}
	if err := newFFTTables(plan, dt).bind(fk); err != nil {
		return err
	}
	fk.bTable = spectrum
	if !c.broadcast() {
		fk.fused.Rows = c.spectrumRows()
	}
	kargs, render := fk.args()
	return plan.KernelCall(kernelTemplates.Lookup("fft.cl"), kargs, []int{k.Groups() * k.Pass.WG},
		core.KernelOptions{Name: fk.name, Local: []int{k.Pass.WG}, RenderArgs: render, CompilerOptions: c.tuning.CompilerOptions, BoundLocal: k.Pass.Bounded})
}
