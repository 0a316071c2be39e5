package computations

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// FFTShift moves the zero-frequency element of a spectrum to the middle of
// the array, as numpy.fft.fftshift does, or back where the int32 scalar
// inverse is not zero, as numpy.fft.ifftshift does: along each shifted axis
// of length n, a roll by n/2 rounded down, forwards or backwards (the two
// differ where n is odd). Its signature is (output, input, inverse).
//
// Where every shifted length is even, one kernel swaps the elements half a
// length apart, and the output may be the input array (in place);
// otherwise one kernel gathers each output element from the input, and the
// two must not share memory.
//
// FFTShift embeds a *core.Computation, whose methods it has (go doc
// core.Computation lists them): Connect attaches transformations to its
// parameters, Signature lists what a call takes once they are attached,
// Render shows the kernels for a device without one, and Compile makes a
// *core.Callable for a Thread, which Call runs and Release frees. It can
// be nested in a computation of one's own by core.Plan.ComputationCall.
//
// For example:
//
//	shift, err := computations.NewFFTShift(core.ArrayOf(dtypes.Complex64, 64, 64), nil, computations.FFTShiftOptions{})
//	c, err := shift.Compile(thr)
//	defer c.Release()
//	err = c.Call(out, in, 0) // 1 for numpy.fft.ifftshift
type FFTShift struct {
	*core.Computation
	input, output core.Type
	axes          []int
}

// FFTShiftOptions are the optional parts of an FFTShift.
type FFTShiftOptions struct {
	// Output is the type of the output array: the input's dtype and
	// shape, with any layout. The zero Type is the input's type, so that
	// the shift may run in place.
	Output core.Type
}

// NewFFTShift returns the shift over axes of arrays of type input (nil
// shifts over every axis; negative axes count from the end).
func NewFFTShift(input core.Type, axes []int, opts FFTShiftOptions) (*FFTShift, error) {
	if err := arrayparam.CheckType("FFTShift", input); err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	axes, err := arrayparam.Axes("FFTShift", input, axes)
	if err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	output, err := arrayparam.OutputType("FFTShift", input, opts.Output)
	if err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	s := &FFTShift{input: input, output: output, axes: axes}
	s.Computation, err = core.NewComputation("fftshift", []core.Parameter{
		core.Param("output", core.Out(output)),
		core.Param("input", core.In(input)),
		core.Param("inverse", core.ScalarArg(dtypes.Int32)),
	}, s.build)
	if err != nil {
		return nil, err
	}
	if err := arrayparam.DeclareBatches(s.Computation, input.Rank(), axes, "output", "input"); err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	if planFFTShift(input.Shape(), axes).inPlace() {
		if err := s.AllowInPlace("output", "input"); err != nil {
			return nil, fmt.Errorf("computations: FFTShift: %w", err)
		}
	}
	return s, nil
}

// Axes returns the shifted axes, counted from the start.
func (s *FFTShift) Axes() []int { return slices.Clone(s.axes) }

func (s *FFTShift) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	p := planFFTShift(s.input.Shape(), s.axes)
	kargs := []core.KernelArg{core.Bind("output", args["output"]), core.Bind("input", args["input"])}
	name := "fftshift_swap"
	if !p.swap {
		name = "fftshift_gather"
		kargs = append(kargs, core.Bind("inverse", args["inverse"]))
	}
	return plan.KernelCall(kernelTemplates.Lookup(name), kargs, p.global, core.KernelOptions{
		Name:       name,
		RenderArgs: map[string]any{"axes": p.axes},
	})
}
