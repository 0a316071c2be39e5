package cluda

import (
	"fmt"
	"text/template"

	"github.com/reikna-go/reikna/snippets"
)

// RenderTemplate renders a kernel template with its render arguments into
// one source: the modules found in the arguments first, the template last
// (reikna's render_template).
func RenderTemplate(tmpl *template.Template, renderArgs map[string]any) (*snippets.Source, error) {
	src, err := snippets.RenderTemplate(tmpl, renderArgs)
	if err != nil {
		return nil, fmt.Errorf("cluda: render %s: %w", tmpl.Name(), err)
	}
	return src, nil
}

// WithOrigins returns the options with Origin set to trace lines of src
// back to the templates and modules they came from.
func (o CompileOptions) WithOrigins(src *snippets.Source) CompileOptions {
	o.Origin = func(line int) string { return src.Origin(line).String() }
	return o
}

// CompileTemplate renders tmpl with renderArgs and compiles the result
// (reikna's thr.compile(template, render_kwds=...)). A build error names,
// for each failing line, the template and module it came from.
func (t *Thread) CompileTemplate(tmpl *template.Template, renderArgs map[string]any, opts CompileOptions) (*Program, error) {
	src, err := RenderTemplate(tmpl, renderArgs)
	if err != nil {
		return nil, err
	}
	return t.Compile(src.Text, opts.WithOrigins(src))
}

// CompileStaticTemplate renders tmpl with renderArgs and compiles its kernel
// name for a virtual global size, as CompileStatic does.
func (t *Thread) CompileStaticTemplate(tmpl *template.Template, name string, global []int, renderArgs map[string]any, opts StaticOptions) (*StaticKernel, error) {
	src, err := RenderTemplate(tmpl, renderArgs)
	if err != nil {
		return nil, err
	}
	opts.CompileOptions = opts.CompileOptions.WithOrigins(src)
	return t.CompileStatic(src.Text, name, global, opts)
}
