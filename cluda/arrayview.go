package cluda

import (
	"fmt"
	"slices"
)

// The views below share the memory of the array they are made from, as
// View does: they are not released by Release of that array, which must
// outlive them, and writing through a view changes the array. Their
// layouts obey the rules of Span; in particular strides are never
// negative, so a reversed view (NumPy's a[::-1]) is an error rather than a
// copy.

// Reshape returns a view of a with another shape of the same number of
// elements (NumPy's reshape without a copy). One dimension may be -1: it
// is inferred from the others. A contiguous array can take any such shape;
// a strided one only where the axes merged or split by the new shape are
// evenly spaced in memory (as a column of a matrix is, or a row of its
// transpose): where the new shape would need the elements copied, the
// error says so, and a contiguous copy (Thread.Copy into an array from
// Empty) can be reshaped instead.
func (a *Array) Reshape(shape ...int) (*Array, error) {
	shape, err := inferShape(shape, a.Size())
	if err != nil {
		return nil, fmt.Errorf("cluda: reshape of %v: %w", a, err)
	}
	var strides []int
	if a.IsContiguous() || a.Size() == 0 {
		strides = contiguousStrides(shape, a.dtype.Size())
	} else if strides = reshapeStrides(a.shape, a.strides, shape, a.dtype.Size()); strides == nil {
		return nil, fmt.Errorf("cluda: reshape of %v into %v needs a copy: the axes it merges are not evenly spaced in memory; reshape a contiguous copy instead", a, shape)
	}
	v, err := a.View(shape, a.dtype, strides, a.offset)
	if err != nil {
		return nil, fmt.Errorf("cluda: reshape: %w", err)
	}
	return v, nil
}

// inferShape checks a shape asked of Reshape for an array of size
// elements and returns it with its -1 dimension, if any, filled in.
func inferShape(shape []int, size int) ([]int, error) {
	shape = slices.Clone(shape)
	unknown := -1
	known := 1
	for i, s := range shape {
		switch {
		case s == -1 && unknown >= 0:
			return nil, fmt.Errorf("shape %v has more than one -1 dimension", shape)
		case s == -1:
			unknown = i
		case s < 0:
			return nil, fmt.Errorf("shape %v has a negative dimension", shape)
		default:
			var ok bool
			if known, ok = mulInt(known, s); !ok {
				return nil, fmt.Errorf("shape %v has more elements than an int counts", shape)
			}
		}
	}
	if unknown >= 0 {
		if known == 0 || size%known != 0 {
			return nil, fmt.Errorf("the -1 dimension of shape %v cannot make %d elements", shape, size)
		}
		shape[unknown] = size / known
		known = size
	}
	if known != size {
		return nil, fmt.Errorf("shape %v holds %d elements, the array has %d", shape, known, size)
	}
	return shape, nil
}

// reshapeStrides returns the byte strides that give the elements of an
// array of the given shape and strides, in row-major order, the new shape
// without moving them, or nil where no strides can. The array has more
// than one element and the new shape as many.
//
// Axes of length 1 have no bearing on where elements lie. Of the others,
// the old and new axes fall into groups of equal products, matched in
// order; the old axes of a group must be evenly spaced (the stride of each
// the length times the stride of the next), and the new axes of the group
// then divide the group's span from its innermost stride outwards.
func reshapeStrides(shape, strides, newShape []int, itemSize int) []int {
	var oldDims, oldStrides []int
	for i, s := range shape {
		if s != 1 {
			oldDims = append(oldDims, s)
			oldStrides = append(oldStrides, strides[i])
		}
	}
	out := make([]int, len(newShape))
	ni, oi := 0, 0
	for ni < len(newShape) && oi < len(oldDims) {
		nj, oj := ni+1, oi+1
		np, op := newShape[ni], oldDims[oi]
		for np != op {
			if np < op {
				np *= newShape[nj]
				nj++
			} else {
				op *= oldDims[oj]
				oj++
			}
		}
		for k := oi; k < oj-1; k++ {
			if oldStrides[k] != oldDims[k+1]*oldStrides[k+1] {
				return nil
			}
		}
		out[nj-1] = oldStrides[oj-1]
		for k := nj - 1; k > ni; k-- {
			out[k-1] = out[k] * newShape[k]
		}
		ni, oi = nj, oj
	}
	// Trailing axes of length 1 take the stride of an element.
	for ; ni < len(newShape); ni++ {
		out[ni] = itemSize
	}
	return out
}

