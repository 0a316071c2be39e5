package cl

/*
#include <stdlib.h>
#include "clinc.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"

	"github.com/reikna-go/reikna/cluda/internal/handle"
)

// HostMemory is host memory outside Go's heap, which a non-blocking copy
// may read or write after the call that enqueued it returns
// (WriteHostAsync, ReadHostAsync): Go memory may not be held by C past a
// call.
type HostMemory struct {
	ref  handle.Handle[unsafe.Pointer]
	size int
}

// AllocHost allocates size bytes of host memory, which the caller must
// Free once no copy uses it.
func AllocHost(size int) (*HostMemory, error) {
	if size <= 0 {
		return nil, fmt.Errorf("cl: AllocHost: size %d (want at least 1 byte)", size)
	}
	p := C.malloc(C.size_t(size))
	if p == nil {
		return nil, fmt.Errorf("cl: AllocHost: %d bytes: out of host memory", size)
	}
	h := &HostMemory{size: size}
	handle.Own(h, &h.ref, p, func(p unsafe.Pointer) { C.free(p) })
	return h, nil
}

// Free frees the memory. It is safe to call more than once.
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

// WriteHostAsync enqueues a copy of n bytes of h into b at offset, after
// the events in wait, and returns at once: h must stay allocated, and
// unchanged, until the copy's event completes. With event set it returns
// the command's event, which the caller must Release.
func (q *Queue) WriteHostAsync(b *Buffer, offset int, h *HostMemory, n int, wait []*Event, event bool) (*Event, error) {
	return q.hostAsync(true, b, offset, h, n, wait, event)
}

// ReadHostAsync enqueues a copy of n bytes of b at offset into h, after
// the events in wait and every command enqueued before it, and returns at
// once: h holds the bytes once the copy's event completes, and must stay
// allocated until then. With event set it returns the command's event,
// which the caller must Release.
func (q *Queue) ReadHostAsync(b *Buffer, offset int, h *HostMemory, n int, wait []*Event, event bool) (*Event, error) {
	return q.hostAsync(false, b, offset, h, n, wait, event)
}

// hostAsync is a non-blocking write (or read) of n bytes between h and b
// at offset.
func (q *Queue) hostAsync(write bool, b *Buffer, offset int, h *HostMemory, n int, wait []*Event, event bool) (*Event, error) {
	call := "clEnqueueReadBuffer"
	if write {
		call = "clEnqueueWriteBuffer"
	}
	if h == nil {
		return nil, fmt.Errorf("cl: %s: nil HostMemory", call)
	}
	if n < 0 || n > h.size {
		return nil, fmt.Errorf("cl: %s: %d bytes of host memory of %d", call, n, h.size)
	}
	if err := b.checkRange(call, offset, n); err != nil {
		return nil, err
	}
	hp, err := h.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer h.ref.Done()
	defer runtime.KeepAlive(h)
	return withBuffers(b, b, func(bh, _ C.cl_mem) (*Event, error) {
		return q.enqueue(call, wait, event, func(qh C.cl_command_queue, nw C.cl_uint, pw, ev *C.cl_event) C.cl_int {
			if write {
				return C.clEnqueueWriteBuffer(qh, bh, C.CL_FALSE, C.size_t(offset), C.size_t(n), hp, nw, pw, ev)
			}
			return C.clEnqueueReadBuffer(qh, bh, C.CL_FALSE, C.size_t(offset), C.size_t(n), hp, nw, pw, ev)
		})
	})
}
