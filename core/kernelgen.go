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
