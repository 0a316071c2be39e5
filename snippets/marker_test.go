package snippets

import (
	"slices"
	"strings"
	"testing"
)

func TestStrip(t *testing.T) {
	m := func(name string, line int) string { return string(appendMarker(nil, name, line)) }
	tests := []struct {
		name string
		in   string
		text string
		locs []location
		err  string
	}{
		{
			name: "one marker per line",
			in:   m("a", 1) + "x\n" + m("a", 2) + "y\n" + m("a", 3),
			text: "x\ny\n",
			locs: []location{{"a", 1}, {"a", 2}},
		},
		{
			name: "last marker before the first non-blank byte wins",
			in:   m("a", 1) + "  " + m("b", 7) + "x" + m("c", 9) + "y\n",
			text: "  xy\n",
			locs: []location{{"b", 7}},
		},
		{
			name: "blank line takes its last marker",
			in:   m("a", 1) + "x\n" + m("b", 3) + m("a", 2) + "\n",
			text: "x\n\n",
			locs: []location{{"a", 1}, {"a", 2}},
		},
		{
			name: "unmarked line continues the line before",
			in:   m("a", 4) + "x\ny" + m("a", 5) + "z\n",
			text: "x\nyz\n",
			locs: []location{{"a", 4}, {"a", 4}},
		},
		{
			name: "last line without newline",
			in:   m("a", 1) + "x\n" + m("a", 2) + "y",
			text: "x\ny",
			locs: []location{{"a", 1}, {"a", 2}},
		},
		{
			name: "names with colons",
			in:   m("dir:f.cl", 12) + "x",
			text: "x",
			locs: []location{{"dir:f.cl", 12}},
		},
		{name: "stray end byte", in: "x\n\x02", err: "stray control byte \\x01 or \\x02 in the rendered text at line 2"},
		{name: "unterminated marker", in: "\x01a:1", err: "at line 1"},
		{name: "start byte inside a marker", in: "\x01x" + m("a", 1), err: "stray control byte \\x01 in the rendered text at line 1"},
		{name: "marker without line", in: "\x01abc\x02", err: "stray control byte"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s stripper
			text, locs, err := s.strip(tt.in)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("got %v, want an error holding %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if text != tt.text || !slices.Equal(locs, tt.locs) {
				t.Fatalf("got %q %v, want %q %v", text, locs, tt.text, tt.locs)
			}
		})
	}
}
