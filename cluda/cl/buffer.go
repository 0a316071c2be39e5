package cl

/*
#include "clinc.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"

	"github.com/reikna-go/reikna/cluda/internal/handle"
)

// MemFlags are the flags of a buffer allocation.
type MemFlags uint64

// Buffer flags.
const (
	MemReadWrite MemFlags = C.CL_MEM_READ_WRITE
	MemReadOnly  MemFlags = C.CL_MEM_READ_ONLY
	MemWriteOnly MemFlags = C.CL_MEM_WRITE_ONLY
)

// Buffer is a device memory object.
type Buffer struct {
	ref     handle.Handle[C.cl_mem]
	context *Context
	size    int
	parent  *Buffer // for sub-buffers: keeps the parent alive
	origin  int
}

func releaseMem(h C.cl_mem) { C.clReleaseMemObject(h) }

// CreateBuffer allocates size bytes of device memory in ctx. OpenCL has no
// empty buffers: size must be positive.
func CreateBuffer(ctx *Context, flags MemFlags, size int) (*Buffer, error) {
	if size <= 0 {
		return nil, fmt.Errorf("cl: CreateBuffer: size %d is not positive", size)
	}
	ch, err := ctx.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer ctx.ref.Done()
	var st C.cl_int
	h := C.clCreateBuffer(ch, C.cl_mem_flags(flags), C.size_t(size), nil, &st)
	runtime.KeepAlive(ctx)
	if err := check("clCreateBuffer", Status(st)); err != nil {
		return nil, err
	}
	b := &Buffer{context: ctx, size: size}
	handle.Own(b, &b.ref, h, releaseMem)
	return b, nil
}

// SubBuffer returns a buffer over bytes [origin, origin+size) of b. The
// origin must be a multiple of the device's MemBaseAddrAlignBits/8.
func (b *Buffer) SubBuffer(flags MemFlags, origin, size int) (*Buffer, error) {
	if origin < 0 || size <= 0 || origin+size > b.size {
		return nil, fmt.Errorf("cl: SubBuffer: region [%d, %d) is outside the buffer of %d bytes", origin, origin+size, b.size)
	}
	h, err := b.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer b.ref.Done()
	region := C.cl_buffer_region{origin: C.size_t(origin), size: C.size_t(size)}
	var st C.cl_int
	sh := C.clCreateSubBuffer(h, C.cl_mem_flags(flags), C.CL_BUFFER_CREATE_TYPE_REGION, unsafe.Pointer(&region), &st)
	runtime.KeepAlive(b)
	if err := check("clCreateSubBuffer", Status(st)); err != nil {
		return nil, err
	}
	s := &Buffer{context: b.context, size: size, parent: b, origin: origin}
	handle.Own(s, &s.ref, sh, releaseMem)
	return s, nil
}

// Size returns the buffer's size in bytes.
func (b *Buffer) Size() int { return b.size }

// Context returns the context the buffer belongs to.
func (b *Buffer) Context() *Context { return b.context }

// Release frees the buffer. It is safe to call more than once.
func (b *Buffer) Release() { b.ref.Drop() }

func (b *Buffer) checkRange(call string, offset, n int) error {
	if offset < 0 || n < 0 || offset+n > b.size {
		return fmt.Errorf("cl: %s: bytes [%d, %d) are outside the buffer of %d bytes", call, offset, offset+n, b.size)
	}
	return nil
}
