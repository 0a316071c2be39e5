package cluda

import (
	"fmt"
	"time"
)

// SetAsync enqueues the copy of a Go slice of the array's dtype and size
// into the contiguous array, after every command enqueued before it, and
// returns at once with the copy's event: data is copied into memory of
// the Thread's first (page-locked on CUDA), so the caller may change it
// as soon as SetAsync returns. Release the event to free that memory
// (Release waits for the copy); Thread.Release frees what is left.
// A strided array (a view) takes Set.
func (a *Array) SetAsync(data any) (*Event, error) {
	ev, err := a.setAsync(data)
	if err != nil {
		return nil, fmt.Errorf("cluda: set async: %w", err)
	}
	return ev, nil
}

func (a *Array) setAsync(data any) (*Event, error) {
	dt, n, err := a.checkSlice(data)
	if err != nil {
		return nil, err
	}
	if !a.IsContiguous() {
		return nil, fmt.Errorf("the array %v is strided; Set copies into it", a)
	}
	if n == 0 {
		return a.thread.completedEvent(), nil
	}
	var host []byte
	if dt.GoLayoutMatches() {
		host, err = a.sliceMemory(data)
	} else {
		host, err = dt.Encode(data)
	}
	if err != nil {
		return nil, err
	}
	buf, err := a.mem.buffer()
	if err != nil {
		return nil, err
	}
	be := a.thread.be
	st, err := be.staging(len(host))
	if err != nil {
		return nil, err
	}
	copy(st.bytes(), host)
	dev, err := be.writeAsync(buf, a.offset, st, len(host))
	if err != nil {
		st.free()
		return nil, err
	}
	return a.thread.stagedEvent(dev, st, nil), nil
}

// GetAsync enqueues the copy of the array into a Go slice of its dtype and
// size, in row-major order, after every command enqueued before it, and
// returns at once with the copy's event. The values are in data once the
// event's Wait returns (Synchronize alone does not put them there); until
// then data must be left alone. Release the event to free the memory the
// copy stages through (Release waits for the copy; a download released
// before Wait leaves data as it was).
func (a *Array) GetAsync(data any) (*Event, error) {
	ev, err := a.getAsync(data)
	if err != nil {
		return nil, fmt.Errorf("cluda: get async: %w", err)
	}
	return ev, nil
}

func (a *Array) getAsync(data any) (*Event, error) {
	dt, n, err := a.checkSlice(data)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return a.thread.completedEvent(), nil
	}
	buf, err := a.mem.buffer()
	if err != nil {
		return nil, err
	}
	be := a.thread.be
	span := a.span - a.offset // the bytes from element 0 to the end of the last
	st, err := be.staging(span)
	if err != nil {
		return nil, err
	}
	dev, err := be.readAsync(buf, a.offset, st, span)
	if err != nil {
		st.free()
		return nil, err
	}
	size := dt.Size()
	finish := func() error {
		staged := st.bytes()
		packed := staged[:n*size]
		if !a.IsContiguous() {
			packed = make([]byte, n*size)
			a.walk(func(flat, byteOff int) {
				copy(packed[flat*size:(flat+1)*size], staged[byteOff:byteOff+size])
			})
		}
		if !dt.GoLayoutMatches() {
			return dt.Decode(packed, data)
		}
		dst, err := a.sliceMemory(data)
		if err != nil {
			return err
		}
		copy(dst, packed)
		return nil
	}
	return a.thread.stagedEvent(dev, st, finish), nil
}

// stagedEvent returns the event of an asynchronous transfer through st,
// which the Thread keeps until the event is released.
func (t *Thread) stagedEvent(dev deviceEvent, st hostStaging, finish func() error) *Event {
	ev := &Event{thread: t, event: dev, staging: st, finish: finish}
	t.stagedMu.Lock()
	defer t.stagedMu.Unlock()
	if t.staged == nil {
		t.staged = map[*Event]bool{}
	}
	t.staged[ev] = true
	return ev
}

// dropStaging forgets the staged event e, and reports whether it was
// still kept (its memory not yet freed).
func (t *Thread) dropStaging(e *Event) bool {
	t.stagedMu.Lock()
	defer t.stagedMu.Unlock()
	if !t.staged[e] {
		return false
	}
	delete(t.staged, e)
	return true
}

// releaseStaged waits for the asynchronous transfers not yet released and
// frees their memory, for Thread.Release.
func (t *Thread) releaseStaged() {
	t.stagedMu.Lock()
	events := t.staged
	t.staged = nil
	t.stagedMu.Unlock()
	for e := range events {
		e.event.wait()
		e.staging.free()
	}
}

// finishStaged runs the finish of the staged event e, the copy complete,
// while its staging memory cannot be freed.
func (t *Thread) finishStaged(e *Event) error {
	t.stagedMu.Lock()
	defer t.stagedMu.Unlock()
	if !t.staged[e] {
		return fmt.Errorf("the transfer's memory was freed by a release before Wait")
	}
	return e.finish()
}

// completedEvent returns the event of a transfer of nothing, which has
// completed.
func (t *Thread) completedEvent() *Event { return &Event{thread: t, event: doneEvent{}} }

// doneEvent is the event of a command that never had to run.
type doneEvent struct{}

func (doneEvent) wait() error { return nil }

func (doneEvent) duration() (time.Duration, error) { return 0, nil }

func (doneEvent) release() {}
