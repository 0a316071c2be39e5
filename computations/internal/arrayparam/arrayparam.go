// Package arrayparam checks the array parameters that the computations of
// packages computations and computations/fft are given, and declares their
// batch axes: the array types they take, the axes they are given (negative
// ones counted from the end, as in numpy) and the axes they leave alone.
//
// Its errors name the computation (the what of each function) and leave
// the package prefix to the caller, which wraps them.
package arrayparam

import (
	"errors"
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// CheckType checks that t is a valid array type for the computation
// called what.
func CheckType(what string, t core.Type) error {
	if !t.IsArray() {
		return fmt.Errorf("%s of the scalar type %v", what, t)
	}
	if err := t.Validate(); err != nil {
		var te *core.TypeError
		if errors.As(err, &te) {
			return typeError{what, te}
		}
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// typeError is the invalid type of a computation's parameter: the
// core.TypeError's reason under the computation's name, without core's,
// so that the computation's package is the one named.
type typeError struct {
	what string
	err  *core.TypeError
}

func (e typeError) Error() string { return e.what + ": " + e.err.Reason }

func (e typeError) Unwrap() error { return e.err }

// OutputType returns the output type of the computation called what:
// given, which must be an array of the dtype and shape of def (with any
// strides and offset), or def where given is the zero Type.
func OutputType(what string, def, given core.Type) (core.Type, error) {
	if given.DType() == dtypes.Invalid && !given.IsArray() {
		return def, nil
	}
	if err := CheckType(what+" output", given); err != nil {
		return core.Type{}, err
	}
	if !given.SameShape(def) {
		return core.Type{}, fmt.Errorf("%s: the output type %v is not an array of %v of shape %v", what, given, def.DType(), def.Shape())
	}
	return given, nil
}

// NormalAxis returns axis as an index into an array of rank dimensions: a
// negative axis counts from the end, as in numpy (-1 is the last).
func NormalAxis(what string, axis, rank int) (int, error) {
	if axis < -rank || axis >= rank {
		return 0, fmt.Errorf("%s: axis %d is out of range for an array of %d dimensions", what, axis, rank)
	}
	if axis < 0 {
		axis += rank
	}
	return axis, nil
}

// NormalAxes returns axes as indices into an array of rank dimensions
// (negative ones counted from the end), refusing axes out of range and
// repeated axes.
func NormalAxes(what string, axes []int, rank int) ([]int, error) {
	out := make([]int, len(axes))
	seen := make([]bool, rank)
	for i, a := range axes {
		n, err := NormalAxis(what, a, rank)
		if err != nil {
			return nil, err
		}
		if seen[n] {
			return nil, fmt.Errorf("%s: axis %d is repeated in %v", what, a, axes)
		}
		seen[n] = true
		out[i] = n
	}
	return out, nil
}

// Axes returns the axes given to the computation called what over arrays
// of type t as indices into them (negative ones counted from the end):
// every axis where axes is nil, and an error for axes out of range or
// repeated. Every computation that takes axes takes them through Axes.
func Axes(what string, t core.Type, axes []int) ([]int, error) {
	if axes == nil {
		return AllAxes(t.Rank()), nil
	}
	return NormalAxes(what, axes, t.Rank())
}

// AllAxes returns 0, 1, ..., rank-1.
func AllAxes(rank int) []int {
	out := make([]int, rank)
	for i := range out {
		out[i] = i
	}
	return out
}

// DeclareBatches declares each axis of arrays of rank dimensions that the
// computation c does not couple (those not in coupled) a batch axis of
// the parameters names, which all index it alike (see
// core.Computation.DeclareBatch).
func DeclareBatches(c *core.Computation, rank int, coupled []int, names ...string) error {
	for a := range rank {
		if slices.Contains(coupled, a) {
			continue
		}
		axes := make(map[string]int, len(names))
		for _, p := range names {
			axes[p] = a
		}
		if err := c.DeclareBatch(axes); err != nil {
			return fmt.Errorf("batch axis %d of %v: %w", a, names, err)
		}
	}
	return nil
}
