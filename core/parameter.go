package core

import (
	"fmt"
	"strings"

	"github.com/reikna-go/reikna/dtypes"
)

// KernelParameter is what kernel and transformation templates see for each
// of their parameters (reikna's KernelParameter). For an array:
//
//   - {{ .p.LoadIdx }}(i0, i1, ...) is the value at the given indices;
//   - {{ .p.StoreIdx }}(i0, i1, ..., value); stores a value there;
//   - {{ .p.LoadSame }} and {{ .p.StoreSame }}(value) do the same at the
//     current indices, the variables named by .p.Indices (_idx0, _idx1, ...;
//     transformations define them, and so do kernels such as PureParallel's);
//   - {{ .p.LoadCombined 2 1 }}(c0, c1) and
//     {{ .p.StoreCombined 2 1 }}(c0, c1, value) index groups of
//     consecutive axes as one: here axes 0 and 1 by c0 (row-major) and axis
//     2 by c1.
//
// Loads and stores go through the transformations attached to the
// parameter. A scalar prints as its value: {{ .param }}. Using an entry
// point the parameter does not have, such as StoreIdx of an input, is an
// error of the render.
//
// Its type reads as core.Type's does, {{ .p.DType }}, {{ .p.Shape }} and
// {{ .p.CType }} (the C name of the dtype), in templates and in Go alike.
type KernelParameter struct {
	Name string
	Role Role
	// Indices are the C names of the current indices, one per axis.
	Indices []string

	typ         Type
	load, store entryPoints
	value       string // the C expression of a scalar
	// pointer is the C name of the array's memory where every access of
	// the kernel reaches it directly (see Pointer), empty otherwise.
	pointer string
}

func newKernelParameter(name string, t Type, r Role) *KernelParameter {
	return &KernelParameter{Name: name, typ: t, Role: r, Indices: IndexNames(t.Rank())}
}

// Type returns the parameter's type.
func (p KernelParameter) Type() Type { return p.typ }

// DType returns the dtype of the parameter's values.
func (p KernelParameter) DType() dtypes.DType { return p.typ.dtype }

// Shape returns the shape of an array parameter (nil for a scalar).
func (p KernelParameter) Shape() []int { return p.typ.Shape() }

// CType returns the C name of the parameter's dtype, such as float2.
func (p KernelParameter) CType() string { return p.typ.dtype.CType() }

// String prints a scalar's value (the kernel argument, or a C literal for a
// constant). An array prints its name, which is not a C expression.
func (p KernelParameter) String() string {
	if p.value != "" {
		return p.value
	}
	return p.Name
}

// LoadIdx returns the name of the macro that loads at the given indices.
func (p KernelParameter) LoadIdx() (string, error) { return p.load.macro(p.Name, "loaded from") }

// Pointer returns the C name of the kernel argument that holds the array:
// a GLOBAL_MEM pointer to its element 0, the elements following in
// row-major order, for a kernel that loads or stores whole runs of
// elements itself (vload16 and vstore16 on CPU devices, say). Only a
// contiguous array at the start of its memory, of a dtype stored whole
// (not half), that the kernel reaches without a transformation has one;
// for any other, using it is an error of the render.
func (p KernelParameter) Pointer() (string, error) {
	if p.pointer == "" {
		return "", fmt.Errorf("%s has no pointer to its memory: a transformation is attached, or it is not a contiguous array at offset 0", p.Name)
	}
	return p.pointer, nil
}

// StoreIdx returns the name of the macro that stores at the given indices.
func (p KernelParameter) StoreIdx() (string, error) { return p.store.macro(p.Name, "stored into") }

// LoadSame returns the C expression of the value at the current indices.
func (p KernelParameter) LoadSame() (string, error) {
	return p.load.same(p.Name, "loaded from", "("+strings.Join(p.Indices, ", ")+")")
}

// StoreSame returns the name of the macro, or the start of the C
// statement, that stores a value at the current indices.
func (p KernelParameter) StoreSame() (string, error) {
	return p.store.same(p.Name, "stored into", cSameSuffix)
}

// LoadCombined returns the name of a macro that loads with combined
// indices: groups gives the number of consecutive axes each index covers.
func (p KernelParameter) LoadCombined(groups ...int) (string, error) {
	return p.load.callCombined(p.Name, "loaded from", groups)
}

// StoreCombined is LoadCombined for stores.
func (p KernelParameter) StoreCombined(groups ...int) (string, error) {
	return p.store.callCombined(p.Name, "stored into", groups)
}

// ProcessModules lets the renderer find the modules of the parameter: it
// returns a copy whose entry points are bound to the render.
func (p KernelParameter) ProcessModules(process func(any) (any, error)) (any, error) {
	out := p
	for _, e := range []*entryPoints{&out.load, &out.store} {
		if err := e.bind(process); err != nil {
			return nil, fmt.Errorf("parameter %s: %w", p.Name, err)
		}
	}
	return out, nil
}

// pointerOf returns the C name of the memory that every entry point of a
// parameter reaches directly (direct holds each entry point's leaf, nil
// for one through a transformation), where that memory is a contiguous
// array at offset 0 of a dtype stored whole; empty otherwise.
func pointerOf(direct []*memLeaf) string {
	if len(direct) == 0 || direct[0] == nil {
		return ""
	}
	l := direct[0]
	for _, d := range direct[1:] {
		if d != l {
			return ""
		}
	}
	t := l.typ
	if !t.array || t.offset != 0 || !t.IsContiguous() || t.dtype.HalfVectorWidth() > 0 {
		return ""
	}
	return l.cname
}
