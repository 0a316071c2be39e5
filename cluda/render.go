package cluda

import (
	"errors"
	"fmt"
	"slices"
)

// RenderedKernel is a static kernel as CompileStatic hands it to the
// compiler, and the launch it enqueues.
type RenderedKernel struct {
	Name string
	// FullSource is the program as the compiler gets it: the prelude, the
	// virtual size functions of the launch, then the kernel's source.
	FullSource string
	// GlobalSize and LocalSize are the virtual sizes, row-major.
	GlobalSize, LocalSize []int
	// RealGlobalSize and RealLocalSize are the OpenCL launch (the NDRange,
	// entry i being get_global_size(i) and get_local_size(i)) that the
	// virtual sizes are mapped onto.
	RealGlobalSize, RealLocalSize []int
}

func newRenderedKernel(name, full string, vs *vsizes) *RenderedKernel {
	return &RenderedKernel{
		Name:           name,
		FullSource:     full,
		GlobalSize:     slices.Clone(vs.global),
		LocalSize:      slices.Clone(vs.local),
		RealGlobalSize: slices.Clone(vs.realGlobal),
		RealLocalSize:  slices.Clone(vs.realLocal),
	}
}

// RenderStatic returns what CompileStatic would compile and launch for the
// kernel called name in source on a device with the parameters p, without
// the device: the complete source, byte for byte as CompileStatic hands it
// to the compiler (the same prelude, the same virtual size functions), and
// the real launch the virtual global size maps onto. It makes no OpenCL
// call, so it runs on any machine, for any device that parameters describe
// (ModelGPU and ModelCPU describe two).
//
// Only a compiled kernel can tell how many work-items per work-group it
// allows (CL_KERNEL_WORK_GROUP_SIZE, which is below the device's maximum
// for kernels that need many registers). RenderStatic takes it to be the
// device's maximum work-group size. Where the device's compiler allows
// fewer, CompileStatic chooses a smaller launch or fails, and the device
// runs something else than RenderStatic shows.
func RenderStatic(p *DeviceParams, source, name string, global []int, opts StaticOptions) (*RenderedKernel, error) {
	if err := p.checkLaunchLimits(); err != nil {
		return nil, fmt.Errorf("cluda: render kernel %s: %w", name, err)
	}
	if err := opts.Validate(); err != nil {
		return nil, fmt.Errorf("cluda: render kernel %s: %w", name, err)
	}
	var full string
	vs, err := chooseStatic(name, global, opts, deviceLimits(p), func(vs *vsizes) (int, error) {
		full, _ = programSource(p, opts.CompileOptions, vs.source(), source)
		return p.MaxWorkGroupSize, nil
	})
	if err != nil {
		return nil, err
	}
	return newRenderedKernel(name, full, vs), nil
}

// checkLaunchLimits reports parameters that cannot describe a device's
// launches, as parameters made by hand may be.
func (p *DeviceParams) checkLaunchLimits() error {
	switch {
	case p == nil:
		return errors.New("no device parameters")
	case p.MaxWorkGroupSize < 1:
		return fmt.Errorf("device parameters: MaxWorkGroupSize is %d; it must be at least 1", p.MaxWorkGroupSize)
	case len(p.MaxWorkItemSizes) == 0 || slices.Min(p.MaxWorkItemSizes) < 1:
		return fmt.Errorf("device parameters: MaxWorkItemSizes %v must have at least one dimension, each at least 1", p.MaxWorkItemSizes)
	case len(p.MaxNumGroups) != 3 || slices.Min(p.MaxNumGroups) < 1:
		return fmt.Errorf("device parameters: MaxNumGroups %v must have three dimensions, each at least 1", p.MaxNumGroups)
	}
	return nil
}
