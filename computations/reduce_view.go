package computations

import (
	"fmt"
	"slices"
	"strings"

	"github.com/reikna-go/reikna/core"
)

// axisRole says how an axis of an array takes part in a reduction or a
// scan, which see the array as three flat indices (o, r, i): r runs over
// the reduced (or scanned) axes, i over the kept axes after the last of
// them, o over the kept axes before it.
type axisRole uint8

const (
	roleOuter axisRole = iota
	roleReduced
	roleInner
)

// oriView is an array seen by the flat indices (o, r, i): a parameter,
// whose axes have roles, or a flat temporary array of o × r × i elements.
type oriView struct {
	shape []int      // of a parameter; nil for a flat temporary array
	roles []axisRole // of a parameter's axes
	r, i  int        // of a flat temporary array: its lengths along r and i
}

// splitAxes returns the roles of the axes of shape for a reduction over
// axes, and the lengths of o, r and i.
func splitAxes(shape []int, axes []int) (roles []axisRole, o, r, i int) {
	last := -1
	for _, a := range axes {
		last = max(last, a)
	}
	roles = make([]axisRole, len(shape))
	o, r, i = 1, 1, 1
	for a, n := range shape {
		switch {
		case slices.Contains(axes, a):
			roles[a] = roleReduced
			r *= n
		case a > last:
			roles[a] = roleInner
			i *= n
		default:
			roles[a] = roleOuter
			o *= n
		}
	}
	return roles, o, r, i
}

// keptView returns the view of the array of the kept axes of a reduction
// (the output of Reduce), of the axes of shape with the given roles.
func keptView(shape []int, roles []axisRole) oriView {
	v := oriView{}
	for a, role := range roles {
		if role != roleReduced {
			v.shape = append(v.shape, shape[a])
			v.roles = append(v.roles, role)
		}
	}
	if v.shape == nil {
		v.shape = []int{}
	}
	return v
}

// index returns the C index arguments of the element (o, r, i) of the
// view, for the C expressions o, r and i: one per axis of a parameter, one
// flat index for a temporary array.
func (v oriView) index(o, r, i string) []string {
	if v.shape == nil {
		return []string{fmt.Sprintf("((VSIZE_T)(%s) * %d + (VSIZE_T)(%s)) * %d + (VSIZE_T)(%s)", o, v.r, r, v.i, i)}
	}
	var dims [3][]int
	for a, role := range v.roles {
		dims[role] = append(dims[role], v.shape[a])
	}
	parts := [3][]string{core.RowMajorIndices(o, dims[roleOuter]), core.RowMajorIndices(r, dims[roleReduced]), core.RowMajorIndices(i, dims[roleInner])}
	out := make([]string, len(v.shape))
	var next [3]int
	for a, role := range v.roles {
		out[a] = parts[role][next[role]]
		next[role]++
	}
	return out
}

// loadArgs returns the index arguments of a load of (o, r, i).
func (v oriView) loadArgs(o, r, i string) string {
	return strings.Join(v.index(o, r, i), ", ")
}

// storeArgs returns the index arguments of a store of (o, r, i), each
// followed by a comma so that the value may follow (nothing for a 0-d
// array).
func (v oriView) storeArgs(o, r, i string) string {
	var b strings.Builder
	for _, e := range v.index(o, r, i) {
		b.WriteString(e)
		b.WriteString(", ")
	}
	return b.String()
}
