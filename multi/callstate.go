package multi

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
)

// callState is what a decomposed FFT keeps across its calls: the lock a
// call holds, which uses the work arrays, and the statistics of the last
// call, which Stats reads from any goroutine.
type callState struct {
	calls sync.Mutex // held by a call
	mu    sync.Mutex // guards stats
	stats SlabStats
}

// lastStats returns the statistics of the last call.
func (c *callState) lastStats() SlabStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

// setStats keeps the statistics of a call.
func (c *callState) setStats(stats SlabStats) {
	c.mu.Lock()
	c.stats = stats
	c.mu.Unlock()
}

// addSince returns a function that adds to d the time since addSince ran.
func addSince(d *time.Duration) func() {
	start := time.Now()
	return func() { *d += time.Since(start) }
}

// runPhase runs the transform c of one phase of a rank's FFT with args,
// waits for it on thr and adds its time to stats.Compute; its error is
// named by name.
func runPhase(thr *cluda.Thread, stats *SlabStats, name string, c *core.Callable, args []any) error {
	done := addSince(&stats.Compute)
	err := c.Call(args...)
	if err == nil {
		err = thr.Synchronize()
	}
	done()
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// agree tells every rank whether this one is ready for the exchange step
// (err nil), and returns err, or an error where another rank is not: a
// failure on one rank becomes every rank's before the collective, which
// would otherwise wait for it. It is a collective of one byte to each
// rank.
func agree(comm Communicator, step string, err error) error {
	n := comm.Size()
	send, recv := make([]byte, n), make([]byte, n)
	if err != nil {
		for i := range send {
			send[i] = 1
		}
	}
	counts, displs := make([]int, n), make([]int, n)
	for r := range n {
		counts[r], displs[r] = 1, r
	}
	if cerr := comm.Alltoallv(send, counts, displs, recv, counts, displs); cerr != nil {
		return errors.Join(err, fmt.Errorf("%s: telling the ranks whether they are ready: %w", step, cerr))
	}
	if err != nil {
		return err
	}
	for r, failed := range recv {
		if failed != 0 {
			return fmt.Errorf("rank %d failed before the %s (its own error says why), and no rank ran it", r, step)
		}
	}
	return nil
}
