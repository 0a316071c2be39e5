package snippets

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/dtypes"
)

// fiftyModules builds a kernel that uses 50 modules, module i calling
// modules i-1 and i-2, as a chain of function modules in a real kernel
// would.
func fiftyModules() *Snippet {
	const src = `
WITHIN_KERNEL {{ ctype .dtype }} {{ .prefix }}({{ ctype .dtype }} x)
{
    {{ ctype .dtype }} y = x * {{ literal .dtype .k }};
{{- range .deps }}
    y += {{ . }}(x);
{{- end }}
    return y;
}
`
	var mods []*Module
	for i := range 50 {
		var deps []*Module
		if i >= 2 {
			deps = mods[i-2 : i]
		}
		mods = append(mods, MustModule(fmt.Sprintf("f%d", i), src,
			map[string]any{"dtype": dtypes.Float32, "k": i, "deps": deps}))
	}
	return MustSnippet("kernel", nil, `
KERNEL void apply(GLOBAL_MEM float *out, GLOBAL_MEM const float *in)
{
    const SIZE_T i = get_global_id(0);
    float acc = 0.0f;
{{- range .mods }}
    acc += {{ . }}(in[i]);
{{- end }}
    out[i] = acc;
}
`, map[string]any{"mods": mods})
}

func TestFiftyModules(t *testing.T) {
	src, err := Render(fiftyModules())
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(src.Text, "WITHIN_KERNEL"); n != 50 {
		t.Fatalf("%d modules rendered, want 50", n)
	}
	if n := strings.Count(src.Text, "acc += _mod_f"); n != 50 {
		t.Fatalf("the kernel calls %d modules, want 50", n)
	}
}

func BenchmarkRender50Modules(b *testing.B) {
	main := fiftyModules()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(main); err != nil {
			b.Fatal(err)
		}
	}
}
