package computations

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/core"
)

// declareBatches declares each axis of arrays of rank dimensions that the
// computation c does not couple (those not in coupled) a batch axis of
// the parameters params, which all index it alike (see
// core.Computation.DeclareBatch).
func declareBatches(c *core.Computation, rank int, coupled []int, params ...string) error {
	for a := range rank {
		if slices.Contains(coupled, a) {
			continue
		}
		axes := make(map[string]int, len(params))
		for _, p := range params {
			axes[p] = a
		}
		if err := c.DeclareBatch(axes); err != nil {
			return fmt.Errorf("computations: %w", err)
		}
	}
	return nil
}

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
