package computations

import (
	"fmt"
	"slices"
	"strings"
	"text/template"

	"github.com/reikna-go/reikna/computations/internal/arrayparam"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/templates"
)

// pureParallelTemplate is the kernel of every PureParallel, which calls
// its code snippet with the indices and the parameters.
var pureParallelTemplate = kernelTemplates.Lookup("pureparallel.cl")

// PureParallel is a computation that runs code once for every index of a
// guiding shape, with no communication between indices (reikna's
// PureParallel): every axis of the guiding shape is a batch axis of the
// parameters of that shape (see core.Computation.DeclareBatch), so code
// that reads or writes them at other indices than its own breaks that
// promise, and with it a run on arrays split among devices. The code is a Go template that sees each parameter by name
// as a *core.KernelParameter and .Idxs, the names of the index variables
// (core.IndexNames):
//
//	{{ .out.StoreSame }}({{ .in1.LoadSame }} + {{ .in2.LoadSame }} * {{ .param }});
//
// or, at explicit indices, {{ .out.StoreIdx }}({{ index .Idxs 0 }}, value).
//
// PureParallel embeds a *core.Computation, whose methods it has (go doc
// core.Computation lists them): Connect attaches transformations to its
// parameters, Signature lists what a call takes once they are attached,
// Render shows the kernels for a device without one, and Compile makes a
// *core.Callable for a Thread, which Call runs and Release frees. It can
// be nested in a computation of one's own by core.Plan.ComputationCall.
//
// For example:
//
//	pp, err := computations.NewPureParallel([]core.Parameter{
//		core.Param("out", core.Out(t)), core.Param("in", core.In(t)),
//	}, `{{ .out.StoreSame }}({{ .in.LoadSame }} * 2);`, computations.PureParallelOptions{})
//	c, err := pp.Compile(thr)
//	defer c.Release()
//	err = c.Call(out, in)
type PureParallel struct {
	*core.Computation
	guiding []int
}

// PureParallelOptions are the optional parts of a PureParallel.
type PureParallelOptions struct {
	// Name names the computation and its kernel.
	Name string
	// Guiding names the array parameter whose shape is the set of indices;
	// the default is the first array parameter.
	Guiding string
	// Shape gives the set of indices directly, instead of Guiding.
	Shape []int
	// RenderArgs are extra values the code template sees.
	RenderArgs map[string]any
}

// NewPureParallel makes a PureParallel computation from its parameters and
// its code.
func NewPureParallel(params []core.Parameter, code string, opts PureParallelOptions) (*PureParallel, error) {
	name := opts.Name
	if name == "" {
		name = "pure_parallel"
	}
	tmpl, err := templates.Parse(name, code)
	if err != nil {
		return nil, fmt.Errorf("computations: PureParallel %s: %w", name, err)
	}
	return newPureParallel(name, params, tmpl, opts)
}

// PureParallelFromTransformation makes a PureParallel that applies a
// transformation to whole arrays: its parameters are those of the
// transformation, and the set of indices the shape of the parameter called
// guiding (reikna's PureParallel.from_trf).
func PureParallelFromTransformation(trf *core.Transformation, guiding string) (*PureParallel, error) {
	opts := PureParallelOptions{Name: trf.Name(), Guiding: guiding, RenderArgs: trf.RenderArgs()}
	return newPureParallel(trf.Name(), trf.Signature(), trf.Template(), opts)
}

func newPureParallel(name string, params []core.Parameter, code *template.Template, opts PureParallelOptions) (*PureParallel, error) {
	errorf := func(format string, args ...any) error {
		return fmt.Errorf("computations: PureParallel %s: "+format, append([]any{name}, args...)...)
	}
	shape := opts.Shape
	if shape == nil {
		for _, p := range params {
			if p.Role() == core.Scalar {
				continue
			}
			if opts.Guiding == "" || p.Name == opts.Guiding {
				shape = p.Type().Shape()
				break
			}
		}
		if shape == nil {
			if opts.Guiding != "" {
				return nil, errorf("guiding parameter %q is not an array parameter", opts.Guiding)
			}
			return nil, errorf("no array parameter to take the shape from; give Shape")
		}
	}
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.Name
		if _, clash := opts.RenderArgs[p.Name]; clash {
			return nil, errorf("render argument %q has the name of a parameter", p.Name)
		}
	}
	snippet, err := snippets.SnippetFromTemplate(code, append([]string{"Idxs"}, names...), opts.RenderArgs)
	if err != nil {
		return nil, errorf("%w", err)
	}
	pp := &PureParallel{guiding: append([]int(nil), shape...)}
	rank := len(shape)
	pp.Computation, err = core.NewComputation(name, params, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		kargs := make([]core.KernelArg, len(names))
		for i, n := range names {
			kargs[i] = core.Bind(n, args[n])
		}
		return plan.KernelCall(pureParallelTemplate, kargs, pp.guiding, core.KernelOptions{
			Name:       "pp_" + cName(name),
			RenderArgs: map[string]any{"code": snippet, "Idxs": core.IndexNames(rank), "param_names": names},
		})
	})
	if err != nil {
		return nil, errorf("%w", err)
	}
	// With no communication between indices, every axis of the guiding
	// shape is a batch axis of the parameters of that shape.
	var guided []string
	for _, p := range params {
		if p.Role() != core.Scalar && slices.Equal(p.Type().Shape(), shape) {
			guided = append(guided, p.Name)
		}
	}
	if len(guided) > 0 {
		if err := arrayparam.DeclareBatches(pp.Computation, rank, nil, guided...); err != nil {
			return nil, errorf("%w", err)
		}
	}
	return pp, nil
}

// GuidingShape returns the set of indices the code runs for.
func (pp *PureParallel) GuidingShape() []int { return append([]int(nil), pp.guiding...) }

// cName turns a name into a C identifier for a kernel.
func cName(name string) string {
	var b strings.Builder
	for i, r := range name {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}
