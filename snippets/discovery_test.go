package snippets

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// kernelParams is a user type that holds modules, as reikna's
// __process_modules__ example does.
type kernelParams struct {
	Coeff float64
	Mul   any
	Div   any
}

func (k kernelParams) ProcessModules(process func(any) (any, error)) (any, error) {
	mul, err := process(k.Mul)
	if err != nil {
		return nil, err
	}
	div, err := process(k.Div)
	if err != nil {
		return nil, err
	}
	return kernelParams{Coeff: k.Coeff, Mul: mul, Div: div}, nil
}

// failing is a user type whose ProcessModules fails on its own.
type failing struct{}

func (failing) ProcessModules(func(any) (any, error)) (any, error) {
	return nil, errors.New("no modules today")
}

func TestDiscovery(t *testing.T) {
	m := MustModule("m", "int {{ .prefix }};", nil)
	d := MustModule("d", "int {{ .prefix }};", nil)
	s := MustSnippet("s", nil, "[{{ .inner }}]", map[string]any{"inner": m})
	tests := []struct {
		name string
		arg  any
		use  string // a template that prints the prefix of m
		want string // what it prints
	}{
		{name: "direct", arg: m, use: "{{ .a }}", want: "_mod_m_0"},
		{name: "[]any", arg: []any{1, m}, use: "{{ index .a 1 }}", want: "_mod_m_0"},
		{name: "[]*Module", arg: []*Module{m, m}, use: "{{ index .a 1 }}", want: "_mod_m_0"},
		{name: "array", arg: [2]*Module{m, m}, use: "{{ index .a 0 }}", want: "_mod_m_0"},
		{name: "map[string]any", arg: map[string]any{"k": m, "n": 3}, use: "{{ .a.k }} {{ .a.n }}", want: "_mod_m_0 3"},
		{name: "map[string]*Module", arg: map[string]*Module{"k": m}, use: "{{ .a.k }}", want: "_mod_m_0"},
		{name: "map[int]any", arg: map[int]any{7: m}, use: "{{ index .a 7 }}", want: "_mod_m_0"},
		{name: "nested maps and slices", arg: map[string]any{"x": map[string]any{"y": []any{[]any{m}}}}, use: "{{ index (index .a.x.y 0) 0 }}", want: "_mod_m_0"},
		{name: "snippet holding a module", arg: s, use: "{{ .a }}", want: "[_mod_m_0]"},
		{name: "snippets in a slice", arg: []*Snippet{s}, use: "{{ (index .a 0).Call }}", want: "[_mod_m_0]"},
		{name: "ModuleProcessor", arg: kernelParams{Coeff: 2, Mul: m, Div: d}, use: "{{ .a.Mul }} {{ .a.Div }} {{ .a.Coeff }}", want: "_mod_m_0 _mod_d_1 2"},
		{name: "ModuleProcessor in a slice", arg: []any{kernelParams{Mul: m, Div: d}}, use: "{{ (index .a 0).Mul }}", want: "_mod_m_0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := fmt.Sprintf("%#v", tt.arg)
			src, err := Render(MustSnippet("main", nil, tt.use, map[string]any{"a": tt.arg}))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(src.Text, "\n"+tt.want+"\n") {
				t.Errorf("main source printed\n%s\nwant it to end with %q", src.Text, tt.want)
			}
			if n := strings.Count(src.Text, "int _mod_m_0;"); n != 1 {
				t.Errorf("module m rendered %d times, want 1:\n%s", n, src.Text)
			}
			if after := fmt.Sprintf("%#v", tt.arg); after != before {
				t.Errorf("render argument changed from\n%s\nto\n%s", before, after)
			}
		})
	}
}

func TestUntouchedValues(t *testing.T) {
	table := []float32{1, 2, 3}
	names := []string{"a", "b"}
	counts := map[string]int{"a": 1}
	src, err := Render(MustSnippet("main", nil,
		`{{ printf "%T %T %T" .table .names .counts }}`,
		map[string]any{"table": table, "names": names, "counts": counts}))
	if err != nil {
		t.Fatal(err)
	}
	if want := "[]float32 []string map[string]int\n"; src.Text != want {
		t.Fatalf("got %q, want %q: values without modules must reach templates as they are", src.Text, want)
	}
}

func TestProcessModulesErrors(t *testing.T) {
	back := &holder{}
	loop := MustModule("loop", "{{ .back }}", map[string]any{"back": back})
	back.v = loop
	tests := []struct {
		name string
		arg  any
		want string
	}{
		{name: "own error gets the chain", arg: failing{}, want: "snippets: render main: ProcessModules of snippets.failing: no modules today"},
		{name: "renderer error comes back as it is", arg: kernelParams{Mul: loop}, want: "snippets: module cycle: loop → loop"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := renderError(t, MustSnippet("main", nil, "{{ .a }}", map[string]any{"a": tt.arg}))
			if got != tt.want {
				t.Fatalf("error %q, want %q", got, tt.want)
			}
		})
	}
}
