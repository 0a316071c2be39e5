package templates

import (
	"errors"
	"fmt"
)

// maxSeqLen bounds the length of the lists seq and iota build, so that a
// wrong argument fails instead of exhausting memory.
const maxSeqLen = 1 << 20

// seq returns the integers of Python's range: seq N gives 0 .. N-1, seq A B
// gives A .. B-1, and seq A B S steps by S, which may be negative but not
// zero. A negative N is an error; seq A B with A >= B is empty.
func seq(vs ...any) ([]int, error) {
	ns, err := toInts(vs)
	if err != nil {
		return nil, err
	}
	switch len(ns) {
	case 1:
		return iota(ns[0])
	case 2:
		return span(ns[0], ns[1], 1)
	case 3:
		return span(ns[0], ns[1], ns[2])
	}
	return nil, fmt.Errorf("%d arguments: want 1 (count), 2 (start, stop) or 3 (start, stop, step)", len(ns))
}

// iota returns 0 .. n-1. A negative n is an error.
func iota(n any) ([]int, error) {
	c, err := toInt(n)
	if err != nil {
		return nil, err
	}
	if c < 0 {
		return nil, fmt.Errorf("negative count %d", c)
	}
	return span(0, c, 1)
}

// span returns start, start+step, ... up to but excluding stop.
func span(start, stop, step int) ([]int, error) {
	if step == 0 {
		return nil, errors.New("step is zero")
	}
	var diff, ustep uint
	switch {
	case step > 0 && stop > start:
		diff, ustep = uint(stop-start), uint(step)
	case step < 0 && stop < start:
		diff, ustep = uint(start-stop), -uint(step)
	}
	var n uint
	if diff > 0 {
		n = (diff-1)/ustep + 1
	}
	if n > maxSeqLen {
		return nil, fmt.Errorf("%d elements is more than the limit of %d", n, maxSeqLen)
	}
	s := make([]int, n)
	for i := range s {
		s[i] = start + i*step
	}
	return s, nil
}
