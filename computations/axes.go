package computations

import (
	"fmt"

	"github.com/reikna-go/reikna/core"
)

// arrayType checks that t is a valid array type for the computation called
// what.
func arrayType(what string, t core.Type) error {
	if !t.IsArray() {
		return fmt.Errorf("computations: %s of the scalar type %v", what, t)
	}
	if err := t.Validate(); err != nil {
		return fmt.Errorf("computations: %s: %w", what, err)
	}
	return nil
}

// normalAxis returns axis as an index into an array of rank dimensions: a
// negative axis counts from the end, as in numpy (-1 is the last).
func normalAxis(what string, axis, rank int) (int, error) {
	if axis < -rank || axis >= rank {
		return 0, fmt.Errorf("computations: %s: axis %d is out of range for an array of %d dimensions", what, axis, rank)
	}
	if axis < 0 {
		axis += rank
	}
	return axis, nil
}

// normalAxes returns axes as indices into an array of rank dimensions
// (negative ones counted from the end), refusing axes out of range and
// repeated axes.
func normalAxes(what string, axes []int, rank int) ([]int, error) {
	out := make([]int, len(axes))
	seen := make([]bool, rank)
	for i, a := range axes {
		n, err := normalAxis(what, a, rank)
		if err != nil {
			return nil, err
		}
		if seen[n] {
			return nil, fmt.Errorf("computations: %s: axis %d is repeated in %v", what, a, axes)
		}
		seen[n] = true
		out[i] = n
	}
	return out, nil
}

// allAxes returns 0, 1, ..., rank-1.
func allAxes(rank int) []int {
	out := make([]int, rank)
	for i := range out {
		out[i] = i
	}
	return out
}

// deviceSupports checks that the device of a plan can hold arrays of the
// dtype of t.
func deviceSupports(what string, plan *core.Plan, t core.Type) error {
	if !plan.DeviceParams().SupportsDType(t.DType()) {
		return fmt.Errorf("computations: %s: the device does not support %v", what, t.DType())
	}
	return nil
}
