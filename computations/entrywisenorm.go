package computations

import (
	_ "embed"
	"fmt"
	"math"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
)

var (
	//go:embed templates/norm_elements.cl
	normElementsCode string
	//go:embed templates/norm_root.cl
	normRootCode string
)

// EntrywiseNorm is the entrywise norm of an array over a set of its axes
// (reikna's EntrywiseNorm): output = (Σ |input|^order)^(1/order), the sum
// over the reduced axes, of the real dtype of input (float32 for
// complex64). Its signature is (output, input); output has the shape of
// input without the reduced axes, a 0-d array when every axis is reduced.
//
// It is built as reikna builds it: a Reduce with the sum, whose input has
// a transformation that takes |x|^order of each element and whose output
// one that takes the root, both fused into the reduction's kernels.
//
// EntrywiseNorm embeds a *core.Computation, whose methods it has (go doc
// core.Computation lists them): Connect attaches transformations to its
// parameters, Signature lists what a call takes once they are attached,
// Render shows the kernels for a device without one, and Compile makes a
// *core.Callable for a Thread, which Call runs and Release frees. It can
// be nested in a computation of one's own by core.Plan.ComputationCall.
//
// For example:
//
//	norm, err := computations.NewEntrywiseNorm(core.ArrayOf(dtypes.Complex64, 8, 4096), []int{1}, computations.EntrywiseNormOptions{})
//	c, err := norm.Compile(thr)
//	defer c.Release()
//	err = c.Call(out, in) // out: 8 float32 norms
type EntrywiseNorm struct {
	*core.Computation
	order  float64
	reduce *Reduce
}

// EntrywiseNormOptions are the optional parts of an EntrywiseNorm.
type EntrywiseNormOptions struct {
	// Order is the norm's order, positive and finite; zero takes 2, the
	// Frobenius norm (reikna's default).
	Order float64
}

// NewEntrywiseNorm returns the entrywise norm of arrays of type t, a float
// or complex dtype, over axes (nil for every axis; negative ones count
// from the end).
func NewEntrywiseNorm(t core.Type, axes []int, opts EntrywiseNormOptions) (*EntrywiseNorm, error) {
	order := opts.Order
	if order == 0 {
		order = 2
	}
	if err := arrayparam.CheckType("EntrywiseNorm", t); err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	dt, rd := t.DType(), t.DType().Real()
	if dt.IsInteger() || dt.IsHalf() {
		return nil, fmt.Errorf("computations: EntrywiseNorm of %v: the dtype must be a float or complex one (connect a cast for integers, transformations.FromHalf for halves)", dt)
	}
	if !(order > 0) || math.IsInf(order, 0) {
		return nil, fmt.Errorf("computations: EntrywiseNorm: the order %v must be positive and finite", order)
	}
	sum, err := PredicateSum(rd)
	if err != nil {
		return nil, err
	}
	reduce, err := newReduce("EntrywiseNorm", core.ArrayOf(rd, t.Shape()...), sum, axes, core.Type{})
	if err != nil {
		return nil, err
	}
	out, _ := reduce.Parameter("output")
	power := "pow"
	switch order {
	case 1:
		power = "abs"
	case 2:
		power = "square"
	}
	args := map[string]any{"power": power, "complex": dt.IsComplex(), "order": "", "inverse": ""}
	if power == "pow" {
		if args["order"], err = rd.Literal(order); err != nil {
			return nil, fmt.Errorf("computations: EntrywiseNorm: the order: %w", err)
		}
		if args["inverse"], err = rd.Literal(1 / order); err != nil {
			return nil, fmt.Errorf("computations: EntrywiseNorm: the inverse of the order: %w", err)
		}
	}
	elements, err := core.NewTransformation([]core.Parameter{
		core.Param("output", core.Out(core.ArrayOf(rd, t.Shape()...))),
		core.Param("input", core.In(t)),
	}, normElementsCode, core.TransformationOptions{Name: "norm_elements", RenderArgs: args})
	if err != nil {
		return nil, fmt.Errorf("computations: EntrywiseNorm: %w", err)
	}
	root, err := core.NewTransformation([]core.Parameter{
		core.Param("output", core.Out(out.Type())),
		core.Param("input", core.In(out.Type())),
	}, normRootCode, core.TransformationOptions{Name: "norm_root", RenderArgs: args})
	if err != nil {
		return nil, fmt.Errorf("computations: EntrywiseNorm: %w", err)
	}
	if err := reduce.Connect("input", elements, "output", map[string]string{"input": "values"}); err != nil {
		return nil, fmt.Errorf("computations: EntrywiseNorm: %w", err)
	}
	if err := reduce.Connect("output", root, "input", map[string]string{"output": "norm"}); err != nil {
		return nil, fmt.Errorf("computations: EntrywiseNorm: %w", err)
	}
	n := &EntrywiseNorm{order: order, reduce: reduce}
	n.Computation, err = core.NewComputation("entrywise_norm", []core.Parameter{
		core.Param("output", core.Out(out.Type())),
		core.Param("input", core.In(t)),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		return plan.ComputationCall(n.reduce.Computation, args["output"], args["input"])
	})
	if err != nil {
		return nil, err
	}
	if err := declareKeptBatches(n.Computation, t.Rank(), reduce.Axes()); err != nil {
		return nil, err
	}
	return n, nil
}

// Order returns the norm's order.
func (n *EntrywiseNorm) Order() float64 { return n.order }

// Axes returns the reduced axes, in increasing order.
func (n *EntrywiseNorm) Axes() []int { return n.reduce.Axes() }
