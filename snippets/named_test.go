package snippets

import (
	"strings"
	"testing"
	"text/template"

	"github.com/reikna-go/reikna/templates"
)

// TestNamedModules checks that modules made of one template under several
// names each take their own name into their prefix, that the template's
// set is instrumented once for all its templates, and that an empty name
// is an error.
func TestNamedModules(t *testing.T) {
	set := template.Must(templates.New("set").Parse(
		`{{ define "def" }}#define {{ .prefix }} {{ .v }}{{ end }}{{ define "other" }}{{ .prefix }}{{ end }}`))
	def := set.Lookup("def")
	tests := []struct {
		name, want string
	}{
		{"input_load", "#define _mod_input_load_0 1"},
		{"output_store", "#define _mod_output_store_0 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := NamedModuleFromTemplate(tt.name, def, nil, map[string]any{"v": 1})
			if err != nil {
				t.Fatal(err)
			}
			if m.Name() != tt.name {
				t.Errorf("Name() = %q, want %q", m.Name(), tt.name)
			}
			main := MustSnippet("main", nil, "{{ .m }}", map[string]any{"m": m})
			src, err := Render(main)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(src.Text, tt.want) {
				t.Errorf("rendered %q, want it to hold %q", src.Text, tt.want)
			}
		})
	}
	a, err := instrumentOnce(def, true)
	if err != nil {
		t.Fatal(err)
	}
	b, err := instrumentOnce(set.Lookup("other"), true)
	if err != nil {
		t.Fatal(err)
	}
	if a.Lookup("other") != b {
		t.Error("the templates of one set were instrumented apart")
	}
	if _, err := NamedModuleFromTemplate("", def, nil, nil); err == nil {
		t.Error("a module with an empty name made without an error")
	}
}

// TestCallList checks that CallList passes a list as Call passes its
// arguments.
func TestCallList(t *testing.T) {
	add := MustSnippet("add", []string{"a", "b"}, "{{ .a }} + {{ .b }}", nil)
	main := MustSnippet("main", nil, `{{ .add.CallList (list "x" "y") }}; {{ .add.Call "x" "y" }}`, map[string]any{"add": add})
	src, err := Render(main)
	if err != nil {
		t.Fatal(err)
	}
	if want := "x + y; x + y"; !strings.Contains(src.Text, want) {
		t.Errorf("rendered %q, want it to hold %q", src.Text, want)
	}
}
