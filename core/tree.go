package core

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/reikna-go/reikna/cluda"
)

// node is a parameter in the transformation tree of a computation: a root
// parameter of the computation or a parameter created by connecting a
// transformation.
type node struct {
	name   string
	typ    Type
	scalar bool
	loads  bool // its values are read: a root input, or an input of an input transformation
	stores bool // values are written into it: a root output, or an output of an output transformation
	input  *attachment
	output *attachment
	// alias is set on a leaf of a nested computation's tree: the argument
	// of the parent plan that the leaf stands for.
	alias *KernelArgument
}

// attachment is a transformation attached to a node: on its load side (an
// input transformation, whose output connector is the node) or on its
// store side (an output transformation, whose input connector is the node).
type attachment struct {
	trf       *Transformation
	connector string
	nodes     map[string]*node // the transformation's parameters; the connector maps to the node itself
}

// tree is the transformation tree of a computation (reikna's
// TransformationTree): the roots are the computation's own parameters, the
// leaves the parameters its callable takes.
type tree struct {
	roots []*node
	nodes map[string]*node
	// inPlace holds the pairs of root parameters (a written one, a read
	// one) that may be the same array (see Computation.AllowInPlace).
	inPlace [][2]string
	// batches holds the declared batch axes of the root parameters (see
	// Computation.DeclareBatch).
	batches []map[string]int
}

func newTree(params []Parameter) (*tree, error) {
	t := &tree{nodes: make(map[string]*node)}
	for _, p := range params {
		if err := validName(p.Name); err != nil {
			return nil, fmt.Errorf("core: computation parameter: %v", err)
		}
		if reservedNames[p.Name] {
			return nil, fmt.Errorf("core: computation parameter name %q is reserved", p.Name)
		}
		if _, dup := t.nodes[p.Name]; dup {
			return nil, fmt.Errorf("core: computation parameter %q appears twice", p.Name)
		}
		if err := p.Annotation.validate(); err != nil {
			return nil, fmt.Errorf("core: computation parameter %s: %w", p.Name, err)
		}
		r := p.Role()
		n := &node{name: p.Name, typ: p.Type(), scalar: r == Scalar, loads: r.reads(), stores: r.writes()}
		t.roots = append(t.roots, n)
		t.nodes[p.Name] = n
	}
	return t, nil
}

// clone returns a deep copy of the tree.
func (t *tree) clone() *tree {
	copies := make(map[*node]*node, len(t.nodes))
	for _, n := range t.nodes {
		c := *n
		copies[n] = &c
	}
	cloneAtt := func(a *attachment) *attachment {
		if a == nil {
			return nil
		}
		c := &attachment{trf: a.trf, connector: a.connector, nodes: make(map[string]*node, len(a.nodes))}
		for k, n := range a.nodes {
			c.nodes[k] = copies[n]
		}
		return c
	}
	out := &tree{nodes: make(map[string]*node, len(t.nodes)), inPlace: slices.Clone(t.inPlace)}
	for _, b := range t.batches {
		out.batches = append(out.batches, maps.Clone(b))
	}
	for name, n := range t.nodes {
		c := copies[n]
		c.input, c.output = cloneAtt(n.input), cloneAtt(n.output)
		out.nodes[name] = c
	}
	for _, r := range t.roots {
		out.roots = append(out.roots, copies[r])
	}
	return out
}

// leaf is a parameter of the callable: a node and its role there.
type leaf struct {
	node *node
	role Role
}

// leaves walks the tree depth first from the roots in their order; each
// attached transformation contributes its parameters, in its own order,
// in place of the node it is attached to (the output side of a node before
// its input side). A node reached twice keeps its first place; reached as
// an input and as an output, it becomes an input-output leaf.
func (t *tree) leaves() []leaf {
	var out []leaf
	index := map[*node]int{}
	add := func(n *node, r Role) {
		if i, ok := index[n]; ok {
			if out[i].role != r && out[i].role != Scalar {
				out[i].role = InputOutput
			}
			return
		}
		index[n] = len(out)
		out = append(out, leaf{n, r})
	}
	var walkLoad, walkStore func(n *node)
	// A transformation's parameters besides the connector: inputs are
	// loaded, outputs stored, whichever side the transformation is on
	// (an output transformation may read other arrays, an input one write
	// others).
	walkAtt := func(a *attachment) {
		for _, p := range a.trf.params {
			if p.Name == a.connector {
				continue
			}
			m := a.nodes[p.Name]
			switch p.Role() {
			case Scalar:
				add(m, Scalar)
			case Input:
				walkLoad(m)
			default:
				walkStore(m)
			}
		}
	}
	walkLoad = func(n *node) {
		if n.input == nil {
			add(n, Input)
			return
		}
		walkAtt(n.input)
	}
	walkStore = func(n *node) {
		if n.output == nil {
			add(n, Output)
			return
		}
		walkAtt(n.output)
	}
	for _, r := range t.roots {
		switch {
		case r.scalar:
			add(r, Scalar)
		default:
			if r.stores {
				walkStore(r)
			}
			if r.loads {
				walkLoad(r)
			}
		}
	}
	return out
}

func (t *tree) signature() Signature {
	ls := t.leaves()
	sig := make(Signature, len(ls))
	for i, l := range ls {
		sig[i] = Param(l.node.name, Annotation{l.node.typ, l.role})
	}
	return sig
}

