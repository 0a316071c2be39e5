package computations

import (
	_ "embed"
	"fmt"
	"math"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

var (
	//go:embed templates/norm_elements.cl
	normElementsCode string
	//go:embed templates/norm_root.cl
	normRootCode string
	//go:embed templates/norm_scaled.cl
	normScaledCode string
)

// normPart32 and normPart64 are the parts of a scaled sum of float32 and
// float64 norms (templates/norm_scaled.cl): the largest |x| of the part
// and the sum of (|x|/Scale)^order over it.
type (
	normPart32 struct{ Scale, Sum float32 }
	normPart64 struct{ Scale, Sum float64 }
)

// EntrywiseNorm is the entrywise norm of an array over a set of its axes
// (reikna's EntrywiseNorm): output = (Σ |input|^order)^(1/order), the sum
// over the reduced axes, of the real dtype of input (float32 for
// complex64). Its signature is (output, input); output has the shape of
// input without the reduced axes, a 0-d array when every axis is reduced.
//
// It is built as reikna builds it: a Reduce with the sum, whose input has
// a transformation that takes |x|^order of each element and whose output
// one that takes the root, both fused into the reduction's kernels. For
// orders other than 1 and 2 the sum is kept scaled, as LAPACK's norms
// keep it: each partial sum holds its largest |x| and the sum of
// (|x|/largest)^order, so that no power underflows or overflows where
// the norm itself is within the dtype. Orders 1 and 2 sum |x| and |x|²
// directly: in float32, |x|² underflows below about 1e-19 and overflows
// above about 1e19.
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
	power := "scaled"
	switch order {
	case 1:
		power = "abs"
	case 2:
		power = "square"
	}
	args := map[string]any{"power": power, "complex": dt.IsComplex(), "order": "", "inverse": "", "part": "", "real": rd.CType()}
	// Orders 1 and 2 sum |x| and |x|² as they are; any other sums scaled
	// parts, since |x|^order leaves the dtype at moderate orders: in
	// float32, |x|^80 underflows to 0 below |x| ≈ 0.33 and overflows
	// above 3.
	partDT, pred := rd, (*Predicate)(nil)
	var err error
	if power == "scaled" {
		if partDT, pred, err = scaledSumPredicate(rd, order, args); err != nil {
			return nil, fmt.Errorf("computations: EntrywiseNorm: %w", err)
		}
	} else if pred, err = PredicateSum(rd); err != nil {
		return nil, err
	}
	reduce, err := newReduce("EntrywiseNorm", core.ArrayOf(partDT, t.Shape()...), pred, axes, core.Type{})
	if err != nil {
		return nil, err
	}
	out, _ := reduce.Parameter("output")
	normType := out.Type()
	if power == "scaled" {
		normType = core.ArrayOf(rd, out.Type().Shape()...)
	}
	elements, err := core.NewTransformation([]core.Parameter{
		core.Param("output", core.Out(core.ArrayOf(partDT, t.Shape()...))),
		core.Param("input", core.In(t)),
	}, normElementsCode, core.TransformationOptions{Name: "norm_elements", RenderArgs: args})
	if err != nil {
		return nil, fmt.Errorf("computations: EntrywiseNorm: %w", err)
	}
	root, err := core.NewTransformation([]core.Parameter{
		core.Param("output", core.Out(normType)),
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
		core.Param("output", core.Out(normType)),
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

// scaledSumPredicate returns the dtype of the parts of a scaled sum of
// norms of the real dtype rd and order (normPart32 or normPart64) and the
// predicate that combines them, and sets in args what the transformations
// of the scaled sum take: the part's C type, the order and its inverse.
func scaledSumPredicate(rd dtypes.DType, order float64, args map[string]any) (dtypes.DType, *Predicate, error) {
	var (
		part  dtypes.DType
		empty any
		err   error
	)
	if rd == dtypes.Float32 {
		part, err = dtypes.StructFor[normPart32]()
		empty = normPart32{}
	} else {
		part, err = dtypes.StructFor[normPart64]()
		empty = normPart64{}
	}
	if err != nil {
		return part, nil, err
	}
	if args["order"], err = rd.Literal(order); err != nil {
		return part, nil, fmt.Errorf("the order: %w", err)
	}
	if args["inverse"], err = rd.Literal(1 / order); err != nil {
		return part, nil, fmt.Errorf("the inverse of the order: %w", err)
	}
	args["part"] = part.CType()
	combine, err := snippets.NewSnippet("norm_scaled_combine", []string{"v1", "v2"}, normScaledCode,
		map[string]any{"type": part.CType(), "order": args["order"]})
	if err != nil {
		return part, nil, err
	}
	pred, err := NewPredicate(part, combine, empty)
	return part, pred, err
}

// Order returns the norm's order.
func (n *EntrywiseNorm) Order() float64 { return n.order }

// Axes returns the reduced axes, in increasing order.
func (n *EntrywiseNorm) Axes() []int { return n.reduce.Axes() }
