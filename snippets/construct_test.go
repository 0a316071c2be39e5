package snippets

import (
	"slices"
	"strings"
	"testing"
	"text/template"

	"github.com/reikna-go/reikna/templates"
)

func TestConstructorErrors(t *testing.T) {
	tests := []struct {
		name string
		make func() error
		want string
	}{
		{
			name: "parse error",
			make: func() error { _, err := NewSnippet("bad", nil, "a\n{{ .x ", nil); return err },
			want: `snippets: snippet "bad": template: bad:2: unclosed action`,
		},
		{
			name: "unknown function",
			make: func() error { _, err := NewModule("m", "{{ nosuch }}", nil); return err },
			want: `snippets: module "m": template: m:1: function "nosuch" not defined`,
		},
		{
			name: "parameter clashes with a render argument",
			make: func() error { _, err := NewSnippet("add", []string{"num"}, "", map[string]any{"num": 1}); return err },
			want: `snippets: snippet "add": parameter "num" clashes with the render argument of the same name`,
		},
		{
			name: "render argument named prefix",
			make: func() error { _, err := NewModule("m", "x", map[string]any{"prefix": 1}); return err },
			want: `snippets: module "m": render argument "prefix": the name is reserved`,
		},
		{
			name: "parameter named prefix",
			make: func() error { _, err := NewModuleWithParams("m", []string{"prefix"}, "x", nil); return err },
			want: `snippets: module "m": parameter "prefix": the name is reserved`,
		},
		{
			name: "snippet parameter may be named prefix",
			make: func() error { _, err := NewSnippet("s", []string{"prefix"}, "x", nil); return err },
		},
		{
			name: "parameter not an identifier",
			make: func() error { _, err := NewSnippet("s", []string{"a-b"}, "x", nil); return err },
			want: `snippets: snippet "s": parameter "a-b" is not an identifier`,
		},
		{
			name: "parameter starting with a digit",
			make: func() error { _, err := NewSnippet("s", []string{"1a"}, "x", nil); return err },
			want: `parameter "1a" is not an identifier`,
		},
		{
			name: "parameter twice",
			make: func() error { _, err := NewSnippet("s", []string{"a", "b", "a"}, "x", nil); return err },
			want: `snippets: snippet "s": parameter "a" appears twice`,
		},
		{
			name: "empty name",
			make: func() error { _, err := NewSnippet("", nil, "x", nil); return err },
			want: `snippets: snippet "": empty name`,
		},
		{
			name: "nil template",
			make: func() error { _, err := SnippetFromTemplate(nil, nil, nil); return err },
			want: `snippets: snippet from a nil template`,
		},
		{
			name: "template without content",
			make: func() error { _, err := ModuleFromTemplate(templates.New("empty"), nil, nil); return err },
			want: `snippets: module "empty": template has no content`,
		},
		{
			name: "control byte in template text",
			make: func() error { _, err := NewSnippet("s", nil, "a\nb\x01", nil); return err },
			want: `snippets: snippet "s": s:1:0: template text holds a control byte \x01 or \x02`,
		},
		{
			name: "control byte in template name",
			make: func() error { _, err := NewSnippet("s\x02", nil, "x", nil); return err },
			want: `template name "s\x02" holds a control byte`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.make()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.want != "" && err == nil:
				t.Fatalf("no error, want %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("error %q, want it to hold %q", err, tt.want)
			}
		})
	}
}

func TestMustPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"MustSnippet":             func() { MustSnippet("s", nil, "{{", nil) },
		"MustModule":              func() { MustModule("m", "{{", nil) },
		"MustModuleWithParams":    func() { MustModuleWithParams("m", []string{"1"}, "", nil) },
		"MustSnippetFromTemplate": func() { MustSnippetFromTemplate(nil, nil, nil) },
		"MustModuleFromTemplate":  func() { MustModuleFromTemplate(nil, nil, nil) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			f()
		})
	}
}

// TestConstructorsCopy checks that a snippet does not see later changes to
// the render arguments map, the parameter slice or the template it was made
// from.
func TestConstructorsCopy(t *testing.T) {
	args := map[string]any{"n": 1}
	params := []string{"x"}
	tmpl := template.Must(templates.New("s").Parse("{{ .x }}{{ .n }}"))
	s := MustSnippetFromTemplate(tmpl, params, args)
	args["n"] = 2
	params[0] = "y"
	template.Must(tmpl.Parse("changed"))
	if got := s.Params(); !slices.Equal(got, []string{"x"}) {
		t.Errorf("Params() = %q, want [x]", got)
	}
	s.Params()[0] = "z"
	src, err := Render(MustSnippet("main", nil, `{{ .s.Call "a" }}`, map[string]any{"s": s}))
	if err != nil {
		t.Fatal(err)
	}
	if src.Text != "a1\n" {
		t.Errorf("rendered %q, want %q", src.Text, "a1\n")
	}
	if s.Name() != "s" {
		t.Errorf("Name() = %q", s.Name())
	}
}

// TestForeignTemplate checks that a template made without package
// templates still runs with missingkey=error.
func TestForeignTemplate(t *testing.T) {
	tmpl := template.Must(template.New("plain").Parse("{{ .missing }}"))
	_, err := RenderTemplate(tmpl, nil)
	if err == nil || !strings.Contains(err.Error(), `map has no entry for key "missing"`) {
		t.Fatalf("got %v, want a missing-key error", err)
	}
}

func TestModuleAccessors(t *testing.T) {
	m := MustModuleWithParams("mul", []string{"a", "b"}, "", nil)
	if m.Name() != "mul" || !slices.Equal(m.Params(), []string{"a", "b"}) {
		t.Fatalf("Name() = %q, Params() = %q", m.Name(), m.Params())
	}
}

func TestZeroBoundValues(t *testing.T) {
	if _, err := (BoundSnippet{}).Call(); err != errUnbound {
		t.Errorf("BoundSnippet{}.Call() error %v, want %v", err, errUnbound)
	}
	if _, err := (BoundModule{}).Call(); err != errUnbound {
		t.Errorf("BoundModule{}.Call() error %v, want %v", err, errUnbound)
	}
	if s := (BoundSnippet{}).String() + (BoundModule{}).String(); s != "" {
		t.Errorf("zero bound values print %q", s)
	}
}
