package cl

/*
#include "clinc.h"
*/
import "C"

import (
	"fmt"
	"reflect"
	"runtime"
	"sync"
	"unsafe"
)

// pointerFree caches which element types hold no Go pointers, the only ones
// whose memory may be handed to the driver.
var pointerFree sync.Map

func checkElem(t reflect.Type) error {
	if v, ok := pointerFree.Load(t); ok {
		if v.(bool) {
			return nil
		}
		return fmt.Errorf("cl: element type %v holds Go pointers and cannot be copied to a device", t)
	}
	ok := !hasPointers(t)
	pointerFree.Store(t, ok)
	if !ok {
		return fmt.Errorf("cl: element type %v holds Go pointers and cannot be copied to a device", t)
	}
	return nil
}

func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}

// sliceBytes returns the memory of s and its size in bytes.
func sliceBytes[T any](s []T) (unsafe.Pointer, int, error) {
	if err := checkElem(reflect.TypeFor[T]()); err != nil {
		return nil, 0, err
	}
	if len(s) == 0 {
		return nil, 0, nil
	}
	var zero T
	return unsafe.Pointer(&s[0]), len(s) * int(unsafe.Sizeof(zero)), nil
}

// Write copies src into b starting at byte offset, and returns when the copy
// is done, so src may be changed at once. The element type must hold no Go
// pointers.
func Write[T any](q *Queue, b *Buffer, offset int, src []T) error {
	p, n, err := sliceBytes(src)
	if err != nil {
		return err
	}
	return q.WriteBytes(b, offset, n, p)
}

// Read copies bytes of b starting at offset into dst, after every command
// queued before it, and returns when the copy is done.
func Read[T any](q *Queue, b *Buffer, offset int, dst []T) error {
	p, n, err := sliceBytes(dst)
	if err != nil {
		return err
	}
	return q.ReadBytes(b, offset, n, p)
}

// WriteBytes is a blocking write of n bytes at p into b at offset; p must
// stay valid for the call only.
func (q *Queue) WriteBytes(b *Buffer, offset, n int, p unsafe.Pointer) error {
	return q.transfer(true, b, offset, n, p)
}

// ReadBytes is a blocking read of n bytes of b at offset into p.
func (q *Queue) ReadBytes(b *Buffer, offset, n int, p unsafe.Pointer) error {
	return q.transfer(false, b, offset, n, p)
}

// transfer is a blocking write (or read) of n bytes between p and b at
// offset.
func (q *Queue) transfer(write bool, b *Buffer, offset, n int, p unsafe.Pointer) error {
	call := "clEnqueueReadBuffer"
	if write {
		call = "clEnqueueWriteBuffer"
	}
	if err := b.checkRange(call, offset, n); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	_, err := withBuffers(b, b, func(bh, _ C.cl_mem) (*Event, error) {
		return q.enqueue(call, nil, false, func(qh C.cl_command_queue, nw C.cl_uint, pw, ev *C.cl_event) C.cl_int {
			if write {
				return C.clEnqueueWriteBuffer(qh, bh, C.CL_TRUE, C.size_t(offset), C.size_t(n), p, nw, pw, ev)
			}
			return C.clEnqueueReadBuffer(qh, bh, C.CL_TRUE, C.size_t(offset), C.size_t(n), p, nw, pw, ev)
		})
	})
	return err
}

// CopyBuffer enqueues a copy of n bytes from src at srcOffset to dst at
// dstOffset, after the events in wait. With event set it returns the
// command's event, which the caller must Release.
func (q *Queue) CopyBuffer(src, dst *Buffer, srcOffset, dstOffset, n int, wait []*Event, event bool) (*Event, error) {
	if err := src.checkRange("clEnqueueCopyBuffer", srcOffset, n); err != nil {
		return nil, err
	}
	if err := dst.checkRange("clEnqueueCopyBuffer", dstOffset, n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	return withBuffers(src, dst, func(sh, dh C.cl_mem) (*Event, error) {
		return q.enqueue("clEnqueueCopyBuffer", wait, event, func(qh C.cl_command_queue, nw C.cl_uint, pw, ev *C.cl_event) C.cl_int {
			return C.clEnqueueCopyBuffer(qh, sh, dh, C.size_t(srcOffset), C.size_t(dstOffset), C.size_t(n), nw, pw, ev)
		})
	})
}

// withBuffers runs a copy with the handles of src and dst held (once,
// where they are the same buffer).
func withBuffers(src, dst *Buffer, copy func(sh, dh C.cl_mem) (*Event, error)) (*Event, error) {
	sh, err := src.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer src.ref.Done()
	dh := sh
	if dst != src {
		if dh, err = dst.ref.Acquire(ErrReleased); err != nil {
			return nil, err
		}
		defer dst.ref.Done()
	}
	defer runtime.KeepAlive(src)
	defer runtime.KeepAlive(dst)
	return copy(sh, dh)
}

// FillBuffer enqueues filling n bytes of b at offset with copies of pattern,
// whose length must be 1, 2, 4, 8, 16, 32, 64 or 128 bytes and divide offset
// and n. The pattern is copied before the call returns.
func (q *Queue) FillBuffer(b *Buffer, pattern []byte, offset, n int, wait []*Event, event bool) (*Event, error) {
	switch len(pattern) {
	case 1, 2, 4, 8, 16, 32, 64, 128:
	default:
		return nil, fmt.Errorf("cl: FillBuffer: pattern of %d bytes (want a power of two up to 128)", len(pattern))
	}
	if offset%len(pattern) != 0 || n%len(pattern) != 0 {
		return nil, fmt.Errorf("cl: FillBuffer: offset %d and size %d must be multiples of the pattern size %d", offset, n, len(pattern))
	}
	if err := b.checkRange("clEnqueueFillBuffer", offset, n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	bh, err := b.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer b.ref.Done()
	defer runtime.KeepAlive(b)
	return q.enqueue("clEnqueueFillBuffer", wait, event, func(qh C.cl_command_queue, nw C.cl_uint, pw, ev *C.cl_event) C.cl_int {
		return C.clEnqueueFillBuffer(qh, bh, unsafe.Pointer(&pattern[0]), C.size_t(len(pattern)), C.size_t(offset), C.size_t(n), nw, pw, ev)
	})
}
