package core

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"text/template"

	"github.com/reikna-go/reikna/cluda"
)

// plannedKernel is a compiled kernel call of a plan.
type plannedKernel struct {
	name   string
	kernel *cluda.StaticKernel
	leaves []*memLeaf
	source string
	global []int
}

// compileKernel renders a kernel call with the load and store entry points
// of its arguments and compiles it as a static kernel.
func (p *Plan) compileKernel(tmpl *template.Template, name string, args []KernelArg, global []int, opts KernelOptions) (*plannedKernel, error) {
	errorf := func(err error) error { return fmt.Errorf("core: kernel %s: %w", name, err) }
	g := newKernelGen()
	data := maps.Clone(opts.RenderArgs)
	if data == nil {
		data = map[string]any{}
	}
	for _, ka := range args {
		a := ka.Arg
		kp := newKernelParameter(ka.Name, a.ann.Type, a.ann.Role)
		if a.ann.Role == Scalar {
			expr, _, err := g.argScalar(a)
			if err != nil {
				return nil, errorf(err)
			}
			kp.value = expr
		}
		if a.ann.Role.reads() {
			acc, err := g.argLoad(a)
			if err != nil {
				return nil, errorf(fmt.Errorf("argument %s: %w", ka.Name, err))
			}
			if err := g.setLoad(kp, acc, a.ann.Type); err != nil {
				return nil, errorf(err)
			}
		}
		if a.ann.Role.writes() {
			acc, err := g.argStore(a)
			if err != nil {
				return nil, errorf(fmt.Errorf("argument %s: %w", ka.Name, err))
			}
			if err := g.setStore(kp, acc, a.ann.Type); err != nil {
				return nil, errorf(err)
			}
		}
		data[ka.Name] = kp
	}
	decls := make([]string, len(g.leaves))
	for i, l := range g.leaves {
		decls[i] = l.declaration()
	}
	data["kernel_declaration"] = fmt.Sprintf("KERNEL void %s(%s)", name, strings.Join(decls, ", "))
	src, err := cluda.RenderTemplate(tmpl, data)
	if err != nil {
		return nil, errorf(err)
	}
	k, err := p.thread.CompileStatic(src.Text, name, global, cluda.StaticOptions{
		Local:          opts.Local,
		CompileOptions: cluda.CompileOptions{FastMath: opts.FastMath, Options: opts.CompilerOptions}.WithOrigins(src),
	})
	if err != nil {
		return nil, errorf(err)
	}
	return &plannedKernel{name: name, kernel: k, leaves: g.leaves, source: src.Text, global: slices.Clone(global)}, nil
}
