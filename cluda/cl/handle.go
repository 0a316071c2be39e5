package cl

import (
	"runtime"
	"sync"
)

// ref guards an OpenCL handle of an object: uses hold a read lock for the
// duration of the C call, Release takes the write lock, so a released handle
// is never passed to the driver.
type ref[H comparable] struct {
	mu       sync.RWMutex
	h        H
	released bool
	cleanup  runtime.Cleanup
	release  func(H)
}

// track sets the handle of r, a field of owner, and registers the safety net
// that releases the handle if owner becomes unreachable without Release.
func track[T any, H comparable](owner *T, r *ref[H], h H, release func(H)) {
	r.h = h
	r.release = release
	r.cleanup = runtime.AddCleanup(owner, release, h)
}

// acquire returns the handle with the read lock held, or ErrReleased.
// The caller must call r.mu.RUnlock() when the C call is over.
func (r *ref[H]) acquire() (H, error) {
	r.mu.RLock()
	if r.released {
		r.mu.RUnlock()
		var zero H
		return zero, ErrReleased
	}
	return r.h, nil
}

// drop releases the handle once; later calls do nothing.
func (r *ref[H]) drop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.released {
		return
	}
	r.released = true
	r.cleanup.Stop()
	r.release(r.h)
	var zero H
	r.h = zero
}
