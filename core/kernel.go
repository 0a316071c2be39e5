package core

import (
	"fmt"
	"maps"
	"strings"
	"text/template"

	"github.com/reikna-go/reikna/cluda"
)

// plannedKernel is a kernel call of a plan: compiled on the plan's Thread,
// or, in a rendered plan, only rendered (see Computation.Render).
type plannedKernel struct {
	name     string
	kernel   *cluda.StaticKernel // nil in a rendered plan
	rendered *cluda.RenderedKernel
	leaves   []*memLeaf
	source   string
}

// compileKernel renders a kernel call with the load and store entry points
// of its arguments and compiles it as a static kernel, or, in a plan
// without a Thread, renders the static kernel as it would be compiled.
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
		var direct []*memLeaf
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
			if err := kp.load.set(acc.mod, a.ann.Type, false); err != nil {
				return nil, errorf(err)
			}
			direct = append(direct, acc.direct)
		}
		if a.ann.Role.writes() {
			acc, err := g.argStore(a)
			if err != nil {
				return nil, errorf(fmt.Errorf("argument %s: %w", ka.Name, err))
			}
			if err := kp.store.set(acc.mod, a.ann.Type, true); err != nil {
				return nil, errorf(err)
			}
			direct = append(direct, acc.direct)
		}
		kp.pointer = pointerOf(direct)
		data[ka.Name] = kp
	}
	if err := p.checkConstantArrays(g.leaves); err != nil {
		return nil, errorf(err)
	}
	decl, err := kernelDeclaration(name, g.leaves)
	if err != nil {
		return nil, errorf(err)
	}
	data["KernelDeclaration"] = decl
	src, err := renderTemplate(tmpl, data)
	if err != nil {
		return nil, errorf(err)
	}
	if err := checkDeclared(name, decl, src.Text); err != nil {
		return nil, errorf(fmt.Errorf("render %s: %w", tmpl.Name(), err))
	}
	text, origin := withDefinitions(structDefinitions(structDTypes(args)), src.Text, src.LineOrigin)
	static := cluda.StaticOptions{Local: opts.Local, BoundLocal: opts.BoundLocal, CompileOptions: p.kernelCompileOptions(opts)}
	static.Origin = origin
	k := &plannedKernel{name: name, leaves: g.leaves, source: text}
	if p.thread == nil {
		if k.rendered, err = cluda.RenderStatic(p.params, text, name, global, static); err != nil {
			return nil, errorf(err)
		}
		return k, nil
	}
	if k.kernel, err = p.thread.CompileStatic(text, name, global, static); err != nil {
		return nil, errorf(err)
	}
	k.rendered = k.kernel.Rendered()
	return k, nil
}

// kernelDeclaration returns the C declaration of the kernel called name
// whose arguments are leaves.
func kernelDeclaration(name string, leaves []*memLeaf) (string, error) {
	var b strings.Builder
	err := accessTemplates.ExecuteTemplate(&b, "KernelDeclaration", struct {
		Name   string
		Leaves []cDecl
	}{name, declsOf(leaves)})
	if err != nil {
		return "", fmt.Errorf("declaration: %w", err)
	}
	return b.String(), nil
}
