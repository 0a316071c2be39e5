package core

import (
	"fmt"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

// KernelParameter is what kernel and transformation templates see for each
// of their parameters (reikna's KernelParameter). For an array:
//
//   - {{ .p.LoadIdx }}(i0, i1, ...) is the value at the given indices;
//   - {{ .p.StoreIdx }}(i0, i1, ..., value); stores a value there;
//   - {{ .p.LoadSame }} and {{ .p.StoreSame }}(value) do the same at the
//     current indices, the variables named by .idxs (in transformations, and
//     in kernels that define _idx0, _idx1, ... as PureParallel does);
//   - {{ .p.LoadCombined 2 1 }}(c0, c1) and
//     {{ .p.StoreCombined 2 1 }}(c0, c1, value) index groups of
//     consecutive axes as one: here axes 0 and 1 by c0 (row-major) and axis
//     2 by c1.
//
// Loads and stores go through the transformations attached to the
// parameter. A scalar prints as its value: {{ .param }}.
type KernelParameter struct {
	Name  string
	Type  Type
	DType dtypes.DType
	CType string
	Shape []int
	Role  Role

	LoadIdx, StoreIdx   any // modules: they print the name of a macro
	LoadSame, StoreSame any // a snippet or a string: they print an expression or a macro name

	loadCombined, storeCombined any // modules with the axis groups as their parameter
	value                       string
}

func newKernelParameter(name string, t Type, r Role) *KernelParameter {
	return &KernelParameter{Name: name, Type: t, DType: t.dtype, CType: t.dtype.CType(), Shape: t.Shape(), Role: r}
}

// String prints a scalar's value (the kernel argument, or a C literal for a
// constant). An array prints its name, which is not a C expression.
func (p KernelParameter) String() string {
	if p.value != "" {
		return p.value
	}
	return p.Name
}

// LoadCombined returns the name of a macro that loads with combined
// indices: groups gives the number of consecutive axes each index covers.
func (p KernelParameter) LoadCombined(groups ...int) (string, error) {
	return callCombined(p.Name, "load", p.loadCombined, groups)
}

// StoreCombined is LoadCombined for stores.
func (p KernelParameter) StoreCombined(groups ...int) (string, error) {
	return callCombined(p.Name, "store", p.storeCombined, groups)
}

func callCombined(name, what string, m any, groups []int) (string, error) {
	b, ok := m.(snippets.BoundModule)
	if !ok {
		return "", fmt.Errorf("core: parameter %s cannot %s", name, what)
	}
	return b.Call(groups)
}

// ProcessModules lets the renderer find the modules of the parameter.
func (p KernelParameter) ProcessModules(process func(any) (any, error)) (any, error) {
	out := p
	for _, f := range []*any{&out.LoadIdx, &out.StoreIdx, &out.LoadSame, &out.StoreSame, &out.loadCombined, &out.storeCombined} {
		if *f == nil {
			continue
		}
		v, err := process(*f)
		if err != nil {
			return nil, err
		}
		*f = v
	}
	return out, nil
}
