package core

import (
	"fmt"
	"maps"
	"slices"
	"text/template"

	"github.com/reikna-go/reikna/templates"
)

// Transformation is an elementwise piece of code with typed parameters that
// can be attached to a parameter of a computation and is then fused into
// the loads or stores of the kernels that touch it (reikna's
// Transformation).
//
// Its code is a Go template. It sees each parameter by name as a
// *KernelParameter and .Idxs, the names of the index variables of the
// connector's shape. Inside it:
//
//   - {{ .in.LoadSame }} is the value of input in at the current indices;
//   - {{ .out.StoreSame }}(value); stores into output out at them;
//   - {{ .in.LoadIdx }}(i0, i1, ...) and {{ .out.StoreIdx }}(i0, ..., value)
//     load and store at other indices, for parameters that are not
//     connectors (as copy_broadcasted and padding need);
//   - {{ .param }} is the value of scalar parameter param.
//
// A transformation reads inputs and writes outputs only elementwise: it
// uses no local memory and no work-item ids.
type Transformation struct {
	name       string
	params     Signature
	connectors []string
	tmpl       *template.Template
	renderArgs map[string]any
}

// TransformationOptions are the optional parts of a transformation.
type TransformationOptions struct {
	// Name names the transformation in errors and generated code.
	Name string
	// Connectors lists the parameters by which the transformation may be
	// attached to a computation; nil means every array parameter. A
	// connector must be used only through LoadSame or StoreSame.
	Connectors []string
	// RenderArgs are extra values the code template sees (modules such as
	// cluda's function modules among them).
	RenderArgs map[string]any
}

// reservedNames may not name parameters of transformations and kernels.
var reservedNames = map[string]bool{"Idxs": true, "KernelDeclaration": true}

// NewTransformation makes a transformation from its parameters and code.
// Parameters are inputs, outputs or scalars (not input-output); their
// names must be distinct identifiers not starting with "_".
func NewTransformation(params []Parameter, code string, opts TransformationOptions) (*Transformation, error) {
	name := opts.Name
	if name == "" {
		name = "transformation"
	}
	t := &Transformation{name: name, params: slices.Clone(params), renderArgs: maps.Clone(opts.RenderArgs)}
	errorf := func(format string, args ...any) error {
		return fmt.Errorf("core: transformation %s: "+format, append([]any{name}, args...)...)
	}
	if len(params) == 0 {
		return nil, errorf("no parameters")
	}
	seen := map[string]bool{}
	for _, p := range params {
		if err := validName(p.Name); err != nil {
			return nil, errorf("%v", err)
		}
		if reservedNames[p.Name] {
			return nil, errorf("parameter name %q is reserved", p.Name)
		}
		if seen[p.Name] {
			return nil, errorf("parameter %q appears twice", p.Name)
		}
		seen[p.Name] = true
		if err := p.Annotation.validate(); err != nil {
			return nil, errorf("parameter %s: %v", p.Name, err)
		}
		if p.Role() == InputOutput {
			return nil, errorf("parameter %s: a transformation parameter is an input or an output, not both", p.Name)
		}
		if _, clash := t.renderArgs[p.Name]; clash {
			return nil, errorf("render argument %q has the name of a parameter", p.Name)
		}
	}
	if opts.Connectors == nil {
		for _, p := range params {
			if p.Role() != Scalar {
				t.connectors = append(t.connectors, p.Name)
			}
		}
	} else {
		for _, c := range opts.Connectors {
			p, ok := t.params.Lookup(c)
			if !ok {
				return nil, errorf("connector %q is not a parameter", c)
			}
			if p.Role() == Scalar {
				return nil, errorf("connector %q is a scalar", c)
			}
		}
		t.connectors = slices.Clone(opts.Connectors)
	}
	tmpl, err := templates.Parse(name, code)
	if err != nil {
		return nil, errorf("%w", err)
	}
	t.tmpl = tmpl
	return t, nil
}

// MustTransformation is NewTransformation for transformations known to be
// valid; it panics on error.
func MustTransformation(params []Parameter, code string, opts TransformationOptions) *Transformation {
	t, err := NewTransformation(params, code, opts)
	if err != nil {
		panic(err)
	}
	return t
}

// Name returns the transformation's name.
func (t *Transformation) Name() string { return t.name }

// Signature returns the transformation's parameters in order.
func (t *Transformation) Signature() Signature { return slices.Clone(t.params) }

// Parameter returns the parameter called name.
func (t *Transformation) Parameter(name string) (Parameter, bool) { return t.params.Lookup(name) }

// Connectors returns the names of the parameters the transformation can be
// attached by.
func (t *Transformation) Connectors() []string { return slices.Clone(t.connectors) }

// Template returns the transformation's code template.
func (t *Transformation) Template() *template.Template { return t.tmpl }

// RenderArgs returns a copy of the extra values its template sees.
func (t *Transformation) RenderArgs() map[string]any { return maps.Clone(t.renderArgs) }
