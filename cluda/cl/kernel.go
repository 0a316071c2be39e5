package cl

/*
#include "clinc.h"
*/
import "C"

import (
	"fmt"
	"reflect"
	"runtime"
	"unsafe"

	"github.com/reikna-go/reikna/cluda/internal/handle"
)

// Kernel is a kernel function of a built program with its argument values.
//
// Arguments are state of the kernel object shared by every goroutine that
// uses it: setting them and enqueueing must be serialised by the caller.
type Kernel struct {
	ref     handle.Handle[C.cl_kernel]
	program *Program
	name    string
}

func releaseKernel(h C.cl_kernel) { C.clReleaseKernel(h) }

// CreateKernel creates the kernel called name of a built program.
func CreateKernel(p *Program, name string) (*Kernel, error) {
	ph, err := p.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer p.ref.Done()
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	var st C.cl_int
	h := C.clCreateKernel(ph, cname, &st)
	runtime.KeepAlive(p)
	if err := check("clCreateKernel", Status(st)); err != nil {
		return nil, fmt.Errorf("kernel %q: %w", name, err)
	}
	k := &Kernel{program: p, name: name}
	handle.Own(k, &k.ref, h, releaseKernel)
	return k, nil
}

// Name returns the kernel's function name.
func (k *Kernel) Name() string { return k.name }

// Program returns the program the kernel belongs to.
func (k *Kernel) Program() *Program { return k.program }

// Release releases the kernel. It is safe to call more than once.
func (k *Kernel) Release() { k.ref.Drop() }

// NumArgs returns the number of the kernel's arguments.
func (k *Kernel) NumArgs() (int, error) {
	h, err := k.ref.Acquire(ErrReleased)
	if err != nil {
		return 0, err
	}
	defer k.ref.Done()
	n, err := queryValue[C.cl_uint]("clGetKernelInfo", func(size C.size_t, v unsafe.Pointer, ret *C.size_t) C.cl_int {
		return C.clGetKernelInfo(h, C.CL_KERNEL_NUM_ARGS, size, v, ret)
	})
	runtime.KeepAlive(k)
	return int(n), err
}

// LocalMem is a kernel argument that asks for a __local buffer of that many
// bytes.
type LocalMem int

// SetArg sets argument index to value, which may be:
//
//   - a Go integer or float of any width, copied with its own size (Go's int
//     and uint are 8 bytes: OpenCL long and ulong);
//   - complex64 or complex128, passed as float2 or double2;
//   - a *Buffer;
//   - a LocalMem size;
//   - a []byte, passed as raw bytes (a struct as the device lays it out);
//   - any other value whose type holds no Go pointers (an array, a struct),
//     passed as its bytes.
func (k *Kernel) SetArg(index int, value any) error {
	h, err := k.ref.Acquire(ErrReleased)
	if err != nil {
		return err
	}
	defer k.ref.Done()
	defer runtime.KeepAlive(k)
	var st C.cl_int
	switch v := value.(type) {
	case *Buffer:
		if v == nil {
			return fmt.Errorf("cl: kernel %s: argument %d: nil buffer", k.name, index)
		}
		bh, err := v.ref.Acquire(ErrReleased)
		if err != nil {
			return fmt.Errorf("cl: kernel %s: argument %d: %w", k.name, index, err)
		}
		st = C.clSetKernelArg(h, C.cl_uint(index), C.size_t(unsafe.Sizeof(bh)), unsafe.Pointer(&bh))
		v.ref.Done()
		runtime.KeepAlive(v)
	case LocalMem:
		if v <= 0 {
			return fmt.Errorf("cl: kernel %s: argument %d: local memory size %d is not positive", k.name, index, v)
		}
		st = C.clSetKernelArg(h, C.cl_uint(index), C.size_t(v), nil)
	case []byte:
		if len(v) == 0 {
			return fmt.Errorf("cl: kernel %s: argument %d: empty bytes", k.name, index)
		}
		st = C.clSetKernelArg(h, C.cl_uint(index), C.size_t(len(v)), unsafe.Pointer(&v[0]))
	default:
		rv := reflect.ValueOf(value)
		if !rv.IsValid() {
			return fmt.Errorf("cl: kernel %s: argument %d: nil value", k.name, index)
		}
		if err := checkElem(rv.Type()); err != nil {
			return fmt.Errorf("cl: kernel %s: argument %d: %w", k.name, index, err)
		}
		// Copy the value to addressable memory and pass its bytes.
		p := reflect.New(rv.Type())
		p.Elem().Set(rv)
		st = C.clSetKernelArg(h, C.cl_uint(index), C.size_t(rv.Type().Size()), p.UnsafePointer())
		runtime.KeepAlive(p)
	}
	if err := check("clSetKernelArg", Status(st)); err != nil {
		return fmt.Errorf("kernel %s: argument %d (%T): %w", k.name, index, value, err)
	}
	return nil
}