// ElementView returns a view of a's memory with the given shape, strides
// counted in elements of a's dtype (nil for row-major), and first element
// offset elements after a's first element: NumPy's as_strided, in elements
// rather than bytes. A stride of 0 repeats an element along its axis;
// negative strides and offsets are errors, since layouts have none (see
// Span). Every element of the view must lie inside a's memory (not only
// inside a: a view may reach the elements between a's).
func (a *Array) ElementView(shape, strides []int, offset int) (*Array, error) {
	size := a.dtype.Size()
	if offset < 0 {
		return nil, fmt.Errorf("cluda: element view: negative offset %d", offset)
	}
	byteOffset, ok := mulInt(offset, size)
	if ok {
		byteOffset, ok = addInt(byteOffset, a.offset)
	}
	if !ok {
		return nil, fmt.Errorf("cluda: element view: offset %d is more bytes than an int counts", offset)
	}
	var byteStrides []int
	if strides != nil {
		byteStrides = make([]int, len(strides))
		for i, s := range strides {
			if s < 0 {
				return nil, fmt.Errorf("cluda: element view: strides %v: negative strides are not supported", strides)
			}
			if byteStrides[i], ok = mulInt(s, size); !ok {
				return nil, fmt.Errorf("cluda: element view: stride %d is more bytes than an int counts", s)
			}
		}
	}
	v, err := a.View(shape, a.dtype, byteStrides, byteOffset)
	if err != nil {
		return nil, fmt.Errorf("cluda: element view: %w", err)
	}
	return v, nil
}

// Slice returns the view a[start:stop:step] along axis, with the meaning
// of NumPy's basic slicing: a negative axis, start or stop counts from the
// end; start and stop are clipped to the axis, so 0 and the axis's length
// (or any larger number) stand for its two ends; the view has
// ceil((stop-start)/step) elements along axis, none where stop <= start.
// The step must be positive: a negative one would need a negative stride.
func (a *Array) Slice(axis, start, stop, step int) (*Array, error) {
	rank := len(a.shape)
	if axis < -rank || axis >= rank {
		return nil, fmt.Errorf("cluda: slice of %v: axis %d is out of range for %d dimensions", a, axis, rank)
	}
	if axis < 0 {
		axis += rank
	}
	switch {
	case step == 0:
		return nil, fmt.Errorf("cluda: slice of %v: the step is zero", a)
	case step < 0:
		return nil, fmt.Errorf("cluda: slice of %v: negative step %d: a reversed view needs negative strides, which layouts do not have", a, step)
	}
	n := a.shape[axis]
	start, stop = clipSliceBound(start, n), clipSliceBound(stop, n)
	length := 0
	if stop > start {
		length = (stop-start-1)/step + 1
	}
	shape, strides := slices.Clone(a.shape), slices.Clone(a.strides)
	shape[axis] = length
	offset := a.offset
	if length > 0 {
		// Neither product can overflow: both stay within the span of a, or
		// the stride is used for a single element (length 1).
		offset += start * a.strides[axis]
		if length > 1 {
			strides[axis] *= step
		}
	}
	v, err := a.View(shape, a.dtype, strides, offset)
	if err != nil {
		return nil, fmt.Errorf("cluda: slice: %w", err)
	}
	return v, nil
}

// clipSliceBound returns a start or stop of a slice of an axis of length n
// as an index in [0, n]: counted from the end where negative, clipped to
// the axis.
func clipSliceBound(i, n int) int {
	if i < 0 {
		i += n
	}
	return min(max(i, 0), n)
}
