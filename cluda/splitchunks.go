package cluda

import (
	"errors"
	"fmt"
	"slices"
)

// ChunkBounds returns the bounds of n chunks of a part of length places,
// as equal as whole places allow, the longer first: chunk c is the places
// [b[c], b[c+1]). n must be between 1 and length.
func ChunkBounds(length, n int) ([]int, error) {
	if n < 1 || n > length {
		return nil, fmt.Errorf("cluda: %d chunks of %d places: want 1 to %d", n, length, length)
	}
	b := make([]int, n+1)
	for c := range n {
		share := length / n
		if c < length%n {
			share++
		}
		b[c+1] = b[c] + share
	}
	return b, nil
}

// CopySplitChunked is CopySplit with the exchange overlapped with the
// commands that write src: each device's part of src is cut into chunks
// along src's axis (ChunkBounds of its length), and produce(c) enqueues on
// the devices' Threads the commands that write chunk c of every part.
// Once they complete, the blocks of chunk c start on the queues of the
// exchange while the Threads run the commands of chunk c+1, which produce
// enqueues next; CopySplitChunked returns when every block has arrived.
// produce must write chunk c of each part and nothing of the other
// chunks, and nothing of dst. chunks must be between 1 and the length of
// the shortest part.
//
// It waits first for every command enqueued on the devices. Blocks that
// the devices copy themselves (see Path) run beside the next chunk's
// commands; those that go through host memory run before them.
func (m *MultiThread) CopySplitChunked(dst, src *SplitArray, chunks int, produce func(chunk int) error) error {
	if err := m.copySplitChunked(dst, src, chunks, produce); err != nil {
		return fmt.Errorf("cluda: copy split array in chunks: %w", err)
	}
	return nil
}

func (m *MultiThread) copySplitChunked(dst, src *SplitArray, chunks int, produce func(chunk int) error) error {
	if produce == nil {
		return errors.New("nil produce")
	}
	whole, err := m.splitCopies(dst, src)
	if err != nil {
		return err
	}
	bounds := make([][]int, len(src.shares))
	for d, share := range src.shares {
		if bounds[d], err = ChunkBounds(share, chunks); err != nil {
			return fmt.Errorf("part %d: %w", d, err)
		}
	}
	if err := m.Synchronize(); err != nil {
		return err
	}
	var queues []backend
	for _, c := range whole {
		if q := c.queue(); !slices.Contains(queues, q) {
			queues = append(queues, q)
		}
	}
	// The queues of the exchange drain before it returns, whatever fails.
	drain := func(err error) error {
		var errs []error
		for _, q := range queues {
			errs = append(errs, q.synchronize())
		}
		return errors.Join(err, m.Synchronize(), errors.Join(errs...))
	}
	for c := range chunks {
		if err := produce(c); err != nil {
			return drain(fmt.Errorf("chunk %d: %w", c, err))
		}
		// The Threads' own queues hold the chunk's commands alone: the
		// blocks of earlier chunks run on the queues of the exchange.
		for _, t := range m.threads {
			if err := t.Synchronize(); err != nil {
				return drain(fmt.Errorf("chunk %d: %w", c, err))
			}
		}
		copies, err := m.blockCopies(dst, src, func(d int) (int, int) { return bounds[d][c], bounds[d][c+1] })
		if err != nil {
			return drain(err)
		}
		for _, cp := range copies {
			if err := cp.run(); err != nil {
				return drain(fmt.Errorf("chunk %d: %v into %v on %v: %w", c, cp.src, cp.dst, cp.dst.thread, err))
			}
		}
	}
	return drain(nil)
}
