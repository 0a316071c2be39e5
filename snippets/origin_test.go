package snippets

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/reikna-go/reikna/templates"
)

func TestLineOrigins(t *testing.T) {
	helper := MustModule("helper", `
WITHIN_KERNEL int {{ .prefix }}(int x)
{
    return x;
}
`, nil)
	body := MustSnippet("body", nil, "    int a = 1;\n    int b = {{ .helper }}(a);", map[string]any{"helper": helper})
	twice := MustSnippet("twice", []string{"v"}, "{{ .v }} +\n        {{ .v }}", nil)
	main := MustSnippet("main", nil, `// main
{{- if true }}
// inside if
{{ end -}}

KERNEL void k()
{
{{ .body }}
    int c = {{ .twice.Call "q" }};
{{- range seq 2 }}
    x{{ . }}++;
{{- end }}
}
`, map[string]any{"body": body, "twice": twice})
	src, err := Render(main)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		text   string
		origin Origin
	}{
		{"WITHIN_KERNEL int _mod_helper_0(int x)", Origin{"helper", 2, "_mod_helper_0", []string{"helper"}}},
		{"{", Origin{"helper", 3, "_mod_helper_0", []string{"helper"}}},
		{"    return x;", Origin{"helper", 4, "_mod_helper_0", []string{"helper"}}},
		{"}", Origin{"helper", 5, "_mod_helper_0", []string{"helper"}}},
		{"", Origin{}},
		{"// main", Origin{Template: "main", Line: 1}},
		{"// inside if", Origin{Template: "main", Line: 3}},    // after {{- if
		{"KERNEL void k()", Origin{Template: "main", Line: 6}}, // after {{ end -}} and a blank line
		{"{", Origin{Template: "main", Line: 7}},               //
		{"    int a = 1;", Origin{Template: "body", Line: 1}},  // an inline snippet at the start of a line
		{"    int b = _mod_helper_0(a);", Origin{Template: "body", Line: 2}},
		{"    int c = q +", Origin{Template: "main", Line: 9}}, // a snippet in the middle of a line
		{"        q;", Origin{Template: "twice", Line: 2}},     // its second line
		{"    x0++;", Origin{Template: "main", Line: 11}},      // a range after {{-
		{"    x1++;", Origin{Template: "main", Line: 11}},
		{"}", Origin{Template: "main", Line: 13}},
	}
	lines := strings.Split(strings.TrimSuffix(src.Text, "\n"), "\n")
	if len(lines) != len(want) || len(src.Lines) != len(want) {
		t.Fatalf("%d lines and %d origins, want %d:\n%s", len(lines), len(src.Lines), len(want), src.Text)
	}
	for i, w := range want {
		n := i + 1
		if lines[i] != w.text {
			t.Errorf("line %d is %q, want %q", n, lines[i], w.text)
		}
		o := src.Origin(n)
		if o.Template != w.origin.Template || o.Line != w.origin.Line || o.Module != w.origin.Module || !slices.Equal(o.Chain, w.origin.Chain) {
			t.Errorf("line %d %q: origin %#v, want %#v", n, lines[i], o, w.origin)
		}
	}
	if o := src.Origin(0); o.Template != "" {
		t.Errorf("Origin(0) = %v, want the zero Origin", o)
	}
	if o := src.Origin(len(want) + 1); o.Template != "" {
		t.Errorf("Origin past the end = %v, want the zero Origin", o)
	}
}

