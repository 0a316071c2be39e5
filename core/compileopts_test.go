package core_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/templates"
)

// probeTemplate stores what its kernel was compiled with: 1 in out[0]
// where the compiler defines __FAST_RELAXED_MATH__ (it got
// -cl-fast-relaxed-math), 2 in out[1] where the prelude defines
// COMPILE_FAST_MATH, and the macros SCALE and SHIFT in out[2] and out[3]
// (0 where they are not defined).
var probeTemplate = templates.MustParse("probe", `{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    int fast = 0, prelude = 0, scale = 0, shift = 0;
#ifdef __FAST_RELAXED_MATH__
    fast = 1;
#endif
#ifdef COMPILE_FAST_MATH
    prelude = 2;
#endif
#ifdef SCALE
    scale = SCALE;
#endif
#ifdef SHIFT
    shift = SHIFT;
#endif
    {{ .out.StoreIdx }}(0, fast);
    {{ .out.StoreIdx }}(1, prelude);
    {{ .out.StoreIdx }}(2, scale);
    {{ .out.StoreIdx }}(3, shift);
}`)

// probeComputation runs probeTemplate with the kernel call's own options.
func probeComputation(t *testing.T, kernel core.KernelOptions) *core.Computation {
	t.Helper()
	comp, err := core.NewComputation("probe", []core.Parameter{core.Param("out", core.Out(core.ArrayOf(dtypes.Int32, 4)))},
		func(plan *core.Plan, args map[string]*core.KernelArgument) error {
			return plan.KernelCall(probeTemplate, []core.KernelArg{core.Bind("out", args["out"])}, []int{1}, kernel)
		})
	if err != nil {
		t.Fatal(err)
	}
	return comp
}

// runProbe compiles comp with opts (with Compile where opts is nil) and
// returns what its kernel stored, and its full source.
func runProbe(t *testing.T, thr *cluda.Thread, comp *core.Computation, opts *core.CompileOptions) ([]int32, string) {
	t.Helper()
	var c *core.Callable
	var err error
	if opts == nil {
		c, err = comp.Compile(thr)
	} else {
		c, err = comp.CompileWith(thr, *opts)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	out, err := thr.Zeros([]int{4}, dtypes.Int32)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if err := c.Call(out); err != nil {
		t.Fatal(err)
	}
	got, err := cluda.Read[int32](out)
	if err != nil {
		t.Fatal(err)
	}
	return got, c.Kernels()[0].FullSource
}

// TestCompileWith checks that a computation's compile options reach the
// compiler, together with a kernel call's own. Every case compiles the
// same template on one Thread: were two sets of options to share a cached
// program, one of them would store the other's answer.
func TestCompileWith(t *testing.T) {
	thr := cludatest.Thread(t)
	plain := probeComputation(t, core.KernelOptions{})
	for _, tc := range []struct {
		name       string
		comp       *core.Computation
		opts       *core.CompileOptions
		want       []int32
		wantSource []string // in the full source
	}{
		{"Compile", plain, nil, []int32{0, 0, 0, 0}, nil},
		{"zero options", plain, &core.CompileOptions{}, []int32{0, 0, 0, 0}, nil},
		{"fast math", plain, &core.CompileOptions{FastMath: true}, []int32{1, 2, 0, 0}, []string{"#define COMPILE_FAST_MATH\n"}},
		{"compiler option", plain, &core.CompileOptions{Options: []string{"-DSCALE=4"}}, []int32{0, 0, 4, 0}, nil},
		{"defines", plain, &core.CompileOptions{Defines: map[string]string{"SCALE": "3", "SHIFT": "-1"}}, []int32{0, 0, 3, -1},
			[]string{"#define SCALE 3\n#define SHIFT -1\n"}},
		{"kernel's fast math", probeComputation(t, core.KernelOptions{FastMath: true}), &core.CompileOptions{Defines: map[string]string{"SHIFT": "5"}},
			[]int32{1, 2, 0, 5}, nil},
		{"kernel's options after the computation's", probeComputation(t, core.KernelOptions{CompilerOptions: []string{"-DSHIFT=7"}}),
			&core.CompileOptions{FastMath: true, Options: []string{"-DSCALE=6"}}, []int32{1, 2, 6, 7}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, full := runProbe(t, thr, tc.comp, tc.opts)
			if !slices.Equal(got, tc.want) {
				t.Errorf("the kernel stored %v, want %v", got, tc.want)
			}
			for _, s := range tc.wantSource {
				if !strings.Contains(full, s) {
					t.Errorf("the full source does not hold %q:\n%s", s, full)
				}
			}
		})
	}
}

