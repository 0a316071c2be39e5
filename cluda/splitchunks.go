package cluda

import (
	"errors"
	"fmt"
	"slices"
	"time"
)

// ChunkBounds returns the bounds of n chunks of a part of length places,
// EqualShares of it: chunk c is the places [b[c], b[c+1]). n must be
// between 1 and length.
func ChunkBounds(length, n int) ([]int, error) {
	if n < 1 || n > length {
		return nil, fmt.Errorf("cluda: %d chunks of %d places: want 1 to %d", n, length, length)
	}
	b := make([]int, n+1)
	for c, share := range EqualShares(length, n) {
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
// enqueues next; CopySplitChunked returns when every block has arrived,
// with the time from the completion of the last chunk's commands to then:
// the part of the exchange that no command hid. produce must write chunk
// c of each part and nothing of the other chunks, and nothing of dst.
// chunks must be between 1 and the length of the shortest part.
//
// It waits first for every command enqueued on the devices. Each chunk's
// blocks move in the MultiThread's ExchangeOrder, after the blocks of the
// chunk before: in rounds, a goroutine enqueues each round once the one
// before it is done. Blocks that the devices copy themselves (see Path)
// run beside the next chunk's commands; those that go through host
// memory wait for the commands enqueued before them.
func (m *MultiThread) CopySplitChunked(dst, src *SplitArray, chunks int, produce func(chunk int) error) (time.Duration, error) {
	tail, err := m.copySplitChunked(dst, src, chunks, produce)
	if err != nil {
		return 0, fmt.Errorf("cluda: copy split array in chunks: %w", err)
	}
	return tail, nil
}

func (m *MultiThread) copySplitChunked(dst, src *SplitArray, chunks int, produce func(chunk int) error) (time.Duration, error) {
	if produce == nil {
		return 0, errors.New("nil produce")
	}
	whole, err := m.splitCopies(dst, src)
	if err != nil {
		return 0, err
	}
	bounds := make([][]int, len(src.shares))
	for d, share := range src.shares {
		if bounds[d], err = ChunkBounds(share, chunks); err != nil {
			return 0, fmt.Errorf("part %d: %w", d, err)
		}
	}
	if err := m.Synchronize(); err != nil {
		return 0, err
	}
	var queues []backend
	for _, c := range whole {
		if q := c.queue(); !slices.Contains(queues, q) {
			queues = append(queues, q)
		}
	}
	// In rounds, a goroutine moves the chunks' blocks round by round,
	// chunk after chunk, while the Threads run the next chunks' commands.
	var rounds chan [][]crossCopy
	moved := make(chan error, 1)
	if m.exchange == ExchangeRounds && m.Len() > 2 {
		rounds = make(chan [][]crossCopy, chunks)
		go func() {
			var err error
			for chunk := range rounds {
				for i, round := range chunk {
					if err == nil {
						if e := runQueues(round); e != nil {
							err = fmt.Errorf("round %d of %d: %w", i+1, len(chunk), e)
						}
					}
				}
			}
			moved <- err
		}()
	}
	// The queues of the exchange drain before it returns, whatever fails.
	drain := func(err error) error {
		if rounds != nil {
			close(rounds)
			err = errors.Join(err, <-moved)
			rounds = nil
		}
		var errs []error
		for _, q := range queues {
			errs = append(errs, q.synchronize())
		}
		return errors.Join(err, m.Synchronize(), errors.Join(errs...))
	}
	var computed time.Time
	for c := range chunks {
		if err := produce(c); err != nil {
			return 0, drain(fmt.Errorf("chunk %d: %w", c, err))
		}
		// The Threads' own queues hold the chunk's commands alone: the
		// blocks of earlier chunks run on the queues of the exchange.
		for _, t := range m.threads {
			if err := t.Synchronize(); err != nil {
				return 0, drain(fmt.Errorf("chunk %d: %w", c, err))
			}
		}
		computed = time.Now()
		copies, err := m.blockCopies(dst, src, func(d int) (int, int) { return bounds[d][c], bounds[d][c+1] })
		if err != nil {
			return 0, drain(err)
		}
		if rounds != nil {
			// The devices' own blocks beside the rounds.
			var chunk [][]crossCopy
			copies, chunk = m.exchangeRounds(copies)
			rounds <- chunk
		}
		for _, cp := range copies {
			if err := cp.run(); err != nil {
				return 0, drain(fmt.Errorf("chunk %d: %v into %v on %v: %w", c, cp.src, cp.dst, cp.dst.thread, err))
			}
		}
	}
	if err := drain(nil); err != nil {
		return 0, err
	}
	return time.Since(computed), nil
}
