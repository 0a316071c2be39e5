package core

import "strings"

// memLeaf is a kernel argument: an array or scalar that the callable passes
// to the kernel.
type memLeaf struct {
	kind   argKind // argNode: a parameter of the callable; argTemp; argPersistent; argConstArray
	name   string  // of the callable's parameter
	index  int     // of the temporary or persistent array
	cname  string  // the kernel argument's C name
	typ    Type
	scalar bool
}

type leafKey struct {
	kind  argKind
	name  string
	index int
}

// moduleName returns the name of the leaf in the names of its load and
// store modules: that of the computation's parameter, tempN or
// persistentN.
func (l *memLeaf) moduleName() string {
	return strings.TrimPrefix(strings.TrimPrefix(l.cname, cLeafPrefix), "_")
}

// cDecl is what the declaration templates see of a parameter of a kernel
// or function: its C name, its C type (of the element, for an array), and
// whether it is a scalar rather than a pointer to global memory, or a
// pointer to constant memory.
type cDecl struct {
	CName, CType string
	Scalar       bool
	Constant     bool
}

// decl returns the declaration of l: an array is a pointer to its
// elements' type in memory (half for the half-precision storage types).
func (l *memLeaf) decl() cDecl {
	ctype := l.typ.CType()
	if !l.scalar {
		ctype = l.typ.dtype.StorageCType()
	}
	return cDecl{CName: l.cname, CType: ctype, Scalar: l.scalar, Constant: l.kind == argConstArray}
}

// declsOf returns the declarations of leaves.
func declsOf(leaves []*memLeaf) []cDecl {
	out := make([]cDecl, len(leaves))
	for i, l := range leaves {
		out[i] = l.decl()
	}
	return out
}

// mergeLeaves appends to dst the leaves of src it does not hold yet.
func mergeLeaves(dst []*memLeaf, src ...*memLeaf) []*memLeaf {
	for _, l := range src {
		found := false
		for _, d := range dst {
			if d == l {
				found = true
				break
			}
		}
		if !found {
			dst = append(dst, l)
		}
	}
	return dst
}
