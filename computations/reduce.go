package computations

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/computations/internal/device"
	"github.com/reikna-go/reikna/core"
)

// Reduce folds an array over a set of its axes with a predicate (reikna's
// Reduce): output[kept indices] = the operation over every element of
// input with those indices. Its signature is (output, input); output has
// the shape of input without the reduced axes, a 0-d array when every axis
// is reduced. The elements are combined in an order of the plan's
// choosing, so the operation must be commutative as well as associative.
//
// A reduction runs in passes: each work-group folds a part of the reduced
// elements in local memory, and a further pass folds the partial values of
// several groups where one pass gives too few groups to fill the device.
// Axes that are kept after the last reduced axis are reduced side by side
// by neighbouring work-items, so that reductions over leading axes read
// memory in order, without a transposition. Transformations connected to
// input run inside the loads of the first pass, those connected to output
// inside the stores of the last.
//
// Reduce embeds a *core.Computation, whose methods it has (go doc
// core.Computation lists them): Connect attaches transformations to its
// parameters, Signature lists what a call takes once they are attached,
// Render shows the kernels for a device without one, and Compile makes a
// *core.Callable for a Thread, which Call runs and Release frees. It can
// be nested in a computation of one's own by core.Plan.ComputationCall.
//
// For example:
//
//	t := core.ArrayOf(dtypes.Float32, 100, 1000)
//	sum, err := computations.PredicateSum(dtypes.Float32)
//	rd, err := computations.NewReduce(t, sum, []int{1})
//	// Sums of x·w: input becomes x and the scalar w, fused into the loads.
//	scale, err := transformations.MulParam(t, dtypes.Float32)
//	err = rd.Connect("input", scale, "output", map[string]string{"input": "x", "param": "w"})
//	c, err := rd.Compile(thr) // c.Signature(): output, x, w
//	defer c.Release()
//	err = c.Call(out, x, float32(0.5)) // out has shape (100)
type Reduce struct {
	*core.Computation
	typ       core.Type
	predicate *Predicate
	axes      []int
}

// ReduceOptions are the optional parts of a Reduce.
type ReduceOptions struct {
	// Output is the type of the output array: of the input's dtype and
	// the shape of the kept axes, with any strides and offset (reikna's
	// output_arr_t). The zero Type is the contiguous array.
	Output core.Type
}

// NewReduce returns the reduction of arrays of type t over axes (nil for
// every axis; negative ones count from the end) with the predicate, whose
// dtype must be t's. A reduction over an axis of length 0 gives the
// predicate's empty value, and is refused for a predicate without one.
func NewReduce(t core.Type, predicate *Predicate, axes []int, opts ReduceOptions) (*Reduce, error) {
	return newReduce("Reduce", t, predicate, axes, opts.Output)
}

// newReduce is NewReduce for the computation called what, which its
// errors name: Reduce itself, or one built on it.
func newReduce(what string, t core.Type, predicate *Predicate, axes []int, output core.Type) (*Reduce, error) {
	axes, err := checkReductionArgs(what, t, predicate, axes)
	if err != nil {
		return nil, err
	}
	roles, _, r, _ := splitAxes(t.Shape(), axes)
	if r == 0 {
		if _, err := predicate.emptyLiteral("a reduction over an axis of length 0"); err != nil {
			return nil, fmt.Errorf("computations: %s: %w", what, err)
		}
	}
	out := keptView(t.Shape(), roles)
	output, err = arrayparam.OutputType(what, core.ArrayOf(t.DType(), out.shape...), output)
	if err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	rd := &Reduce{typ: t, predicate: predicate, axes: axes}
	rd.Computation, err = core.NewComputation("reduce", []core.Parameter{
		core.Param("output", core.Out(output)),
		core.Param("input", core.In(t)),
	}, rd.build)
	if err != nil {
		return nil, err
	}
	if err := declareKeptBatches(rd.Computation, t.Rank(), axes); err != nil {
		return nil, err
	}
	return rd, nil
}

