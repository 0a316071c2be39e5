package cu

/*
#include "cuinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"

	"github.com/reikna-go/reikna/cluda/internal/handle"
)

// DevicePtr is an address in device memory (CUdeviceptr).
type DevicePtr uint64

// Memory is a range of device memory of a context.
type Memory struct {
	ref  handle.Handle[C.CUdeviceptr]
	ctx  *Context
	size int
}

// Alloc allocates size bytes of device memory, which the caller must Free.
func Alloc(ctx *Context, size int) (*Memory, error) {
	if size <= 0 {
		return nil, fmt.Errorf("cu: Alloc: size %d (want at least 1 byte)", size)
	}
	var p C.CUdeviceptr
	err := ctx.do(func(lib *library, ch C.CUcontext) error {
		return lib.check("cuMemAlloc_v2", C.reikna_cuMemAlloc(lib.fns, ch, &p, C.size_t(size)))
	})
	if err != nil {
		return nil, fmt.Errorf("%d bytes: %w", size, err)
	}
	m := &Memory{ctx: ctx, size: size}
	handle.Own(m, &m.ref, p, func(p C.CUdeviceptr) {
		ctx.do(func(lib *library, ch C.CUcontext) error {
			return lib.check("cuMemFree_v2", C.reikna_cuMemFree(lib.fns, ch, p))
		})
	})
	return m, nil
}

// WrapMemory returns a Memory for size bytes at ptr in ctx, allocated
// elsewhere. The Memory does not own them: its Free only stops this
// package from using them, and they must outlive every use through it.
func WrapMemory(ctx *Context, ptr DevicePtr, size int) (*Memory, error) {
	if ptr == 0 || size <= 0 {
		return nil, fmt.Errorf("cu: WrapMemory: pointer %#x of %d bytes", uint64(ptr), size)
	}
	m := &Memory{ctx: ctx, size: size}
	handle.Own(m, &m.ref, C.CUdeviceptr(ptr), nil)
	return m, nil
}

// Free frees memory that Alloc allocated and forgets wrapped memory. It is
// safe to call more than once, and does nothing after its context's
// Release, which freed the memory already.
func (m *Memory) Free() { m.ref.Drop() }

// Context returns the memory's context.
func (m *Memory) Context() *Context { return m.ctx }

// Size returns the memory's size in bytes.
func (m *Memory) Size() int { return m.size }

// Ptr returns the memory's device address, or 0 after Free.
func (m *Memory) Ptr() DevicePtr {
	p, err := m.ref.Acquire(ErrReleased)
	if err != nil {
		return 0
	}
	defer m.ref.Done()
	return DevicePtr(p)
}

// checkRange returns an error unless n bytes at offset lie within the
// memory.
func (m *Memory) checkRange(call string, offset, n int) error {
	if m == nil {
		return fmt.Errorf("cu: %s: nil Memory", call)
	}
	if offset < 0 || n < 0 || offset > m.size || n > m.size-offset {
		return fmt.Errorf("cu: %s: %d bytes at offset %d of memory of %d bytes", call, n, offset, m.size)
	}
	return nil
}

// HostMemory is page-locked host memory that the device reads and writes
// directly, for transfers that run asynchronously on a stream.
type HostMemory struct {
	ref  handle.Handle[unsafe.Pointer]
	ctx  *Context
	size int
}

// AllocHost allocates size bytes of page-locked host memory, which the
// caller must Free.
func AllocHost(ctx *Context, size int) (*HostMemory, error) {
	if size <= 0 {
		return nil, fmt.Errorf("cu: AllocHost: size %d (want at least 1 byte)", size)
	}
	var p unsafe.Pointer
	err := ctx.do(func(lib *library, ch C.CUcontext) error {
		return lib.check("cuMemAllocHost_v2", C.reikna_cuMemAllocHost(lib.fns, ch, &p, C.size_t(size)))
	})
	if err != nil {
		return nil, fmt.Errorf("%d bytes: %w", size, err)
	}
	h := &HostMemory{ctx: ctx, size: size}
	handle.Own(h, &h.ref, p, func(p unsafe.Pointer) {
		ctx.do(func(lib *library, ch C.CUcontext) error {
			return lib.check("cuMemFreeHost", C.reikna_cuMemFreeHost(lib.fns, ch, p))
		})
	})
	return h, nil
}

// Free frees the memory. Slices that Bytes returned must not be used after
// it. It is safe to call more than once.
func (h *HostMemory) Free() { h.ref.Drop() }

// Size returns the memory's size in bytes.
func (h *HostMemory) Size() int { return h.size }

// Bytes returns the memory as a byte slice, valid until Free.
func (h *HostMemory) Bytes() ([]byte, error) {
	p, err := h.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer h.ref.Done()
	return unsafe.Slice((*byte)(p), h.size), nil
}

// checkRange returns an error unless n bytes at offset lie within the
// memory.
func (h *HostMemory) checkRange(call string, offset, n int) error {
	if h == nil {
		return fmt.Errorf("cu: %s: nil HostMemory", call)
	}
	if offset < 0 || n < 0 || offset > h.size || n > h.size-offset {
		return fmt.Errorf("cu: %s: %d bytes at offset %d of host memory of %d bytes", call, n, offset, h.size)
	}
	return nil
}

// withMemory runs a driver call with the device address of m, or returns
// ErrReleased.
func withMemory(m *Memory, call func(p C.CUdeviceptr) error) error {
	if m == nil {
		return errors.New("cu: nil Memory")
	}
	p, err := m.ref.Acquire(ErrReleased)
	if err != nil {
		return err
	}
	defer m.ref.Done()
	defer runtime.KeepAlive(m)
	return call(p)
}

// withHost runs a driver call with the address of h, or returns
// ErrReleased.
func withHost(h *HostMemory, call func(p unsafe.Pointer) error) error {
	if h == nil {
		return errors.New("cu: nil HostMemory")
	}
	p, err := h.ref.Acquire(ErrReleased)
	if err != nil {
		return err
	}
	defer h.ref.Done()
	defer runtime.KeepAlive(h)
	return call(p)
}
