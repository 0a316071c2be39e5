package computations

// rollPlan is how Roll indexes its arrays: as (outer, length, inner), the
// axes before the rolled one, the rolled one and those after it, each
// group read and written with one combined index.
type rollPlan struct {
	before, after int // the numbers of array axes before and after the rolled one
	global        []int
}

// planRoll plans a roll along axis of an array of the given shape.
func planRoll(shape []int, axis int) rollPlan {
	return rollPlan{
		before: axis,
		after:  len(shape) - axis - 1,
		global: []int{shapeProduct(shape[:axis]), shape[axis], shapeProduct(shape[axis+1:])},
	}
}

// shapeProduct returns the number of elements of an array of the given
// shape.
func shapeProduct(shape []int) int {
	n := 1
	for _, l := range shape {
		n *= l
	}
	return n
}

// fftShiftAxis is what the kernels of FFTShift do along one axis of the
// array.
type fftShiftAxis struct {
	Shifted bool // whether the axis is shifted
	Length  int
	// Floor and Ceil are Length/2 rounded down and up: the output takes
	// the input element Ceil (Floor for the inverse shift) positions
	// further along the axis, cyclically.
	Floor, Ceil int
	// Halved marks the axis whose first half the swapping kernel runs
	// over.
	Halved bool
}

// fftShiftPlan is how FFTShift runs: either one kernel that gathers each
// output element from the input, or, where every shifted length is even,
// one that swaps pairs of elements half a length apart along every shifted
// axis, which works in place.
type fftShiftPlan struct {
	swap   bool
	axes   []fftShiftAxis
	global []int
}

// planFFTShift plans the shift over axes (indices into shape, checked by
// the caller) of an array of the given shape. Axes of length 1 are left
// alone: a shift leaves them as they are.
func planFFTShift(shape, axes []int) fftShiftPlan {
	p := fftShiftPlan{swap: true, axes: make([]fftShiftAxis, len(shape)), global: append([]int(nil), shape...)}
	for d, n := range shape {
		p.axes[d] = fftShiftAxis{Length: n, Floor: n / 2, Ceil: (n + 1) / 2}
	}
	shifted := 0
	for _, a := range axes {
		if shape[a] > 1 {
			p.axes[a].Shifted = true
			shifted++
			if shape[a]%2 != 0 {
				p.swap = false
			}
		}
	}
	if shifted == 0 {
		p.swap = false
	}
	if p.swap {
		for d := range p.axes {
			if p.axes[d].Shifted {
				p.axes[d].Halved = true
				p.global[d] /= 2
				break
			}
		}
	}
	if len(p.global) == 0 {
		p.global = []int{1}
	}
	return p
}

// inPlace reports whether the plan gives the right result with the output
// in the memory of the input: each element is then read before it is
// written, by the work-item that writes it.
func (p fftShiftPlan) inPlace() bool {
	if p.swap {
		return true
	}
	for _, a := range p.axes {
		if a.Shifted {
			return false
		}
	}
	return true
}
