package cluda

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/dtypes"
)

// tempArray records what a temporary array may not share memory with.
type tempArray struct {
	pool *tempPool
	deps map[*Array]bool
	span int
}

// tempPool is one allocation shared by temporary arrays whose lifetimes do
// not overlap.
type tempPool struct {
	mem   *memory
	users map[*Array]bool
}

// tempManager packs the temporary arrays of a Thread into as few buffers as
// their dependencies allow (reikna's temporary memory manager).
type tempManager struct {
	thread *Thread
	pools  []*tempPool
}

// TempArray returns a contiguous scratch array that may share memory with
// other temporary arrays of the Thread (reikna's temp_array). It never
// shares with the arrays in dependencies, the ones whose contents must
// survive while it is used; the relation is symmetric, so a later temporary
// array that names this one does not share with it either. The contents of
// temporary arrays are lost when the Thread's temporary memory grows, which
// happens only inside TempArray.
func (t *Thread) TempArray(shape []int, dtype dtypes.DType, dependencies ...*Array) (*Array, error) {
	strides, span, err := layout(dtype, shape, nil, 0)
	if err != nil {
		return nil, fmt.Errorf("cluda: temporary array: %w", err)
	}
	if !t.params.SupportsDType(dtype) {
		return nil, fmt.Errorf("cluda: temporary array: device %q does not support %v", t.params.Name, dtype)
	}
	if int64(span) > t.params.MaxMemAllocSize {
		return nil, fmt.Errorf("cluda: temporary array of %d bytes: larger than the device's largest allocation (%d bytes)", span, t.params.MaxMemAllocSize)
	}
	a := &Array{thread: t, dtype: dtype, shape: slices.Clone(shape), strides: strides, span: span}
	a.temp = &tempArray{deps: make(map[*Array]bool), span: max(span, 1)}
	for i, d := range dependencies {
		if d == nil {
			return nil, fmt.Errorf("cluda: temporary array: dependency %d is a nil *Array", i)
		}
		a.temp.deps[d] = true
	}
	var perr error
	t.Serialize(func() error {
		perr = t.temp.place(a)
		return nil
	})
	if perr != nil {
		return nil, perr
	}
	return a, nil
}

// conflicts reports whether a may not share a pool with any of its users.
func (p *tempPool) conflicts(a *Array) bool {
	for u := range p.users {
		if a.temp.deps[u] || u.temp.deps[a] {
			return true
		}
	}
	return false
}

// place puts a into the first pool it may share, growing it if needed, or a
// new pool. The caller holds the Thread's serial lock.
func (m *tempManager) place(a *Array) error {
	var best *tempPool
	for _, p := range m.pools {
		if p.conflicts(a) {
			continue
		}
		// Prefer a pool already large enough; else the largest one.
		if best == nil || (best.mem.size < a.temp.span && p.mem.size > best.mem.size) ||
			(p.mem.size >= a.temp.span && best.mem.size >= a.temp.span && p.mem.size < best.mem.size) {
			best = p
		}
	}
	if best == nil {
		buf, err := m.thread.be.allocate(a.temp.span)
		if err != nil {
			return fmt.Errorf("cluda: temporary array of %d bytes: %w", a.temp.span, err)
		}
		best = &tempPool{mem: &memory{buf: buf, size: a.temp.span}, users: make(map[*Array]bool)}
		m.pools = append(m.pools, best)
	} else if best.mem.size < a.temp.span {
		if err := best.grow(m.thread, a.temp.span); err != nil {
			return err
		}
	}
	best.users[a] = true
	a.temp.pool = best
	a.mem = best.mem
	return nil
}

// grow replaces the pool's buffer with a larger one. Commands already
// enqueued keep the old buffer alive until they complete.
func (p *tempPool) grow(t *Thread, size int) error {
	buf, err := t.be.allocate(size)
	if err != nil {
		return fmt.Errorf("cluda: grow temporary memory to %d bytes: %w", size, err)
	}
	p.mem.mu.Lock()
	old := p.mem.buf
	p.mem.buf, p.mem.size = buf, size
	p.mem.mu.Unlock()
	if old != nil {
		old.release()
	}
	for u := range p.users {
		u.subMu.Lock()
		if u.sub != nil {
			u.sub.release()
			u.sub = nil
		}
		u.subMu.Unlock()
	}
	return nil
}

// release removes a from its pool and frees the pool's buffer when no array
// uses it any more.
func (m *tempManager) release(a *Array) {
	m.thread.Serialize(func() error {
		p := a.temp.pool
		if p == nil {
			return nil
		}
		a.temp.pool = nil
		delete(p.users, a)
		for _, u := range m.pools {
			delete(u.users, a)
		}
		for u := range p.users {
			delete(u.temp.deps, a)
		}
		if len(p.users) == 0 {
			p.mem.mu.Lock()
			if p.mem.buf != nil {
				p.mem.buf.release()
				p.mem.buf = nil
			}
			p.mem.mu.Unlock()
			m.pools = slices.DeleteFunc(m.pools, func(q *tempPool) bool { return q == p })
		}
		return nil
	})
	// The array's memory handle now points at a pool it no longer belongs
	// to; a later use must fail rather than touch another array's data.
	a.mem = &memory{}
}

// TempMemory returns the number of buffers and bytes the Thread's temporary
// arrays occupy.
func (t *Thread) TempMemory() (buffers, bytes int) {
	t.serial.Lock()
	defer t.serial.Unlock()
	for _, p := range t.temp.pools {
		buffers++
		bytes += p.mem.size
	}
	return buffers, bytes
}
