package fft

import (
	"fmt"

	"github.com/reikna-go/reikna/core"
)

// build adds the transform along the real axis and, where there are
// others, the complex transform over them after it.
func (r *RFFT) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	cdt := r.out.DType()
	if r.in.Size() == 0 {
		return nil
	}
	dst := args["output"]
	if r.rest != nil {
		var err error
		if dst, err = plan.TempArray(r.out); err != nil {
			return err
		}
	}
	ra := realAxis{forward: true, axis: r.axes[len(r.axes)-1], n: r.in.Shape()[r.axes[len(r.axes)-1]], cdt: cdt, tuning: r.tuning}
	if err := ra.build(plan, args["input"], dst); err != nil {
		return fmt.Errorf("RFFT: %w", err)
	}
	if r.rest != nil {
		return plan.ComputationCall(r.rest, args["output"], dst, 0)
	}
	return nil
}

// build adds, where there are other axes, the inverse complex transform
// over them, and the transform along the real axis after it.
func (r *IRFFT) build(plan *core.Plan, args map[string]*core.KernelArgument) error {
	cdt := r.in.DType()
	if r.out.Size() == 0 {
		return nil
	}
	src := args["input"]
	if r.rest != nil {
		tmp, err := plan.TempArray(r.in)
		if err != nil {
			return err
		}
		if err := plan.ComputationCall(r.rest, tmp, src, 1); err != nil {
			return err
		}
		src = tmp
	}
	ra := realAxis{axis: r.axes[len(r.axes)-1], n: r.out.Shape()[r.axes[len(r.axes)-1]], cdt: cdt, tuning: r.tuning}
	if err := ra.build(plan, src, args["output"]); err != nil {
		return fmt.Errorf("IRFFT: %w", err)
	}
	return nil
}
