package cluda

import (
	"slices"
)

// SharesMemory reports whether a and b may have bytes in common: whether
// they live in the same device memory (views of one array, temporary arrays
// of one pool) and the bytes that their elements cover can meet, given
// their offsets, strides and spans. It never reports false for arrays that
// share a byte. Where the byte ranges of the two arrays meet, it tells
// apart the layouts that interleave with a common period, each keeping its
// elements in the other's gaps (the real and imaginary parts of a complex
// array seen as two float arrays); for other interleavings it reports true.
// Empty and nil arrays share nothing.
func SharesMemory(a, b *Array) bool {
	if a == nil || b == nil || a.mem != b.mem || a.Size() == 0 || b.Size() == 0 {
		return false
	}
	if a.span <= b.offset || b.span <= a.offset {
		return false
	}
	// Every element of a starts at a.offset plus a multiple of g, the
	// greatest common divisor of the strides of both arrays along their
	// axes longer than 1; so does every element of b from b.offset.
	// Modulo g, the bytes of a cover [a.offset, a.offset+itemsize) and
	// those of b the same from b.offset: if those do not meet, no byte
	// does.
	g := 0
	for _, x := range []*Array{a, b} {
		for i, s := range x.strides {
			if x.shape[i] > 1 {
				g = gcd(g, s)
			}
		}
	}
	sa, sb := a.dtype.Size(), b.dtype.Size()
	if g == 0 || sa+sb > g {
		return true
	}
	ra, rb := a.offset%g, b.offset%g
	return (rb-ra+g)%g < sa || (ra-rb+g)%g < sb
}

// OverlapsItself reports whether two elements of a may have bytes in
// common (as they do along an axis of stride 0). It is false for every
// layout whose axes, taken from the smallest stride to the largest, each
// step over the whole block of elements of the axes before them, which
// covers row-major and column-major arrays, their slices, transpositions
// and strided views; for other layouts it is true.
func OverlapsItself(a ArrayLike) bool {
	shape, strides := a.Shape(), a.Strides()
	type axis struct{ n, stride int }
	var axes []axis
	for i, n := range shape {
		if n == 0 {
			return false
		}
		if n > 1 {
			axes = append(axes, axis{n, strides[i]})
		}
	}
	slices.SortFunc(axes, func(x, y axis) int { return x.stride - y.stride })
	block := a.DType().Size() // bytes from the first element of a block to the end of its last
	for _, ax := range axes {
		if ax.stride < block {
			return true
		}
		extent, ok := mulInt(ax.n-1, ax.stride)
		if ok {
			block, ok = addInt(block, extent)
		}
		if !ok {
			return true
		}
	}
	return false
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
