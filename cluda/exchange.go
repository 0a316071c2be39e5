package cluda

import (
	"errors"
	"fmt"
	"slices"
	"sync"
)

// ExchangeOrder says in what order the blocks of an all-to-all exchange
// among three or more devices (MultiThread.CopySplit and
// CopySplitChunked) move. Two devices exchange in one round either way.
type ExchangeOrder int

// The orders of an exchange's blocks.
const (
	// ExchangeDefault is the fastest order measured: ExchangeRounds. Among
	// four H100 joined by NVLink, scripts/peer_bench.cu's all-to-all of
	// blocks of 512 MiB by the copy engines gave each device 384 GB/s in
	// rounds and 197 GB/s all at once, against 385 GB/s for one copy
	// between two devices; among four H200 the slab FFT of 1024³
	// exchanged at 323 GB/s per device in rounds and 207 all at once
	// (BENCHMARKS.md, "Several GPUs of one host").
	ExchangeDefault ExchangeOrder = iota
	// ExchangeRounds moves the blocks in rounds: in round r, from 1 to
	// the number of devices less one, each device e receives the block
	// of device e+r (modulo the number of devices), so that every device
	// sends one block and receives one at a time, and a round starts
	// when the one before it is done. Each device's own block moves
	// beside the rounds.
	ExchangeRounds
	// ExchangeAtOnce moves every block at once, each on a queue of its
	// own, and leaves their order to the devices and their links.
	ExchangeAtOnce
)

// exchangeOrderNames are the names String returns and ParseExchangeOrder
// reads.
var exchangeOrderNames = [...]string{ExchangeDefault: "default", ExchangeRounds: "rounds", ExchangeAtOnce: "at-once"}

// String returns the order's name: "default", "rounds" or "at-once".
func (o ExchangeOrder) String() string {
	if o >= 0 && int(o) < len(exchangeOrderNames) {
		return exchangeOrderNames[o]
	}
	return fmt.Sprintf("ExchangeOrder(%d)", int(o))
}

// ParseExchangeOrder returns the order that String names.
func ParseExchangeOrder(name string) (ExchangeOrder, error) {
	for o, n := range exchangeOrderNames {
		if n == name {
			return ExchangeOrder(o), nil
		}
	}
	return 0, fmt.Errorf("cluda: exchange order %q: want one of %v", name, exchangeOrderNames)
}

// resolve returns the order the default stands for, and an error for a
// value of no order.
func (o ExchangeOrder) resolve() (ExchangeOrder, error) {
	switch o {
	case ExchangeDefault:
		return ExchangeRounds, nil
	case ExchangeRounds, ExchangeAtOnce:
		return o, nil
	}
	return 0, fmt.Errorf("cluda: multi-thread: %v is no order of an exchange's blocks", o)
}

// exchangeRounds groups the blocks of an exchange (splitCopies,
// blockCopies) by their round: the block of device d into device e is of
// round (d - e) modulo the number of devices, round 0 holding the
// devices' own blocks. Rounds without a block are left out after round 0.
func (m *MultiThread) exchangeRounds(copies []crossCopy) (own []crossCopy, rounds [][]crossCopy) {
	k := m.Len()
	byRound := make([][]crossCopy, k)
	for _, c := range copies {
		e := slices.Index(m.threads, c.dst.thread)
		d := slices.Index(m.threads, c.src.thread)
		r := (d - e + k) % k
		byRound[r] = append(byRound[r], c)
	}
	for _, round := range byRound[1:] {
		if len(round) > 0 {
			rounds = append(rounds, round)
		}
	}
	return byRound[0], rounds
}

// inRounds reports whether the blocks of an exchange of that many rounds
// (exchangeRounds) wait for each other round by round.
func (m *MultiThread) inRounds(rounds int) bool {
	return m.exchange == ExchangeRounds && rounds > 1
}

// runQueues runs copies, each queue's in their order on a goroutine of
// its own, and returns when every queue is done, with the errors of all
// that failed. The commands that write the sources must have completed.
// A copy that runs on its destination's Thread rather than its queue
// (crossCopy.run) may still be running.
func runQueues(copies []crossCopy) error {
	var queues []backend
	byQueue := map[backend][]crossCopy{}
	for _, c := range copies {
		q := c.queue()
		if _, ok := byQueue[q]; !ok {
			queues = append(queues, q)
		}
		byQueue[q] = append(byQueue[q], c)
	}
	errs := make([]error, len(queues))
	var wg sync.WaitGroup
	for i, q := range queues {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, c := range byQueue[q] {
				if err := c.run(); err != nil {
					errs[i] = fmt.Errorf("%v into %v on %v: %w", c.src, c.dst, c.dst.thread, err)
					return
				}
			}
			errs[i] = q.synchronize()
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// runExchange runs the blocks of an exchange in the MultiThread's order,
// the commands that write their sources completed, and returns when every
// block is done: in rounds, each round's blocks at once and the devices'
// own blocks beside them; otherwise all at once.
func (m *MultiThread) runExchange(copies []crossCopy) error {
	own, rounds := m.exchangeRounds(copies)
	if !m.inRounds(len(rounds)) {
		return runCopies(copies)
	}
	if err := m.Synchronize(); err != nil {
		return err
	}
	var ownErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		ownErr = runCopies(own)
	}()
	var errs []error
	for i, round := range rounds {
		if err := runQueues(round); err != nil {
			errs = append(errs, fmt.Errorf("round %d of %d: %w", i+1, len(rounds), err))
			break
		}
	}
	<-done
	return errors.Join(append(errs, ownErr, m.Synchronize())...)
}
