package computations

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/core"
)

// declareKeptBatches declares the batch axes of a reduction of arrays of
// rank dimensions over axes: each axis that the reduction keeps is a
// batch axis of input and of output, where the kept axes stand in order.
func declareKeptBatches(c *core.Computation, rank int, axes []int) error {
	k := 0
	for a := range rank {
		if slices.Contains(axes, a) {
			continue
		}
		if err := c.DeclareBatch(map[string]int{"output": k, "input": a}); err != nil {
			return fmt.Errorf("computations: %w", err)
		}
		k++
	}
	return nil
}
