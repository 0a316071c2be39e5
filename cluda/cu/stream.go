package cu

/*
#include "cuinc.h"
*/
import "C"

import (
	"errors"
	"runtime"
	"unsafe"

	"github.com/reikna-go/reikna/cluda/internal/handle"
)

// Stream is a CUDA stream of a context: work queued on it runs in order.
// A nil *Stream, where a function takes one, is the context's default
// (legacy NULL) stream.
type Stream struct {
	ref handle.Handle[C.CUstream]
	ctx *Context
}

// CreateStream creates a stream in the context, which the caller must
// Release. A non-blocking stream does not wait for the default stream.
func CreateStream(ctx *Context, nonBlocking bool) (*Stream, error) {
	var flags C.uint
	if nonBlocking {
		flags = 1 // CU_STREAM_NON_BLOCKING
	}
	var h C.CUstream
	err := ctx.do(func(lib *library, ch C.CUcontext) error {
		return lib.check("cuStreamCreate", C.reikna_cuStreamCreate(lib.fns, ch, &h, flags))
	})
	if err != nil {
		return nil, err
	}
	s := &Stream{ctx: ctx}
	handle.Own(s, &s.ref, h, func(h C.CUstream) {
		ctx.do(func(lib *library, ch C.CUcontext) error {
			return lib.check("cuStreamDestroy_v2", C.reikna_cuStreamDestroy(lib.fns, ch, h))
		})
	})
	return s, nil
}

// WrapStream returns a Stream for a CUstream of ctx that was made
// elsewhere, given as its handle's value. The Stream does not own the
// handle: its Release only stops this package from using it.
func WrapStream(ctx *Context, raw uintptr) (*Stream, error) {
	if raw == 0 {
		return nil, errors.New("cu: WrapStream: null stream (use a nil *Stream for the default stream)")
	}
	s := &Stream{ctx: ctx}
	handle.Own(s, &s.ref, C.reikna_cu_stream(C.uintptr_t(raw)), nil)
	return s, nil
}

// Release destroys a created stream once its queued work is done, and
// forgets a wrapped one. It is safe to call more than once.
func (s *Stream) Release() { s.ref.Drop() }

// Context returns the stream's context.
func (s *Stream) Context() *Context { return s.ctx }

// Handle returns the value of the stream's CUstream handle, or 0 after
// Release.
func (s *Stream) Handle() uintptr {
	h, err := s.ref.Acquire(ErrReleased)
	if err != nil {
		return 0
	}
	defer s.ref.Done()
	return uintptr(unsafe.Pointer(h))
}

// Synchronize waits until all work queued on the stream has completed.
func (s *Stream) Synchronize() error {
	if s == nil {
		return errors.New("cu: Synchronize of a nil Stream (use Context.Synchronize)")
	}
	return onStream(s, s.ctx, func(lib *library, ch C.CUcontext, sh C.CUstream) error {
		return lib.check("cuStreamSynchronize", C.reikna_cuStreamSynchronize(lib.fns, ch, sh))
	})
}

// onStream runs a driver call with the handles of the stream (NULL for a
// nil stream) and of ctx, or returns ErrReleased.
func onStream(s *Stream, ctx *Context, call func(lib *library, ch C.CUcontext, sh C.CUstream) error) error {
	var sh C.CUstream
	if s != nil {
		h, err := s.ref.Acquire(ErrReleased)
		if err != nil {
			return err
		}
		defer s.ref.Done()
		defer runtime.KeepAlive(s)
		sh = h
	}
	return ctx.do(func(lib *library, ch C.CUcontext) error { return call(lib, ch, sh) })
}
