package core

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/cluda"
)

// reach is one way the walk from a root parameter through the attached
// transformations comes to a leaf.
type reach struct {
	root  *node
	store bool // from the root's store side (the leaf is written)
	same  bool // every transformation on the way accesses the leaf at the root's indices
}

// reaches returns, for every leaf, the ways it is reached from the roots,
// walking the tree as leaves does.
func (t *tree) reaches() map[*node][]reach {
	out := map[*node][]reach{}
	var walk func(root, n *node, store, same bool)
	walk = func(root, n *node, store, same bool) {
		att := n.input
		if store {
			att = n.output
		}
		if att == nil {
			out[n] = append(out[n], reach{root, store, same})
			return
		}
		for _, p := range att.trf.params {
			if p.Name == att.connector || p.Role() == Scalar {
				continue
			}
			// A connector is accessed only at the current indices, those
			// of the node it is attached to when the shapes are equal.
			same := same && slices.Contains(att.trf.connectors, p.Name) && slices.Equal(p.Type().shape, n.typ.shape)
			walk(root, att.nodes[p.Name], p.Role() != Input, same)
		}
	}
	for _, r := range t.roots {
		if r.scalar {
			continue
		}
		if r.stores {
			walk(r, r, true, true)
		}
		if r.loads {
			walk(r, r, false, true)
		}
	}
	return out
}

// inPlaceLeaves returns the pairs (i, j), i < j, of leaves of the signature
// that may be the same array: one is written, and stands at the indices of
// a root output, the other read, and stands at those of a root input, and
// the computation allows that pair of roots in place.
func (t *tree) inPlaceLeaves() map[[2]int]bool {
	out := map[[2]int]bool{}
	if len(t.inPlace) == 0 {
		return out
	}
	reaches := t.reaches()
	// root returns the root from whose store or load side every reach of
	// n comes at the root's indices, or nil.
	root := func(n *node, store bool) *node {
		rs := reaches[n]
		if len(rs) == 0 {
			return nil
		}
		for _, r := range rs {
			if !r.same || r.store != store || r.root != rs[0].root {
				return nil
			}
		}
		return rs[0].root
	}
	ls := t.leaves()
	for i, a := range ls {
		for j, b := range ls {
			ra, rb := root(a.node, true), root(b.node, false)
			if i == j || ra == nil || rb == nil {
				continue
			}
			if slices.Contains(t.inPlace, [2]string{ra.name, rb.name}) {
				out[[2]int{min(i, j), max(i, j)}] = true
			}
		}
	}
	return out
}

// checkOverlap refuses arrays that share memory where the computation
// writes one of them: two arguments (unless they are the same array and
// the computation allows them in place), an argument whose own elements
// overlap, and an argument in the callable's own memory.
func (c *Callable) checkOverlap(values []any) error {
	for i, p := range c.sig {
		a, ok := values[i].(*cluda.Array)
		if !ok {
			continue
		}
		written := p.Role().writes()
		if written && cluda.OverlapsItself(a) {
			return fmt.Errorf("core: %s: parameter %q is written, and elements of %v overlap each other", c.name, p.Name, a)
		}
		for _, own := range [][]*cluda.Array{c.temps, c.persistents, c.constants} {
			for _, b := range own {
				if b != nil && cluda.SharesMemory(a, b) {
					return fmt.Errorf("core: %s: parameter %q shares memory with the callable's own temporary or persistent arrays (%v is a temporary array of the Thread, or one the callable returned)", c.name, p.Name, a)
				}
			}
		}
		for j := i + 1; j < len(c.sig); j++ {
			q := c.sig[j]
			b, ok := values[j].(*cluda.Array)
			if !ok || !written && !q.Role().writes() || !cluda.SharesMemory(a, b) {
				continue
			}
			if sameArray(a, b) {
				if c.inPlace[[2]int{i, j}] {
					continue
				}
				return fmt.Errorf("core: %s: parameters %q and %q are the same array %v, and %s does not work in place on them", c.name, p.Name, q.Name, a, c.name)
			}
			return fmt.Errorf("core: %s: parameters %q and %q overlap in memory (%v and %v), and one of them is written", c.name, p.Name, q.Name, a, b)
		}
	}
	return nil
}

// sameArray reports whether two arrays in the same memory have one layout.
func sameArray(a, b *cluda.Array) bool {
	return a.DType() == b.DType() && a.Offset() == b.Offset() &&
		slices.Equal(a.Shape(), b.Shape()) && slices.Equal(a.Strides(), b.Strides())
}
