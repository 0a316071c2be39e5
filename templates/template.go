package templates

import (
	"fmt"
	"io/fs"
	"path"
	"text/template"
)

// New returns an empty template named name with the function map of this
// package and the option missingkey=error.
func New(name string) *template.Template {
	return template.New(name).Funcs(funcs).Option("missingkey=error")
}

// Parse parses src as the body of a new template named name.
func Parse(name, src string) (*template.Template, error) {
	t, err := New(name).Parse(src)
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	return t, nil
}

// MustParse is like [Parse] but panics on error. It is meant for templates
// parsed at package level.
func MustParse(name, src string) *template.Template {
	return must(Parse(name, src))
}

// ParseFS parses the files of fsys that match the patterns (in the syntax of
// [fs.Glob]) into one set of templates. Each file becomes a template named
// by its base name, such as "fft.cl", and the templates it defines with
// {{ define }} join the set; the result is the template of the first file.
// A pattern that matches no file, and two files with the same base name, are
// errors.
func ParseFS(fsys fs.FS, patterns ...string) (*template.Template, error) {
	var files []string
	for _, p := range patterns {
		m, err := fs.Glob(fsys, p)
		if err != nil {
			return nil, fmt.Errorf("templates: %w", err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("templates: pattern %q matches no files", p)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("templates: no patterns given")
	}
	var root *template.Template
	seen := make(map[string]string, len(files))
	for _, f := range files {
		name := path.Base(f)
		if prev, ok := seen[name]; ok {
			if prev == f {
				continue // matched by two patterns
			}
			return nil, fmt.Errorf("templates: %s and %s have the same name %q", prev, f, name)
		}
		seen[name] = f
		src, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, fmt.Errorf("templates: %w", err)
		}
		var t *template.Template
		if root == nil {
			root = New(name)
			t = root
		} else {
			t = root.New(name)
		}
		if _, err := t.Parse(string(src)); err != nil {
			return nil, fmt.Errorf("templates: %w", err)
		}
	}
	return root, nil
}

// MustParseFS is like [ParseFS] but panics on error.
func MustParseFS(fsys fs.FS, patterns ...string) *template.Template {
	return must(ParseFS(fsys, patterns...))
}

func must(t *template.Template, err error) *template.Template {
	if err != nil {
		panic(err)
	}
	return t
}