func TestOriginsInFileTemplates(t *testing.T) {
	fsys := fstest.MapFS{
		"funcs.cl": {Data: []byte(`// funcs.cl
{{ define "scale" }}
WITHIN_KERNEL float {{ .prefix }}(float x)
{
    return x * {{ literal "float32" .k }};
}
{{ end }}
`)},
		"kernel.cl": {Data: []byte(`{{ define "body" }}    out[i] = {{ .scale }}(in[i]);
    {{ .add }}
{{- end }}
KERNEL void k()
{
{{ template "body" . }}
}
`)},
	}
	set := templates.MustParseFS(fsys, "*.cl")
	scale := MustModuleFromTemplate(set.Lookup("scale"), nil, map[string]any{"k": 2})
	add := MustSnippet("add", nil, "out[i] += 1;", nil)
	src, err := Render(MustSnippetFromTemplate(set.Lookup("kernel.cl"), nil, map[string]any{"scale": scale, "add": add}))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(src.Text, "\n")
	for _, tt := range []struct {
		n        int
		text     string
		template string
		line     int
		module   string
	}{
		// Lines of a template defined in a file are located in the file.
		{3, "    return x * 2.0f;", "funcs.cl", 5, "_mod_scale_0"},
		{7, "{", "kernel.cl", 5, ""},
		// A template called with {{ template }} prints its own lines,
		// and the module and snippet it prints work there too.
		{8, "    out[i] = _mod_scale_0(in[i]);", "kernel.cl", 1, ""},
		{9, "    out[i] += 1;", "add", 1, ""},
		{10, "}", "kernel.cl", 7, ""},
	} {
		o := src.Origin(tt.n)
		if lines[tt.n-1] != tt.text || o.Template != tt.template || o.Line != tt.line || o.Module != tt.module {
			t.Errorf("line %d %q from %v, want %q from %s:%d in %q", tt.n, lines[tt.n-1], o, tt.text, tt.template, tt.line, tt.module)
		}
	}
}

func TestExcerpt(t *testing.T) {
	src, err := Render(tutorialModule())
	if err != nil {
		t.Fatal(err)
	}
	want := `  3  add:4 in _mod_add_0  |     return x + 1 + 2;
  4  add:5 in _mod_add_0  | }
  5  -                    |
> 6  kernel:2             | KERNEL void test(int *arr)
  7  kernel:3             | {
  8  kernel:4             |     const SIZE_T idx = get_global_id(0);
  9  kernel:5             |     int a = arr[idx];
`
	if got := src.Excerpt(6, 3); got != want {
		t.Errorf("Excerpt(6, 3) =\n%s\nwant\n%s", got, want)
	}
	if got := src.Excerpt(1, 0); got != "> 1  add:2 in _mod_add_0  | WITHIN_KERNEL int _mod_add_0(int x)\n" {
		t.Errorf("Excerpt(1, 0) = %q", got)
	}
	if got := src.Excerpt(11, 5); !strings.HasSuffix(got, "> 11  kernel:7  | }\n") {
		t.Errorf("Excerpt(11, 5) does not end at the last line:\n%s", got)
	}
	for _, n := range []int{0, 12} {
		if got := src.Excerpt(n, 2); got != "" {
			t.Errorf("Excerpt(%d, 2) = %q, want empty", n, got)
		}
	}
}

// TestInlineSnippetAtLineStart checks that a line which starts with the
// inline output of a snippet (a store macro's name, say) and goes on in the
// calling template belongs to the caller, while the lines of a snippet
// that prints whole lines belong to the snippet.
func TestInlineSnippetAtLineStart(t *testing.T) {
	same := MustSnippet("same", nil, "_store_same", nil)
	block := MustSnippet("block", nil, "    a = 1;\n    b = 2;", nil)
	main := MustSnippet("main", nil, `void k()
{
    {{ .same }}(x);
    {{ .same }}(y); {{ .same }}(z);
{{ .same }}(w);
{{ .block }}
    {{ .block }} // after
}
`, map[string]any{"same": same, "block": block})
	src, err := Render(main)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		text   string
		origin string
	}{
		{"void k()", "main:1"},
		{"{", "main:2"},
		{"    _store_same(x);", "main:3"},
		{"    _store_same(y); _store_same(z);", "main:4"},
		{"_store_same(w);", "main:5"},
		{"    a = 1;", "block:1"},
		{"    b = 2;", "block:2"},
		{"        a = 1;", "block:1"},
		{"    b = 2; // after", "block:2"},
		{"}", "main:8"},
	}
	lines := strings.Split(strings.TrimSuffix(src.Text, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), src.Text)
	}
	for i, w := range want {
		if o := src.Origin(i + 1); lines[i] != w.text || o.String() != w.origin {
			t.Errorf("line %d %q from %v, want %q from %s", i+1, lines[i], o, w.text, w.origin)
		}
	}
}
