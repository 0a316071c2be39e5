package cliutil

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the progress bar's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestProgress(t *testing.T) {
	if p := StartProgress(&bytes.Buffer{}, 3); p != nil {
		t.Error("a progress bar on a writer that is not a terminal")
	}
	var nilBar *Progress
	nilBar.Step(1, "nothing") // a nil bar does nothing
	nilBar.Finish()

	var w syncBuffer
	p := newProgress(&w, 4, 0, time.Millisecond)
	p.Step(2, "N = 1024: device "+strings.Repeat("x", 100))
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(w.String(), "2/4") && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	p.Finish()
	out := w.String()
	lines := strings.Split(out, "\r")
	if !strings.HasPrefix(out, "\r[============>           ] 2/4 N = 1024: device xxx") {
		t.Errorf("the bar is drawn as %q", lines[1])
	}
	for _, l := range lines {
		if n := len([]rune(l)); n > 79 {
			t.Errorf("a line of %d characters would wrap: %q", n, l)
		}
	}
	if !strings.HasSuffix(out, fmt.Sprintf("\r%s\r", strings.Repeat(" ", len([]rune(lines[len(lines)-3]))))) {
		t.Errorf("Finish does not clear the line: %q", out[max(0, len(out)-100):])
	}
}
