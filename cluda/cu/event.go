package cu

/*
#include "cuinc.h"
*/
import "C"

import (
	"errors"
	"runtime"
	"time"

	"github.com/reikna-go/reikna/cluda/internal/handle"
)

// EventFlags are the flags of a created event (CU_EVENT_*).
type EventFlags uint32

// Event flags, with the values of CUDA's CUevent_flags.
const (
	EventDefault       EventFlags = 0x0
	EventBlockingSync  EventFlags = 0x1 // Synchronize sleeps instead of spinning
	EventDisableTiming EventFlags = 0x2 // no timestamps: lighter, for ordering only
)

// Event marks a point in a stream's work, to wait for or to time.
type Event struct {
	ref handle.Handle[C.CUevent]
	ctx *Context
}

// CreateEvent creates an event in the context, which the caller must
// Release.
func CreateEvent(ctx *Context, flags EventFlags) (*Event, error) {
	var h C.CUevent
	err := ctx.do(func(lib *library, ch C.CUcontext) error {
		return lib.check("cuEventCreate", C.reikna_cuEventCreate(lib.fns, ch, &h, C.uint(flags)))
	})
	if err != nil {
		return nil, err
	}
	e := &Event{ctx: ctx}
	handle.Own(e, &e.ref, h, func(h C.CUevent) {
		ctx.do(func(lib *library, ch C.CUcontext) error {
			return lib.check("cuEventDestroy_v2", C.reikna_cuEventDestroy(lib.fns, ch, h))
		})
	})
	return e, nil
}

// Release destroys the event. It is safe to call more than once.
func (e *Event) Release() { e.ref.Drop() }

// Record marks the point after the work queued so far on s (the default
// stream if nil).
func (e *Event) Record(s *Stream) error {
	return e.ref.With(ErrReleased, func(eh C.CUevent) error {
		defer runtime.KeepAlive(e)
		return onStream(s, e.ctx, func(lib *library, ch C.CUcontext, sh C.CUstream) error {
			return lib.check("cuEventRecord", C.reikna_cuEventRecord(lib.fns, ch, eh, sh))
		})
	})
}

// Synchronize waits until the work before the recorded point is done.
func (e *Event) Synchronize() error {
	return e.do(func(lib *library, ch C.CUcontext, eh C.CUevent) error {
		return lib.check("cuEventSynchronize", C.reikna_cuEventSynchronize(lib.fns, ch, eh))
	})
}

// Done reports whether the work before the recorded point is done, without
// waiting.
func (e *Event) Done() (bool, error) {
	var done bool
	err := e.do(func(lib *library, ch C.CUcontext, eh C.CUevent) error {
		err := lib.check("cuEventQuery", C.reikna_cuEventQuery(lib.fns, ch, eh))
		if errors.Is(err, NotReady) {
			return nil
		}
		done = err == nil
		return err
	})
	return done, err
}

// ElapsedTime returns the device time between two completed events of
// the same context, both recorded and created with timing; its resolution
// is about half a microsecond.
func ElapsedTime(start, end *Event) (time.Duration, error) {
	var ms C.float
	// Both events' handles are taken before the context's, the order every
	// call and Release keeps.
	elapsed := func(sh, eh C.CUevent) error {
		return start.ctx.do(func(lib *library, ch C.CUcontext) error {
			return lib.check("cuEventElapsedTime", C.reikna_cuEventElapsedTime(lib.fns, ch, &ms, sh, eh))
		})
	}
	err := start.ref.With(ErrReleased, func(sh C.CUevent) error {
		if start == end {
			return elapsed(sh, sh)
		}
		return end.ref.With(ErrReleased, func(eh C.CUevent) error { return elapsed(sh, eh) })
	})
	runtime.KeepAlive(start)
	runtime.KeepAlive(end)
	if err != nil {
		return 0, err
	}
	return time.Duration(float64(ms) * float64(time.Millisecond)), nil
}

// do runs a driver call with the handles of the event and its context, or
// returns ErrReleased.
func (e *Event) do(call func(lib *library, ch C.CUcontext, eh C.CUevent) error) error {
	return e.ref.With(ErrReleased, func(eh C.CUevent) error {
		defer runtime.KeepAlive(e)
		return e.ctx.do(func(lib *library, ch C.CUcontext) error { return call(lib, ch, eh) })
	})
}
