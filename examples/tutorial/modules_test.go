package tutorial_test

import (
	"fmt"
	"log"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

// A snippet rendered inline, and two modules, one of which uses the
// other, rendered once each at file scope before the code that uses them.
func Example_modules() {
	square := snippets.MustModule("square", `
WITHIN_KERNEL float {{ .prefix }}(float x) { return x * x; }
`, nil)
	norm2 := snippets.MustModule("norm2", `
WITHIN_KERNEL float {{ .prefix }}(float2 z) { return {{ .square }}(z.x) + {{ .square }}(z.y); }
`, map[string]any{"square": square})
	atMost := snippets.MustSnippet("at_most", []string{"x"}, "min({{ .x }}, {{ .limit }})",
		map[string]any{"limit": "1.0f"})
	kernel := snippets.MustSnippet("kernel", nil, `
KERNEL void norms(GLOBAL_MEM float *out, GLOBAL_MEM const float2 *in)
{
    const SIZE_T i = get_global_id(0);
    const float n = {{ .norm2 }}(in[i]);
    out[i] = {{ .atMost.Call "n" }} + {{ .square }}(in[i].x);
}
`, map[string]any{"norm2": norm2, "square": square, "atMost": atMost})
	src, err := snippets.Render(kernel)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(src)
	// Output:
	// WITHIN_KERNEL float _mod_square_0(float x) { return x * x; }
	//
	// WITHIN_KERNEL float _mod_norm2_1(float2 z) { return _mod_square_0(z.x) + _mod_square_0(z.y); }
	//
	// KERNEL void norms(GLOBAL_MEM float *out, GLOBAL_MEM const float2 *in)
	// {
	//     const SIZE_T i = get_global_id(0);
	//     const float n = _mod_norm2_1(in[i]);
	//     out[i] = min(n, 1.0f) + _mod_square_0(in[i].x);
	// }
}

// polynomial returns a module whose function evaluates the polynomial
// with the given coefficients, lowest power first, in dtype, by Horner's
// rule.
func polynomial(dtype dtypes.DType, coeffs []float64) (*snippets.Module, error) {
	return snippets.NewModule("polynomial", `
WITHIN_KERNEL {{ ctype .dtype }} {{ .prefix }}({{ ctype .dtype }} x)
{
    {{ ctype .dtype }} p = {{ literal .dtype (last .coeffs) }};
{{- range $i := seq (sub (len .coeffs) 2) -1 -1 }}
    p = p * x + {{ literal $.dtype (index $.coeffs $i) }};
{{- end }}
    return p;
}
`, map[string]any{"dtype": dtype, "coeffs": coeffs})
}

// A module of one's own in a computation: 1 + 2x + 3x² at four points.
func Example_moduleInComputation() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()

	poly, err := polynomial(dtypes.Float32, []float64{1, 2, 3})
	if err != nil {
		log.Fatal(err)
	}
	t := core.ArrayOf(dtypes.Float32, 4)
	comp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
	}, `{{ .output.StoreSame }}({{ .poly }}({{ .input.LoadSame }}));`,
		computations.PureParallelOptions{Name: "evaluate", RenderArgs: map[string]any{"poly": poly}})
	if err != nil {
		log.Fatal(err)
	}
	c, err := comp.Compile(thr)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Release()

	in, err := thr.ToDevice([]float32{0, 1, 2, 3})
	if err != nil {
		log.Fatal(err)
	}
	defer in.Release()
	out, err := thr.EmptyLike(in)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()
	if err := c.Call(out, in); err != nil {
		log.Fatal(err)
	}
	values, err := cluda.Read[float32](out)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(values)
	// Output:
	// [1 6 17 34]
}
