package cluda

import (
	"slices"
	"testing"
)

func TestDiagnostics(t *testing.T) {
	tests := []struct {
		name string
		log  string
		want [4]string // line, column, severity, message
	}{
		{"clang", "<source>:4:12: error: use of undeclared identifier 'x'", [4]string{"4", "12", "error", "use of undeclared identifier 'x'"}},
		{"PoCL", "error: /tmp/k.cl:68:5: use of undeclared identifier 'x'", [4]string{"68", "5", "error", "use of undeclared identifier 'x'"}},
		{"PoCL, in a macro", "error: /tmp/k.cl:68:5 <Spelling=/tmp/k.cl:68:27>: use of undeclared identifier 'x'",
			[4]string{"68", "5", "error", "use of undeclared identifier 'x'"}},
		{"no column", "error: /tmp/k.cl:7: expected ';'", [4]string{"7", "", "error", "expected ';'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := diagnostics(tt.log)
			if len(got) != 1 || !slices.Equal(got[0][:], tt.want[:]) {
				t.Errorf("diagnostics(%q) = %q, want [%q]", tt.log, got, tt.want)
			}
		})
	}
}
