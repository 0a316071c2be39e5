package core

import (
	"reflect"
	"testing"
	"unsafe"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

var (
	moduleType       = reflect.TypeFor[*snippets.Module]()
	snippetType      = reflect.TypeFor[*snippets.Snippet]()
	boundModuleType  = reflect.TypeFor[snippets.BoundModule]()
	boundSnippetType = reflect.TypeFor[snippets.BoundSnippet]()
)

// canHoldModule reports whether a value of type t may be a snippet or a
// module itself.
func canHoldModule(t reflect.Type) bool {
	return moduleType.AssignableTo(t) || snippetType.AssignableTo(t)
}

// fillModuleFields puts a module or snippet of its own into every field of
// v, a struct, that can hold one, at any depth of nested structs and
// pointers to structs, and returns them by the path of their field. A
// container (slice, array, map) of values that can hold a module is an
// error: the test would not know what ProcessModules should visit in it.
// Bound modules and snippets are what ProcessModules produces, not what it
// visits, and are skipped.
func fillModuleFields(t *testing.T, v reflect.Value, path string, found map[string]any) {
	t.Helper()
	for i := range v.NumField() {
		f := v.Field(i)
		f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem() // unexported fields too
		name := path + "." + v.Type().Field(i).Name
		ft := f.Type()
		switch {
		case ft == boundModuleType || ft == boundSnippetType:
		case snippetType.AssignableTo(ft) && !moduleType.AssignableTo(ft):
			s := snippets.MustSnippet(name, nil, "", nil)
			f.Set(reflect.ValueOf(s))
			found[name] = s
		case canHoldModule(ft):
			m := snippets.MustModule(name, "", nil)
			f.Set(reflect.ValueOf(m))
			found[name] = m
		case ft.Kind() == reflect.Struct:
			fillModuleFields(t, f, name, found)
		case ft.Kind() == reflect.Pointer && ft.Elem().Kind() == reflect.Struct:
			f.Set(reflect.New(ft.Elem()))
			fillModuleFields(t, f.Elem(), name, found)
		case (ft.Kind() == reflect.Slice || ft.Kind() == reflect.Array || ft.Kind() == reflect.Map) && canHoldModule(ft.Elem()):
			t.Errorf("%s holds modules in a %v; fill it here so that the test checks that ProcessModules visits them", name, ft)
		}
	}
}

// TestProcessModulesVisitsEveryModuleField checks that ProcessModules
// hands every field of KernelParameter that can hold a module or a snippet
// to the renderer: a field that it skips would print as the unrendered
// value.
func TestProcessModulesVisitsEveryModuleField(t *testing.T) {
	var p KernelParameter
	want := map[string]any{}
	fillModuleFields(t, reflect.ValueOf(&p).Elem(), "KernelParameter", want)
	if len(want) == 0 {
		t.Fatal("KernelParameter has no field that can hold a module; the test finds none")
	}
	seen := map[any]bool{}
	_, err := p.ProcessModules(func(v any) (any, error) {
		seen[v] = true
		switch v.(type) {
		case *snippets.Snippet:
			return snippets.BoundSnippet{}, nil
		}
		return snippets.BoundModule{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for path, m := range want {
		if !seen[m] {
			t.Errorf("ProcessModules does not visit %s", path)
		}
	}
}

// TestKernelParameterOutsideRender checks that entry points used before a
// render bound them, or that the parameter does not have (an output's
// loads, an input's stores), are errors.
func TestKernelParameterOutsideRender(t *testing.T) {
	typ := ArrayOf(dtypes.Float32, 4)
	unbound := newKernelParameter("x", typ, Input)
	unbound.load.idx = snippets.MustModule("x_load", "", nil)
	tests := []struct {
		name string
		call func(p *KernelParameter) (string, error)
		want string
	}{
		{"LoadIdx", (*KernelParameter).LoadIdx, "core: parameter x cannot be loaded from here"},
		{"LoadSame", (*KernelParameter).LoadSame, "core: parameter x cannot be loaded from here"},
		{"StoreIdx", (*KernelParameter).StoreIdx, "core: parameter x cannot be stored into here"},
		{"StoreSame", (*KernelParameter).StoreSame, "core: parameter x cannot be stored into here"},
		{"LoadCombined", func(p *KernelParameter) (string, error) { return p.LoadCombined(1) }, "core: parameter x cannot be loaded from here"},
		{"StoreCombined", func(p *KernelParameter) (string, error) { return p.StoreCombined(1) }, "core: parameter x cannot be stored into here"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.call(newKernelParameter("x", typ, Scalar))
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
	t.Run("unbound", func(t *testing.T) {
		if _, err := unbound.LoadSame(); err == nil || err.Error() != "core: parameter x is used outside a render" {
			t.Errorf("error %v, want one that says the parameter is used outside a render", err)
		}
	})
}
