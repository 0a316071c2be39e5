package handle

import (
	"errors"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// cleanupWait bounds the wait for a cleanup after its owner becomes
// unreachable. A cleanup runs within a few garbage collections, which take
// milliseconds here; the bound is far above that so that only a cleanup
// that never runs fails the test.
const cleanupWait = 10 * time.Second

// usesPerGoroutine is how many times each goroutine of the concurrency test
// uses the handle: enough for its uses to overlap the drops.
const usesPerGoroutine = 2000

var (
	errReleased = errors.New("handle used after release")
	errCall     = errors.New("call failed")
)

// owner stands for an object of a binding with a guarded handle.
type owner struct {
	handle Handle[int]
}

// newOwner returns an owner of value on the heap, so that dropping the
// returned pointer makes it unreachable.
func newOwner(value int, release func(int)) *owner {
	o := &owner{}
	Own(o, &o.handle, value, release)
	return o
}

// abandonOwner makes an owner of value, drops its handle if drop is set,
// and leaves it unreachable.
func abandonOwner(value int, release func(int), drop bool) {
	o := newOwner(value, release)
	if drop {
		o.handle.Drop()
	}
}

// recorder records the handles released, from any goroutine.
type recorder struct {
	mu     sync.Mutex
	values []int
}

func (r *recorder) release(value int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.values = append(r.values, value)
}

func (r *recorder) released() []int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.values)
}

func TestHandleUseAndDrop(t *testing.T) {
	const value = 7
	tests := []struct {
		name         string
		owned        bool
		drops        int
		wantReleased []int
		wantErr      error
	}{
		{name: "owned, in use", owned: true, drops: 0, wantReleased: nil, wantErr: nil},
		{name: "owned, dropped", owned: true, drops: 1, wantReleased: []int{value}, wantErr: errReleased},
		{name: "owned, dropped twice", owned: true, drops: 2, wantReleased: []int{value}, wantErr: errReleased},
		{name: "not owned, in use", owned: false, drops: 0, wantReleased: nil, wantErr: nil},
		{name: "not owned, dropped", owned: false, drops: 1, wantReleased: nil, wantErr: errReleased},
		{name: "not owned, dropped twice", owned: false, drops: 2, wantReleased: nil, wantErr: errReleased},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rec recorder
			var release func(int)
			if tt.owned {
				release = rec.release
			}
			o := newOwner(value, release)
			defer runtime.KeepAlive(o)
			for range tt.drops {
				o.handle.Drop()
			}
			if got := rec.released(); !slices.Equal(got, tt.wantReleased) {
				t.Errorf("released %v, want %v", got, tt.wantReleased)
			}

			got, err := o.handle.Acquire(errReleased)
			if err != tt.wantErr {
				t.Fatalf("Acquire: error %v, want %v", err, tt.wantErr)
			}
			if err == nil {
				o.handle.Done()
				if got != value {
					t.Errorf("Acquire: handle %d, want %d", got, value)
				}
			}

			called := false
			err = o.handle.With(errReleased, func(h int) error {
				called = true
				if h != value {
					t.Errorf("With: handle %d, want %d", h, value)
				}
				return errCall
			})
			wantWithErr := tt.wantErr
			if wantWithErr == nil {
				wantWithErr = errCall
			}
			if err != wantWithErr {
				t.Errorf("With: error %v, want %v", err, wantWithErr)
			}
			if called != (tt.wantErr == nil) {
				t.Errorf("With: call run %t, want %t", called, tt.wantErr == nil)
			}
			// A use that ended must leave the handle free to drop.
			o.handle.Drop()
		})
	}
}

func TestHandleConcurrentUseAndDrop(t *testing.T) {
	const value = 7
	tests := []struct {
		name     string
		users    int
		droppers int
	}{
		{name: "one dropper", users: 8, droppers: 1},
		{name: "racing droppers", users: 8, droppers: 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rec recorder
			var inUse atomic.Int32
			var dropped atomic.Bool
			o := newOwner(value, func(h int) {
				if n := inUse.Load(); n != 0 {
					t.Errorf("handle released during %d uses", n)
				}
				dropped.Store(true)
				rec.release(h)
			})
			defer runtime.KeepAlive(o)

			var started, done sync.WaitGroup
			started.Add(tt.users)
			done.Add(tt.users + tt.droppers)
			for range tt.users {
				go func() {
					defer done.Done()
					for i := range usesPerGoroutine {
						h, err := o.handle.Acquire(errReleased)
						if err != nil {
							if err != errReleased {
								t.Errorf("Acquire: error %v, want %v", err, errReleased)
							}
						} else {
							inUse.Add(1)
							if h != value || dropped.Load() {
								t.Errorf("use of handle %d (released %t), want %d, not released", h, dropped.Load(), value)
							}
							inUse.Add(-1)
							o.handle.Done()
						}
						if i == 0 {
							started.Done()
						}
					}
				}()
			}
			for range tt.droppers {
				go func() {
					defer done.Done()
					started.Wait()
					o.handle.Drop()
				}()
			}
			done.Wait()

			if got, want := rec.released(), []int{value}; !slices.Equal(got, want) {
				t.Errorf("released %v, want %v", got, want)
			}
			if _, err := o.handle.Acquire(errReleased); err != errReleased {
				t.Errorf("Acquire after the drops: error %v, want %v", err, errReleased)
			}
		})
	}
}

func TestHandleCleanupOfUnreachableOwner(t *testing.T) {
	tests := []struct {
		name         string
		dropped      bool
		wantReleased []int
	}{
		{name: "not dropped", dropped: false, wantReleased: []int{1}},
		{name: "dropped", dropped: true, wantReleased: []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rec, sentinelRec recorder
			abandonOwner(1, rec.release, tt.dropped)
			// The sentinel becomes unreachable with the owner: once its
			// cleanup has run, so has a garbage collection that found the
			// owner unreachable.
			abandonOwner(2, sentinelRec.release, false)

			deadline := time.Now().Add(cleanupWait)
			for len(sentinelRec.released()) == 0 || len(rec.released()) < len(tt.wantReleased) {
				if time.Now().After(deadline) {
					t.Fatalf("after %v: released %v (sentinel %v), want %v", cleanupWait, rec.released(), sentinelRec.released(), tt.wantReleased)
				}
				runtime.GC()
				time.Sleep(time.Millisecond)
			}
			if got := rec.released(); !slices.Equal(got, tt.wantReleased) {
				t.Errorf("released %v, want %v", got, tt.wantReleased)
			}
		})
	}
}
