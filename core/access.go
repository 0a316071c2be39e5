package core

import (
	"embed"
	"fmt"
	"maps"

	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/templates"
)

//go:embed templates/access.cl
var accessFS embed.FS

// accessTemplates holds the templates of loads, stores and declarations.
var accessTemplates = templates.MustParseFS(accessFS, "templates/access.cl")

// accessModule makes a module of the access template define, named
// NAME_load or NAME_store after what it accesses so that generated code
// reads well. The template sees the naming convention as .names, data as
// .a, and the render arguments args.
func accessModule(define, name string, store bool, data any, args map[string]any) (*snippets.Module, error) {
	moduleName := name + "_load"
	if store {
		moduleName = name + "_store"
	}
	all := map[string]any{"names": accessNames, "a": data}
	maps.Copy(all, args)
	m, err := namedModule(moduleName, define, nil, all)
	if err != nil {
		return nil, fmt.Errorf("core: %s of %s: %w", define, name, err)
	}
	return m, nil
}

// namedModule makes a module named name of the access template define,
// which may call the other access templates.
func namedModule(name, define string, params []string, args map[string]any) (*snippets.Module, error) {
	return snippets.NamedModuleFromTemplate(name, accessTemplates.Lookup(define), params, args)
}

// leafAccess is what the leaf_load and leaf_store templates see: the
// macro's index parameters, the current indices, and the element address.
type leafAccess struct {
	Params  []string
	Same    []string
	Element elementAddress
}

// memoryAccess returns the load or store macro of a memory leaf.
func (g *kernelGen) memoryAccess(l *memLeaf, store bool) (access, error) {
	cache := g.loads
	define := "leaf_load"
	if store {
		cache, define = g.stores, "leaf_store"
	}
	if a, ok := cache[l]; ok {
		return a, nil
	}
	rank := l.typ.Rank()
	params := numberedNames(cParamPrefix, rank)
	m, err := accessModule(define, l.moduleName(), store, leafAccess{
		Params:  params,
		Same:    IndexNames(rank),
		Element: elementAt(l, params),
	}, nil)
	if err != nil {
		return access{}, err
	}
	a := access{mod: m, leaves: []*memLeaf{l}, direct: l}
	cache[l] = a
	return a, nil
}
