package snippets

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"text/template"
	"unicode"
)

// The kinds of def, as error messages name them.
const (
	kindSnippet = "snippet"
	kindModule  = "module"
)

// prefixKey is the name under which a module's template sees its prefix.
const prefixKey = "prefix"

// def is what Snippet and Module share: a template instrumented for line
// origins, its named parameters and its own render arguments. It is never
// modified after construction, so that renders may share it.
type def struct {
	kind   string
	name   string
	params []string
	args   map[string]any
	keys   []string // of args, sorted: the order the renderer walks them in
	tmpl   *template.Template
}

// newDef checks the names of the parameters and render arguments and
// instruments a copy of t. reserved lists names that neither may take.
func newDef(kind string, t *template.Template, params []string, args map[string]any, reserved ...string) (*def, error) {
	if t == nil {
		return nil, fmt.Errorf("snippets: %s from a nil template", kind)
	}
	d := &def{kind: kind, name: t.Name(), params: slices.Clone(params), args: maps.Clone(args)}
	if err := d.checkNames(t, reserved); err != nil {
		return nil, fmt.Errorf("snippets: %s %q: %w", kind, d.name, err)
	}
	tmpl, err := instrumentOnce(t, kind == kindModule)
	if err != nil {
		return nil, fmt.Errorf("snippets: %s %q: %w", kind, d.name, err)
	}
	d.tmpl = tmpl
	if d.args == nil {
		d.args = map[string]any{}
	}
	d.keys = slices.Sorted(maps.Keys(d.args))
	return d, nil
}

func (d *def) checkNames(t *template.Template, reserved []string) error {
	if d.name == "" {
		return errors.New("empty name")
	}
	if t.Tree == nil || t.Tree.Root == nil {
		return errors.New("template has no content")
	}
	for k := range d.args {
		if slices.Contains(reserved, k) {
			return fmt.Errorf("render argument %q: the name is reserved", k)
		}
	}
	for i, p := range d.params {
		switch {
		case !isIdentifier(p):
			return fmt.Errorf("parameter %q is not an identifier", p)
		case slices.Contains(reserved, p):
			return fmt.Errorf("parameter %q: the name is reserved", p)
		case slices.Contains(d.params[:i], p):
			return fmt.Errorf("parameter %q appears twice", p)
		}
		if _, ok := d.args[p]; ok {
			return fmt.Errorf("parameter %q clashes with the render argument of the same name", p)
		}
	}
	return nil
}

// isIdentifier reports whether s can be written as a field name in a
// template, as in {{ .s }}.
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && !unicode.IsLetter(r) && (i == 0 || !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// checkArity returns an error naming d and its parameters unless it takes n
// arguments.
func (d *def) checkArity(n int) error {
	if n == len(d.params) {
		return nil
	}
	return fmt.Errorf("%s, got %d", d.signature(), n)
}

// signature describes d and its parameters: `snippet "add" takes 1 argument
// (varname)`.
func (d *def) signature() string {
	switch len(d.params) {
	case 0:
		return fmt.Sprintf("%s %q takes no arguments", d.kind, d.name)
	case 1:
		return fmt.Sprintf("%s %q takes 1 argument (%s)", d.kind, d.name, d.params[0])
	}
	return fmt.Sprintf("%s %q takes %d arguments (%s)", d.kind, d.name, len(d.params), strings.Join(d.params, ", "))
}

// data returns the map a template of d is executed with: its processed
// render arguments, and its parameters bound to args. It is a new map, so
// that a template that modifies its data (with set, say) cannot affect
// another execution.
func (d *def) data(processed map[string]any, args []any, extra int) map[string]any {
	m := make(map[string]any, len(processed)+len(args)+extra)
	maps.Copy(m, processed)
	for i, p := range d.params {
		m[p] = args[i]
	}
	return m
}
