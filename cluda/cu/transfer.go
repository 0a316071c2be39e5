package cu

/*
#include "cuinc.h"
*/
import "C"

import (
	"runtime"
	"unsafe"
)

// Element is an element type whose memory may be copied to and from a
// device as it is: numbers of fixed width.
type Element interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64 |
		~float32 | ~float64 | ~complex64 | ~complex128
}

// asBytes returns the memory of s as bytes.
func asBytes[T Element](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(s[0])))
}

// CopyHtoD copies src into dst starting at byte offset, and returns when
// the copy is done.
func CopyHtoD[T Element](dst *Memory, offset int, src []T) error {
	return CopyBytesHtoD(dst, offset, asBytes(src))
}

// CopyDtoH copies bytes of src starting at offset into dst, after the work
// queued on the default stream, and returns when the copy is done.
func CopyDtoH[T Element](dst []T, src *Memory, offset int) error {
	return CopyBytesDtoH(asBytes(dst), src, offset)
}

// CopyBytesHtoD copies src into dst starting at byte offset, and returns
// when the copy is done.
func CopyBytesHtoD(dst *Memory, offset int, src []byte) error {
	if err := dst.checkRange("cuMemcpyHtoD_v2", offset, len(src)); err != nil || len(src) == 0 {
		return err
	}
	return withMemory(dst, func(p C.CUdeviceptr) error {
		return dst.ctx.do(func(lib *library, ch C.CUcontext) error {
			r := C.reikna_cuMemcpyHtoD(lib.fns, ch, p+C.CUdeviceptr(offset), unsafe.Pointer(&src[0]), C.size_t(len(src)), nil, 0)
			runtime.KeepAlive(src)
			return lib.check("cuMemcpyHtoD_v2", r)
		})
	})
}

// CopyBytesDtoH copies len(dst) bytes of src starting at offset into dst,
// and returns when the copy is done.
func CopyBytesDtoH(dst []byte, src *Memory, offset int) error {
	if err := src.checkRange("cuMemcpyDtoH_v2", offset, len(dst)); err != nil || len(dst) == 0 {
		return err
	}
	return withMemory(src, func(p C.CUdeviceptr) error {
		return src.ctx.do(func(lib *library, ch C.CUcontext) error {
			r := C.reikna_cuMemcpyDtoH(lib.fns, ch, unsafe.Pointer(&dst[0]), p+C.CUdeviceptr(offset), C.size_t(len(dst)), nil, 0)
			runtime.KeepAlive(dst)
			return lib.check("cuMemcpyDtoH_v2", r)
		})
	})
}

// CopyDtoD copies n bytes of src at srcOffset to dst at dstOffset, in the
// context of dst. With a stream it is queued there; without one it goes on
// the default stream, and the driver may return before it is done, as for
// any copy between device addresses: later work on the default stream, or
// a Synchronize, sees it done.
func CopyDtoD(s *Stream, dst *Memory, dstOffset int, src *Memory, srcOffset, n int) error {
	call := callName(s, "cuMemcpyDtoD_v2", "cuMemcpyDtoDAsync_v2")
	if err := dst.checkRange(call, dstOffset, n); err != nil {
		return err
	}
	if err := src.checkRange(call, srcOffset, n); err != nil || n == 0 {
		return err
	}
	return withMemory(dst, func(dp C.CUdeviceptr) error {
		body := func(sp C.CUdeviceptr) error {
			return onStream(s, dst.ctx, func(lib *library, ch C.CUcontext, sh C.CUstream) error {
				return lib.check(call, C.reikna_cuMemcpyDtoD(lib.fns, ch, dp+C.CUdeviceptr(dstOffset), sp+C.CUdeviceptr(srcOffset), C.size_t(n), sh, async(s)))
			})
		}
		if src == dst {
			return body(dp)
		}
		return withMemory(src, body)
	})
}

// Memset sets n bytes of dst at offset to value. With a stream it is queued
// there; without one it goes on the default stream, where, as with
// CopyDtoD, it may still run when Memset returns.
func Memset(s *Stream, dst *Memory, offset, n int, value byte) error {
	call := callName(s, "cuMemsetD8_v2", "cuMemsetD8Async")
	if err := dst.checkRange(call, offset, n); err != nil || n == 0 {
		return err
	}
	return withMemory(dst, func(p C.CUdeviceptr) error {
		return onStream(s, dst.ctx, func(lib *library, ch C.CUcontext, sh C.CUstream) error {
			return lib.check(call, C.reikna_cuMemsetD8(lib.fns, ch, p+C.CUdeviceptr(offset), C.uchar(value), C.size_t(n), sh, async(s)))
		})
	})
}

// CopyHtoDAsync queues on s (the default stream if nil) a copy of n bytes
// of page-locked src at srcOffset to dst at dstOffset, and returns at once.
func CopyHtoDAsync(s *Stream, dst *Memory, dstOffset int, src *HostMemory, srcOffset, n int) error {
	const call = "cuMemcpyHtoDAsync_v2"
	if err := dst.checkRange(call, dstOffset, n); err != nil {
		return err
	}
	if err := src.checkRange(call, srcOffset, n); err != nil || n == 0 {
		return err
	}
	return withMemory(dst, func(dp C.CUdeviceptr) error {
		return withHost(src, func(hp unsafe.Pointer) error {
			return onStream(s, dst.ctx, func(lib *library, ch C.CUcontext, sh C.CUstream) error {
				return lib.check(call, C.reikna_cuMemcpyHtoD(lib.fns, ch, dp+C.CUdeviceptr(dstOffset), unsafe.Add(hp, srcOffset), C.size_t(n), sh, 1))
			})
		})
	})
}

// CopyDtoHAsync queues on s (the default stream if nil) a copy of n bytes
// of src at srcOffset to page-locked dst at dstOffset, and returns at once.
func CopyDtoHAsync(s *Stream, dst *HostMemory, dstOffset int, src *Memory, srcOffset, n int) error {
	const call = "cuMemcpyDtoHAsync_v2"
	if err := dst.checkRange(call, dstOffset, n); err != nil {
		return err
	}
	if err := src.checkRange(call, srcOffset, n); err != nil || n == 0 {
		return err
	}
	return withMemory(src, func(sp C.CUdeviceptr) error {
		return withHost(dst, func(hp unsafe.Pointer) error {
			return onStream(s, src.ctx, func(lib *library, ch C.CUcontext, sh C.CUstream) error {
				return lib.check(call, C.reikna_cuMemcpyDtoH(lib.fns, ch, unsafe.Add(hp, dstOffset), sp+C.CUdeviceptr(srcOffset), C.size_t(n), sh, 1))
			})
		})
	})
}

// callName returns the name of the blocking call without a stream and of
// the asynchronous one with a stream.
func callName(s *Stream, blocking, asynchronous string) string {
	if s == nil {
		return blocking
	}
	return asynchronous
}

// async is 1 where s is a stream to queue on and 0 for a blocking call.
func async(s *Stream) C.int {
	if s == nil {
		return 0
	}
	return 1
}
