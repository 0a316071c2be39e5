package snippets

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// renderError renders main and returns its error, failing the test if there
// is none.
func renderError(t *testing.T, main *Snippet, args ...any) string {
	t.Helper()
	src, err := Render(main, args...)
	if err == nil {
		t.Fatalf("rendered without error:\n%s", src.Text)
	}
	return err.Error()
}

func TestRenderErrors(t *testing.T) {
	addS := MustSnippet("add", []string{"varname"}, "{{ .varname }} + 1", nil)
	addM := MustModuleWithParams("addm", []string{"arg"}, "int {{ .prefix }}(int x) { return x + {{ .arg }}; }", nil)
	plain := MustModule("plain", "int {{ .prefix }};", nil)
	uniform := MustModule("uniform", "float {{ .prefix }}()\n{\n    return {{ .foo }};\n}\n", nil)
	normal := MustModule("normal", "float {{ .prefix }}() { return {{ .uniform }}(); }", map[string]any{"uniform": uniform})
	badM := MustModuleWithParams("bad", []string{"n"}, "int {{ .prefix }}[{{ .nosuch }}];", nil)
	kernel := func(src string, args map[string]any) *Snippet { return MustSnippet("main", nil, src, args) }

	tests := []struct {
		name string
		main *Snippet
		args []any
		want string // the whole error, or with substring set a part of it
		sub  bool
	}{
		{
			name: "missing key in a module names the chain",
			main: kernel("{{ .normal }}();", map[string]any{"normal": normal}),
			want: `snippets: render main → module "normal" → module "uniform": template: uniform:3:14: executing "uniform" at <.foo>: map has no entry for key "foo"`,
		},
		{
			name: "missing key in main",
			main: kernel("x\n  {{ .nosuch }}", nil),
			want: `snippets: render main: template: main:2:5: executing "main" at <.nosuch>: map has no entry for key "nosuch"`,
		},
		{
			name: "snippet called with too many arguments",
			main: kernel(`{{ .add.Call "x" "y" }}`, map[string]any{"add": addS}),
			want: `snippets: render main: template: main:1:7: executing "main" at <.add.Call>: error calling Call: snippet "add" takes 1 argument (varname), got 2`,
		},
		{
			name: "snippet with parameters printed",
			main: kernel("a = {{ .add }};", map[string]any{"add": addS}),
			want: `snippets: render main: template: main:1:7: executing "main" at <_emit>: error calling _emit: snippet "add" takes 1 argument (varname), got 0 (printed without .Call)`,
		},
		{
			name: "snippet with parameters printed through printf",
			main: kernel(`{{ printf "%s" .add }}`, map[string]any{"add": addS}),
			want: `snippets: render main: snippet "add" takes 1 argument (varname), got 0 (printed without .Call)`,
		},
		{
			name: "module with parameters printed",
			main: kernel("{{ .addm }}(x)", map[string]any{"addm": addM}),
			want: `module "addm" takes 1 argument (arg), got 0 (printed without .Call)`,
			sub:  true,
		},
		{
			name: "module called with no arguments",
			main: kernel("{{ .addm.Call }}(x)", map[string]any{"addm": addM}),
			want: `error calling Call: module "addm" takes 1 argument (arg), got 0`,
			sub:  true,
		},
		{
			name: "module without parameters called with one",
			main: kernel("{{ .plain.Call 1 }}", map[string]any{"plain": plain}),
			want: `error calling Call: module "plain" takes no arguments, got 1`,
			sub:  true,
		},
		{
			name: "error in a module rendered by Call",
			main: kernel("{{ .bad.Call 3 }}", map[string]any{"bad": badM}),
			want: `snippets: render main: template: main:1:7: executing "main" at <.bad.Call>: error calling Call: snippets: render main → module "bad": template: bad:1:21: executing "bad" at <.nosuch>: map has no entry for key "nosuch"`,
		},
		{
			name: "main called with the wrong number of arguments",
			main: MustSnippet("k", []string{"n"}, "{{ .n }}", nil),
			want: `snippets: render main: snippet "k" takes 1 argument (n), got 0`,
		},
		{
			name: "module hidden in an opaque struct",
			main: kernel("{{ .s.M }}", map[string]any{"s": struct{ M *Module }{plain}}),
			want: `module "plain" was not found in the render arguments`,
			sub:  true,
		},
		{
			name: "control byte in a render argument",
			main: kernel("{{ .s }}", map[string]any{"s": []any{"a\x01b"}}),
			want: `snippets: render main: render argument text "a\x01b" holds a control byte \x01 or \x02, which the renderer reserves`,
		},
		{
			name: "control byte in a call argument",
			main: kernel(`{{ .add.Call .s }}`, map[string]any{"add": addS, "s": struct{ S string }{"\x02"}.S}),
			want: `render argument text "\x02" holds a control byte`,
			sub:  true,
		},
		{
			name: "control byte printed from an opaque value",
			main: kernel("{{ .s.S }}", map[string]any{"s": struct{ S string }{"x\x02"}}),
			want: `snippets: the main source: stray control byte \x01 or \x02 in the rendered text at line 1`,
		},
		{
			name: "positional argument of main",
			main: MustSnippet("k", []string{"m"}, "{{ .m.nope }}", nil),
			args: []any{map[string]any{"x": plain}},
			want: `snippets: render main: template: k:1:5: executing "k" at <.m.nope>: map has no entry for key "nope"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := renderError(t, tt.main, tt.args...)
			if tt.sub && !strings.Contains(got, tt.want) || !tt.sub && got != tt.want {
				t.Fatalf("error\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestCycles(t *testing.T) {
	t.Run("modules", func(t *testing.T) {
		back := &holder{}
		normal := MustModule("normal", "{{ .gamma }}", map[string]any{"gamma": back})
		gamma := MustModule("gamma", "{{ .normal }}", map[string]any{"normal": normal})
		back.v = gamma
		main := MustSnippet("main", nil, "{{ .gamma }}", map[string]any{"gamma": gamma})
		if got, want := renderError(t, main), "snippets: module cycle: gamma → normal → gamma"; got != want {
			t.Fatalf("error %q, want %q", got, want)
		}
	})
	t.Run("module reaching itself", func(t *testing.T) {
		self := &holder{}
		m := MustModule("m", "{{ .self }}", map[string]any{"self": self})
		self.v = []any{m}
		main := MustSnippet("main", nil, "{{ .m }}", map[string]any{"m": m})
		if got, want := renderError(t, main), "snippets: module cycle: m → m"; got != want {
			t.Fatalf("error %q, want %q", got, want)
		}
	})
	t.Run("module with parameters calling itself", func(t *testing.T) {
		self := &holder{}
		m := MustModuleWithParams("rec", []string{"n"}, "{{ .self.Call .n }}", map[string]any{"self": self})
		self.v = m
		main := MustSnippet("main", nil, "{{ .m.Call 1 }}", map[string]any{"m": m})
		if got := renderError(t, main); !strings.Contains(got, "snippets: module cycle: rec → rec") {
			t.Fatalf("error %q, want a cycle rec → rec", got)
		}
	})
	t.Run("snippet called from its own render arguments", func(t *testing.T) {
		back := &holder{}
		m := MustModule("m", "{{ .s }}", map[string]any{"s": back})
		s := MustSnippet("s", nil, "{{ .m }}", map[string]any{"m": m})
		back.v = s
		main := MustSnippet("main", nil, "{{ .s }}", map[string]any{"s": s})
		want := `snippets: snippet "s" is called while its render arguments are being processed: main → snippet "s" → module "m"`
		if got := renderError(t, main); !strings.Contains(got, want) {
			t.Fatalf("error %q, want it to hold %q", got, want)
		}
	})
	t.Run("recursion with different arguments is not a cycle", func(t *testing.T) {
		self := &holder{}
		m := MustModuleWithParams("rec", []string{"n"},
			"{{ if gt .n 0 }}{{ .self.Call (sub .n 1) }} {{ end }}{{ .prefix }}", map[string]any{"self": self})
		self.v = m
		src, err := Render(MustSnippet("main", nil, "{{ .m.Call 2 }}", map[string]any{"m": m}))
		if err != nil {
			t.Fatal(err)
		}
		// A module takes its prefix before the modules it calls are
		// rendered, and is emitted after them.
		want := "_mod_rec_2\n\n_mod_rec_2 _mod_rec_1\n\n_mod_rec_1 _mod_rec_0\n\n_mod_rec_0\n"
		if src.Text != want {
			t.Fatalf("got %q, want %q", src.Text, want)
		}
	})
}

func TestEndlessRecursion(t *testing.T) {
	self := &holder{}
	s := MustSnippet("again", nil, "x{{ .self }}", map[string]any{"self": self})
	self.v = s
	want := `snippets: snippet "again": snippets and modules nest more than 1000 deep; does a snippet call itself without end?`
	if got := renderError(t, MustSnippet("main", nil, "{{ .s }}", map[string]any{"s": s})); got != want {
		t.Fatalf("error\n%.300s\nwant\n%s", got, want)
	}
}

// TestMainArguments checks that the arguments of the main snippet are
// walked like render arguments.
func TestMainArguments(t *testing.T) {
	m := MustModule("m", "int {{ .prefix }};", nil)
	main := MustSnippet("k", []string{"mods", "n"}, "{{ .mods.x }} {{ .n }}", nil)
	src, err := Render(main, map[string]any{"x": m}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := "int _mod_m_0;\n\n_mod_m_0 3\n"; src.Text != want {
		t.Fatalf("got %q, want %q", src.Text, want)
	}
}

func TestDeduplication(t *testing.T) {
	counter := MustModule("counter", "int {{ .prefix }};", nil)
	param := MustModuleWithParams("param", []string{"t"}, "{{ .t }} {{ .prefix }};", nil)
	user := MustModule("user", "int {{ .prefix }} = {{ .counter }};", map[string]any{"counter": counter})
	main := MustSnippet("main", nil,
		"{{ .counter }} {{ .user }} {{ index .list 0 }} {{ .m.k }}\n"+
			`{{ .param.Call "int" }} {{ .param.Call "int" }} {{ .param.Call "float" }} {{ .param.Call "int" }}`,
		map[string]any{
			"counter": counter,
			"user":    user,
			"list":    []*Module{counter, counter},
			"m":       map[string]any{"k": counter},
			"param":   param,
		})
	src, err := Render(main)
	if err != nil {
		t.Fatal(err)
	}
	for def, want := range map[string]int{
		"int _mod_counter_0;":    1,
		"int _mod_param_2;":      1,
		"float _mod_param_3;":    1,
		"int _mod_user_1 = _mod": 1,
		"_mod_counter_0":         5,
	} {
		if n := strings.Count(src.Text, def); n != want {
			t.Errorf("%q appears %d times, want %d\n%s", def, n, want, src.Text)
		}
	}
	wantMain := "_mod_counter_0 _mod_user_1 _mod_counter_0 _mod_counter_0\n_mod_param_2 _mod_param_2 _mod_param_3 _mod_param_2\n"
	if !strings.HasSuffix(src.Text, wantMain) {
		t.Errorf("main source is not\n%s\nin\n%s", wantMain, src.Text)
	}
}

func TestPrefixes(t *testing.T) {
	var mods []any
	for i := range 12 {
		name := []string{"m", "fft.cl radix-2", "naïve", "m_1"}[i%4]
		mods = append(mods, MustModule(name, "int {{ .prefix }};", nil))
	}
	src, err := Render(MustSnippet("main", nil, "{{ range .mods }}{{ . }}\n{{ end }}", map[string]any{"mods": mods}))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(src.Text), "\n")
	prefixes := lines[len(lines)-len(mods):]
	ident := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	seen := map[string]bool{}
	for i, p := range prefixes {
		if !ident.MatchString(p) {
			t.Errorf("prefix %q is not a C identifier", p)
		}
		if seen[p] {
			t.Errorf("prefix %q appears twice", p)
		}
		seen[p] = true
		if !strings.HasPrefix(p, "_mod_") || !strings.HasSuffix(p, fmt.Sprintf("_%d", i)) {
			t.Errorf("prefix %q is not _mod_<name>_%d", p, i)
		}
	}
	if prefixes[1] != "_mod_fft_cl_radix_2_1" || prefixes[2] != "_mod_na_ve_2" {
		t.Errorf("sanitised prefixes %q, %q", prefixes[1], prefixes[2])
	}
}

// TestEmissionOrder checks that dependencies come first whatever the order
// of the keys that reach them.
func TestEmissionOrder(t *testing.T) {
	leaf := MustModule("leaf", "int {{ .prefix }};", nil)
	mid := MustModule("mid", "int {{ .prefix }} = {{ .z_leaf }};", map[string]any{"z_leaf": leaf})
	top := MustModule("top", "int {{ .prefix }} = {{ .a_mid }};", map[string]any{"a_mid": mid})
	main := MustSnippet("main", nil, "{{ .a_top }} {{ .b_leaf }}", map[string]any{"a_top": top, "b_leaf": leaf})
	src, err := Render(main)
	if err != nil {
		t.Fatal(err)
	}
	want := "int _mod_leaf_0;\n\nint _mod_mid_1 = _mod_leaf_0;\n\nint _mod_top_2 = _mod_mid_1;\n\n_mod_top_2 _mod_leaf_0\n"
	if src.Text != want {
		t.Fatalf("got\n%s\nwant\n%s", src.Text, want)
	}
}
