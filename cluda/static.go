package cluda

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/cluda/cl"
)

// StaticOptions configure a static kernel.
type StaticOptions struct {
	// Local is the virtual local size, of the same rank as the global size;
	// nil lets CompileStatic choose one that the device and kernel allow.
	Local []int
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
	p := t.params
	return t.compileStatic(source, name, global, opts, vlimits{
		maxWorkGroup: p.MaxWorkGroupSize,
		maxItems:     p.MaxWorkItemSizes,
		maxGroups:    p.MaxNumGroups,
		maxIndex:     p.maxIndex(),
	})
}

func (t *Thread) compileStatic(source, name string, global []int, opts StaticOptions, lim vlimits) (*StaticKernel, error) {
	for {
		vs, err := computeVSizes(global, opts.Local, lim)
		if err != nil {
			return nil, fmt.Errorf("%w (kernel %s)", err, name)
		}
		prog, err := t.compile(vs.source(), source, opts.CompileOptions)
		if err != nil {
			return nil, err
		}
		k, err := prog.Kernel(name)
		if err != nil {
			return nil, err
		}
		info, err := k.WorkGroupInfo()
		if err != nil {
			return nil, fmt.Errorf("cluda: kernel %s: %w", name, err)
		}
		items := vs.realLocal[0]
		if items <= info.WorkGroupSize {
			return &StaticKernel{kernel: k, sizes: vs}, nil
		}
		if opts.Local != nil {
			return nil, &WorkGroupSizeError{Kernel: name, Local: opts.Local, Items: items, Limit: info.WorkGroupSize}
		}
		// The kernel needs more resources per work-item than the device
		// maximum assumes: choose again under the kernel's own limit.
		lim.maxWorkGroup = info.WorkGroupSize
	}
}

// GlobalSize returns the virtual global size.
func (k *StaticKernel) GlobalSize() []int { return slices.Clone(k.sizes.global) }

// LocalSize returns the virtual local size.
func (k *StaticKernel) LocalSize() []int { return slices.Clone(k.sizes.local) }

// Kernel returns the underlying kernel.
func (k *StaticKernel) Kernel() *Kernel { return k.kernel }

// Call enqueues the kernel over its virtual size with the given arguments
// (as Kernel.Call takes them).
func (k *StaticKernel) Call(args ...any) error {
	_, err := k.Enqueue(args, nil, false)
	return err
}

// Enqueue is Call with a wait list and optionally the command's event.
func (k *StaticKernel) Enqueue(args []any, wait []*cl.Event, event bool) (*cl.Event, error) {
	return k.kernel.Enqueue(cl.NDRange{Global: k.sizes.realGlobal, Local: k.sizes.realLocal}, args, wait, event)
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
