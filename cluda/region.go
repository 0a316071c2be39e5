package cluda

// rows are evenly spaced rows of bytes of an array's memory: count rows
// of width bytes, the first at offset, each pitch bytes after the one
// before.
type rows struct{ offset, width, count, pitch int }

// region returns the rows as a region of the backends' copies.
func (r rows) region() region {
	return region{Offset: r.offset, Width: r.width, Rows: r.count, RowPitch: r.pitch}
}

// arrayRows returns the elements of a as evenly spaced rows of bytes of
// its memory, in row-major order, and false where its layout is no such
// thing: the innermost axes whose elements lie one after the other make a
// row; the axes outside them must then be evenly spaced, each stride the
// length times the stride of the next. A slice of a contiguous array
// along one axis is always such a region. An array without elements has
// no rows.
func arrayRows(a *Array) (rows, bool) {
	size := a.dtype.Size()
	if a.Size() == 0 {
		return rows{offset: a.offset}, true
	}
	// The axes of length 1 have no bearing on where elements lie.
	var dims, strides []int
	for i, s := range a.shape {
		if s != 1 {
			dims = append(dims, s)
			strides = append(strides, a.strides[i])
		}
	}
	width := size
	inner := len(dims)
	for inner > 0 && strides[inner-1] == width {
		inner--
		width *= dims[inner]
	}
	if inner == 0 {
		return rows{offset: a.offset, width: width, count: 1, pitch: width}, true
	}
	count, pitch := 1, strides[inner-1]
	for k := inner - 1; k >= 0; k-- {
		if k < inner-1 && strides[k] != dims[k+1]*strides[k+1] {
			return rows{}, false
		}
		count *= dims[k]
	}
	if pitch < width {
		return rows{}, false
	}
	return rows{offset: a.offset, width: width, count: count, pitch: pitch}, true
}

// matchRegions returns regions of the same size for the rows of two
// arrays of the same shape and dtype, so that a copy of one region into
// the other copies the elements in order, and false where the backends'
// regions cannot say it. The narrower rows set the width; each wider row
// becomes as many rows of that width, one after the other, in a slice of
// its own where there are several, and the narrower rows fall into
// slices of as many.
func matchRegions(from, to rows) (region, region, bool) {
	if from.width*from.count == 0 || to.width*to.count == 0 {
		return from.region(), to.region(), from.width*from.count == to.width*to.count
	}
	swapped := from.width < to.width
	if swapped {
		from, to = to, from
	}
	// from has the wider rows (or as wide).
	w := to.width
	if from.width%w != 0 || from.width/w*from.count != to.count {
		return region{}, region{}, false
	}
	q := from.width / w
	var wide, narrow region
	switch {
	case q == 1:
		wide, narrow = from.region(), to.region()
	case from.count == 1:
		wide = region{Offset: from.offset, Width: w, Rows: q, RowPitch: w}
		narrow = to.region()
	default:
		if from.pitch%w != 0 {
			return region{}, region{}, false
		}
		wide = region{Offset: from.offset, Width: w, Rows: q, RowPitch: w, Slices: from.count, SlicePitch: from.pitch}
		narrow = region{Offset: to.offset, Width: w, Rows: q, RowPitch: to.pitch, Slices: from.count, SlicePitch: q * to.pitch}
	}
	if swapped {
		return narrow, wide, true
	}
	return wide, narrow, true
}
