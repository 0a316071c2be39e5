package core_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

// slowOrFast doubles its input with one of two kernels that compute the
// same: "slow", the rule, which spins through a long loop for each
// element, and "fast".
var slowOrFast = templates.MustParse("slow_or_fast", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    float v = {{ .in.LoadIdx }}(i);
{{- if .slow }}
    float spin = v;
    for (int k = 0; k < 20000; k++)
        spin = spin * 0.5f + v * 0.5f;
    v = spin;
{{- end }}
    {{ .out.StoreIdx }}(i, 2 * v);
}`)

// choosing returns the computation of slowOrFast over n elements whose
// choice point is named key.
func choosing(t *testing.T, key string, n int) *core.Computation {
	t.Helper()
	typ := core.ArrayOf(dtypes.Float32, n)
	c, err := core.NewComputation("choosing", []core.Parameter{
		core.Param("out", core.Out(typ)),
		core.Param("in", core.In(typ)),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		choice := plan.Choose(key, "slow", "fast")
		return plan.KernelCall(slowOrFast, []core.KernelArg{core.Bind("out", args["out"]), core.Bind("in", args["in"])},
			[]int{n}, core.KernelOptions{Name: choice, RenderArgs: map[string]any{"slow": choice == "slow"}})
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestTune tunes a choice between a slow kernel, the rule, and a fast
// one: tuning takes the fast one and keeps it in the Thread's wisdom, a
// later compile without tuning takes the kept choice, a choice point
// that was never tuned takes the rule, and so does a render; the tuned
// callable computes what the rule does.
func TestTune(t *testing.T) {
	t.Setenv(cluda.CacheDirEnv, t.TempDir())
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer thr.Release()
	key := fmt.Sprintf("core test choice %s", t.Name())
	const n = 4096
	kernel := func(opts core.CompileOptions, key string) (string, *core.Callable) {
		t.Helper()
		k, err := choosing(t, key, n).CompileWith(thr, opts)
		if err != nil {
			t.Fatal(err)
		}
		return k.Kernels()[0].Name, k
	}
	name, k := kernel(core.CompileOptions{}, key+" untuned")
	k.Release()
	if name != "slow" {
		t.Errorf("an untuned choice took %q, want the rule, slow", name)
	}
	name, tuned := kernel(core.CompileOptions{Tune: true}, key)
	defer tuned.Release()
	if name != "fast" {
		t.Errorf("tuning took %q, want fast", name)
	}
	if c, ok := thr.Wisdom().Choice(key); !ok || c != "fast" {
		t.Errorf("the wisdom holds %q, %v, want fast", c, ok)
	}
	name, k = kernel(core.CompileOptions{}, key)
	k.Release()
	if name != "fast" {
		t.Errorf("a compile after tuning took %q, want the kept choice, fast", name)
	}
	r, err := choosing(t, key, n).Render(cluda.ModelGPU())
	if err != nil {
		t.Fatal(err)
	}
	if r.Kernels[0].Name != "slow" {
		t.Errorf("a render took %q, want the rule, slow", r.Kernels[0].Name)
	}
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(math.Sin(float64(i)))
	}
	in, err := thr.ToDevice(x)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Release()
	out, err := thr.Empty([]int{n}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if err := tuned.Call(out, in); err != nil {
		t.Fatal(err)
	}
	got, err := cluda.Read[float32](out)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != 2*x[i] {
			t.Fatalf("element %d: got %v, want %v", i, v, 2*x[i])
		}
	}
}

// TestCallableTime times a callable on arrays it makes itself, and
// refuses a count of no runs.
func TestCallableTime(t *testing.T) {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer thr.Release()
	k, err := choosing(t, "core test time", 1024).Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	if d, err := k.Time(3); err != nil || d <= 0 {
		t.Errorf("Time(3) = %v, %v, want a positive time", d, err)
	}
	if _, err := k.Time(0); err == nil {
		t.Error("Time(0): no error")
	}
}
