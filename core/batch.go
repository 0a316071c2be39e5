package core

import (
	"fmt"
	"maps"
	"slices"
)

// DeclareBatch declares a batch axis of the computation: for each of its
// root array parameters named in axes, the axis of that parameter that
// belongs to the batch. Elements at different places along a batch axis
// are computed independently: what the computation writes at place i of
// the axis depends only on what it reads at place i of the axis, so the
// arrays may be cut along it and each piece computed on its own (package
// multi runs a computation so, one piece on each device). The named axes
// must all have the same length; parameters left out are not indexed by
// the batch. The computations of the library declare theirs: an FFT, each
// axis it does not transform.
func (c *Computation) DeclareBatch(axes map[string]int) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(axes) == 0 {
		return fmt.Errorf("core: computation %s: batch: no parameters", c.name)
	}
	length := -1
	for _, name := range slices.Sorted(maps.Keys(axes)) {
		axis := axes[name]
		var root *node
		for _, r := range c.tree.roots {
			if r.name == name {
				root = r
			}
		}
		switch {
		case root == nil || root.scalar:
			return fmt.Errorf("core: computation %s: batch: %q is not an array parameter of the computation", c.name, name)
		case axis < 0 || axis >= root.typ.Rank():
			return fmt.Errorf("core: computation %s: batch: axis %d of %q is out of range for %d dimensions", c.name, axis, name, root.typ.Rank())
		case length >= 0 && root.typ.shape[axis] != length:
			return fmt.Errorf("core: computation %s: batch: axis %d of %q has length %d, another parameter's batch axis %d", c.name, axis, name, root.typ.shape[axis], length)
		}
		length = root.typ.shape[axis]
	}
	c.tree.batches = append(c.tree.batches, maps.Clone(axes))
	return nil
}

// Batches returns the computation's batch axes (see DeclareBatch) in the
// terms of its signature: for each declared batch, the axis of each array
// parameter of the signature that belongs to it. A parameter belongs to
// the batch of its root parameter where the transformations between them
// access it at the root's indices (through connectors of the root's
// shape); other parameters, such as the input of a padding, are not
// indexed by the batch and are left out.
func (c *Computation) Batches() []map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tree.leafBatches()
}

// leafBatches returns the batch axes of the leaves of the signature.
func (t *tree) leafBatches() []map[string]int {
	if len(t.batches) == 0 {
		return nil
	}
	reaches := t.reaches()
	var out []map[string]int
	for _, b := range t.batches {
		leaves := map[string]int{}
		for _, l := range t.leaves() {
			rs := reaches[l.node]
			axis := -1
			for _, r := range rs {
				a, ok := b[r.root.name]
				if !ok || !r.same || axis >= 0 && a != axis {
					axis = -1
					break
				}
				axis = a
			}
			if axis >= 0 && len(rs) > 0 {
				leaves[l.node.name] = axis
			}
		}
		out = append(out, leaves)
	}
	return out
}
