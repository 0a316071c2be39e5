package templates_test

import (
	"fmt"
	"log"
	"os"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

// render parses src and executes it with data, printing the output, or the
// error where executing fails.
func render(src string, data map[string]any) {
	t, err := templates.Parse("example", src)
	if err != nil {
		log.Fatal(err)
	}
	if err := t.Execute(os.Stdout, data); err != nil {
		fmt.Println()
		fmt.Println(err)
	}
}

// Integer arithmetic sizes work-groups and loops; float arithmetic computes
// constants, which literal then writes in the kernel's dtype.
func ExampleFuncMap_arithmetic() {
	render(`#define GROUP {{ .group }}
#define FULL_GROUPS {{ div .n .group }}
#define TAIL {{ mod .n .group }}
#define LAST {{ sub .n 1 }}
#define END {{ add .offset .n }}
#define ROW_BYTES {{ mul .n .itemsize }}
#define UNROLL {{ min 8 (max 1 (div .n 256)) }}
#define STEP {{ literal .dtype (divf .width .n) }}
#define CENTRE {{ literal .dtype (addf .x0 (mulf 0.5 .width)) }}
#define LEFT {{ literal .dtype (subf .x0 .width) }}
`, map[string]any{
		"n": 1000, "group": 256, "offset": 24, "itemsize": 4,
		"dtype": dtypes.Float32, "x0": -1.0, "width": 2.0,
	})
	// Output:
	// #define GROUP 256
	// #define FULL_GROUPS 3
	// #define TAIL 232
	// #define LAST 999
	// #define END 1024
	// #define ROW_BYTES 4000
	// #define UNROLL 3
	// #define STEP 0.002f
	// #define CENTRE 0.0f
	// #define LEFT (-3.0f)
}

// literal writes a constant in a dtype and ctype names the dtype's C type;
// args joins parameters and arguments with commas; the power-of-two helpers
// size a padded transform.
func ExampleFuncMap_cSource() {
	render(`{{- $t := ctype .dtype -}}
// {{ .n }} points, padded to {{ pow2_ceil .n }} = 2^{{ log2 (pow2_ceil .n) }}; power of two: {{ is_pow2 .n }}
#define GROUPS {{ div_ceil .n .group }}
#define HALF {{ pow2 (sub (log2 (pow2_ceil .n)) 1) }}
KERNEL void scale({{ args (printf "GLOBAL_MEM %s *out" $t) (printf "GLOBAL_MEM const %s *in" $t) }})
{
    const SIZE_T i = get_global_id(0);
    out[i] = {{ .mul }}({{ args "in[i]" (literal .dtype 0.5) }});
}
`, map[string]any{"n": 1000, "group": 256, "dtype": dtypes.Complex64, "mul": "cmul"})
	// Output:
	// // 1000 points, padded to 1024 = 2^10; power of two: false
	// #define GROUPS 4
	// #define HALF 512
	// KERNEL void scale(GLOBAL_MEM float2 *out, GLOBAL_MEM const float2 *in)
	// {
	//     const SIZE_T i = get_global_id(0);
	//     out[i] = cmul(in[i], COMPLEX_CTR(float2)(0.5f, 0.0f));
	// }
}

// seq ranges over integers, as Python's range does; the list functions build
// and take apart lists of names or values.
func ExampleFuncMap_sequences() {
	render(`{{- $t := ctype .dtype -}}
{{- $names := list -}}
{{- range $i := seq (len .coeffs) }}{{ $names = append $names (printf "c%d" $i) }}{{ end -}}
// coefficients {{ $names }}, highest first {{ reverse $names }}
// constant term {{ first $names }}, the others {{ rest $names }}; all but the highest {{ initial $names }}
// with the bias: {{ concat $names (list "bias") }}; has c1: {{ has "c1" $names }}
WITHIN_KERNEL {{ $t }} poly({{ $t }} x)
{
    {{ $t }} p = {{ literal .dtype (last .coeffs) }};
{{- range $i := seq (sub (len .coeffs) 2) -1 -1 }}
    p = p * x + {{ literal $.dtype (index $.coeffs $i) }};
{{- end }}
    return p;
}
{{ range seq 0 8 3 }}{{ . }} {{ end }}
`, map[string]any{"dtype": dtypes.Float32, "coeffs": []float64{1, 2, 3}})
	// Output:
	// // coefficients [c0 c1 c2], highest first [c2 c1 c0]
	// // constant term c0, the others [c1 c2]; all but the highest [c0 c1]
	// // with the bias: [c0 c1 c2 bias]; has c1: true
	// WITHIN_KERNEL float poly(float x)
	// {
	//     float p = 3.0f;
	//     p = p * x + 2.0f;
	//     p = p * x + 1.0f;
	//     return p;
	// }
	// 0 3 6
}

// dict passes several values to a template called from another; keys
// ranges over a dictionary in sorted order, get reads an entry and hasKey
// tests for one.
func ExampleFuncMap_dictionaries() {
	render(`{{- define "load" }}    const {{ .type }} {{ .name }} = {{ .array }}[{{ .index }}];
{{ end -}}
{{- $t := ctype .dtype -}}
{{- range keys .defines }}#define {{ . }} {{ get $.defines . }}
{{ end -}}
{{ if hasKey . "bias" }}#define BIAS {{ literal .dtype .bias }}
{{ end -}}
{{ template "load" dict "type" $t "name" "a" "array" "in" "index" "i" -}}
{{ template "load" dict "type" $t "name" "b" "array" "in" "index" "i + 1" -}}
`, map[string]any{
		"dtype":   dtypes.Float64,
		"defines": map[string]any{"UNROLL": 4, "TILE": 16},
	})
	// Output:
	// #define TILE 16
	// #define UNROLL 4
	//     const double a = in[i];
	//     const double b = in[i + 1];
}

// The string functions build names and macros, and indent generated code.
func ExampleFuncMap_strings() {
	render(`{{- $name := trimSuffix "_" (trimPrefix "_mod_" .prefix) -}}
#define {{ upper $name }}_SIZE {{ .n }}
// {{ lower "MUL" }} of {{ $name }}, trimmed: [{{ trim "  x  " }}]
// {{ replace "float" "double" "float2 a; float b;" }}
// {{ if contains "fft" $name }}an FFT{{ end }}{{ if hasPrefix "fft" $name }}, first{{ end }}{{ if hasSuffix "1" $name }}, pass 1{{ end }}
WITHIN_KERNEL void {{ .prefix }}({{ join ", " .params }})
{
{{ indent 4 .body }}
{{- if .tail }}{{ nindent 4 .tail }}{{ end }}
}
/* {{ repeat 3 "-" }} */
`, map[string]any{
		"prefix": "_mod_fft_pass1_",
		"n":      64,
		"params": []string{"float2 *a", "float2 *b"},
		"body":   "float2 t = *a;\n*a = *b;",
		"tail":   "*b = t;",
	})
	// Output:
	// #define FFT_PASS1_SIZE 64
	// // mul of fft_pass1, trimmed: [x]
	// // double2 a; double b;
	// // an FFT, first, pass 1
	// WITHIN_KERNEL void _mod_fft_pass1_(float2 *a, float2 *b)
	// {
	//     float2 t = *a;
	//     *a = *b;
	//     *b = t;
	// }
	// /* --- */
}

// ternary picks one of two values by a condition; fail stops rendering with
// an error, for arguments a template cannot handle.
func ExampleFuncMap_flowControl() {
	const src = `{{- if not (is_pow2 .n) }}{{ fail (printf "%d is not a power of two" .n) }}{{ end -}}
#define WIDTH {{ ternary 2 1 .complex }}
`
	render(src, map[string]any{"n": 64, "complex": true})
	render(src, map[string]any{"n": 48, "complex": false})
	// Output:
	// #define WIDTH 2
	//
	// template: example:1:29: executing "example" at <fail (printf "%d is not a power of two" .n)>: error calling fail: 48 is not a power of two
}
