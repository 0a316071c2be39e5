package templates

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestParseErrorNamesTemplate(t *testing.T) {
	_, err := Parse("kernel", "line one\n{{ .x ")
	if err == nil || !strings.Contains(err.Error(), "template: kernel:2:") {
		t.Fatalf("got %v, want a parse error at kernel:2", err)
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("MustParse of a bad template did not panic")
		}
	}()
	MustParse("bad", "{{ nosuchfunc }}")
}

func TestParseFS(t *testing.T) {
	fsys := fstest.MapFS{
		"kernels/fft.cl":   {Data: []byte(`{{ define "radix" }}radix {{ .n }}{{ end }}fft {{ template "radix" . }} {{ literal .dt 2 }}`)},
		"kernels/scale.cl": {Data: []byte(`scale {{ mul .n 2 }}`)},
		"other/fft.cl":     {Data: []byte(`clash`)},
		"bad/bad.cl":       {Data: []byte(`{{ .n `)},
	}
	data := map[string]any{"n": 4, "dt": "float32"}
	tests := []struct {
		name     string
		patterns []string
		exec     string // template to execute
		want     string
		err      string
	}{
		{name: "first file is the root", patterns: []string{"kernels/*.cl"}, want: "fft radix 4 2.0f"},
		{name: "other files by base name", patterns: []string{"kernels/*.cl"}, exec: "scale.cl", want: "scale 8"},
		{name: "defined templates join the set", patterns: []string{"kernels/*.cl"}, exec: "radix", want: "radix 4"},
		{name: "overlapping patterns", patterns: []string{"kernels/*.cl", "kernels/fft.cl"}, want: "fft radix 4 2.0f"},
		{name: "no match", patterns: []string{"none/*.cl"}, err: `pattern "none/*.cl" matches no files`},
		{name: "bad pattern", patterns: []string{"["}, err: "syntax error in pattern"},
		{name: "no patterns", err: "no patterns given"},
		{name: "same base name", patterns: []string{"kernels/fft.cl", "other/fft.cl"}, err: `kernels/fft.cl and other/fft.cl have the same name "fft.cl"`},
		{name: "parse error", patterns: []string{"bad/*.cl"}, err: "template: bad.cl:1:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, err := ParseFS(fsys, tt.patterns...)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("got %v, want an error holding %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			name := tt.exec
			if name == "" {
				name = set.Name()
			}
			var b strings.Builder
			if err := set.ExecuteTemplate(&b, name, data); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Fatalf("%s: got %q, want %q", name, b.String(), tt.want)
			}
		})
	}
}

func TestNewHasMissingKeyError(t *testing.T) {
	tmpl, err := New("x").Parse("{{ .a }}")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	err = tmpl.Execute(&b, map[string]any{})
	if err == nil || !strings.Contains(err.Error(), `map has no entry for key "a"`) {
		t.Fatalf("got %v, want a missing-key error", err)
	}
}
