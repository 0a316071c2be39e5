package core

import (
	"embed"
	"fmt"
	"maps"
	"strings"
	"text/template"

	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/templates"
)

//go:embed templates/access.cl
var accessFS embed.FS

// accessTemplates holds the module templates of loads and stores.
var accessTemplates = templates.MustParseFS(accessFS, "templates/access.cl")

// memLeaf is a kernel argument: an array or scalar that the callable passes
// to the kernel.
type memLeaf struct {
	kind   argKind // argNode: a parameter of the callable; argTemp; argPersistent
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

// kernelGen builds the modules of one kernel: the loads and stores of its
// arguments through their transformations, and the list of memory leaves
// that become the kernel's arguments.
type kernelGen struct {
	leaves []*memLeaf
	byKey  map[leafKey]*memLeaf
	loads  map[any]access
	stores map[any]access
}

// access is a load or store entry point and the leaves its code needs.
type access struct {
	mod    *snippets.Module
	leaves []*memLeaf
}

func newKernelGen() *kernelGen {
	return &kernelGen{byKey: map[leafKey]*memLeaf{}, loads: map[any]access{}, stores: map[any]access{}}
}

// leaf returns the memory leaf of an argument, adding it to the kernel's
// argument list on first use.
func (g *kernelGen) leaf(kind argKind, name string, index int, t Type) *memLeaf {
	k := leafKey{kind, name, index}
	if l, ok := g.byKey[k]; ok {
		return l
	}
	l := &memLeaf{kind: kind, name: name, index: index, typ: t, scalar: !t.array}
	switch kind {
	case argNode:
		l.cname = "_leaf_" + name
	case argTemp:
		l.cname = fmt.Sprintf("_temp%d", index)
	case argPersistent:
		l.cname = fmt.Sprintf("_persistent%d", index)
	}
	g.byKey[k] = l
	g.leaves = append(g.leaves, l)
	return l
}

// declaration returns the C declaration of a leaf as a kernel or function
// parameter.
func (l *memLeaf) declaration() string {
	if l.scalar {
		return fmt.Sprintf("%s %s", l.typ.CType(), l.cname)
	}
	return fmt.Sprintf("GLOBAL_MEM %s *%s", l.typ.CType(), l.cname)
}

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

func names(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return out
}

// elementAccess returns the C lvalue of element (idx...) of a memory leaf.
func elementAccess(l *memLeaf, idx []string) string {
	t := l.typ
	size := t.dtype.Size()
	aligned := t.offset%size == 0
	for _, s := range t.strides {
		aligned = aligned && s%size == 0
	}
	terms := []string{}
	div := 1
	if aligned {
		div = size
	}
	if t.offset != 0 {
		terms = append(terms, fmt.Sprint(t.offset/div))
	}
	for i, x := range idx {
		if st := t.strides[i] / div; st == 1 {
			terms = append(terms, fmt.Sprintf("(VSIZE_T)(%s)", x))
		} else {
			terms = append(terms, fmt.Sprintf("(VSIZE_T)(%s) * %d", x, st))
		}
	}
	if len(terms) == 0 {
		terms = []string{"0"}
	}
	offset := strings.Join(terms, " + ")
	if aligned {
		return fmt.Sprintf("%s[%s]", l.cname, offset)
	}
	return fmt.Sprintf("*((GLOBAL_MEM %s *)((GLOBAL_MEM char *)%s + %s))", t.CType(), l.cname, offset)
}

// accessModule makes a module of one of the access templates, named after
// what it accesses so that generated code reads well.
func accessModule(define, name string, args map[string]any) (*snippets.Module, error) {
	moduleName := name + "_" + strings.TrimPrefix(strings.TrimPrefix(define, "leaf_"), "trf_")
	t, err := templates.New(moduleName).AddParseTree(moduleName, accessTemplates.Lookup(define).Tree)
	if err != nil {
		return nil, fmt.Errorf("core: %s of %s: %w", define, name, err)
	}
	m, err := snippets.ModuleFromTemplate(t, nil, args)
	if err != nil {
		return nil, fmt.Errorf("core: %s of %s: %w", define, name, err)
	}
	return m, nil
}

func sep(a, b string) string {
	if a == "" || b == "" {
		return ""
	}
	return ", "
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
	params := strings.Join(names("_i", l.typ.Rank()), ", ")
	m, err := accessModule(define, strings.TrimPrefix(strings.TrimPrefix(l.cname, "_"), "leaf_"), map[string]any{
		"params": params,
		"sep":    sep(params, "_v"),
		"same":   strings.Join(names("_idx", l.typ.Rank()), ", "),
		"access": elementAccess(l, names("_i", l.typ.Rank())),
	})
	if err != nil {
		return access{}, err
	}
	a := access{m, []*memLeaf{l}}
	cache[l] = a
	return a, nil
}

// argLoad returns the load entry point of a kernel argument.
func (g *kernelGen) argLoad(a *KernelArgument) (access, error) {
	switch a.kind {
	case argTemp, argPersistent:
		return g.memoryAccess(g.leaf(a.kind, "", a.index, a.ann.Type), false)
	case argNode:
		return g.nodeLoad(a.node)
	}
	return access{}, fmt.Errorf("core: cannot load from the constant %s", a.name)
}

// argStore returns the store entry point of a kernel argument.
func (g *kernelGen) argStore(a *KernelArgument) (access, error) {
	switch a.kind {
	case argTemp:
		return g.memoryAccess(g.leaf(a.kind, "", a.index, a.ann.Type), true)
	case argNode:
		return g.nodeStore(a.node)
	case argPersistent:
		return access{}, fmt.Errorf("core: cannot store into the persistent array %s", a.name)
	}
	return access{}, fmt.Errorf("core: cannot store into the constant %s", a.name)
}

// argScalar returns the C expression of a scalar argument and the leaves
// it needs.
func (g *kernelGen) argScalar(a *KernelArgument) (string, []*memLeaf, error) {
	switch a.kind {
	case argConstant:
		s, err := a.ann.Type.dtype.Literal(a.value)
		return s, nil, err
	case argNode:
		n := a.node
		if n.alias != nil {
			return g.argScalar(n.alias)
		}
		l := g.leaf(argNode, n.name, 0, n.typ)
		return l.cname, []*memLeaf{l}, nil
	}
	return "", nil, fmt.Errorf("core: %s is not a scalar", a.name)
}

func (g *kernelGen) nodeLoad(n *node) (access, error) {
	if n.alias != nil {
		return g.argLoad(n.alias)
	}
	if a, ok := g.loads[n]; ok {
		return a, nil
	}
	if !n.loads {
		return access{}, fmt.Errorf("core: %q is an output and cannot be loaded from", n.name)
	}
	var a access
	var err error
	if n.input == nil {
		a, err = g.memoryAccess(g.leaf(argNode, n.name, 0, n.typ), false)
	} else {
		a, err = g.transformationAccess(n, n.input, false)
	}
	if err != nil {
		return access{}, err
	}
	g.loads[n] = a
	return a, nil
}

func (g *kernelGen) nodeStore(n *node) (access, error) {
	if n.alias != nil {
		return g.argStore(n.alias)
	}
	if a, ok := g.stores[n]; ok {
		return a, nil
	}
	if !n.stores {
		return access{}, fmt.Errorf("core: %q is an input and cannot be stored into", n.name)
	}
	var a access
	var err error
	if n.output == nil {
		a, err = g.memoryAccess(g.leaf(argNode, n.name, 0, n.typ), true)
	} else {
		a, err = g.transformationAccess(n, n.output, true)
	}
	if err != nil {
		return access{}, err
	}
	g.stores[n] = a
	return a, nil
}

// transformationAccess builds the function that loads node n through its
// input transformation, or stores into n through its output
// transformation.
func (g *kernelGen) transformationAccess(n *node, att *attachment, store bool) (access, error) {
	rank := n.typ.Rank()
	data := map[string]any{"idxs": names("_idx", rank)}
	maps.Copy(data, att.trf.renderArgs)
	var leaves []*memLeaf
	for _, p := range att.trf.params {
		m := att.nodes[p.Name]
		kp := newKernelParameter(p.Name, p.Type(), p.Role())
		switch {
		case p.Name == att.connector && store:
			kp.LoadSame = "_val"
		case p.Name == att.connector:
			kp.StoreSame = "_result = "
		case p.Role() == Scalar:
			expr, ls, err := g.argScalar(nodeArgument(m))
			if err != nil {
				return access{}, err
			}
			kp.value = expr
			leaves = mergeLeaves(leaves, ls...)
		case p.Role() == Input:
			a, err := g.nodeLoad(m)
			if err != nil {
				return access{}, err
			}
			if err := g.setLoad(kp, a, m.typ); err != nil {
				return access{}, err
			}
			leaves = mergeLeaves(leaves, a.leaves...)
		default:
			a, err := g.nodeStore(m)
			if err != nil {
				return access{}, err
			}
			if err := g.setStore(kp, a, m.typ); err != nil {
				return access{}, err
			}
			leaves = mergeLeaves(leaves, a.leaves...)
		}
		data[p.Name] = kp
	}
	code, err := snippets.SnippetFromTemplate(att.trf.tmpl, nil, data)
	if err != nil {
		return access{}, fmt.Errorf("core: transformation %s: %w", att.trf.name, err)
	}
	decls := make([]string, 0, len(leaves)+rank+1)
	cnames := make([]string, 0, len(leaves)+rank+1)
	for _, l := range leaves {
		decls = append(decls, l.declaration())
		cnames = append(cnames, l.cname)
	}
	for i := 0; i < rank; i++ {
		decls = append(decls, fmt.Sprintf("VSIZE_T _idx%d", i))
		cnames = append(cnames, fmt.Sprintf("_i%d", i))
	}
	define := "trf_load"
	if store {
		define = "trf_store"
		decls = append(decls, fmt.Sprintf("%s _val", n.typ.CType()))
		cnames = append(cnames, "_v")
	}
	params := strings.Join(names("_i", rank), ", ")
	m, err := accessModule(define, n.name, map[string]any{
		"trf":        att.trf.name,
		"node":       n.name,
		"ctype":      n.typ.CType(),
		"code":       code,
		"funcParams": strings.Join(decls, ", "),
		"callArgs":   strings.Join(cnames, ", "),
		"params":     params,
		"sep":        sep(params, "_v"),
		"same":       strings.Join(names("_idx", rank), ", "),
	})
	if err != nil {
		return access{}, err
	}
	return access{m, leaves}, nil
}

var (
	sameTemplate          = accessTemplates.Lookup("same")
	combinedLoadTemplate  = accessTemplates.Lookup("combined_load")
	combinedStoreTemplate = accessTemplates.Lookup("combined_store")
)

// setLoad fills the load entry points of a parameter of type t.
func (g *kernelGen) setLoad(kp *KernelParameter, a access, t Type) error {
	kp.LoadIdx = a.mod
	same, err := snippets.SnippetFromTemplate(sameTemplate, nil, map[string]any{
		"target": a.mod, "suffix": "(" + strings.Join(names("_idx", t.Rank()), ", ") + ")"})
	if err != nil {
		return err
	}
	kp.LoadSame = same
	kp.loadCombined, err = combinedModule(combinedLoadTemplate, a.mod, t)
	return err
}

// setStore fills the store entry points of a parameter of type t.
func (g *kernelGen) setStore(kp *KernelParameter, a access, t Type) error {
	kp.StoreIdx = a.mod
	same, err := snippets.SnippetFromTemplate(sameTemplate, nil, map[string]any{"target": a.mod, "suffix": "_same"})
	if err != nil {
		return err
	}
	kp.StoreSame = same
	kp.storeCombined, err = combinedModule(combinedStoreTemplate, a.mod, t)
	return err
}

// combinedModule returns the module that indexes an array of type t with
// combined indices: each index covers a group of consecutive axes.
func combinedModule(tmpl *template.Template, target *snippets.Module, t Type) (*snippets.Module, error) {
	shape := t.Shape()
	check := func(groups []int) error {
		sum := 0
		for _, g := range groups {
			if g < 1 {
				return fmt.Errorf("core: combined index groups %v: a group must cover at least one axis", groups)
			}
			sum += g
		}
		if sum != len(shape) {
			return fmt.Errorf("core: combined index groups %v cover %d axes; the array has %d", groups, sum, len(shape))
		}
		return nil
	}
	params := func(groups []int) (string, error) {
		if err := check(groups); err != nil {
			return "", err
		}
		return strings.Join(names("_c", len(groups)), ", "), nil
	}
	expand := func(groups []int) (string, error) {
		if err := check(groups); err != nil {
			return "", err
		}
		var idx []string
		axis := 0
		for gi, g := range groups {
			for j := 0; j < g; j++ {
				inner := 1
				for k := axis + j + 1; k < axis+g; k++ {
					inner *= shape[k]
				}
				e := fmt.Sprintf("(VSIZE_T)(_c%d)", gi)
				if inner > 1 {
					e = fmt.Sprintf("(%s / %d)", e, inner)
				}
				if j > 0 {
					e = fmt.Sprintf("(%s %% %d)", e, shape[axis+j])
				}
				idx = append(idx, e)
			}
			axis += g
		}
		return strings.Join(idx, ", "), nil
	}
	name := target.Name() + "_combined"
	named, err := templates.New(name).AddParseTree(name, tmpl.Tree)
	if err != nil {
		return nil, err
	}
	return snippets.ModuleFromTemplate(named, []string{"groups"},
		map[string]any{"target": target, "params": params, "expand": expand})
}
