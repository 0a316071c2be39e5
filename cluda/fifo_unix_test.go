//go:build unix

package cluda

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

func makeFIFO(path string) error { return syscall.Mkfifo(path, 0o600) }

// TestReadEntryFileFIFO checks that a FIFO at an entry's name is refused
// at once: opening it for reading would wait for a writer.
func TestReadEntryFileFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "entry.bin")
	if err := makeFIFO(path); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := readEntryFile(path)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, errUnsoundFile) {
			t.Errorf("reading a FIFO: %v, want an error wrapping %v", err, errUnsoundFile)
		}
	case <-time.After(time.Minute):
		t.Fatal("reading a FIFO at an entry's name hangs")
	}
}
