package cluda

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// reservedMacros are the macros a program's own defines may not redefine:
// those of the prelude, and the ones it adds for fast math and double
// precision.
var reservedMacros = append([]string{"REIKNA_OPENCL", "REIKNA_CUDA", "COMPILE_FAST_MATH"}, PreludeMacros...)

// Validate reports options that no program can be built with: a define
// whose name is not a C identifier or is one of the prelude's macros, or
// whose value spans more than one line.
func (o CompileOptions) Validate() error {
	for _, name := range slices.Sorted(maps.Keys(o.Defines)) {
		if err := validMacroName(name); err != nil {
			return fmt.Errorf("define %q: %w", name, err)
		}
		if strings.ContainsAny(o.Defines[name], "\n\r\x00") {
			return fmt.Errorf("define %s: the value %q must be one line without NUL bytes", name, o.Defines[name])
		}
	}
	return nil
}

// validMacroName reports a name that cannot be the name of a define.
func validMacroName(name string) error {
	if name == "" {
		return fmt.Errorf("empty macro name")
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return fmt.Errorf("macro name %q is not a C identifier", name)
		}
	}
	if slices.Contains(reservedMacros, name) {
		return fmt.Errorf("macro %s is defined by the prelude", name)
	}
	return nil
}

// defineLines returns the #define lines of defines, sorted by name so that
// the same defines always give the same source (and the same cache key).
func defineLines(defines map[string]string) string {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(defines)) {
		b.WriteString("#define " + name)
		if v := defines[name]; v != "" {
			b.WriteString(" " + v)
		}
		b.WriteString("\n")
	}
	return b.String()
}
