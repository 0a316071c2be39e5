package core

import "testing"

// TestWithDefinitions checks the origins of the lines of a kernel source
// with struct definitions before it.
func TestWithDefinitions(t *testing.T) {
	inner := func(n int) string { return "template line " + string(rune('0'+n)) }
	tests := []struct {
		name, defs string
		line       int
		want       string
	}{
		{"no definitions", "", 2, "template line 2"},
		{"a definition line", "#ifndef X\n#define X\n", 2, structOrigin},
		{"after the definitions", "#ifndef X\n#define X\n", 3, "template line 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, origin := withDefinitions(tt.defs, "kernel\nbody\n", inner)
			if text != tt.defs+"kernel\nbody\n" {
				t.Errorf("text %q", text)
			}
			if got := origin(tt.line); got != tt.want {
				t.Errorf("origin of line %d: %q, want %q", tt.line, got, tt.want)
			}
		})
	}
}
