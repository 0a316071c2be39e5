package cbrng

import (
	"fmt"
	"math/bits"
	"strings"
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
// so that no stream wraps round to its start. The check reads the counters
// back, and so waits for the kernels before it. Where transformations are
// connected to the counters, or the CBRNG is nested in another
// computation, it has no counters array to read, and the check is the
// caller's.
type Callable struct {
	*core.Callable
	rng      *CBRNG
	counters int // the index of the counters parameter in the signature, or -1
}

// Compile compiles the generator for thr (see core.Computation.Compile)
// into a Callable that checks the counters before each call.
func (c *CBRNG) Compile(thr *cluda.Thread) (*Callable, error) {
	call, err := c.Computation.Compile(thr)
	if err != nil {
		return nil, err
	}
	idx := -1
	for i, p := range call.Signature() {
		if p.Name == "counters" && p.Role() == core.InputOutput && p.Type().Equal(c.CountersType()) {
			idx = i
		}
	}
	return &Callable{Callable: call, rng: c, counters: idx}, nil
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

// CallProfiled is Call that waits for the kernels and returns the time
// they ran on the device (see core.Callable.CallProfiled).
func (c *Callable) CallProfiled(args ...any) (time.Duration, error) {
	if err := c.checkCounters(args); err != nil {
		return 0, err
	}
	return c.Callable.CallProfiled(args...)
}

// checkCounters reads the counters argument and returns an error naming
// the first generator whose counter is past the limit of a call. Arguments
// that are not counters of the right type are left to the checks of
// core.Callable.
func (c *Callable) checkCounters(args []any) error {
	if c.counters < 0 || c.counters >= len(args) || c.rng.need == 0 {
		return nil
	}
	a, ok := args[c.counters].(*cluda.Array)
	if !ok || a == nil || a.Thread() != c.Thread() {
		return nil
	}
	if t, err := core.TypeOf(a); err != nil || !t.Equal(c.rng.CountersType()) {
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
