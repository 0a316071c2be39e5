package core

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda"
)

// RenderedPlan is a computation's plan for a device, rendered from the
// device's parameters alone (see Computation.Render).
type RenderedPlan struct {
	// Device holds the parameters the plan was rendered for.
	Device *cluda.DeviceParams
	// Signature lists the parameters a call of the compiled computation
	// would take.
	Signature Signature
	// Kernels are the kernel calls in the order a call would enqueue them,
	// with their complete sources and launch sizes.
	Kernels []KernelInfo
	// TempArrays are the temporary arrays of the plan, in the order of
	// their _tempN names.
	TempArrays []TempArrayInfo
	// PersistentArrays are the types of the arrays the compiled
	// computation would upload once, in the order of their _persistentN
	// names.
	PersistentArrays []Type
	// ConstantArrays are the types of the arrays the compiled computation
	// would upload once and read from constant memory, in the order of
	// their _constant_arrayN names.
	ConstantArrays []Type
}

// TempArrayInfo describes a temporary array of a plan.
type TempArrayInfo struct {
	Type Type
	// FirstKernel and LastKernel are the indices of the first and last
	// kernels that use the array, -1 where none does. A compiled
	// computation lets temporary arrays whose ranges do not overlap share
	// memory, and allocates none for an unused one.
	FirstKernel, LastKernel int
}

// Render builds the computation's plan for a device with the parameters p
// and renders its kernels as Compile would hand them to the compiler, on a
// machine without that device, or without any: every kernel's complete
// source (prelude, virtual size functions, modules, kernel), byte for byte
// as Compile builds it, and its virtual and real launch sizes. Nothing is
// compiled and nothing is allocated; arrays that Compile could not allocate
// (larger than the device's largest allocation) are errors here too.
//
// What Compile learns only from the device's compiler is assumed, as
// cluda.RenderStatic does: every kernel allows the device's maximum
// work-group size (CL_KERNEL_WORK_GROUP_SIZE), and the compiler builds
// every kernel. Where a device's compiler allows fewer work-items or
// rejects a kernel, a build function that plans around it (such as the
// FFT's) compiles another plan than Render shows.
func (c *Computation) Render(p *cluda.DeviceParams) (*RenderedPlan, error) {
	return c.RenderWith(p, CompileOptions{})
}

// render renders the plan for p with the options opts, which have been
// validated.
func (c *Computation) render(p *cluda.DeviceParams, opts CompileOptions) (*RenderedPlan, error) {
	t, plan, err := c.plan(&Plan{params: p, opts: opts})
	if err != nil {
		return nil, fmt.Errorf("core: render %s: %w", c.name, err)
	}
	r := &RenderedPlan{Device: p, Signature: t.signature(), Kernels: kernelInfos(plan.kernels)}
	for i, ts := range plan.temps {
		if ts.first >= 0 {
			if err := checkAllocation(p, ts.typ); err != nil {
				return nil, fmt.Errorf("core: render %s: temporary array %s: %w", c.name, leafCName(argTemp, "", i), err)
			}
		}
		r.TempArrays = append(r.TempArrays, TempArrayInfo{Type: ts.typ, FirstKernel: ts.first, LastKernel: ts.last})
	}
	for i, ps := range plan.persistents {
		if err := checkAllocation(p, ps.typ); err != nil {
			return nil, fmt.Errorf("core: render %s: persistent array %s: %w", c.name, leafCName(argPersistent, "", i), err)
		}
		r.PersistentArrays = append(r.PersistentArrays, ps.typ)
	}
	for i, cs := range plan.constants {
		if err := checkAllocation(p, cs.typ); err != nil {
			return nil, fmt.Errorf("core: render %s: constant array %s: %w", c.name, leafCName(argConstArray, "", i), err)
		}
		r.ConstantArrays = append(r.ConstantArrays, cs.typ)
	}
	return r, nil
}

// checkAllocation reports a contiguous array of type t that Compile could
// not allocate on the device.
func checkAllocation(p *cluda.DeviceParams, t Type) error {
	if !p.SupportsDType(t.dtype) {
		return fmt.Errorf("the device does not support %v", t.dtype)
	}
	if bytes := int64(t.Size()) * int64(t.dtype.Size()); bytes > p.MaxMemAllocSize {
		return fmt.Errorf("%v of %d bytes: larger than the device's largest allocation (%d bytes)", t, bytes, p.MaxMemAllocSize)
	}
	return nil
}
