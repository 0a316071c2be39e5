package snippets

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestGolden(t *testing.T) {
	tests := []struct {
		name    string
		main    *Snippet
		modules []string // prefixes in emission order
	}{
		{name: "snippet_add", main: tutorialSnippet()},
		{name: "module_add", main: tutorialModule(), modules: []string{"_mod_add_0"}},
		{name: "root_struct", main: rootStruct(), modules: []string{"_mod_vec_0", "_mod_scale_1", "_mod_shift_2"}},
		{name: "random_tree", main: randomTree(), modules: []string{"_mod_uniform_0", "_mod_normal_1", "_mod_gamma_2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, err := Render(tt.main)
			if err != nil {
				t.Fatal(err)
			}
			if got := modulesInOrder(src); !slices.Equal(got, tt.modules) {
				t.Errorf("modules in order %q, want %q", got, tt.modules)
			}
			if n := strings.Count(src.Text, "\n"); n != len(src.Lines) {
				t.Errorf("%d lines, %d origins", n, len(src.Lines))
			}
			path := filepath.Join("testdata", tt.name+".cl")
			if *update {
				if err := os.WriteFile(path, []byte(src.Text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if src.Text != string(want) {
				t.Errorf("rendered source differs from %s (rerun with -update to accept):\n%s", path, src.Text)
			}
		})
	}
}

// TestRandomTreeOrder checks the three-level tree beyond the golden file:
// each module once, each before its users, the kernel last.
func TestRandomTreeOrder(t *testing.T) {
	src, err := Render(randomTree())
	if err != nil {
		t.Fatal(err)
	}
	defs := map[string]string{
		"uniform": "float _mod_uniform_0(unsigned int *state)",
		"normal":  "float _mod_normal_1(unsigned int *state)",
		"gamma":   "float _mod_gamma_2(unsigned int *state)",
		"kernel":  "KERNEL void sample(",
	}
	at := map[string]int{}
	for name, def := range defs {
		if n := strings.Count(src.Text, def); n != 1 {
			t.Errorf("%s is defined %d times", name, n)
		}
		at[name] = strings.Index(src.Text, def)
	}
	if !(at["uniform"] < at["normal"] && at["normal"] < at["gamma"] && at["gamma"] < at["kernel"]) {
		t.Errorf("definitions at %v, want uniform < normal < gamma < kernel", at)
	}
	if n := strings.Count(src.Text, "_mod_uniform_0("); n != 5 {
		t.Errorf("uniform is used %d times, want 5 (definition, 2 in normal, gamma, kernel)", n)
	}
	if last := src.Lines[len(src.Lines)-1]; last.Module != "" || last.Template != "kernel" {
		t.Errorf("last line comes from %v, want the kernel", last)
	}
}
