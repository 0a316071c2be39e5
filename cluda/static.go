package cluda

import (
	"fmt"
	"slices"
)

// StaticOptions configure a static kernel.
type StaticOptions struct {
	// Local is the virtual local size, of the same rank as the global size;
	// nil lets CompileStatic choose one that the device and kernel allow.
	Local []int
	// BoundLocal compiles the kernel for its real local size and no more
	// (KERNEL becomes BOUNDED_KERNEL of that size: __launch_bounds__ in
	// CUDA, reqd_work_group_size in OpenCL), so that the compiler fits the
	// kernel's registers to that many work-items, spilling where it must,
	// where without the bound the device may refuse the size.
	BoundLocal bool
	CompileOptions
}

// StaticKernel is a kernel compiled for one virtual launch size (reikna's
// compile_static). Its source uses virtual_global_id(dim) and the other
// virtual_* functions, which index the virtual size in row-major order
// (dimension 0 outermost), and starts with VIRTUAL_SKIP_THREADS;.
type StaticKernel struct {
	kernel *Kernel
	sizes  *vsizes
}

// CompileStatic compiles the kernel called name in source for a virtual
// launch of the given global size, of any rank and any size: larger than the
// device's work-group or grid dimensions allow, odd, prime. A size that the
// device cannot serve gives an error that names the limit.
func (t *Thread) CompileStatic(source, name string, global []int, opts StaticOptions) (*StaticKernel, error) {
	return t.compileStatic(source, name, global, opts, deviceLimits(t.params))
}

func (t *Thread) compileStatic(source, name string, global []int, opts StaticOptions, lim vlimits) (*StaticKernel, error) {
	var k *Kernel
	// Each try releases the program of the one before: only the chosen
	// launch's program is kept.
	var prog *Program
	vs, err := chooseStatic(name, global, opts, lim, func(vs *vsizes) (int, error) {
		if prog != nil {
			prog.Release()
			prog = nil
		}
		p, err := t.compile(vs.source(), source, opts.CompileOptions)
		if err != nil {
			return 0, err
		}
		prog = p
		if k, err = prog.Kernel(name); err != nil {
			return 0, err
		}
		info, err := k.WorkGroupInfo()
		if err != nil {
			return 0, fmt.Errorf("cluda: kernel %s: %w", name, err)
		}
		return info.WorkGroupSize, nil
	})
	if err != nil {
		if prog != nil {
			prog.Release()
		}
		return nil, err
	}
	return &StaticKernel{kernel: k, sizes: vs}, nil
}

// chooseStatic maps the virtual launch of a static kernel onto the device
// and hands it to build, which makes the program for that launch and
// answers the most work-items per work-group the kernel allows. Where that
// is fewer than the launch has (the kernel needs more registers or local
// memory per work-item than the device maximum assumes), the launch is
// chosen again under the kernel's own limit, or, for a local size the
// caller gave, a *WorkGroupSizeError is returned.
func chooseStatic(name string, global []int, opts StaticOptions, lim vlimits, build func(*vsizes) (int, error)) (*vsizes, error) {
	for {
		vs, err := computeVSizes(global, opts.Local, lim)
		if err != nil {
			return nil, fmt.Errorf("%w (kernel %s)", err, name)
		}
		vs.bound = opts.BoundLocal
		limit, err := build(vs)
		if err != nil {
			return nil, err
		}
		items := vs.realLocal[0]
		if items <= limit {
			return vs, nil
		}
		if opts.Local != nil {
			return nil, &WorkGroupSizeError{Kernel: name, Local: opts.Local, Items: items, Limit: limit}
		}
		lim.maxWorkGroup = limit
	}
}

// GlobalSize returns the virtual global size.
func (k *StaticKernel) GlobalSize() []int { return slices.Clone(k.sizes.global) }

// LocalSize returns the virtual local size.
func (k *StaticKernel) LocalSize() []int { return slices.Clone(k.sizes.local) }

// Rendered describes the kernel as it was compiled: its complete source and
// its virtual and real launch sizes, as RenderStatic gives them for a
// device that is not there.
func (k *StaticKernel) Rendered() *RenderedKernel {
	return newRenderedKernel(k.kernel.Name(), k.kernel.Program().FullSource(), k.sizes)
}

// Kernel returns the underlying kernel.
func (k *StaticKernel) Kernel() *Kernel { return k.kernel }

// Release releases the kernel and its program (see Program.Release).
// A static kernel that is never released is released when it becomes
// unreachable, and at the latest with its Thread.
func (k *StaticKernel) Release() { k.kernel.program.Release() }

// Call enqueues the kernel over its virtual size with the given arguments
// (as Kernel.Call takes them).
func (k *StaticKernel) Call(args ...any) error {
	_, err := k.Enqueue(args, nil, false)
	return err
}

// Enqueue is Call with a wait list and optionally the command's event (as
// Kernel.Enqueue takes and returns them).
func (k *StaticKernel) Enqueue(args []any, wait []*Event, event bool) (*Event, error) {
	return k.kernel.Enqueue(NDRange{Global: k.sizes.realGlobal, Local: k.sizes.realLocal}, args, wait, event)
}

// WorkGroupSizeError reports a kernel that cannot run with the work-group
// size asked for: it needs more registers or local memory per work-item
// than a work-group of that size can have on the device. Callers that chose
// the size can choose again below Limit.
type WorkGroupSizeError struct {
	Kernel string
	Local  []int // the virtual local size asked for
	Items  int   // its work-items
	Limit  int   // the most work-items per work-group the kernel allows
}

func (e *WorkGroupSizeError) Error() string {
	return fmt.Sprintf("cluda: kernel %s: virtual local size %v has %d work-items; the kernel allows at most %d per work-group on this device (kernel work-group size)",
		e.Kernel, e.Local, e.Items, e.Limit)
}
