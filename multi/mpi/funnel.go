package mpi

import (
	"runtime"
	"sync"
)

// calls are the MPI calls waiting for the package's MPI thread.
var (
	callsOnce sync.Once
	calls     chan func()
)

// run runs f on the package's MPI thread, one operating-system thread that
// makes every MPI call of the process from MPI_Init_thread to
// MPI_Finalize, as MPI_THREAD_FUNNELED asks (Go moves goroutines between
// threads), and returns when f has returned. Calls from several goroutines
// run one after another. f must not call run.
func run(f func()) {
	callsOnce.Do(func() {
		calls = make(chan func())
		go func() {
			runtime.LockOSThread() // never unlocked: the thread stays MPI's
			for f := range calls {
				f()
			}
		}()
	})
	done := make(chan struct{})
	calls <- func() {
		defer close(done)
		f()
	}
	<-done
}
