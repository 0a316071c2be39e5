package core

import (
	"fmt"
	"text/template"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/snippets"
)

// CompileTemplate renders tmpl with renderArgs, the modules found in the
// arguments first and the template last, and compiles the result on thr
// (reikna's thr.compile(template, render_kwds=...)). A build error names,
// for each failing line, the template and module it came from.
func CompileTemplate(thr *cluda.Thread, tmpl *template.Template, renderArgs map[string]any, opts cluda.CompileOptions) (*cluda.Program, error) {
	src, err := renderTemplate(tmpl, renderArgs)
	if err != nil {
		return nil, fmt.Errorf("core: %w", err)
	}
	opts.Origin = src.LineOrigin
	return thr.Compile(src.Text, opts)
}

// CompileStaticTemplate renders tmpl with renderArgs, as CompileTemplate
// does, and compiles its kernel name on thr for a virtual global size, as
// cluda.Thread.CompileStatic does.
func CompileStaticTemplate(thr *cluda.Thread, tmpl *template.Template, name string, global []int, renderArgs map[string]any, opts cluda.StaticOptions) (*cluda.StaticKernel, error) {
	src, err := renderTemplate(tmpl, renderArgs)
	if err != nil {
		return nil, fmt.Errorf("core: %w", err)
	}
	opts.Origin = src.LineOrigin
	return thr.CompileStatic(src.Text, name, global, opts)
}

// renderTemplate renders a kernel template with its render arguments into
// one source (reikna's render_template), with an error that names the
// template.
func renderTemplate(tmpl *template.Template, renderArgs map[string]any) (*snippets.Source, error) {
	src, err := snippets.RenderTemplate(tmpl, renderArgs)
	if err != nil {
		return nil, fmt.Errorf("render %s: %w", tmpl.Name(), err)
	}
	return src, nil
}
