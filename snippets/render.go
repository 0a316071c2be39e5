package snippets

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"text/template"
)

// Render renders main, called with args, into one source: first every
// module found in the render arguments of main and of the snippets and
// modules they hold, dependencies before their users, each module object
// once; then main itself. The root code of a program is a snippet like any
// other (reikna: "a snippet with an empty signature"), so args are usually
// empty.
//
// Render is safe to call from many goroutines at once, with the same
// snippets and modules.
func Render(main *Snippet, args ...any) (*Source, error) {
	if main == nil {
		return nil, errors.New("snippets: Render of a nil snippet")
	}
	r := &renderer{
		defs:      make(map[*def]*defState),
		instances: make(map[*Module][]*instance),
	}
	r.push(frameMain, &main.def)
	text, err := r.renderMain(main, args)
	if err != nil {
		if r.tooDeep != nil {
			// Each level wrapped it; the nesting says nothing more.
			return nil, r.tooDeep
		}
		return nil, err
	}
	r.chunks = append(r.chunks, chunk{text: text})
	return assemble(r.chunks)
}

// renderMain renders the modules main needs, then main.
func (r *renderer) renderMain(main *Snippet, args []any) (string, error) {
	st, err := r.bind(&main.def)
	if err != nil {
		return "", err
	}
	pargs, err := r.processList(args)
	if err != nil {
		return "", err
	}
	if err := main.checkArity(len(pargs)); err != nil {
		return "", r.wrap(err)
	}
	text, err := r.execute(&main.def, main.data(st.data, pargs, 0))
	if err != nil {
		return "", r.wrap(err)
	}
	return text, nil
}

// RenderTemplate renders t, as the main source, with renderArgs. It makes a
// snippet of t on every call; to render a template many times, make the
// snippet once with [SnippetFromTemplate] and call [Render].
func RenderTemplate(t *template.Template, renderArgs map[string]any) (*Source, error) {
	s, err := SnippetFromTemplate(t, nil, renderArgs)
	if err != nil {
		return nil, err
	}
	return Render(s)
}

// renderer holds the state of one render. Only the goroutine that called
// Render uses it.
type renderer struct {
	frames    []frame            // what is being rendered, outermost first
	defs      map[*def]*defState // processed render arguments
	instances map[*Module][]*instance
	chunks    []chunk         // rendered modules, in order
	count     int             // modules rendered so far, for prefixes
	deferred  error           // first error of a String method during the current execution
	bufs      []*bytes.Buffer // output buffers of nested executions
	depth     int             // executions in progress
	tooDeep   error           // set when executions nest too deep
}

// defState is the render arguments of a snippet or module, processed;
// ready is false while they are being processed.
type defState struct {
	data  map[string]any
	ready bool
}

// instance is a module rendered with some arguments.
type instance struct {
	args   []any
	prefix string
	done   bool
}

// bind processes the render arguments of d, once per render.
func (r *renderer) bind(d *def) (*defState, error) {
	if st, ok := r.defs[d]; ok {
		return st, nil
	}
	st := &defState{}
	r.defs[d] = st
	data, err := r.processArgs(d)
	if err != nil {
		return nil, err
	}
	st.data, st.ready = data, true
	return st, nil
}

// bindSnippet processes the render arguments of s and returns what
// templates see in its place.
func (r *renderer) bindSnippet(s *Snippet) (BoundSnippet, error) {
	r.push(frameSnippet, &s.def)
	defer r.pop()
	if _, err := r.bind(&s.def); err != nil {
		return BoundSnippet{}, err
	}
	return BoundSnippet{s: s, r: r}, nil
}

// bindModule processes the render arguments of m, renders it if it takes no
// parameters, and returns what templates see in its place.
func (r *renderer) bindModule(m *Module) (BoundModule, error) {
	if len(m.params) == 0 {
		prefix, err := r.renderModule(m, nil)
		return BoundModule{m: m, r: r, prefix: prefix}, err
	}
	r.push(frameModule, &m.def)
	defer r.pop()
	if _, err := r.bind(&m.def); err != nil {
		return BoundModule{}, err
	}
	return BoundModule{m: m, r: r}, nil
}

// callSnippet renders s inline with args.
func (r *renderer) callSnippet(s *Snippet, args []any) (string, error) {
	if err := s.checkArity(len(args)); err != nil {
		return "", err
	}
	st := r.defs[&s.def]
	if st == nil || !st.ready {
		return "", fmt.Errorf("snippets: snippet %q is called while its render arguments are being processed: %s", s.name, r.chain())
	}
	r.push(frameSnippet, &s.def)
	defer r.pop()
	return r.execute(&s.def, s.data(st.data, args, 0))
}

// renderModule renders m with args unless it has been rendered with equal
// arguments, and returns its prefix.
func (r *renderer) renderModule(m *Module, args []any) (string, error) {
	if err := m.checkArity(len(args)); err != nil {
		return "", err
	}
	if len(args) == 0 {
		args = nil
	}
	for _, in := range r.instances[m] {
		if len(in.args) == len(args) && (len(args) == 0 || reflect.DeepEqual(in.args, args)) {
			if !in.done {
				return "", r.cycle(&m.def)
			}
			return in.prefix, nil
		}
	}
	if st, ok := r.defs[&m.def]; ok && !st.ready {
		return "", r.cycle(&m.def)
	}
	in := &instance{args: args}
	r.instances[m] = append(r.instances[m], in)
	r.push(frameModule, &m.def)
	defer r.pop()
	st, err := r.bind(&m.def)
	if err != nil {
		return "", err
	}
	prefix := m.prefix(r.count)
	r.count++
	data := m.data(st.data, args, 1)
	data[prefixKey] = prefix
	text, err := r.execute(&m.def, data)
	if err != nil {
		return "", r.wrap(err)
	}
	r.chunks = append(r.chunks, chunk{text: text, module: prefix, chain: r.moduleChain(0)})
	in.prefix, in.done = prefix, true
	return prefix, nil
}

// maxDepth bounds the nesting of executions, so that a snippet that calls
// itself without end fails instead of exhausting the stack.
const maxDepth = 1000

// execute runs the template of d. An error that a String method met while
// it ran is its error.
func (r *renderer) execute(d *def, data map[string]any) (string, error) {
	if r.depth == maxDepth {
		r.tooDeep = fmt.Errorf("snippets: %s %q: snippets and modules nest more than %d deep; does a snippet call itself without end?", d.kind, d.name, maxDepth)
		return "", r.tooDeep
	}
	saved := r.deferred
	r.deferred = nil
	// Executions nest (a module rendered by Call, an inline snippet); each
	// level reuses its buffer from one execution to the next.
	if r.depth == len(r.bufs) {
		r.bufs = append(r.bufs, new(bytes.Buffer))
	}
	b := r.bufs[r.depth]
	b.Reset()
	r.depth++
	err := d.tmpl.Execute(b, data)
	r.depth--
	if err == nil {
		err = r.deferred
	}
	r.deferred = saved
	if err != nil {
		return "", err
	}
	return b.String(), nil
}

// deferError keeps the first error of a String method, which cannot return
// it, for execute to report.
func (r *renderer) deferError(err error) {
	if r.deferred == nil {
		r.deferred = err
	}
}
