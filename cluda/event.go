package cluda

import (
	"fmt"
	"sync"
	"time"

	"github.com/reikna-go/reikna/cluda/cl"
)

// Event is the completion event of a command that a Thread enqueued, such
// as a kernel call (Kernel.Enqueue, StaticKernel.Enqueue). Release it after
// use; an event that is never released is released when it becomes
// unreachable.
type Event struct {
	thread *Thread
	event  deviceEvent

	// An asynchronous transfer's event (Array.SetAsync, GetAsync) holds
	// its staging memory, which Release frees once the copy has
	// completed, and a download's finish, which copies the values into
	// the caller's slice when Wait first returns.
	staging  hostStaging
	finish   func() error
	finished sync.Once
	finErr   error
}

// newEvent wraps the event of a command enqueued on t, nil for none.
func newEvent(t *Thread, ev deviceEvent) *Event {
	if ev == nil {
		return nil
	}
	return &Event{thread: t, event: ev}
}

// Wait blocks until the command has completed; for a download
// (Array.GetAsync), the values are then in the slice it was given.
func (e *Event) Wait() error {
	if err := e.event.wait(); err != nil {
		return fmt.Errorf("cluda: wait for event: %w", err)
	}
	if e.finish != nil {
		e.finished.Do(func() { e.finErr = e.thread.finishStaged(e) })
		if e.finErr != nil {
			return fmt.Errorf("cluda: wait for event: %w", e.finErr)
		}
	}
	return nil
}

// Duration returns the time the completed command ran on the device, from
// its profiling times. The Thread's queue must have been created with
// profiling on (ThreadOptions.Profiling).
func (e *Event) Duration() (time.Duration, error) {
	d, err := e.event.duration()
	if err != nil {
		return 0, fmt.Errorf("cluda: event profiling times: %w", err)
	}
	return d, nil
}

// CLEvent returns the underlying OpenCL event, for the wait lists of
// commands enqueued on the Thread's queue directly, or nil for an event of
// another API: interop (see the package documentation). It stays valid
// until Release.
func (e *Event) CLEvent() *cl.Event {
	if ce, ok := e.event.(clEvent); ok {
		return ce.event
	}
	return nil
}

// Release releases the event. It is safe to call more than once. The event
// of an asynchronous transfer waits for the copy first and frees the
// memory it staged through; a download released before Wait leaves the
// caller's slice as it was.
func (e *Event) Release() {
	if e.staging != nil && e.thread.dropStaging(e) {
		e.event.wait() // the copy must end before its memory goes; its error was the caller's to see
		e.staging.free()
	}
	e.event.release()
}

// waitList returns the backend's events of a wait list of commands
// enqueued on t, checking that each is an event of t.
func (t *Thread) waitList(wait []*Event) ([]deviceEvent, error) {
	if len(wait) == 0 {
		return nil, nil
	}
	evs := make([]deviceEvent, 0, len(wait))
	for i, e := range wait {
		switch {
		case e == nil:
			return nil, fmt.Errorf("wait list entry %d is a nil *Event", i)
		case e.thread != t:
			return nil, fmt.Errorf("wait list entry %d is an event of another Thread", i)
		}
		if _, done := e.event.(doneEvent); !done { // nothing to wait for
			evs = append(evs, e.event)
		}
	}
	return evs, nil
}
