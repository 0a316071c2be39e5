package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestMissingArgumentReasonFirst runs commands without the arguments they
// need: the reason comes first on standard error, the usage below it, and
// main is told not to print the reason again.
func TestMissingArgumentReasonFirst(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		reason string
		usage  string
	}{
		{"fft without files", []string{"fft"}, "reikna: fft: want an input file and an output file", "Usage: reikna fft [options] IN OUT"},
		{"fft with one file", []string{"fft", "in.txt"}, "got 1 argument", "Usage: reikna fft [options] IN OUT"},
		{"render without a computation", []string{"render"}, "reikna: render: say what to render", "Usage: reikna render"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(tt.args, &stdout, &stderr)
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, errReported) {
				t.Errorf("error %v is not marked as printed", err)
			}
			out := stderr.String()
			reason, usage := strings.Index(out, tt.reason), strings.Index(out, tt.usage)
			switch {
			case reason < 0 || usage < 0:
				t.Fatalf("standard error lacks %q or %q:\n%s", tt.reason, tt.usage, out)
			case reason > usage:
				t.Errorf("the reason comes after the usage:\n%s", out)
			}
			if !strings.HasPrefix(out, "reikna: ") {
				t.Errorf("standard error does not start with the reason:\n%s", out)
			}
			var printed bytes.Buffer
			printError(&printed, err)
			if printed.Len() != 0 {
				t.Errorf("main would print the reason again: %q", printed.String())
			}
		})
	}
}