// SetArgs sets the arguments in order, starting at index 0.
func (k *Kernel) SetArgs(values ...any) error {
	for i, v := range values {
		if err := k.SetArg(i, v); err != nil {
			return err
		}
	}
	return nil
}

// KernelWorkGroupInfo holds what a device allows and prefers for a kernel.
type KernelWorkGroupInfo struct {
	WorkGroupSize                  int   // the largest work-group the kernel can run with
	CompileWorkGroupSize           []int // set by reqd_work_group_size, else zeros
	LocalMemSize                   int64 // local memory the kernel uses, in bytes
	PrivateMemSize                 int64
	PreferredWorkGroupSizeMultiple int
}

// WorkGroupInfo reads the kernel's work-group properties on dev.
func (k *Kernel) WorkGroupInfo(dev *Device) (KernelWorkGroupInfo, error) {
	h, err := k.ref.Acquire(ErrReleased)
	if err != nil {
		return KernelWorkGroupInfo{}, err
	}
	defer k.ref.Done()
	defer runtime.KeepAlive(k)
	f := func(p C.cl_kernel_work_group_info) infoFunc {
		return func(size C.size_t, v unsafe.Pointer, ret *C.size_t) C.cl_int {
			return C.clGetKernelWorkGroupInfo(h, dev.id, p, size, v, ret)
		}
	}
	const call = "clGetKernelWorkGroupInfo"
	var i KernelWorkGroupInfo
	wg, err := queryValue[C.size_t](call, f(C.CL_KERNEL_WORK_GROUP_SIZE))
	if err != nil {
		return i, err
	}
	i.WorkGroupSize = int(wg)
	cwg, err := queryValue[[3]C.size_t](call, f(C.CL_KERNEL_COMPILE_WORK_GROUP_SIZE))
	if err != nil {
		return i, err
	}
	i.CompileWorkGroupSize = []int{int(cwg[0]), int(cwg[1]), int(cwg[2])}
	lm, err := queryValue[C.cl_ulong](call, f(C.CL_KERNEL_LOCAL_MEM_SIZE))
	if err != nil {
		return i, err
	}
	i.LocalMemSize = int64(lm)
	pm, err := queryValue[C.cl_ulong](call, f(C.CL_KERNEL_PRIVATE_MEM_SIZE))
	if err != nil {
		return i, err
	}
	i.PrivateMemSize = int64(pm)
	pref, err := queryValue[C.size_t](call, f(C.CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE))
	if err != nil {
		return i, err
	}
	i.PreferredWorkGroupSizeMultiple = int(pref)
	return i, nil
}

// NDRange is the shape of a kernel launch: global sizes, optional local
// (work-group) sizes of the same rank, optional global offsets.
type NDRange struct {
	Global []int
	Local  []int // nil: the driver chooses
	Offset []int // nil: zero
}

// EnqueueKernel enqueues k over r after the events in wait. With event set
// it returns the command's event, which the caller must Release.
func (q *Queue) EnqueueKernel(k *Kernel, r NDRange, wait []*Event, event bool) (*Event, error) {
	dims := len(r.Global)
	if dims < 1 || dims > 3 {
		return nil, fmt.Errorf("cl: kernel %s: %d global dimensions (want 1 to 3)", k.name, dims)
	}
	if r.Local != nil && len(r.Local) != dims {
		return nil, fmt.Errorf("cl: kernel %s: local size %v does not match global size %v", k.name, r.Local, r.Global)
	}
	if r.Offset != nil && len(r.Offset) != dims {
		return nil, fmt.Errorf("cl: kernel %s: offset %v does not match global size %v", k.name, r.Offset, r.Global)
	}
	var global, local, offset [3]C.size_t
	for i := 0; i < dims; i++ {
		if r.Global[i] <= 0 {
			return nil, fmt.Errorf("cl: kernel %s: global size %v has a non-positive entry", k.name, r.Global)
		}
		global[i] = C.size_t(r.Global[i])
		if r.Local != nil {
			if r.Local[i] <= 0 {
				return nil, fmt.Errorf("cl: kernel %s: local size %v has a non-positive entry", k.name, r.Local)
			}
			local[i] = C.size_t(r.Local[i])
		}
		if r.Offset != nil {
			offset[i] = C.size_t(r.Offset[i])
		}
	}
	var plocal, poffset *C.size_t
	if r.Local != nil {
		plocal = &local[0]
	}
	if r.Offset != nil {
		poffset = &offset[0]
	}
	kh, err := k.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer k.ref.Done()
	defer runtime.KeepAlive(k)
	ev, err := q.enqueue("clEnqueueNDRangeKernel", wait, event, func(qh C.cl_command_queue, nw C.cl_uint, pw, ev *C.cl_event) C.cl_int {
		return C.clEnqueueNDRangeKernel(qh, kh, C.cl_uint(dims), poffset, &global[0], plocal, nw, pw, ev)
	})
	if err != nil {
		return nil, fmt.Errorf("kernel %s (global %v, local %v): %w", k.name, r.Global, r.Local, err)
	}
	return ev, nil
}
