package handle

import (
	"runtime"
	"sync"
)

// Handle guards a driver handle of type H that belongs to an object. The
// zero Handle holds the zero handle and nothing to release; Own sets it up.
// A Handle must not be copied after Own.
type Handle[H comparable] struct {
	mu       sync.RWMutex
	value    H
	released bool
	cleanup  runtime.Cleanup
	release  func(H)
}

// Own sets value as the handle that h, a field of owner, guards, and
// registers the safety net that calls release(value) if owner becomes
// unreachable without Drop. A nil release marks a handle that the object
// uses but does not own: it is never released, and Drop only makes later
// uses fail.
func Own[T any, H comparable](owner *T, h *Handle[H], value H, release func(H)) {
	h.value = value
	h.release = release
	if release != nil {
		h.cleanup = runtime.AddCleanup(owner, release, value)
	}
}

// Acquire returns the handle with the read lock held, or the zero handle
// and released if the handle has been dropped. After a nil error the
// caller must call Done once the driver call is over.
func (h *Handle[H]) Acquire(released error) (H, error) {
	h.mu.RLock()
	if h.released {
		h.mu.RUnlock()
		var zero H
		return zero, released
	}
	return h.value, nil
}

// Done ends a use that a successful Acquire began.
func (h *Handle[H]) Done() { h.mu.RUnlock() }

// With runs call with the handle held, and returns its error, or returns
// released without running call if the handle has been dropped.
func (h *Handle[H]) With(released error, call func(H) error) error {
	value, err := h.Acquire(released)
	if err != nil {
		return err
	}
	defer h.Done()
	return call(value)
}

// Drop releases the handle once, after the uses in progress are over; later
// calls do nothing, and later uses fail.
func (h *Handle[H]) Drop() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.released {
		return
	}
	h.released = true
	h.cleanup.Stop()
	if h.release != nil {
		h.release(h.value)
	}
	var zero H
	h.value = zero
}
