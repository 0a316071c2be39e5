package computations

import (
	"fmt"

	"github.com/reikna-go/reikna/core"
)

// deviceSupports checks that the device of a plan can hold arrays of the
// dtype of t.
func deviceSupports(what string, plan *core.Plan, t core.Type) error {
	if !plan.DeviceParams().SupportsDType(t.DType()) {
		return fmt.Errorf("computations: %s: the device does not support %v", what, t.DType())
	}
	return nil
}
