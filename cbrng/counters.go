package cbrng

import (
	"fmt"
	"math/bits"
	"strings"
	"sync"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// countersPerGenerator returns the most counters of its key a generator
// takes to make values values of s (an upper bound for the samplers that
// draw again on rejection, exact for the others), or false where that
// does not fit in 64 bits.
func (s *Sampler) countersPerGenerator(values int) (uint64, bool) {
	calls := uint64((values + s.randomsPerCall - 1) / s.randomsPerCall)
	if s.blocks > 0 {
		hi, n := bits.Mul64(calls, uint64(s.blocks))
		return n, hi == 0
	}
	hi, words := bits.Mul64(calls, uint64(s.maxUint32))
	upb := uint64(s.bijection.uint32PerBlock())
	return words/upb + min(words%upb, 1), hi == 0
}

// counterLimit returns the words, low first, of the last counter from
// which a generator may take need more: all ones, the end of the key's
// counter space, less need.
func (b *Bijection) counterLimit(need uint64) []uint64 {
	limit := make([]uint64, b.counterWords)
	for i := range limit {
		limit[i] = b.mask()
	}
	limit[0] -= need & b.mask()
	if b.bits == 32 {
		limit[1] -= need >> 32
	}
	return limit
}

// Callable is a compiled CBRNG: a *core.Callable whose Call and
// CallProfiled first check the counters. The counter of all ones ends a
// key's counter space: a call that would take any generator's counter past
// it (one that takes it there is fine) is an error, and enqueues nothing,
// so that no stream wraps round to its start. The check is a small kernel
// that compares every counter with the limit, whose one-word verdict the
// call reads back: it waits for the kernels before it, and reads the
// counters themselves only to name the generator of an error. Where
// transformations are connected to the counters, or the CBRNG is nested
// in another computation, it has no counters array to read, and the check
// is the caller's.
type Callable struct {
	*core.Callable
	rng      *CBRNG
	counters int // the index of the counters parameter in the signature, or -1

	mu      sync.Mutex          // serialises the checks, which share above
	checker *cluda.StaticKernel // the check of the counters; nil where there is none
	above   *cluda.Array        // the checker's verdict: one uint32, 1 where a counter is above the limit
}

// Compile compiles the generator for thr (see core.Computation.Compile)
// into a Callable that checks the counters before each call.
func (c *CBRNG) Compile(thr *cluda.Thread) (*Callable, error) {
	call, err := c.Computation.Compile(thr)
	if err != nil {
		return nil, err
	}
	cc := &Callable{Callable: call, rng: c, counters: -1}
	for i, p := range call.Signature() {
		if p.Name == "counters" && p.Role() == core.InputOutput && p.Type().Equal(c.CountersType()) {
			cc.counters = i
		}
	}
	if cc.counters >= 0 && c.need > 0 {
		if err := cc.compileChecker(thr); err != nil {
			cc.Release()
			return nil, fmt.Errorf("cbrng: %s: the check of the counters: %w", c.Name(), err)
		}
	}
	return cc, nil
}

// compileChecker compiles the check of the counters and makes its verdict.
func (c *Callable) compileChecker(thr *cluda.Thread) error {
	b := c.rng.sampler.bijection
	n := b.counterWords
	gens := c.rng.CountersType().Size() / n
	if gens == 0 {
		return nil
	}
	word := b.WordDType()
	limit := b.counterLimit(c.rng.need)
	literals := make([]string, n)
	highFirst := make([]int, n)
	for i, w := range limit {
		lit, err := word.Literal(w)
		if err != nil {
			return err
		}
		literals[i], highFirst[n-1-i] = lit, i
	}
	k, err := core.CompileStaticTemplate(thr, cbrngTemplates.Lookup("check_counters"), "check_counters", []int{gens},
		map[string]any{"word": word.CType(), "words": n, "limit": literals, "highFirst": highFirst}, cluda.StaticOptions{})
	if err != nil {
		return err
	}
	c.checker = k
	c.above, err = thr.Empty([]int{1}, dtypes.Uint32)
	return err
}

// Release releases the generator's kernels and arrays, the check's too.
func (c *Callable) Release() {
	c.Callable.Release()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.checker != nil {
		c.checker.Release()
		c.checker = nil
	}
	if c.above != nil {
		c.above.Release()
		c.above = nil
	}
}

// Call checks that no generator's counter would run past the end of its
// key's counter space, and then calls the generator (see
// core.Callable.Call).
func (c *Callable) Call(args ...any) error {
	if err := c.checkCounters(args); err != nil {
		return err
	}
	return c.Callable.Call(args...)
}

// CallNamed is Call with the arguments given by their names in the
// signature (see core.Callable.CallNamed), the counters checked alike.
func (c *Callable) CallNamed(args map[string]any) error {
	positional, err := c.Signature().Bind(args)
	if err != nil {
		return fmt.Errorf("cbrng: %w", err)
	}
	return c.Call(positional...)
}

// CallProfiled is Call that waits for the kernels and returns the time
// they ran on the device (see core.Callable.CallProfiled).
func (c *Callable) CallProfiled(args ...any) (time.Duration, error) {
	if err := c.checkCounters(args); err != nil {
		return 0, err
	}
	return c.Callable.CallProfiled(args...)
}

// checkCounters runs the check of the counters argument and, where a
// counter is past the limit of a call, returns an error naming the first
// such generator. Arguments that are not live counters of the right type
// on the callable's Thread are left to the checks of core.Callable.
func (c *Callable) checkCounters(args []any) error {
	if c.counters < 0 || c.counters >= len(args) {
		return nil
	}
	a, ok := args[c.counters].(*cluda.Array)
	if !ok || a == nil || a.Thread() != c.Thread() || a.Released() {
		return nil
	}
	if t, err := core.TypeOf(a); err != nil || !t.Equal(c.rng.CountersType()) {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.checker == nil {
		return nil
	}
	verdict, err := c.runChecker(a)
	if err != nil {
		return fmt.Errorf("cbrng: %s: parameter \"counters\": %w", c.rng.Name(), err)
	}
	if verdict == 0 {
		return nil
	}
	b := c.rng.sampler.bijection
	words, err := readWords(a)
	if err != nil {
		return fmt.Errorf("cbrng: %s: parameter \"counters\": %w", c.rng.Name(), err)
	}
	limit := b.counterLimit(c.rng.need)
	n := b.counterWords
	for g := range len(words) / n {
		if ctr := words[g*n : (g+1)*n]; counterAbove(ctr, limit) {
			return fmt.Errorf("cbrng: %s: parameter \"counters\": generator %d is at counter %s, and a call takes up to %d counters: "+
				"past the end of its key's %d-bit counter space, where %s is the last counter a call may start from",
				c.rng.Name(), g, formatCounter(ctr, b.bits), c.rng.need, n*b.bits, formatCounter(limit, b.bits))
		}
	}
	return nil
}

// runChecker runs the check of the counters a and returns its verdict: 1
// where a counter is past the limit, else 0.
func (c *Callable) runChecker(a *cluda.Array) (uint32, error) {
	if err := c.above.Fill(uint32(0)); err != nil {
		return 0, err
	}
	if err := c.checker.Call(a, c.above); err != nil {
		return 0, err
	}
	v, err := cluda.Read[uint32](c.above)
	if err != nil {
		return 0, err
	}
	return v[0], nil
}

// readWords returns the words of a counters array as uint64.
func readWords(a *cluda.Array) ([]uint64, error) {
	if a.DType() == dtypes.Uint64 {
		return cluda.Read[uint64](a)
	}
	ws, err := cluda.Read[uint32](a)
	if err != nil {
		return nil, err
	}
	out := make([]uint64, len(ws))
	for i, w := range ws {
		out[i] = uint64(w)
	}
	return out, nil
}

// counterAbove reports whether the counter c is above limit, both of the
// same words, low first.
func counterAbove(c, limit []uint64) bool {
	for i := len(c) - 1; i >= 0; i-- {
		if c[i] != limit[i] {
			return c[i] > limit[i]
		}
	}
	return false
}

// formatCounter returns a counter of words of bits bits, low first, as one
// hexadecimal number.
func formatCounter(words []uint64, bits int) string {
	var sb strings.Builder
	sb.WriteString("0x")
	for i := len(words) - 1; i >= 0; i-- {
		fmt.Fprintf(&sb, "%0*x", bits/4, words[i])
	}
	return sb.String()
}
