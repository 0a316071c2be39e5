package snippets

import (
	"fmt"
	"strings"
)

// frameKind says what a frame renders.
type frameKind uint8

const (
	frameMain frameKind = iota
	frameSnippet
	frameModule
)

// frame is a snippet or module being processed or executed.
type frame struct {
	kind frameKind
	d    *def
}

// String names the frame as error chains show it: main, snippet "add",
// module "normal".
func (f frame) String() string {
	if f.kind == frameMain {
		return "main"
	}
	return fmt.Sprintf("%s %q", f.d.kind, f.d.name)
}

// push enters a frame; pop leaves it.
func (r *renderer) push(kind frameKind, d *def) { r.frames = append(r.frames, frame{kind, d}) }

func (r *renderer) pop() { r.frames = r.frames[:len(r.frames)-1] }

// chain describes the frames: main → module "gamma" → module "normal".
func (r *renderer) chain() string {
	parts := make([]string, len(r.frames))
	for i, f := range r.frames {
		parts[i] = f.String()
	}
	return strings.Join(parts, " → ")
}

// wrap adds the chain to err.
func (r *renderer) wrap(err error) error {
	return fmt.Errorf("snippets: render %s: %w", r.chain(), err)
}

// errorf returns a new error with the chain.
func (r *renderer) errorf(format string, args ...any) error {
	return r.wrap(fmt.Errorf(format, args...))
}

// moduleChain returns the names of the modules in the frames.
func (r *renderer) moduleChain(from int) []string {
	var names []string
	for _, f := range r.frames[from:] {
		if f.kind == frameModule {
			names = append(names, f.d.name)
		}
	}
	return names
}

// cycle reports that d is needed while it is being rendered.
func (r *renderer) cycle(d *def) error {
	from := len(r.frames)
	for i, f := range r.frames {
		if f.d == d {
			from = i
			break
		}
	}
	names := append(r.moduleChain(from), d.name)
	return fmt.Errorf("snippets: %s cycle: %s", d.kind, strings.Join(names, " → "))
}
