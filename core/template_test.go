package core_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/templates"
)

func TestCompileTemplateErrorNamesModule(t *testing.T) {
	thr := cludatest.Thread(t)
	good := snippets.MustModule("good", `WITHIN_KERNEL float {{ .prefix }}(float x)
{
    return x + 1.0f;
}`, nil)
	bad := snippets.MustModule("bad", `WITHIN_KERNEL float {{ .prefix }}(float x)
{
    float y = x * 2.0f;
    return y + no_such_variable;
}`, map[string]any{"good": good})
	tmpl := templates.MustParse("kernel.cl", `KERNEL void k(GLOBAL_MEM float *x)
{
    x[0] = {{ .bad }}({{ .good }}(x[0]));
}`)
	_, err := core.CompileTemplate(thr, tmpl, map[string]any{"good": good, "bad": bad}, cluda.CompileOptions{})
	if !cludatest.IsBuildFailure(err) {
		t.Fatalf("error %v, want a build failure", err)
	}
	var be *cluda.BuildError
	if !errors.As(err, &be) || len(be.Lines) == 0 {
		t.Fatalf("error %v has no diagnostics", err)
	}
	// Line 4 of module bad's template holds the error.
	if got := be.Lines[0].Origin; !strings.HasPrefix(got, "bad:4 in _mod_bad_") {
		t.Errorf("origin %q, want module bad line 4", got)
	}
	if !strings.Contains(be.Lines[0].Text, "return y + no_such_variable;") {
		t.Errorf("source line %q", be.Lines[0].Text)
	}
	if !strings.Contains(err.Error(), "no_such_variable") {
		t.Errorf("message lacks the diagnostic:\n%v", err)
	}
}

func TestCompileStaticTemplate(t *testing.T) {
	thr := cludatest.Thread(t)
	scale := snippets.MustSnippet("scale", []string{"x"}, "({{ .x }}) * {{ literal .dtype .factor }}",
		map[string]any{"factor": 3, "dtype": thrDType()})
	tmpl := templates.MustParse("fill.cl", `KERNEL void fill(GLOBAL_MEM {{ ctype .dtype }} *out)
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    const VSIZE_T j = virtual_global_id(1);
    out[i * {{ index .shape 1 }} + j] = {{ .scale.Call "(float)(i + j)" }};
}`)
	shape := []int{37, 53}
	k, err := core.CompileStaticTemplate(thr, tmpl, "fill", shape, map[string]any{"dtype": thrDType(), "scale": scale, "shape": shape}, cluda.StaticOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := thr.Empty(shape, thrDType())
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if err := k.Call(out); err != nil {
		t.Fatal(err)
	}
	got, err := cluda.Read[float32](out)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < shape[0]; i++ {
		for j := 0; j < shape[1]; j++ {
			if want := float32(3 * (i + j)); got[i*shape[1]+j] != want {
				t.Fatalf("out[%d,%d] = %v, want %v", i, j, got[i*shape[1]+j], want)
			}
		}
	}
	// A template that fails while rendering names the template, line and column.
	broken := templates.MustParse("broken.cl", "KERNEL void k()\n{\n    {{ .missing }}\n}")
	_, err = core.CompileTemplate(thr, broken, map[string]any{}, cluda.CompileOptions{})
	if err == nil || !strings.Contains(err.Error(), "broken.cl:3:") || !strings.Contains(err.Error(), "missing") {
		t.Errorf("render error %v", err)
	}
}

func thrDType() dtypes.DType { return dtypes.Float32 }
