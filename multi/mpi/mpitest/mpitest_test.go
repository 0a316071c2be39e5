package mpitest

import (
	"slices"
	"testing"
)

func TestArgs(t *testing.T) {
	for _, tc := range []struct {
		np                  int
		asRoot, remoteShell bool
		want                []string
	}{
		{3, false, true, []string{"-np", "3", "--oversubscribe", "-x", "REIKNA_MPI_WORKER=1"}},
		{2, true, true, []string{"-np", "2", "--oversubscribe", "-x", "REIKNA_MPI_WORKER=1", "--allow-run-as-root"}},
		{3, true, false, []string{"-np", "3", "--oversubscribe", "-x", "REIKNA_MPI_WORKER=1", "--allow-run-as-root", "--mca", "plm", "isolated"}},
	} {
		if got := args(tc.np, tc.asRoot, tc.remoteShell); !slices.Equal(got, tc.want) {
			t.Errorf("args(%d, %v, %v) = %q, want %q", tc.np, tc.asRoot, tc.remoteShell, got, tc.want)
		}
	}
}

func TestWorker(t *testing.T) {
	t.Setenv(WorkerEnv, "1")
	if !Worker() {
		t.Errorf("Worker with %s=1: false", WorkerEnv)
	}
	t.Setenv(WorkerEnv, "")
	if Worker() {
		t.Errorf("Worker with %s empty: true", WorkerEnv)
	}
}
