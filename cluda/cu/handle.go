package cu

import (
	"runtime"
	"sync"
)

// handle guards a driver handle of an object: uses hold a read lock for the
// duration of the driver call, the object's Release takes the write lock, so
// a released handle never reaches the driver.
type handle[H comparable] struct {
	mu       sync.RWMutex
	h        H
	released bool
	cleanup  runtime.Cleanup
	release  func(H)
}

// own sets the handle of an object, owner, and registers the safety net that
// releases the handle if owner becomes unreachable without Release. A nil
// release marks a handle the object does not own.
func own[T any, H comparable](owner *T, r *handle[H], h H, release func(H)) {
	r.h = h
	r.release = release
	if release != nil {
		r.cleanup = runtime.AddCleanup(owner, release, h)
	}
}

// acquire returns the handle with the read lock held, or ErrReleased. The
// caller must call r.mu.RUnlock() when the driver call is over.
func (r *handle[H]) acquire() (H, error) {
	r.mu.RLock()
	if r.released {
		r.mu.RUnlock()
		var zero H
		return zero, ErrReleased
	}
	return r.h, nil
}

// drop releases the handle once; later calls do nothing.
func (r *handle[H]) drop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.released {
		return
	}
	r.released = true
	r.cleanup.Stop()
	if r.release != nil {
		r.release(r.h)
	}
	var zero H
	r.h = zero
}

// with runs call with the handle, or returns ErrReleased.
func (r *handle[H]) with(call func(H) error) error {
	h, err := r.acquire()
	if err != nil {
		return err
	}
	defer r.mu.RUnlock()
	return call(h)
}
