package cluda

import (
	"bytes"
	"log"
	"os"
	"sync"
	"testing"
)

// TestMain settles PoCL's cache location before any test changes the
// program cache's environment, as a program's first device query does:
// tests that point the program cache at a temporary directory must not
// move PoCL's cache into it.
func TestMain(m *testing.M) {
	configurePoCL()
	os.Exit(m.Run())
}

// lockedBuffer is a bytes.Buffer safe for concurrent writers.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// captureWarnings sends the package's warnings to a buffer for the rest of
// the test.
func captureWarnings(t *testing.T) *lockedBuffer {
	t.Helper()
	var buf lockedBuffer
	SetWarningLogger(log.New(&buf, "", 0))
	t.Cleanup(func() { SetWarningLogger(log.Default()) })
	return &buf
}
