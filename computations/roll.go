package computations

import (
	"fmt"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// Roll shifts the elements of an array cyclically along one axis, as
// numpy.roll does: the element at index i along the axis moves to index
// i + shift, and those pushed past the end come back at the start. The
// shift is a scalar argument of the call, of any sign and size. Its
// signature is (output, input, shift).
//
// Each element of the output is read from where it lies in the input, in
// one kernel, through the transformations connected to input and output.
//
// Roll embeds a *core.Computation, whose methods it has (go doc
// core.Computation lists them): Connect attaches transformations to its
// parameters, Signature lists what a call takes once they are attached,
// Render shows the kernels for a device without one, and Compile makes a
// *core.Callable for a Thread, which Call runs and Release frees. It can
// be nested in a computation of one's own by core.Plan.ComputationCall.
//
// For example:
//
//	roll, err := computations.NewRoll(core.ArrayOf(dtypes.Float32, 1000), 0, computations.RollOptions{})
//	c, err := roll.Compile(thr)
//	defer c.Release()
//	err = c.Call(out, in, 3) // out[i+3] = in[i]
type Roll struct {
	*core.Computation
	input, output core.Type
	axis          int
}

// RollOptions are the optional parts of a Roll and a RollInPlace.
type RollOptions struct {
	// Output is the type of the output array of a Roll: the input's dtype
	// and shape, with any layout. The zero Type is the input's type.
	Output core.Type
	// ShiftDType is the dtype of the shift, a signed integer type; the
	// default is int32.
	ShiftDType dtypes.DType
}

// NewRoll returns the roll of arrays of type input along axis (negative
// axes count from the end).
func NewRoll(input core.Type, axis int, opts RollOptions) (*Roll, error) {
	axis, shiftDType, err := rollArguments("Roll", input, axis, opts)
	if err != nil {
		return nil, err
	}
	output, err := arrayparam.OutputType("Roll", input, opts.Output)
	if err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	r := &Roll{input: input, output: output, axis: axis}
	r.Computation, err = core.NewComputation("roll", []core.Parameter{
		core.Param("output", core.Out(output)),
		core.Param("input", core.In(input)),
		core.Param("shift", core.ScalarArg(shiftDType)),
	}, r.build)
	if err != nil {
		return nil, err
	}
	if err := arrayparam.DeclareBatches(r.Computation, input.Rank(), []int{axis}, "output", "input"); err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	return r, nil
}

// rollArguments checks the arguments of a Roll or a RollInPlace called
// what, and returns the axis counted from the start and the shift's dtype.
func rollArguments(what string, t core.Type, axis int, opts RollOptions) (int, dtypes.DType, error) {
	if err := arrayparam.CheckType(what, t); err != nil {
		return 0, dtypes.Invalid, fmt.Errorf("computations: %w", err)
	}
	axis, err := arrayparam.NormalAxis(what, axis, t.Rank())
	if err != nil {
		return 0, dtypes.Invalid, fmt.Errorf("computations: %w", err)
	}
	shift := opts.ShiftDType
	if shift == dtypes.Invalid {
		shift = dtypes.Int32
	}
	if !shift.IsSigned() {
		return 0, dtypes.Invalid, fmt.Errorf("computations: %s: the shift's dtype %v is not a signed integer type", what, shift)
	}
	return axis, shift, nil
}

// Axis returns the rolled axis, counted from the start.
func (r *Roll) Axis() int { return r.axis }

func (r *Roll) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	return rollKernel(plan, r.input.Shape(), r.axis, args["output"], args["input"], args["shift"])
}

// rollKernel adds the kernel that rolls input into output along axis by
// shift.
func rollKernel(plan *core.Plan, shape []int, axis int, output, input, shift *core.KernelArgument) error {
	p := planRoll(shape, axis)
	return plan.KernelCall(kernelTemplates.Lookup("roll"),
		[]core.KernelArg{core.Bind("output", output), core.Bind("input", input), core.Bind("shift", shift)},
		p.global, core.KernelOptions{
			Name:       "roll",
			RenderArgs: map[string]any{"before": p.before, "after": p.after, "length": shape[axis]},
		})
}

// RollInPlace is Roll on one array, which it reads and writes: its
// signature is (array, shift). It rolls the array into a temporary array
// and copies that back, in two kernels; transformations connected to array
// run in the loads of the first and the stores of the second.
//
// RollInPlace embeds a *core.Computation, whose methods it has (go doc
// core.Computation lists them): Connect attaches transformations to its
// parameters, Signature lists what a call takes once they are attached,
// Render shows the kernels for a device without one, and Compile makes a
// *core.Callable for a Thread, which Call runs and Release frees. It can
// be nested in a computation of one's own by core.Plan.ComputationCall.
//
// For example:
//
//	roll, err := computations.NewRollInPlace(core.ArrayOf(dtypes.Float32, 1000), 0, computations.RollOptions{})
//	c, err := roll.Compile(thr)
//	defer c.Release()
//	err = c.Call(a, -1)
type RollInPlace struct {
	*core.Computation
	typ  core.Type
	axis int
}

// NewRollInPlace returns the roll along axis (negative axes count from the
// end) of arrays of type t, in place. opts.Output must be the zero Type.
func NewRollInPlace(t core.Type, axis int, opts RollOptions) (*RollInPlace, error) {
	axis, shiftDType, err := rollArguments("RollInPlace", t, axis, opts)
	if err != nil {
		return nil, err
	}
	if opts.Output.IsArray() || opts.Output.DType() != dtypes.Invalid {
		return nil, fmt.Errorf("computations: RollInPlace: an output type is given (%v); the output is the array itself", opts.Output)
	}
	r := &RollInPlace{typ: t, axis: axis}
	r.Computation, err = core.NewComputation("roll_in_place", []core.Parameter{
		core.Param("array", core.InOut(t)),
		core.Param("shift", core.ScalarArg(shiftDType)),
	}, r.build)
	if err != nil {
		return nil, err
	}
	if err := arrayparam.DeclareBatches(r.Computation, t.Rank(), []int{axis}, "array"); err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	return r, nil
}

// Axis returns the rolled axis, counted from the start.
func (r *RollInPlace) Axis() int { return r.axis }

func (r *RollInPlace) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	shape := r.typ.Shape()
	temp, err := plan.TempArray(core.ArrayOf(r.typ.DType(), shape...))
	if err != nil {
		return err
	}
	if err := rollKernel(plan, shape, r.axis, temp, args["array"], args["shift"]); err != nil {
		return err
	}
	p := planRoll(shape, r.axis)
	return plan.KernelCall(kernelTemplates.Lookup("roll_copy"),
		[]core.KernelArg{core.Bind("array", args["array"]), core.Bind("temp", temp)},
		p.global, core.KernelOptions{
			Name:       "roll_copy",
			RenderArgs: map[string]any{"before": p.before, "after": p.after},
		})
}
