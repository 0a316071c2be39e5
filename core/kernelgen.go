package core

import (
	"fmt"

	"github.com/reikna-go/reikna/snippets"
)

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
	// direct is the memory leaf that the entry point reads or writes
	// without a transformation, nil where one is attached.
	direct *memLeaf
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
	l := &memLeaf{kind: kind, name: name, index: index, typ: t, scalar: !t.array, cname: leafCName(kind, name, index)}
	g.byKey[k] = l
	g.leaves = append(g.leaves, l)
	return l
}

// argLoad returns the load entry point of a kernel argument.
func (g *kernelGen) argLoad(a *KernelArgument) (access, error) {
	switch a.kind {
	case argTemp, argPersistent, argConstArray:
		return g.memoryAccess(g.leaf(a.kind, "", a.index, a.ann.Type), false)
	case argNode:
		return g.nodeAccess(a.node, false)
	}
	return access{}, fmt.Errorf("core: cannot load from the constant %s", a.name)
}

// argStore returns the store entry point of a kernel argument.
func (g *kernelGen) argStore(a *KernelArgument) (access, error) {
	switch a.kind {
	case argTemp:
		return g.memoryAccess(g.leaf(a.kind, "", a.index, a.ann.Type), true)
	case argNode:
		return g.nodeAccess(a.node, true)
	case argPersistent:
		return access{}, fmt.Errorf("core: cannot store into the persistent array %s", a.name)
	case argConstArray:
		return access{}, fmt.Errorf("core: cannot store into the constant array %s", a.name)
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

// nodeAccess returns the load or store entry point of node n: through the
// node's transformation where one is attached, into its memory leaf
// otherwise.
func (g *kernelGen) nodeAccess(n *node, store bool) (access, error) {
	if n.alias != nil {
		if store {
			return g.argStore(n.alias)
		}
		return g.argLoad(n.alias)
	}
	cache, allowed, att, refusal := g.loads, n.loads, n.input, "an output and cannot be loaded from"
	if store {
		cache, allowed, att, refusal = g.stores, n.stores, n.output, "an input and cannot be stored into"
	}
	if a, ok := cache[n]; ok {
		return a, nil
	}
	if !allowed {
		return access{}, fmt.Errorf("core: %q is %s", n.name, refusal)
	}
	var a access
	var err error
	if att == nil {
		a, err = g.memoryAccess(g.leaf(argNode, n.name, 0, n.typ), store)
	} else {
		a, err = g.transformationAccess(n, att, store)
	}
	if err != nil {
		return access{}, err
	}
	cache[n] = a
	return a, nil
}
