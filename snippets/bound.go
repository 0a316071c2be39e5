package snippets

import (
	"errors"
	"fmt"
)

var errUnbound = errors.New("snippets: bound value used outside a render")

// BoundSnippet is what a template sees in place of a [Snippet] during a
// render: the snippet with its render arguments processed. Render data never
// holds a *Snippet.
type BoundSnippet struct {
	s *Snippet
	r *renderer
}

// Call renders the snippet with the given arguments, one for each of its
// parameters, and returns the text, which the template prints in place:
// {{ .add.Call "x" }}.
func (b BoundSnippet) Call(args ...any) (string, error) {
	if b.r == nil {
		return "", errUnbound
	}
	return b.r.callSnippet(b.s, args)
}

// CallList is Call with the arguments in one list, for templates that
// build the list: {{ .code.CallList $args }}.
func (b BoundSnippet) CallList(args []any) (string, error) { return b.Call(args...) }

// String renders a snippet without parameters, so that {{ .add }} equals
// {{ .add.Call }}. For a snippet with parameters it renders nothing and the
// render fails; the same happens if rendering fails, since String cannot
// return an error.
func (b BoundSnippet) String() string { return b.r.stringResult(b.print()) }

func (b BoundSnippet) print() (string, error) {
	if b.r == nil {
		return "", errUnbound
	}
	if err := printable(&b.s.def); err != nil {
		return "", err
	}
	return b.Call()
}

// BoundModule is what a template sees in place of a [Module] during a
// render. A module without parameters has been rendered already, and
// printing the BoundModule prints its prefix. A module with parameters is
// rendered by Call.
type BoundModule struct {
	m      *Module
	r      *renderer
	prefix string // for a module without parameters
}

// Call returns the prefix of the module rendered with the given arguments,
// one for each of its parameters, rendering it first unless this render has
// rendered it with equal arguments already: {{ .add.Call 2 }}(x).
func (b BoundModule) Call(args ...any) (string, error) {
	if b.r == nil {
		return "", errUnbound
	}
	if b.prefix != "" && len(args) == 0 {
		return b.prefix, nil
	}
	return b.r.renderModule(b.m, args)
}

// String returns the prefix of a module without parameters. For a module
// with parameters it returns "" and the render fails.
func (b BoundModule) String() string { return b.r.stringResult(b.print()) }

func (b BoundModule) print() (string, error) {
	if b.r == nil {
		return "", errUnbound
	}
	return b.prefix, printable(&b.m.def)
}

// printable refuses to print a snippet or module that has parameters.
func printable(d *def) error {
	if len(d.params) > 0 {
		return fmt.Errorf("%s, got 0 (printed without .Call)", d.signature())
	}
	return nil
}

// stringResult returns s for a String method, which cannot return err:
// the render keeps err and fails with it.
func (r *renderer) stringResult(s string, err error) string {
	if err != nil && r != nil {
		r.deferError(err)
	}
	return s
}
