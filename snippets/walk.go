package snippets

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// ModuleProcessor is implemented by user types that hold snippets or
// modules, so that the renderer finds them (reikna's __process_modules__).
// ProcessModules returns a new value, typically of the same type, with
// process applied to every field that may hold a snippet or a module; it
// must not modify the receiver. process returns what a template should see
// in place of its argument: a [BoundSnippet] or a [BoundModule] for a
// snippet or module, a copy with those replaced for a container holding
// them, and anything else unchanged. Fields that receive its results must
// therefore be of an interface type.
type ModuleProcessor interface {
	ProcessModules(process func(any) (any, error)) (any, error)
}

var (
	moduleType    = reflect.TypeFor[*Module]()
	snippetType   = reflect.TypeFor[*Snippet]()
	processorType = reflect.TypeFor[ModuleProcessor]()
	anyType       = reflect.TypeFor[any]()
)

// processArgs returns the render arguments of d with their modules
// rendered and their snippets bound, walking the keys in sorted order so
// that the output does not depend on map iteration order. It returns
// d.args itself if nothing in it changes.
func (r *renderer) processArgs(d *def) (map[string]any, error) {
	args := d.args
	var out map[string]any
	for _, k := range d.keys {
		if err := r.checkText(k); err != nil {
			return nil, err
		}
		v, changed, err := r.process(args[k])
		if err != nil {
			return nil, err
		}
		if changed {
			if out == nil {
				out = maps.Clone(args)
			}
			out[k] = v
		}
	}
	if out == nil {
		return args, nil
	}
	return out, nil
}

