package cl

/*
#include "clinc.h"
*/
import "C"

import (
	"runtime"
	"time"

	"github.com/reikna-go/reikna/cluda/internal/handle"
)

// Event is the completion event of an enqueued command.
type Event struct {
	ref handle.Handle[C.cl_event]
}

func releaseEvent(h C.cl_event) { C.clReleaseEvent(h) }

func newEvent(h C.cl_event) *Event {
	e := &Event{}
	handle.Own(e, &e.ref, h, releaseEvent)
	return e
}

// Release releases the event. It is safe to call more than once.
func (e *Event) Release() { e.ref.Drop() }

// Wait blocks until the command has completed.
func (e *Event) Wait() error {
	h, err := e.ref.Acquire(ErrReleased)
	if err != nil {
		return err
	}
	defer e.ref.Done()
	err = check("clWaitForEvents", Status(C.clWaitForEvents(1, &h)))
	runtime.KeepAlive(e)
	return err
}

// EventTimes are the device timer readings of a command, in nanoseconds.
type EventTimes struct {
	Queued, Submitted, Started, Ended uint64
}

// Duration is the time the command ran on the device.
func (t EventTimes) Duration() time.Duration { return time.Duration(t.Ended - t.Started) }

// Times returns the profiling times of a completed command of a queue that
// was created with profiling on.
func (e *Event) Times() (EventTimes, error) {
	h, err := e.ref.Acquire(ErrReleased)
	if err != nil {
		return EventTimes{}, err
	}
	defer e.ref.Done()
	defer runtime.KeepAlive(e)
	var t EventTimes
	for _, p := range []struct {
		param C.cl_profiling_info
		dst   *uint64
	}{
		{C.CL_PROFILING_COMMAND_QUEUED, &t.Queued},
		{C.CL_PROFILING_COMMAND_SUBMIT, &t.Submitted},
		{C.CL_PROFILING_COMMAND_START, &t.Started},
		{C.CL_PROFILING_COMMAND_END, &t.Ended},
	} {
		var v C.cl_ulong
		st := C.clGetEventProfilingInfo(h, p.param, C.size_t(8), pin(&v), nil)
		if err := check("clGetEventProfilingInfo", Status(st)); err != nil {
			return EventTimes{}, err
		}
		*p.dst = uint64(v)
	}
	return t, nil
}

// waitList holds the handles of a wait list with their objects' read locks,
// so that none is released while a command is enqueued after them.
type waitList struct {
	events  []*Event
	handles []C.cl_event
}

func acquireWaitList(events []*Event) (*waitList, error) {
	w := &waitList{}
	for _, e := range events {
		h, err := e.ref.Acquire(ErrReleased)
		if err != nil {
			w.release()
			return nil, err
		}
		w.events = append(w.events, e)
		w.handles = append(w.handles, h)
	}
	return w, nil
}

func (w *waitList) ptr() (C.cl_uint, *C.cl_event) {
	if len(w.handles) == 0 {
		return 0, nil
	}
	return C.cl_uint(len(w.handles)), &w.handles[0]
}

func (w *waitList) release() {
	for _, e := range w.events {
		e.ref.Done()
	}
	runtime.KeepAlive(w.events)
}

// eventOut returns where the command's event goes: nil when the caller wants
// none, so that no event is created.
func eventOut(want bool, h *C.cl_event) *C.cl_event {
	if want {
		return h
	}
	return nil
}

func wrapEvent(want bool, h C.cl_event) *Event {
	if !want {
		return nil
	}
	return newEvent(h)
}

// enqueue runs one clEnqueue call on the queue after the events in wait,
// asking for the command's event if event is set. The caller holds the
// handles of the objects the command uses.
func (q *Queue) enqueue(call string, wait []*Event, event bool,
	do func(qh C.cl_command_queue, nw C.cl_uint, pw *C.cl_event, ev *C.cl_event) C.cl_int) (*Event, error) {
	qh, err := q.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer q.ref.Done()
	wl, err := acquireWaitList(wait)
	if err != nil {
		return nil, err
	}
	defer wl.release()
	nw, pw := wl.ptr()
	var ev C.cl_event
	st := do(qh, nw, pw, eventOut(event, &ev))
	runtime.KeepAlive(q)
	if err := check(call, Status(st)); err != nil {
		return nil, err
	}
	return wrapEvent(event, ev), nil
}
