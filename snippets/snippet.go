package snippets

import (
	"fmt"
	"slices"
	"text/template"

	"github.com/reikna-go/reikna/templates"
)

// Snippet is a template with named parameters, rendered inline where it is
// called, like a Mako def in reikna. Its template sees a map holding its
// render arguments and its parameters.
//
// A Snippet is immutable and may be used by many renders at once.
type Snippet struct {
	def
}

// NewSnippet parses source as a snippet named name with the given
// parameters and render arguments (reikna's Snippet.create). A parameter
// that has the name of a render argument is an error. The render arguments
// map is copied; the values in it are not.
func NewSnippet(name string, params []string, source string, renderArgs map[string]any) (*Snippet, error) {
	t, err := templates.New(name).Parse(source)
	if err != nil {
		return nil, fmt.Errorf("snippets: snippet %q: %w", name, err)
	}
	return SnippetFromTemplate(t, params, renderArgs)
}

// MustSnippet is like [NewSnippet] but panics on error.
func MustSnippet(name string, params []string, source string, renderArgs map[string]any) *Snippet {
	return must(NewSnippet(name, params, source, renderArgs))
}

// SnippetFromTemplate makes a snippet of t, typically a template defined with
// {{ define "name" }} in a set parsed with [templates.ParseFS]. The snippet
// is named after t and uses a copy of t and of the templates associated
// with it, so that later changes to t do not reach it.
func SnippetFromTemplate(t *template.Template, params []string, renderArgs map[string]any) (*Snippet, error) {
	d, err := newDef(kindSnippet, t, params, renderArgs)
	if err != nil {
		return nil, err
	}
	return &Snippet{*d}, nil
}

// MustSnippetFromTemplate is like [SnippetFromTemplate] but panics on error.
func MustSnippetFromTemplate(t *template.Template, params []string, renderArgs map[string]any) *Snippet {
	return must(SnippetFromTemplate(t, params, renderArgs))
}

// Name returns the name of the snippet, which is also the name of its
// template.
func (s *Snippet) Name() string { return s.name }

// Params returns the names of the snippet's parameters.
func (s *Snippet) Params() []string { return slices.Clone(s.params) }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
