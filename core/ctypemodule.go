package core

import (
	"fmt"
	"sync"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

// ctypeModules holds the module of each struct dtype, so that the same
// module object, rendered once per source, serves every user.
var ctypeModules sync.Map // dtypes.DType → *snippets.Module

// CTypeModule returns the module that defines the C type of d (reikna's
// ctype_module): for a struct dtype, its typedef (and those of the structs
// it holds, see dtypes.DType.CDefinition); for a number type, nothing. A
// template that has it among its render arguments prints it as the C
// type's name, {{ .pair }} x; and modules that use the type take it among
// their render arguments too, so that the definition comes first.
//
// Kernels of a computation need no module for the dtypes of their
// parameters: the definitions of those come before the kernel's source.
// The module is for the structs that a template names on its own, and for
// kernels compiled by CompileTemplate.
func CTypeModule(d dtypes.DType) (*snippets.Module, error) {
	if !d.Valid() {
		return nil, fmt.Errorf("core: C type module of the invalid dtype %v", d)
	}
	if m, ok := ctypeModules.Load(d); ok {
		return m.(*snippets.Module), nil
	}
	m, err := snippets.NewModule("ctype_"+d.String(), `{{ .definition }}#define {{ .prefix }} {{ .name }}`,
		map[string]any{"definition": d.CDefinition(), "name": d.CType()})
	if err != nil {
		return nil, fmt.Errorf("core: C type module of %v: %w", d, err)
	}
	actual, _ := ctypeModules.LoadOrStore(d, m)
	return actual.(*snippets.Module), nil
}

// structArgument returns the bytes of v, a value of the struct dtype d's
// Go type, in the C layout a kernel argument of d has.
func structArgument(d dtypes.DType, v any) ([]byte, error) {
	b, err := d.EncodeValue(v)
	if err != nil {
		return nil, fmt.Errorf("expected a %v scalar: %w", d, err)
	}
	return b, nil
}