// checkDTypes returns an error naming the first parameter, of the
// computation (a root) or of the call (a leaf), whose dtype the device of
// p does not support: every computation's kernels hold values of those
// dtypes, so none builds a plan for such a device.
func (t *tree) checkDTypes(p *cluda.DeviceParams) error {
	nodes := slices.Clone(t.roots)
	for _, l := range t.leaves() {
		nodes = append(nodes, l.node)
	}
	for _, n := range nodes {
		if !p.SupportsDType(n.typ.dtype) {
			return fmt.Errorf("%s: the device does not support %v", n.name, n.typ.dtype)
		}
	}
	return nil
}

// connect attaches trf to the node called param by the transformation's
// parameter connector; names maps each other parameter of trf to the name
// of the node it becomes (a new one, or an existing leaf it shares).
func (t *tree) connect(param string, trf *Transformation, connector string, names map[string]string) error {
	errorf := func(format string, args ...any) error {
		return fmt.Errorf("core: connect %s to %q: "+format, append([]any{trf.name, param}, args...)...)
	}
	n, ok := t.nodes[param]
	if !ok {
		return errorf("no parameter %q (the parameters are %s)", param, strings.Join(t.signature().Names(), ", "))
	}
	cp, ok := trf.Parameter(connector)
	if !ok {
		return errorf("the transformation has no parameter %q", connector)
	}
	if !slices.Contains(trf.connectors, connector) {
		return errorf("%q is not a connector of the transformation (its connectors are %s)", connector, strings.Join(trf.connectors, ", "))
	}
	if n.scalar {
		return errorf("%q is a scalar; transformations attach to arrays", param)
	}
	inputTrf := cp.Role() == Output
	switch {
	case inputTrf && !n.loads:
		return errorf("the connector %q is an output, so this is an input transformation, but %q is an output parameter", connector, param)
	case !inputTrf && !n.stores:
		return errorf("the connector %q is an input, so this is an output transformation, but %q is an input parameter", connector, param)
	case inputTrf && n.input != nil:
		return errorf("%q is hidden: input transformation %s is attached to it already", param, n.input.trf.name)
	case !inputTrf && n.output != nil:
		return errorf("%q is hidden: output transformation %s is attached to it already", param, n.output.trf.name)
	}
	if !cp.Type().SameShape(n.typ) {
		return errorf("type mismatch: %q is %v, the connector %q is %v", param, n.typ, connector, cp.Type())
	}
	for k := range names {
		if k == connector {
			return errorf("the connector %q takes the place of %q and is not renamed", connector, param)
		}
		if _, ok := trf.Parameter(k); !ok {
			return errorf("the transformation has no parameter %q to name", k)
		}
	}

	// Resolve every other parameter to a new or a shared node before
	// changing anything, so that a failed connect leaves the tree as it was.
	att := &attachment{trf: trf, connector: connector, nodes: map[string]*node{connector: n}}
	created := map[string]*node{}
	for _, p := range trf.params {
		if p.Name == connector {
			continue
		}
		newName, ok := names[p.Name]
		if !ok {
			newName = p.Name // reikna's default: the transformation's own name
		}
		if err := validName(newName); err != nil {
			return errorf("parameter %q: %v", p.Name, err)
		}
		if reservedNames[newName] {
			return errorf("parameter %q: the name %q is reserved", p.Name, newName)
		}
		if newName == param {
			return errorf("parameter %q cannot take the name of the parameter it is attached to", p.Name)
		}
		if m, ok := created[newName]; ok {
			if p.Role() != Input || !m.loads || !m.typ.Equal(p.Type()) {
				return errorf("parameters of the transformation share the name %q; only inputs of the same type may", newName)
			}
			att.nodes[p.Name] = m
			continue
		}
		if e, ok := t.nodes[newName]; ok {
			if err := canShare(e, p); err != nil {
				return errorf("%v", err)
			}
			att.nodes[p.Name] = e
			continue
		}
		m := &node{name: newName, typ: p.Type(), scalar: p.Role() == Scalar,
			loads: p.Role() == Input, stores: p.Role() == Output}
		created[newName] = m
		att.nodes[p.Name] = m
	}
	if inputTrf {
		n.input = att
	} else {
		n.output = att
	}
	maps.Copy(t.nodes, created)
	return nil
}

// canShare reports whether transformation parameter p may be mapped to the
// existing node e.
func canShare(e *node, p Parameter) error {
	switch p.Role() {
	case Scalar:
		if !e.scalar || e.typ.dtype != p.Type().dtype {
			return fmt.Errorf("scalar parameter %q cannot share %q, which is not a %v scalar", p.Name, e.name, p.Type().dtype)
		}
		return nil
	case Output:
		return fmt.Errorf("an output transformation cannot write into the existing parameter %q", e.name)
	}
	switch {
	case e.scalar:
		return fmt.Errorf("input %q cannot share the scalar %q", p.Name, e.name)
	case !e.loads:
		return fmt.Errorf("input %q can share only an existing input, and %q is an output", p.Name, e.name)
	case e.input != nil:
		return fmt.Errorf("%q is hidden: input transformation %s is attached to it", e.name, e.input.trf.name)
	case !e.typ.Equal(p.Type()):
		return fmt.Errorf("type mismatch: input %q is %v, the existing %q is %v", p.Name, p.Type(), e.name, e.typ)
	}
	return nil
}
