package cluda

import (
	"container/list"
	"sync"
)

// DefaultProgramCacheLimit is the number of built programs a Thread keeps
// for reuse unless ThreadOptions.ProgramCacheLimit or
// Thread.SetProgramCacheLimit says otherwise.
const DefaultProgramCacheLimit = 64

type programKey struct {
	source, flags string
}

// builtProgram is a program built on a Thread's device, shared by the
// Programs that Compile returned for its source and options. It is
// released when nothing holds it any more: neither the Thread's cache nor
// an unreleased Program.
type builtProgram struct {
	prog deviceProgram
	key  programKey
	refs int           // the cache's reference and each unreleased Program's
	elem *list.Element // in the cache's recency list while cached
}

// programCache keeps the programs a Thread built, so that compiling the
// same source with the same options again reuses them. It keeps at most
// limit of them and drops the least recently used beyond that; a dropped
// program that a Program still uses lives on until that Program is
// released (or collected).
type programCache struct {
	mu    sync.Mutex
	limit int
	byKey map[programKey]*builtProgram
	lru   list.List // of *builtProgram, the most recently used first
	live  map[*builtProgram]struct{}
}

func newProgramCache(limit int) *programCache {
	return &programCache{limit: max(limit, 0), byKey: make(map[programKey]*builtProgram), live: make(map[*builtProgram]struct{})}
}

// get returns the cached program of key with a reference taken for the
// caller, or nil.
func (c *programCache) get(key programKey) *builtProgram {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.byKey[key]
	if b == nil {
		return nil
	}
	c.lru.MoveToFront(b.elem)
	b.refs++
	return b
}

// add caches prog, just built for key, and returns it with a reference
// taken for the caller. If another caller cached a program of key
// meanwhile, prog is released and that one is returned instead.
func (c *programCache) add(key programKey, prog deviceProgram) *builtProgram {
	c.mu.Lock()
	defer c.mu.Unlock()
	if b := c.byKey[key]; b != nil {
		prog.release()
		c.lru.MoveToFront(b.elem)
		b.refs++
		return b
	}
	b := &builtProgram{prog: prog, key: key, refs: 1}
	c.live[b] = struct{}{}
	if c.limit > 0 {
		b.refs++
		b.elem = c.lru.PushFront(b)
		c.byKey[key] = b
		c.evict()
	}
	return b
}

// unref drops a reference to b, releasing it with the last one.
func (c *programCache) unref(b *builtProgram) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.unrefLocked(b)
}

func (c *programCache) unrefLocked(b *builtProgram) {
	if b.refs--; b.refs == 0 {
		delete(c.live, b)
		b.prog.release()
	}
}

// evict drops the least recently used programs beyond the limit.
func (c *programCache) evict() {
	for c.lru.Len() > c.limit {
		b := c.lru.Remove(c.lru.Back()).(*builtProgram)
		b.elem = nil
		delete(c.byKey, b.key)
		c.unrefLocked(b)
	}
}

// setLimit changes the limit, dropping programs beyond it.
func (c *programCache) setLimit(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.limit = max(n, 0)
	c.evict()
}

// len returns the number of cached programs.
func (c *programCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

// releaseAll releases every program built, cached or in use.
func (c *programCache) releaseAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for b := range c.live {
		b.prog.release()
		b.refs = 0
	}
	clear(c.live)
	clear(c.byKey)
	c.lru.Init()
}
