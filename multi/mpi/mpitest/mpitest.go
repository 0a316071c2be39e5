// Package mpitest runs tests of a program of several processes under
// mpirun: a test starts its own test binary under mpirun, which runs one
// worker test in each process, and reports their output.
//
// A worker test is an ordinary test of the package that skips unless
// Worker reports that mpirun started it:
//
//	func TestExchange(t *testing.T) {
//		if err := mpi.Load(); err != nil {
//			mpitest.Missing(t, "the MPI library: %v", err)
//		}
//		mpitest.Run(t, 3, "TestExchangeWorker")
//	}
//
//	func TestExchangeWorker(t *testing.T) {
//		if !mpitest.Worker() {
//			t.Skip("a worker of TestExchange, which runs it under mpirun")
//		}
//		...
//	}
//
// Where mpirun or the MPI library is missing the tests skip, unless
// REIKNA_REQUIRE_MPI=1 is set (as make test sets it), which makes the
// missing piece a failure so that CI cannot pass without running them.
package mpitest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"
)

// WorkerEnv names the environment variable that marks a process as a
// worker that mpirun started.
const WorkerEnv = "REIKNA_MPI_WORKER"

// RequireEnv names the environment variable that, set to 1, turns a
// missing mpirun or MPI library into a failure.
const RequireEnv = "REIKNA_REQUIRE_MPI"

// Timeout bounds the run of mpirun: a worker that fails while the others
// wait for it in a collective would otherwise leave them waiting.
const Timeout = 2 * time.Minute

// Worker reports whether the process is a worker started by Run.
func Worker() bool { return os.Getenv(WorkerEnv) == "1" }

// Missing skips the test, saying what is missing, or fails it where
// RequireEnv is set.
func Missing(tb testing.TB, format string, args ...any) {
	tb.Helper()
	msg := "missing " + fmt.Sprintf(format, args...)
	if os.Getenv(RequireEnv) == "1" {
		tb.Fatalf("%s (%s=1 requires it)", msg, RequireEnv)
	}
	tb.Skip(msg)
}

// Run runs the test named worker of the test binary in np processes under
// mpirun, and fails the test with their output where mpirun or a worker
// fails. Without mpirun on PATH it calls Missing. It runs as root where
// the test does (--allow-run-as-root) and lets np exceed the cores
// (--oversubscribe).
func Run(t *testing.T, np int, worker string) {
	t.Helper()
	mpirun, err := exec.LookPath("mpirun")
	if err != nil {
		Missing(t, "mpirun (Open MPI's openmpi-bin): %v", err)
	}
	args := Args(np)
	args = append(args, os.Args[0], "-test.run=^"+worker+"$", "-test.count=1", "-test.v")
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, mpirun, args...)
	cmd.Env = append(os.Environ(), WorkerEnv+"=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err = cmd.Run()
	took := time.Since(start)
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		t.Fatalf("mpirun %v did not finish in %v:\n%s", args, Timeout, out.String())
	case err != nil:
		t.Fatalf("mpirun %v: %v\n%s", args, err, out.String())
	}
	if n := bytes.Count(out.Bytes(), []byte("--- PASS: "+worker+" ")); n != np {
		t.Fatalf("mpirun %v: %d of the %d workers passed:\n%s", args, n, np, out.String())
	}
	t.Logf("%d processes under mpirun passed %s in %v", np, worker, took.Round(time.Millisecond))
	if testing.Verbose() {
		t.Logf("their output:\n%s", out.String())
	}
}

// Args returns mpirun's arguments before the program for np processes on
// this host: as many as asked whatever the cores (--oversubscribe), as
// root where the process is root (--allow-run-as-root), and where neither
// ssh nor rsh is on PATH, with Open MPI's launcher of one host (--mca plm
// isolated), since its default one refuses to start without them. The
// worker marker travels with -x, as it must to other hosts.
func Args(np int) []string {
	_, sshErr := exec.LookPath("ssh")
	_, rshErr := exec.LookPath("rsh")
	return args(np, os.Geteuid() == 0, sshErr == nil || rshErr == nil)
}

// args is Args for a process that is root or not, on a host with or
// without a remote shell.
func args(np int, asRoot, remoteShell bool) []string {
	out := []string{"-np", strconv.Itoa(np), "--oversubscribe", "-x", WorkerEnv + "=1"}
	if asRoot {
		out = append(out, "--allow-run-as-root")
	}
	if !remoteShell {
		out = append(out, "--mca", "plm", "isolated")
	}
	return out
}