// TestRenderWith checks that a rendered plan shows the options as a
// compiled one does.
func TestRenderWith(t *testing.T) {
	comp := probeComputation(t, core.KernelOptions{})
	opts := core.CompileOptions{FastMath: true, Defines: map[string]string{"SCALE": "2"}}
	plan, err := comp.RenderWith(cluda.ModelGPU(), opts)
	if err != nil {
		t.Fatal(err)
	}
	full := plan.Kernels[0].FullSource
	if !strings.Contains(full, "#define COMPILE_FAST_MATH\n") || !strings.Contains(full, "#define SCALE 2\n") {
		t.Errorf("the rendered source lacks the options' macros:\n%s", full)
	}
	plain, err := comp.Render(cluda.ModelGPU())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.Kernels[0].FullSource, "#define SCALE") {
		t.Error("Render shows the defines of an earlier RenderWith")
	}
}

func TestCompileWithErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	comp := probeComputation(t, core.KernelOptions{})
	for _, tc := range []struct {
		name string
		opts core.CompileOptions
		want string
	}{
		{"define name", core.CompileOptions{Defines: map[string]string{"1A": "1"}}, `define "1A": macro name "1A" is not a C identifier`},
		{"define of the prelude", core.CompileOptions{Defines: map[string]string{"LOCAL_BARRIER": ""}}, "macro LOCAL_BARRIER is defined by the prelude"},
		{"define of two lines", core.CompileOptions{Defines: map[string]string{"A": "1\n2"}}, "must be one line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := comp.CompileWith(thr, tc.opts)
			if err == nil {
				c.Release()
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "core: compile probe: ") {
				t.Errorf("compile: %v; want an error of the computation with %q", err, tc.want)
			}
			if _, err := comp.RenderWith(cluda.ModelGPU(), tc.opts); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("render: %v; want an error with %q", err, tc.want)
			}
		})
	}
	t.Run("unknown compiler option", func(t *testing.T) {
		c, err := comp.CompileWith(thr, core.CompileOptions{Options: []string{"-cl-no-such-option"}})
		if err == nil {
			c.Release()
			t.Fatal("compiled with an unknown option")
		}
		var be *cluda.BuildError
		// PoCL reports CL_INVALID_BUILD_OPTIONS; NVIDIA's driver reports a
		// failed build whose log names the option.
		// On CUDA, OpenCL's options are refused before NVRTC runs.
		if thr.API() == cluda.OpenCL && (!errors.As(err, &be) || !errors.Is(err, cl.InvalidBuildOptions) && !errors.Is(err, cl.BuildProgramFailure)) {
			t.Errorf("error %v, want a build error of status CL_INVALID_BUILD_OPTIONS or CL_BUILD_PROGRAM_FAILURE", err)
		}
		if msg := err.Error(); !strings.Contains(msg, "kernel kernel0") || !strings.Contains(msg, "-cl-no-such-option") {
			t.Errorf("error %q does not name the kernel and the option", msg)
		}
	})
	t.Run("nil Thread", func(t *testing.T) {
		if _, err := comp.CompileWith(nil, core.CompileOptions{}); err == nil || !strings.Contains(err.Error(), "nil Thread") {
			t.Errorf("compile on a nil Thread: %v", err)
		}
	})
}
