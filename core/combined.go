package core

import (
	"fmt"

	"github.com/reikna-go/reikna/snippets"
)

// combinedIndices is what the combined_load and combined_store templates
// see for one list of axis groups: the macro's parameters, one per group,
// and the index of every axis that they stand for.
type combinedIndices struct {
	Params  []string
	Indices []string
}

// splitCombined returns the combined indices of an array of the given
// shape for groups, the number of consecutive axes each combined index
// covers; each index is row-major over its axes.
func splitCombined(shape, groups []int) (combinedIndices, error) {
	sum := 0
	for _, g := range groups {
		if g < 1 {
			return combinedIndices{}, fmt.Errorf("core: combined index groups %v: a group must cover at least one axis", groups)
		}
		sum += g
	}
	if sum != len(shape) {
		return combinedIndices{}, fmt.Errorf("core: combined index groups %v cover %d axes; the array has %d", groups, sum, len(shape))
	}
	c := combinedIndices{Params: numberedNames(cCombinedPrefix, len(groups))}
	axis := 0
	for i, g := range groups {
		c.Indices = append(c.Indices, RowMajorIndices(c.Params[i], shape[axis:axis+g])...)
		axis += g
	}
	return c, nil
}

// combinedModule returns the module, made of the access template define,
// that indexes an array of type t with combined indices through target,
// its load or store macro. The module's parameter is the list of groups.
func combinedModule(define string, target *snippets.Module, t Type) (*snippets.Module, error) {
	shape := t.Shape()
	split := func(groups []int) (combinedIndices, error) { return splitCombined(shape, groups) }
	return namedModule(target.Name()+"_combined", define, []string{"groups"},
		map[string]any{"names": accessNames, "target": target, "split": split})
}
