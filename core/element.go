package core

import "strconv"

// elementAddress is what the "element" template sees of the address of an
// element of a memory leaf: the leaf, the byte or element offset, and one
// term per axis. Where the offset and every stride are multiples of the
// element size, the template indexes the array in elements; otherwise it
// adds the offset in bytes to a char pointer. An array of a half-precision
// storage type is read and written through vload_halfN and vstore_halfN
// only (vloada_half2 and vstorea_half2 for aligned complex32 elements),
// which convert to and from float.
type elementAddress struct {
	Array     string // the leaf's C name
	CType     string // the element's C type
	Aligned   bool   // offset and strides in elements rather than bytes
	Offset    int
	Terms     []indexTerm
	Half      bool   // the elements are halves, one or two each
	HalfWidth string // the N of vload_halfN: "" for one half, "2" for two
}

// indexTerm is an index of an element address and its stride.
type indexTerm struct {
	Index  string // a C expression
	Stride int
}

// elementAt returns the address of element (idx...) of a memory leaf.
func elementAt(l *memLeaf, idx []string) elementAddress {
	t := l.typ
	size := t.dtype.Size()
	aligned := t.offset%size == 0
	for _, s := range t.strides {
		aligned = aligned && s%size == 0
	}
	div := 1
	if aligned {
		div = size
	}
	a := elementAddress{Array: l.cname, CType: t.CType(), Aligned: aligned, Offset: t.offset / div}
	if w := t.dtype.HalfVectorWidth(); w > 0 {
		a.Half = true
		if w > 1 {
			a.HalfWidth = strconv.Itoa(w)
		}
	}
	for i, x := range idx {
		a.Terms = append(a.Terms, indexTerm{Index: x, Stride: t.strides[i] / div})
	}
	return a
}
