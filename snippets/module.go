package snippets

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/reikna-go/reikna/templates"
)

// Module is a template rendered once at file scope of the generated source,
// under a prefix that is unique in that source; it uses the prefix to name
// the C entities it defines. Its template sees its render arguments, its
// parameters and, as .prefix, the prefix.
//
// Where a template refers to a module it gets the prefix: {{ .mul }}(a, b)
// calls the function that module mul defines. A module with parameters is
// used as {{ .mul.Call "float" "float2" }}; it is rendered once for each
// distinct list of arguments it is called with.
//
// A Module is immutable and may be used by many renders at once.
type Module struct {
	def
	cname string // the name made into a C identifier, for prefixes
}

// NewModule parses source as a module named name whose template takes no
// arguments besides the prefix (reikna's Module.create). The render
// arguments map is copied; the values in it are not. A render argument
// named "prefix" is an error.
func NewModule(name, source string, renderArgs map[string]any) (*Module, error) {
	return NewModuleWithParams(name, nil, source, renderArgs)
}

// MustModule is like [NewModule] but panics on error.
func MustModule(name, source string, renderArgs map[string]any) *Module {
	return must(NewModule(name, source, renderArgs))
}

// NewModuleWithParams parses source as a module named name that takes the
// given parameters besides the prefix.
func NewModuleWithParams(name string, params []string, source string, renderArgs map[string]any) (*Module, error) {
	t, err := templates.New(name).Parse(source)
	if err != nil {
		return nil, fmt.Errorf("snippets: module %q: %w", name, err)
	}
	return ModuleFromTemplate(t, params, renderArgs)
}

// MustModuleWithParams is like [NewModuleWithParams] but panics on error.
func MustModuleWithParams(name string, params []string, source string, renderArgs map[string]any) *Module {
	return must(NewModuleWithParams(name, params, source, renderArgs))
}

// ModuleFromTemplate makes a module of t, typically a template defined with
// {{ define "name" }} in a set parsed with [templates.ParseFS]. The module is
// named after t and uses a copy of t and of the templates associated with
// it.
func ModuleFromTemplate(t *template.Template, params []string, renderArgs map[string]any) (*Module, error) {
	d, err := newDef(kindModule, t, params, renderArgs, prefixKey)
	if err != nil {
		return nil, err
	}
	return &Module{def: *d, cname: cIdentifier(d.name)}, nil
}

// NamedModuleFromTemplate is like [ModuleFromTemplate], but the module is
// named name (in its prefix and in messages) rather than after t, so that
// one template serves modules of several names.
func NamedModuleFromTemplate(name string, t *template.Template, params []string, renderArgs map[string]any) (*Module, error) {
	m, err := ModuleFromTemplate(t, params, renderArgs)
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, fmt.Errorf("snippets: module of template %q: empty name", t.Name())
	}
	m.name, m.cname = name, cIdentifier(name)
	return m, nil
}

// MustModuleFromTemplate is like [ModuleFromTemplate] but panics on error.
func MustModuleFromTemplate(t *template.Template, params []string, renderArgs map[string]any) *Module {
	return must(ModuleFromTemplate(t, params, renderArgs))
}

// Name returns the name of the module: the name of its template, or the
// one given to [NamedModuleFromTemplate].
func (m *Module) Name() string { return m.name }

// Params returns the names of the module's parameters, the prefix not
// included.
func (m *Module) Params() []string { return slices.Clone(m.params) }

// prefix returns the prefix of the module's n-th rendering in a source,
// such as _mod_normal_3.
func (m *Module) prefix(n int) string {
	return "_mod_" + m.cname + "_" + strconv.Itoa(n)
}

// cIdentifier replaces each character of name that may not appear in a C
// identifier with an underscore.
func cIdentifier(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			return r
		}
		return '_'
	}, name)
}
