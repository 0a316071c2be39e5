// Package cludatest gives tests a shared cluda.Thread on the machine's
// default OpenCL device.
//
// Where no OpenCL platform exists, tests that need a device are skipped,
// unless REIKNA_REQUIRE_DEVICE=1 is set (as make test sets it), which turns
// the missing device into a failure so that CI cannot pass without running
// them. REIKNA_TEST_DEVICE selects the device by a substring of its name.
package cludatest

import (
	"errors"
	"os"
	"sync"
	"testing"

	"github.com/reikna-go/reikna/cluda"
)

var (
	once   sync.Once
	thread *cluda.Thread
	err    error
)

// Thread returns the test process's shared Thread, with profiling on.
func Thread(tb testing.TB) *cluda.Thread {
	tb.Helper()
	once.Do(func() {
		thread, err = cluda.CreateThread(cluda.DeviceFilter{Device: os.Getenv("REIKNA_TEST_DEVICE")},
			cluda.ThreadOptions{Profiling: true})
	})
	if err != nil {
		if errors.Is(err, cluda.ErrNoDevice) && os.Getenv("REIKNA_REQUIRE_DEVICE") != "1" {
			tb.Skipf("no OpenCL device: %v", err)
		}
		tb.Fatalf("cludatest: %v", err)
	}
	return thread
}
