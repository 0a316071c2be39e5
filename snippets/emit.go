package snippets

import (
	"fmt"
	"reflect"

	"github.com/reikna-go/reikna/templates"
)

// emitName is the function that instrumented templates pass printed values
// through; it renders the snippets and modules printed without .Call.
// Errors it reports appear as "at <_emit>".
const emitName = "_emit"

// emit is called with the value of a printed pipeline. It prints bound
// snippets and modules, and refuses snippets and modules that the renderer
// did not find. Everything else passes unchanged, as a reflect.Value so that
// text/template prints it exactly as it would have.
func emit(v reflect.Value) (reflect.Value, error) {
	if !v.IsValid() || !v.CanInterface() {
		return v, nil
	}
	switch x := v.Interface().(type) {
	case BoundSnippet:
		s, err := x.print()
		return reflect.ValueOf(s), err
	case BoundModule:
		s, err := x.print()
		return reflect.ValueOf(s), err
	case *Snippet:
		if x != nil {
			return v, notFound(&x.def)
		}
	case *Module:
		if x != nil {
			return v, notFound(&x.def)
		}
	}
	return v, nil
}

func notFound(d *def) error {
	return fmt.Errorf("%s %q was not found in the render arguments: it is reachable only through a value the renderer does not look into (a struct or pointer that does not implement ModuleProcessor)", d.kind, d.name)
}

// Calling emit costs a reflective call per printed action, so the
// instrumenter leaves it out where the printed value is never a snippet or
// a module: constants, and calls of the functions in plainFuncs. Were a
// template to redefine one of these to return a snippet, printing it would
// still work, through its String method; only its errors would lack the
// position of the action.
var (
	// plainFuncs holds the builtin functions and those of
	// templates.FuncMap whose result has a concrete type.
	plainFuncs = map[string]bool{}

	// unmarkedFuncs holds the functions whose output never holds text of
	// their arguments, and so no markers: those that return numbers or
	// booleans, and the dtype helpers.
	unmarkedFuncs = map[string]bool{"literal": true, "ctype": true}
)

func init() {
	for _, name := range []string{"html", "js", "print", "printf", "println", "urlquery"} {
		plainFuncs[name] = true
	}
	for _, name := range []string{"eq", "ge", "gt", "le", "len", "lt", "ne", "not"} {
		plainFuncs[name] = true
		unmarkedFuncs[name] = true
	}
	for name, f := range templates.FuncMap() {
		t := reflect.TypeOf(f)
		if t.NumOut() == 0 {
			continue
		}
		switch out := t.Out(0); out.Kind() {
		case reflect.Interface:
		case reflect.Bool, reflect.Int, reflect.Float64:
			plainFuncs[name] = true
			unmarkedFuncs[name] = true
		default:
			plainFuncs[name] = out != reflect.TypeFor[reflect.Value]()
		}
	}
}