// checkReductionArgs checks the arguments of a reduction or a scan named
// fn and returns its axes, sorted (every axis for nil).
func checkReductionArgs(fn string, t core.Type, predicate *Predicate, axes []int) ([]int, error) {
	if err := arrayparam.CheckType(fn, t); err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	if predicate == nil {
		return nil, fmt.Errorf("computations: %s: nil predicate", fn)
	}
	if predicate.DType() != t.DType() {
		return nil, fmt.Errorf("computations: %s of %v with a predicate of %v: the dtypes must be the same", fn, t.DType(), predicate.DType())
	}
	axes, err := arrayparam.Axes(fn, t, axes)
	if err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	slices.Sort(axes)
	return axes, nil
}

// Axes returns the reduced axes, in increasing order.
func (rd *Reduce) Axes() []int { return slices.Clone(rd.axes) }

// Predicate returns the reduction's predicate.
func (rd *Reduce) Predicate() *Predicate { return rd.predicate }

// reductionLimitsOf returns the limits of the plan's device for values of
// the dtype of t.
func reductionLimitsOf(plan *core.Plan, t core.Type) (reductionLimits, error) {
	p := plan.DeviceParams()
	if !p.SupportsDType(t.DType()) {
		return reductionLimits{}, fmt.Errorf("the device does not support %v", t.DType())
	}
	return reductionLimits{Limits: device.LimitsOf(p), ItemSize: t.DType().Size()}, nil
}

// build plans the reduction for the plan's device and adds its passes.
func (rd *Reduce) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	lim, err := reductionLimitsOf(plan, rd.typ)
	if err != nil {
		return fmt.Errorf("Reduce: %w", err)
	}
	shape := rd.typ.Shape()
	roles, o, r, i := splitAxes(shape, rd.axes)
	out := keptView(shape, roles)
	if o*i == 0 {
		return nil // nothing to write
	}
	if r == 0 {
		empty, err := rd.predicate.emptyLiteral("a reduction over an axis of length 0")
		if err != nil {
			return fmt.Errorf("Reduce: %w", err)
		}
		return plan.KernelCall(kernelTemplates.Lookup("reduce_fill.cl"),
			[]core.KernelArg{core.Bind("output", args["output"])}, out.shape,
			core.KernelOptions{Name: "reduce_empty", RenderArgs: map[string]any{"empty": empty}})
	}
	rp, err := newReducePlan(o, r, i, lim)
	if err != nil {
		return fmt.Errorf("Reduce: %w", err)
	}
	src, srcView := args["input"], oriView{shape: shape, roles: roles}
	for k, pass := range rp.Passes {
		dst, dstView := args["output"], out
		if pass.G > 1 {
			if dst, err = plan.TempArray(core.ArrayOf(rd.typ.DType(), o*pass.G*i)); err != nil {
				return fmt.Errorf("Reduce: %w", err)
			}
			dstView = oriView{r: pass.G, i: i}
		}
		render := map[string]any{
			"operation": rd.predicate.operation,
			"pass": reducePassArgs{reducePass: pass, I: i,
				Load: srcView.loadArgs("_o", "_r", "_i"), Store: dstView.storeArgs("_o", "_q", "_i")},
		}
		err := plan.KernelCall(kernelTemplates.Lookup("reduce.cl"),
			[]core.KernelArg{core.Bind("output", dst), core.Bind("input", src)},
			[]int{o, pass.G * pass.S, ceilDiv(i, pass.L) * pass.L},
			core.KernelOptions{Name: fmt.Sprintf("reduce_pass%d", k), Local: []int{1, pass.S, pass.L}, RenderArgs: render})
		if err != nil {
			return fmt.Errorf("Reduce: pass %d: %w", k, err)
		}
		src, srcView = dst, dstView
	}
	return nil
}

// reducePassArgs are the numbers and index arguments reduce.cl renders a
// pass from.
type reducePassArgs struct {
	reducePass
	I           int
	Load, Store string // index arguments of the input at (_o, _r, _i) and of the output at (_o, _q, _i)
}