// processList is processArgs for positional arguments.
func (r *renderer) processList(args []any) ([]any, error) {
	out := slices.Clone(args)
	for i, a := range args {
		v, _, err := r.process(a)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// process returns what templates see in place of v, and whether it differs
// from v. It never modifies v.
func (r *renderer) process(v any) (any, bool, error) {
	switch x := v.(type) {
	case nil:
		return nil, false, nil
	case string:
		return v, false, r.checkText(x)
	case *Module:
		if x == nil {
			return nil, false, r.errorf("nil *Module in the render arguments")
		}
		b, err := r.bindModule(x)
		return b, true, err
	case *Snippet:
		if x == nil {
			return nil, false, r.errorf("nil *Snippet in the render arguments")
		}
		b, err := r.bindSnippet(x)
		return b, true, err
	case BoundModule, BoundSnippet:
		return v, false, nil
	case ModuleProcessor:
		return r.processUser(x)
	}
	rv := reflect.ValueOf(v)
	if !mayHold(rv.Type()) {
		return v, false, nil
	}
	switch rv.Kind() {
	case reflect.String:
		return v, false, r.checkText(rv.String())
	case reflect.Slice, reflect.Array:
		return r.processSeq(v, rv)
	case reflect.Map:
		return r.processMap(v, rv)
	}
	return v, false, nil
}

// processUser calls the ProcessModules method of a user type. An error
// that process returned comes back as it is; the method's own errors get
// the chain.
func (r *renderer) processUser(p ModuleProcessor) (any, bool, error) {
	var inner error
	out, err := p.ProcessModules(func(v any) (any, error) {
		out, _, err := r.process(v)
		if err != nil && inner == nil {
			inner = err
		}
		return out, err
	})
	switch {
	case err == nil:
		return out, true, nil
	case inner != nil && errors.Is(err, inner):
		return nil, false, err
	}
	return nil, false, r.errorf("ProcessModules of %T: %w", p, err)
}

// processSeq processes the elements of a slice or array; if any changes, it
// returns a []any copy.
func (r *renderer) processSeq(v any, rv reflect.Value) (any, bool, error) {
	if rv.Type().Elem().Kind() == reflect.String {
		for i := range rv.Len() {
			if err := r.checkText(rv.Index(i).String()); err != nil {
				return nil, false, err
			}
		}
		return v, false, nil
	}
	var out []any
	for i := range rv.Len() {
		e, changed, err := r.process(rv.Index(i).Interface())
		if err != nil {
			return nil, false, err
		}
		if changed && out == nil {
			out = make([]any, rv.Len())
			for j := range i {
				out[j] = rv.Index(j).Interface()
			}
		}
		if out != nil {
			out[i] = e
		}
	}
	if out == nil {
		return v, false, nil
	}
	return out, true, nil
}

// processMap processes the values of a map in the order of its sorted keys;
// if any changes, it returns a map[K]any copy.
func (r *renderer) processMap(v any, rv reflect.Value) (any, bool, error) {
	t := rv.Type()
	keys := rv.MapKeys()
	slices.SortFunc(keys, compareKeys)
	var out reflect.Value
	for _, k := range keys {
		if k.Kind() == reflect.String {
			if err := r.checkText(k.String()); err != nil {
				return nil, false, err
			}
		}
		e, changed, err := r.process(rv.MapIndex(k).Interface())
		if err != nil {
			return nil, false, err
		}
		if changed && !out.IsValid() {
			out = reflect.MakeMapWithSize(reflect.MapOf(t.Key(), anyType), len(keys))
			for _, k := range keys {
				out.SetMapIndex(k, rv.MapIndex(k))
			}
		}
		if out.IsValid() {
			out.SetMapIndex(k, reflect.ValueOf(&e).Elem())
		}
	}
	if !out.IsValid() {
		return v, false, nil
	}
	return out.Interface(), true, nil
}

// compareKeys orders map keys: numbers and strings by value, anything else
// by type and printed value.
func compareKeys(a, b reflect.Value) int {
	if a.Kind() == reflect.Interface {
		a, b = a.Elem(), b.Elem()
	}
	if a.IsValid() && b.IsValid() && a.Type() == b.Type() {
		switch a.Kind() {
		case reflect.String:
			return strings.Compare(a.String(), b.String())
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return cmp.Compare(a.Int(), b.Int())
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			return cmp.Compare(a.Uint(), b.Uint())
		case reflect.Float32, reflect.Float64:
			return cmp.Compare(a.Float(), b.Float())
		}
	}
	return strings.Compare(fmt.Sprintf("%T %v", valueOrNil(a), valueOrNil(a)), fmt.Sprintf("%T %v", valueOrNil(b), valueOrNil(b)))
}

func valueOrNil(v reflect.Value) any {
	if !v.IsValid() || !v.CanInterface() {
		return nil
	}
	return v.Interface()
}

// holds caches mayHold by type.
var holds sync.Map // reflect.Type → bool

// mayHold reports whether values of type t may hold a snippet, a module, a
// ModuleProcessor, or text the renderer must check for control bytes; the
// renderer does not look into values of other types.
func mayHold(t reflect.Type) bool {
	if h, ok := holds.Load(t); ok {
		return h.(bool)
	}
	h := computeHold(t, map[reflect.Type]bool{})
	holds.Store(t, h)
	return h
}

func computeHold(t reflect.Type, visiting map[reflect.Type]bool) bool {
	if t == moduleType || t == snippetType || t.Implements(processorType) {
		return true
	}
	switch t.Kind() {
	case reflect.Interface, reflect.String:
		return true
	case reflect.Slice, reflect.Array, reflect.Map:
		if visiting[t] {
			return false
		}
		visiting[t] = true
		if t.Kind() == reflect.Map && t.Key().Kind() == reflect.String {
			return true
		}
		return computeHold(t.Elem(), visiting)
	}
	return false
}

// checkText refuses text holding the bytes that markers use.
func (r *renderer) checkText(s string) error {
	if !strings.ContainsAny(s, reservedBytes) {
		return nil
	}
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return r.errorf("render argument text %q holds a control byte \\x01 or \\x02, which the renderer reserves", s)
}
