package cliutil

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Progress draws a progress bar on a terminal: the steps done of a total,
// what the current step is doing and the time since the start. It appears
// only after a second, so quick commands print nothing, and it is drawn on
// one line that Finish clears, so that it never mixes with the output. A
// nil *Progress does nothing; StartProgress returns nil unless w is a
// terminal, so piped and redirected output never holds a bar.
type Progress struct {
	w     io.Writer
	total int
	start time.Time
	delay time.Duration

	mu    sync.Mutex
	done  int
	label string
	width int // of the last line drawn

	stop     chan struct{}
	stopOnce sync.Once
	finished sync.WaitGroup
}

// StartProgress returns a progress bar of total steps on w if w is a
// terminal, or nil.
func StartProgress(w io.Writer, total int) *Progress {
	if !isTerminal(w) {
		return nil
	}
	return newProgress(w, total, time.Second, 200*time.Millisecond)
}

// newProgress starts a bar that is first drawn after delay and then every
// tick.
func newProgress(w io.Writer, total int, delay, tick time.Duration) *Progress {
	p := &Progress{w: w, total: total, start: time.Now(), delay: delay, stop: make(chan struct{})}
	p.finished.Add(1)
	go func() {
		defer p.finished.Done()
		t := time.NewTicker(tick)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.draw()
			}
		}
	}()
	return p
}

// isTerminal reports whether w is a character device, such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// Step begins a step: the steps before it are done, and label says what
// this one does.
func (p *Progress) Step(done int, label string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.done, p.label = done, label
	p.mu.Unlock()
}

// Finish stops the bar and clears its line. Calls after the first do
// nothing.
func (p *Progress) Finish() {
	if p == nil {
		return
	}
	p.stopOnce.Do(func() {
		close(p.stop)
		p.finished.Wait()
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.width > 0 {
			fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
		}
	})
}

func (p *Progress) draw() {
	elapsed := time.Since(p.start)
	if elapsed < p.delay {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	const barWidth, maxLine = 24, 79 // a line longer than the terminal would wrap
	filled := barWidth * p.done / max(p.total, 1)
	bar := strings.Repeat("=", filled) + strings.Repeat(" ", barWidth-filled)
	if filled < barWidth {
		bar = bar[:filled] + ">" + bar[filled+1:]
	}
	head := fmt.Sprintf("[%s] %d/%d ", bar, p.done, p.total)
	tail := fmt.Sprintf("  %.0fs", elapsed.Seconds())
	label := []rune(p.label)
	if room := maxLine - len([]rune(head+tail)); len(label) > room {
		label = label[:max(room, 0)]
	}
	line := head + string(label) + tail
	if n := len([]rune(line)); n < p.width {
		line += strings.Repeat(" ", p.width-n)
	}
	p.width = len([]rune(line))
	fmt.Fprintf(p.w, "\r%s", line)
}
