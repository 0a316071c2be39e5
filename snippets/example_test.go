package snippets_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/templates"
)

func ExampleSnippet() {
	add := snippets.MustSnippet("add", []string{"varname"},
		"{{ .varname }} + {{ .num }}", map[string]any{"num": 1})
	kernel := snippets.MustSnippet("kernel", nil, `
KERNEL void test(int *arr)
{
    const SIZE_T idx = get_global_id(0);
    int x = arr[idx];
    arr[idx] = {{ .add.Call "x" }};
}
`, map[string]any{"add": add})
	src, err := snippets.Render(kernel)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(src)
	// Output:
	// KERNEL void test(int *arr)
	// {
	//     const SIZE_T idx = get_global_id(0);
	//     int x = arr[idx];
	//     arr[idx] = x + 1;
	// }
}

func ExampleModule() {
	mul := snippets.MustModule("mul", `
WITHIN_KERNEL {{ ctype .dtype }} {{ .prefix }}({{ ctype .dtype }} a, {{ ctype .dtype }} b)
{
    return a * b * {{ literal .dtype .scale }};
}
`, map[string]any{"dtype": dtypes.Float32, "scale": 0.5})
	kernel := snippets.MustSnippet("kernel", nil, `
KERNEL void scale(GLOBAL_MEM float *x)
{
    const SIZE_T i = get_global_id(0);
    x[i] = {{ .mul }}(x[i], x[i]);
}
`, map[string]any{"mul": mul})
	src, err := snippets.Render(kernel)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(src)
	fmt.Println(src.Origin(3))
	// Output:
	// WITHIN_KERNEL float _mod_mul_0(float a, float b)
	// {
	//     return a * b * 0.5f;
	// }
	//
	// KERNEL void scale(GLOBAL_MEM float *x)
	// {
	//     const SIZE_T i = get_global_id(0);
	//     x[i] = _mod_mul_0(x[i], x[i]);
	// }
	// mul:4 in _mod_mul_0
}

func ExampleRenderTemplate() {
	tmpl := templates.MustParse("copy", `
KERNEL void copy(GLOBAL_MEM {{ ctype .dtype }} *out, GLOBAL_MEM const {{ ctype .dtype }} *in)
{
    const SIZE_T i = get_global_id(0);
{{- range seq .unroll }}
    out[{{ $.unroll }} * i + {{ . }}] = in[{{ $.unroll }} * i + {{ . }}];
{{- end }}
}
`)
	src, err := snippets.RenderTemplate(tmpl, map[string]any{"dtype": dtypes.Complex64, "unroll": 2})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(src)
	// Output:
	// KERNEL void copy(GLOBAL_MEM float2 *out, GLOBAL_MEM const float2 *in)
	// {
	//     const SIZE_T i = get_global_id(0);
	//     out[2 * i + 0] = in[2 * i + 0];
	//     out[2 * i + 1] = in[2 * i + 1];
	// }
}

func ExampleSource_Excerpt() {
	kernel := snippets.MustSnippet("kernel", nil, "KERNEL void k()\n{\n    {{ .body }}\n}\n", map[string]any{
		"body": snippets.MustSnippet("body", nil, "int a = 1;\nint b = a +;", nil),
	})
	src, err := snippets.Render(kernel)
	if err != nil {
		log.Fatal(err)
	}
	// A compiler reports an error on line 4: show where it came from.
	fmt.Print(strings.ReplaceAll(src.Excerpt(4, 1), " \n", "\n"))
	// Output:
	//   3  body:1    |     int a = 1;
	// > 4  body:2    | int b = a +;
	//   5  kernel:4  | }
}
