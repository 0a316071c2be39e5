package computations

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// DHT is the discrete transform between the modes of the quantum harmonic
// oscillator and coordinates (reikna's dht.DHT). Along each transformed
// axis of M modes, the inverse transform evaluates a function given by its
// expansion over the mode functions φₘ (Harmonic) on the coordinate grid
// xᵢ of DHTSpatialGrid,
//
//	F(xᵢ) = Σₘ Cₘ φₘ(xᵢ),
//
// and the forward transform finds the expansion of a function given on the
// grid by Gauss–Hermite quadrature with the weights wᵢ of
// DHTSpatialWeights,
//
//	Cₘ = Σᵢ wᵢ φₘ(xᵢ) F(xᵢ),
//
// which is exact where F φₘ is a product of Order+1 functions of M modes
// (F a function of M modes raised to the power Order). The
// forward transform's signature is (modes, coords), the inverse's
// (coords, modes): output first.
//
// Each axis is one MatrixMul by the transform's matrix of float64 values
// rounded to the arrays' precision; an axis that is neither of the last
// two is moved last by a Transpose and back after. Transformations
// connected to the input run in the loads of the first kernel, those
// connected to the output in the stores of the last.
type DHT struct {
	*core.Computation
	modes, coords core.Type
	inverse       bool
	order         int
	axes          []int
	addPoints     []int
}

// DHTOptions are the optional parts of a DHT.
type DHTOptions struct {
	// Inverse transforms from modes to coordinates; the default is from
	// coordinates to modes.
	Inverse bool
	// Order is the power of a function of the modes that the forward
	// transform expands exactly (the grid integrates products of Order+1
	// mode functions exactly); 0 means 1.
	Order int
	// Axes are the transformed axes, in the order they are transformed
	// (nil: every axis; there must be at least one). Negative axes count
	// from the end.
	Axes []int
	// AddPoints are the points of the grid beyond the fewest, one number
	// for each axis of the array (nil: none).
	AddPoints []int
}

// NewDHT returns the transform between arrays of modes of type modes (a
// float or complex dtype) and arrays of coordinates, whose shape has
// DHTSpatialPoints points along each transformed axis.
func NewDHT(modes core.Type, opts DHTOptions) (*DHT, error) {
	if err := arrayparam.CheckType("DHT", modes); err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	dt := modes.DType()
	if !dt.IsFloat() && !dt.IsComplex() {
		return nil, fmt.Errorf("computations: DHT of %v: the dtype must be a float or complex one", dt)
	}
	order := opts.Order
	if order == 0 {
		order = 1
	}
	rank := modes.Rank()
	axes, err := arrayparam.Axes("DHT", modes, opts.Axes)
	if err != nil {
		return nil, fmt.Errorf("computations: %w", err)
	}
	if len(axes) == 0 {
		return nil, fmt.Errorf("computations: DHT of %v: no axis to transform", modes)
	}
	addPoints := opts.AddPoints
	if addPoints == nil {
		addPoints = make([]int, rank)
	}
	if len(addPoints) != rank {
		return nil, fmt.Errorf("computations: DHT: %d additional point counts for an array of %d axes; give one for each axis", len(addPoints), rank)
	}
	shape := modes.Shape()
	axisModes, axisPoints := make([]int, len(axes)), make([]int, len(axes))
	for i, a := range axes {
		axisModes[i] = shape[a]
		if shape[a], err = dhtGridPoints(shape[a], order, addPoints[a]); err != nil {
			return nil, fmt.Errorf("%w (axis %d)", err, a)
		}
		axisPoints[i] = shape[a]
	}
	if err := checkDHTMatrices(axisModes, axisPoints); err != nil {
		return nil, err
	}
	coords := core.ArrayOf(dt, shape...)
	if err := coords.Validate(); err != nil {
		return nil, fmt.Errorf("computations: DHT: the coordinates of %v: %w", modes, err)
	}
	d := &DHT{modes: modes, coords: coords, inverse: opts.Inverse, order: order,
		axes: axes, addPoints: slices.Clone(addPoints)}
	params := []core.Parameter{core.Param("modes", core.Out(d.modes)), core.Param("coords", core.In(d.coords))}
	if d.inverse {
		params = []core.Parameter{core.Param("coords", core.Out(d.coords)), core.Param("modes", core.In(d.modes))}
	}
	if d.Computation, err = core.NewComputation("dht", params, d.build); err != nil {
		return nil, err
	}
	return d, nil
}

// Axes returns the transformed axes, in the order they are transformed.
func (d *DHT) Axes() []int { return slices.Clone(d.axes) }

// Order returns the order of the transform.
func (d *DHT) Order() int { return d.order }

// dhtMatrix returns the matrix of the transform along an axis of the given
// number of modes, (outputs, inputs) in row-major order, in float64:
// φₘ(xᵢ) at (i, m) for the inverse transform, wᵢ φₘ(xᵢ) at (m, i) for the
// forward one. All modes at a point come from one pass of the recurrence,
// at several points side by side: O(points × modes) steps.
func dhtMatrix(modes, order, addPoints int, inverse bool) ([]float64, error) {
	x, w, err := dhtGridAndWeights(modes, order, addPoints)
	if err != nil {
		return nil, err
	}
	points := len(x)
	out := make([]float64, points*modes)
	c := newHarmonicCoefs(modes - 1)
	var seqs [harmonicLanes]harmonicSeq
	for lo := 0; lo < points; lo += harmonicLanes {
		s := seqs[:min(harmonicLanes, points-lo)]
		for l := range s {
			s[l] = newHarmonicSeq(x[lo+l])
		}
		for m := range modes {
			for l := range s {
				if m > 0 {
					s[l].step(c.a[m], c.b[m])
				}
				if inverse {
					out[(lo+l)*modes+m] = s[l].value()
				} else {
					out[m*points+lo+l] = w[lo+l] * s[l].value()
				}
			}
		}
	}
	return out, nil
}

