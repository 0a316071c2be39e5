// Package cludatest gives tests a shared cluda.Thread on the machine's
// default device (REIKNA_API chooses OpenCL or CUDA).
//
// Where no device exists, tests that need one are skipped,
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
	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cu"
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
			tb.Skipf("no device: %v", err)
		}
		tb.Fatalf("cludatest: %v", err)
	}
	return thread
}

// RequireOpenCL skips a test of OpenCL's own objects (queues, buffers,
// local memory arguments) where thr runs on another API.
func RequireOpenCL(tb testing.TB, thr *cluda.Thread) {
	tb.Helper()
	if thr.API() != cluda.OpenCL {
		tb.Skipf("a test of OpenCL's objects; the Thread runs on %s", thr.API())
	}
}

// IsBuildFailure reports whether err is a failed build of a program's
// source: an OpenCL build of status CL_BUILD_PROGRAM_FAILURE, or a failed
// NVRTC compilation or module load.
func IsBuildFailure(err error) bool {
	var cube *cu.BuildError
	return errors.Is(err, cl.BuildProgramFailure) || errors.As(err, &cube)
}

// MultiThread returns a new MultiThread of n devices that match the test
// device (REIKNA_TEST_DEVICE), each opened again in turn where fewer
// exist, as the tests of split arrays want on a machine with one CPU
// device; it is released when the test ends. A missing device skips or
// fails the test as Thread does.
func MultiThread(tb testing.TB, n int, opts cluda.MultiThreadOptions) *cluda.MultiThread {
	tb.Helper()
	opts.Repeat = true
	m, err := cluda.CreateMultiThread(cluda.DeviceFilter{Device: os.Getenv("REIKNA_TEST_DEVICE")}, n, opts)
	if err != nil {
		if errors.Is(err, cluda.ErrNoDevice) && os.Getenv("REIKNA_REQUIRE_DEVICE") != "1" {
			tb.Skipf("no device: %v", err)
		}
		tb.Fatalf("cludatest: %v", err)
	}
	tb.Cleanup(m.Release)
	return m
}
