package core

import (
	"fmt"
	"sync"

	"github.com/reikna-go/reikna/cluda"
)

// BuildFunc fills the plan of a computation when it is compiled. args
// holds a KernelArgument for each of the computation's own (root)
// parameters, by name; the builder passes them to kernel calls and nested
// computations, and may add temporary and persistent arrays.
type BuildFunc func(plan *Plan, args map[string]*KernelArgument) error

// Computation is an algorithm with typed parameters to which
// transformations can be connected, and which compiles into a Callable for
// a Thread (reikna's Computation). Computations of the library embed one;
// new ones are made by NewComputation with a BuildFunc.
//
// Connect and Compile may be called from several goroutines.
type Computation struct {
	name  string
	build BuildFunc
	mu    sync.Mutex
	tree  *tree
}

// NewComputation makes a computation from its root parameters and the
// function that builds its plan.
func NewComputation(name string, params []Parameter, build BuildFunc) (*Computation, error) {
	if build == nil {
		return nil, fmt.Errorf("core: computation %s: no build function", name)
	}
	t, err := newTree(params)
	if err != nil {
		return nil, fmt.Errorf("core: computation %s: %w", name, err)
	}
	if len(params) == 0 {
		return nil, fmt.Errorf("core: computation %s: no parameters", name)
	}
	return &Computation{name: name, build: build, tree: t}, nil
}

// Name returns the computation's name.
func (c *Computation) Name() string { return c.name }

// Signature returns the parameters the compiled callable takes: the leaves
// of the transformation tree, depth first from the computation's own
// parameters.
func (c *Computation) Signature() Signature {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tree.signature()
}

// Parameter returns the parameter called name: a leaf of the signature, or
// a hidden node of the tree, with its type and role.
func (c *Computation) Parameter(name string) (Parameter, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.tree.nodes[name]
	if !ok {
		return Parameter{}, false
	}
	if p, ok := c.tree.signature().Lookup(name); ok {
		return p, true
	}
	return Param(n.name, nodeArgument(n).ann), true
}

// Connect attaches the transformation trf to the parameter param by the
// transformation's parameter connector. names maps each other parameter of
// trf to the name it takes in the computation's signature (reikna's
// connect(param, trf, connector, newname=trf_param)):
//
//   - a transformation whose connector is an output feeds an input
//     parameter (an input transformation); one whose connector is an input
//     consumes an output parameter (an output transformation); an
//     input-output parameter takes one of each;
//   - the connector's dtype and shape must be those of param; the new
//     parameters take the transformation's types;
//   - a parameter of trf that names does not map (names may be nil) keeps
//     its own name; names starting with "_" are reserved, and no name may
//     be param's own;
//   - a parameter hidden by an earlier connect cannot be connected again;
//   - an input of an input transformation may share an existing input
//     parameter of the same type, and a scalar an existing scalar of the
//     same dtype; an output transformation may not write into an existing
//     parameter.
//
// A failed Connect leaves the computation unchanged.
func (c *Computation) Connect(param string, trf *Transformation, connector string, names map[string]string) error {
	if trf == nil {
		return fmt.Errorf("core: connect to %q: nil transformation", param)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tree.connect(param, trf, connector, names)
}

// AllowInPlace declares that the computation gives the right result when
// its root parameters output (one it writes) and input (one it reads) are
// the same array, as an FFT does. Call refuses arguments that share memory
// where one of them is written, except the same array for such a pair, or
// for the leaves that transformations put in their place, where every
// transformation between root and leaf accesses the leaf at the root's
// own indices (through connectors of the root's shape). Without it, no two
// arguments may share memory where one of them is written.
func (c *Computation) AllowInPlace(output, input string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	root := func(name string) *node {
		for _, r := range c.tree.roots {
			if r.name == name {
				return r
			}
		}
		return nil
	}
	o, i := root(output), root(input)
	switch {
	case o == nil || o.scalar || !o.stores:
		return fmt.Errorf("core: computation %s: in place: %q is not an output parameter of the computation", c.name, output)
	case i == nil || i.scalar || !i.loads:
		return fmt.Errorf("core: computation %s: in place: %q is not an input parameter of the computation", c.name, input)
	case o == i:
		return fmt.Errorf("core: computation %s: in place: %q with itself", c.name, output)
	}
	c.tree.inPlace = append(c.tree.inPlace, [2]string{output, input})
	return nil
}

func (c *Computation) snapshot() *tree {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tree.clone()
}

// Compile builds the computation's plan for thr, renders and compiles its
// kernels, allocates its temporary, persistent and constant arrays and
// returns the callable. It is CompileWith with the zero CompileOptions.
func (c *Computation) Compile(thr *cluda.Thread) (*Callable, error) {
	return c.CompileWith(thr, CompileOptions{})
}

// plan fills plan by the computation's build function and returns it with
// the snapshot of the transformation tree it was built from.
func (c *Computation) plan(plan *Plan) (*tree, *Plan, error) {
	t := c.snapshot()
	if err := t.checkDTypes(plan.params); err != nil {
		return nil, nil, err
	}
	args := make(map[string]*KernelArgument, len(t.roots))
	for _, r := range t.roots {
		args[r.name] = nodeArgument(r)
	}
	if err := c.build(plan, args); err != nil {
		return nil, nil, err
	}
	return t, plan, nil
}