func (d *DHT) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	in, out := args["coords"], args["modes"]
	if d.inverse {
		in, out = out, in
	}
	if d.modes.Size() == 0 || d.coords.Size() == 0 {
		return nil
	}
	src := in
	for i, a := range d.axes {
		dst := out
		if i < len(d.axes)-1 {
			shape := src.Shape()
			shape[a] = out.Shape()[a]
			var err error
			if dst, err = plan.TempArray(core.ArrayOf(src.DType(), shape...)); err != nil {
				return fmt.Errorf("computations: DHT: %w", err)
			}
		}
		if err := d.transformAxis(plan, dst, src, a); err != nil {
			return fmt.Errorf("computations: DHT: axis %d: %w", a, err)
		}
		src = dst
	}
	return nil
}

// transformAxis adds the kernels that transform src along axis into dst,
// which have the same shape but along axis.
func (d *DHT) transformAxis(plan *core.Plan, dst, src *core.KernelArgument, axis int) error {
	modes := d.modes.Shape()[axis]
	nOut, nIn := dst.Shape()[axis], src.Shape()[axis]
	// nOut·nIn is at most maxDHTMatrixValues: the size cannot overflow.
	elem := d.modes.DType().Real()
	if bytes := nOut * nIn * elem.Size(); int64(bytes) > plan.DeviceParams().MaxMemAllocSize {
		return fmt.Errorf("the transform's matrix of %d×%d %v values (%d bytes) is larger than the device's largest allocation (%d bytes)",
			nOut, nIn, elem, bytes, plan.DeviceParams().MaxMemAllocSize)
	}
	data, err := dhtMatrix(modes, d.order, d.addPoints[axis], d.inverse)
	if err != nil {
		return err
	}
	var matrix *core.KernelArgument
	if elem == dtypes.Float32 {
		single := make([]float32, len(data))
		for i, v := range data {
			single[i] = float32(v)
		}
		matrix, err = plan.PersistentArray(single, nOut, nIn)
	} else {
		matrix, err = plan.PersistentArray(data, nOut, nIn)
	}
	if err != nil {
		return err
	}
	rank := src.Type().Rank()
	switch {
	case rank == 1:
		// The product with a 1-D operand is a column (nOut, 1), copied
		// into the 1-D destination.
		column, err := plan.TempArray(core.ArrayOf(dst.DType(), nOut, 1))
		if err != nil {
			return err
		}
		if err := callMatrixMul(plan, column, matrix, src, MatrixMulOptions{}); err != nil {
			return err
		}
		return plan.KernelCall(kernelTemplates.Lookup("dht_column"),
			[]core.KernelArg{core.Bind("output", dst), core.Bind("input", column)},
			[]int{nOut}, core.KernelOptions{Name: "dht_column"})
	case axis == rank-1:
		// (..., nIn) · matrixᵀ: the matrix is stored (nOut, nIn).
		return callMatrixMul(plan, dst, src, matrix, MatrixMulOptions{TransposedB: true})
	case axis == rank-2:
		return callMatrixMul(plan, dst, matrix, src, MatrixMulOptions{})
	}
	// Move the axis last, transform it there and move it back.
	toLast := slices.Concat(arrayparam.AllAxes(axis), arrayparam.AllAxes(rank)[axis+1:], []int{axis})
	back := make([]int, rank)
	for k, a := range toLast {
		back[a] = k
	}
	moved, err := plan.TempArray(core.ArrayOf(src.DType(), permuted(src.Shape(), toLast)...))
	if err != nil {
		return err
	}
	if err := callTranspose(plan, moved, src, toLast); err != nil {
		return err
	}
	product, err := plan.TempArray(core.ArrayOf(dst.DType(), permuted(dst.Shape(), toLast)...))
	if err != nil {
		return err
	}
	if err := callMatrixMul(plan, product, moved, matrix, MatrixMulOptions{TransposedB: true}); err != nil {
		return err
	}
	return callTranspose(plan, dst, product, back)
}

// permuted returns shape with its axes in the order perm.
func permuted(shape, perm []int) []int {
	out := make([]int, len(perm))
	for k, a := range perm {
		out[k] = shape[a]
	}
	return out
}

// callMatrixMul adds the product dst = a · b to the plan.
func callMatrixMul(plan *core.Plan, dst, a, b *core.KernelArgument, opts MatrixMulOptions) error {
	opts.Output = dst.Type()
	mm, err := NewMatrixMul(a.Type(), b.Type(), opts)
	if err != nil {
		return err
	}
	return plan.ComputationCall(mm.Computation, dst, a, b)
}

// callTranspose adds the permutation dst = transpose(src, axes) to the
// plan.
func callTranspose(plan *core.Plan, dst, src *core.KernelArgument, axes []int) error {
	tr, err := NewTranspose(src.Type(), axes, TransposeOptions{Output: dst.Type()})
	if err != nil {
		return err
	}
	return plan.ComputationCall(tr.Computation, dst, src)
}
