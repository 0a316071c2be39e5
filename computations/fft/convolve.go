package fft

import (
	"fmt"
	"slices"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// Convolve is the convolution of a signal with a filter over a set of the
// signal's axes, batched over the others, computed with FFTs. Its
// signature is (output, signal, filter). Along a convolved axis where the
// signal has n elements and the filter m, the output is
//
//	output[k] = Σⱼ signal[k-j] · filter[j]
//
// cyclic in n (ConvolveCircular), or the linear convolution with zero
// padding, numpy.convolve's "full" (n+m-1 outputs) or scipy's "same" (the
// middle n of them); over several axes the sum runs over each. With
// ConvolveOptions.Correlate it is the correlation instead, numpy.correlate
// and scipy.signal.correlate:
//
//	output[k] = Σⱼ signal[j] · conj(filter[j - k + m - 1])   (full)
//	output[k] = Σⱼ signal[j + k] · conj(filter[j])            (circular, indices mod n)
//
// that is, the convolution with the filter reversed and conjugated.
//
// The signal and the filter are complex or real arrays of one precision
// (real ones are read as the real parts of complex values); the output is
// complex, or real where the signal and the filter both are, as numpy's
// and scipy's convolutions give (the real parts are stored). The filter has the signal's rank. On the axes that are not convolved
// its length is the signal's or 1, where one filter serves every row of
// the batch; on the convolved ones it is any length (at most n for the
// circular mode).
//
// The filter's spectrum is computed by an FFT on every call (of one row
// where it serves the whole batch). Linear modes transform rows padded to
// the smallest length of factors 2, 3, 5 and 7 that holds n+m-1 outputs
// (or, along one axis, the smallest such length up to twice as long that
// the one kernel below computes, where the shortest has no such kernel);
// the padding happens in the loads of the first kernel and the crop in the
// stores of the last. Where one axis is convolved and a padded row fits
// one work-group (one pass of the FFT's register kernel; on GPUs rows of
// at most 2048 points, where that is faster than two FFTs), a single kernel
// reads the signal, transforms it, multiplies by the spectrum, transforms
// back and writes the output: one pass over memory. Otherwise the forward FFT
// writes the signal's spectrum to a temporary array and the inverse FFT
// multiplies it by the filter's as it loads it.
//
// Convolve embeds a *core.Computation: transformations connect to output,
// signal and filter, and it can be nested with core.Plan.ComputationCall.
type Convolve struct {
	*core.Computation
	signal, filter, output core.Type
	axes                   []int
	mode                   ConvolveMode
	opts                   ConvolveOptions
	lines                  []convolveAxis // by axis of the signal; zero on batch axes
	tuning                 fftplan.Tuning
	// signalRoot, filterRoot and outputRoot name the computation's own
	// parameters of the complex signal, filter and output (see rootName).
	signalRoot, filterRoot, outputRoot string
	// realOutput is the output's type in the signature where it is real.
	realOutput core.Type
}

// ConvolveOptions are the optional parts of a Convolve.
type ConvolveOptions struct {
	// Correlate computes the correlation: the convolution with the
	// filter reversed and conjugated.
	Correlate bool
}

// NewConvolve returns the convolution of arrays of type signal with a
// filter of type filter over axes (nil for every axis; negative ones count
// from the end) in the mode.
func NewConvolve(signal, filter core.Type, axes []int, mode ConvolveMode, opts ConvolveOptions) (*Convolve, error) {
	return newConvolve(signal, filter, axes, mode, opts, fftplan.Tuning{})
}

// newConvolve is NewConvolve with the FFT plans tuned.
func newConvolve(signal, filter core.Type, axes []int, mode ConvolveMode, opts ConvolveOptions, tuning fftplan.Tuning) (*Convolve, error) {
	dt, err := checkConvolveTypes(signal, filter)
	if err != nil {
		return nil, err
	}
	if mode != ConvolveCircular && mode != ConvolveFull && mode != ConvolveSame {
		return nil, fmt.Errorf("fft: Convolve: unknown mode %v", mode)
	}
	axes, err = convolveAxes(signal.Rank(), axes)
	if err != nil {
		return nil, err
	}
	ss, fs := signal.Shape(), filter.Shape()
	// The computation is that of complex arrays; real ones are promoted as
	// they are loaded.
	realSignal, realFilter := signal, filter
	if !signal.DType().IsComplex() {
		signal = core.ArrayOf(dt, ss...)
	}
	if !filter.DType().IsComplex() {
		filter = core.ArrayOf(dt, fs...)
	}
	c := &Convolve{signal: signal, filter: filter, axes: axes, mode: mode, opts: opts,
		lines: make([]convolveAxis, len(ss)), tuning: tuning}
	out := slices.Clone(ss)
	for i := range ss {
		if !slices.Contains(axes, i) {
			if fs[i] != 1 && fs[i] != ss[i] {
				return nil, fmt.Errorf("fft: Convolve: the filter's shape %v does not fit the signal's %v on axis %d, which is not convolved: its length must be %d or 1", fs, ss, i, ss[i])
			}
			continue
		}
		if ss[i] == 0 || fs[i] == 0 {
			return nil, fmt.Errorf("fft: Convolve: axis %d has length 0 (signal %v, filter %v)", i, ss, fs)
		}
		if mode == ConvolveCircular && fs[i] > ss[i] {
			return nil, fmt.Errorf("fft: Convolve: the filter's length %d on axis %d is longer than the signal's %d, which a circular convolution takes as its period", fs[i], i, ss[i])
		}
		c.lines[i] = newConvolveAxis(ss[i], fs[i], mode)
		out[i] = c.lines[i].Out
	}
	if err := fftplan.CheckShape(c.padded(c.lines), axes); err != nil {
		return nil, fmt.Errorf("fft: Convolve of a signal %v with a filter %v: %w", ss, fs, err)
	}
	if err := fftplan.CheckShape(out, axes); err != nil {
		return nil, fmt.Errorf("fft: Convolve of a signal %v with a filter %v: %w", ss, fs, err)
	}
	c.output = core.ArrayOf(dt, out...)
	c.signalRoot, c.filterRoot, c.outputRoot = rootName("signal", realSignal), rootName("filter", realFilter), "output"
	if !realSignal.DType().IsComplex() && !realFilter.DType().IsComplex() {
		c.realOutput = core.ArrayOf(dt.Real(), out...)
		c.outputRoot = rootName("output", c.realOutput)
	}
	c.Computation, err = core.NewComputation("convolve", []core.Parameter{
		core.Param(c.outputRoot, core.Out(c.output)),
		core.Param(c.signalRoot, core.In(signal)),
		core.Param(c.filterRoot, core.In(filter)),
	}, c.build)
	if err != nil {
		return nil, err
	}
	if err := c.promoteReal("signal", realSignal); err != nil {
		return nil, err
	}
	if err := c.promoteReal("filter", realFilter); err != nil {
		return nil, err
	}
	if c.realOutput.IsArray() {
		part, err := transformations.RealPart(c.output)
		if err != nil {
			return nil, fmt.Errorf("fft: Convolve: %w", err)
		}
		if err := c.Connect(c.outputRoot, part, "input", map[string]string{"output": "output"}); err != nil {
			return nil, fmt.Errorf("fft: Convolve: the real output: %w", err)
		}
	}
	return c, nil
}

// checkConvolveTypes reports a signal or filter that is not a float or
// complex array, or whose precisions or ranks differ, and returns the
// complex dtype of the convolution.
func checkConvolveTypes(signal, filter core.Type) (dtypes.DType, error) {
	var dts [2]dtypes.DType
	for i, x := range []struct {
		name string
		t    core.Type
	}{{"signal", signal}, {"filter", filter}} {
		if err := arrayparam.CheckType("Convolve "+x.name, x.t); err != nil {
			return 0, fmt.Errorf("fft: %w", err)
		}
		dt, err := x.t.DType().Complex()
		if err != nil || x.t.DType().IsInteger() {
			return 0, fmt.Errorf("fft: Convolve: the %s's dtype %v must be float32, float64, complex64 or complex128 (Cast converts integers)", x.name, x.t.DType())
		}
		dts[i] = dt
	}
	if dts[0] != dts[1] {
		return 0, fmt.Errorf("fft: Convolve: the signal's dtype %v and the filter's %v differ in precision", signal.DType(), filter.DType())
	}
	if signal.Rank() != filter.Rank() {
		return 0, fmt.Errorf("fft: Convolve: the filter's shape %v has another rank than the signal's %v (give batch axes it serves whole a length of 1)", filter.Shape(), signal.Shape())
	}
	return dts[0], nil
}

// rootName returns the name of the computation's own parameter for the
// array called name in its signature, of type t: name itself for a
// complex array, and for a real one "complex_"+name, which a
// transformation that reads name as real parts feeds (promoteReal).
func rootName(name string, t core.Type) string {
	if t.DType().IsComplex() {
		return name
	}
	return "complex_" + name
}

// promoteReal connects to the parameter of c for the array called name in
// the signature, of type t, the transformation that reads it as real
// parts where t is real.
func (c *Convolve) promoteReal(name string, t core.Type) error {
	if t.DType().IsComplex() {
		return nil
	}
	trf, err := transformations.RealToComplex(t)
	if err != nil {
		return fmt.Errorf("fft: Convolve: %w", err)
	}
	if err := c.Connect(rootName(name, t), trf, "output", map[string]string{"input": name}); err != nil {
		return fmt.Errorf("fft: Convolve: the real %s: %w", name, err)
	}
	return nil
}

// convolveAxes returns the convolved axes as indices (negative ones
// counted from the end), every axis for nil, and reports axes out of
// range or repeated.
func convolveAxes(rank int, axes []int) ([]int, error) {
	all := axes
	if axes == nil {
		all = arrayparam.AllAxes(rank)
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("fft: Convolve: no axes to convolve (axes %v of a signal of %d dimensions)", axes, rank)
	}
	out, err := arrayparam.NormalAxes("Convolve", all, rank)
	if err != nil {
		return nil, fmt.Errorf("fft: %w", err)
	}
	return out, nil
}

// Axes returns the convolved axes.
func (c *Convolve) Axes() []int { return slices.Clone(c.axes) }

// Mode returns the mode of the convolution.
func (c *Convolve) Mode() ConvolveMode { return c.mode }

// OutputType returns the type of the output: the signal's shape with the
// lengths of the mode along the convolved axes.
func (c *Convolve) OutputType() core.Type {
	if c.realOutput.IsArray() {
		return c.realOutput
	}
	return c.output
}
