package cluda

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/dtypes"
)

// optionsProbe writes what the compiler was told into x: 1 where the
// compiler defines __FAST_RELAXED_MATH__ (it got -cl-fast-relaxed-math),
// 2 where the prelude defines COMPILE_FAST_MATH, and the values of the
// macros SCALE and SHIFT, 0 where they are not defined.
const optionsProbe = `KERNEL void probe(GLOBAL_MEM int *x)
{
#ifdef __FAST_RELAXED_MATH__
    x[0] = 1;
#endif
#ifdef COMPILE_FAST_MATH
    x[1] = 2;
#endif
#ifdef SCALE
    x[2] = SCALE;
#endif
#ifdef SHIFT
    x[3] = SHIFT;
#endif
}`

// runProbe compiles optionsProbe with opts, runs it and returns x.
func runProbe(t *testing.T, thr *Thread, opts CompileOptions) []int32 {
	t.Helper()
	p, err := thr.Compile(optionsProbe, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel("probe")
	if err != nil {
		t.Fatal(err)
	}
	x, err := thr.Zeros([]int{4}, dtypes.Int32)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Release()
	if err := k.Call([]int{1}, nil, x); err != nil {
		t.Fatal(err)
	}
	got, err := Read[int32](x)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestCompileOptionsReachCompiler checks that fast math, compiler options
// and defines reach the compiler, and that each set of options gets a
// program of its own in the memory and disk caches: a program cached under
// the options of another would give the other's answer.
func TestCompileOptionsReachCompiler(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "programs")
	thr := cacheThread(t, dir)
	cases := []struct {
		name string
		opts CompileOptions
		want []int32
	}{
		{"none", CompileOptions{}, []int32{0, 0, 0, 0}},
		{"fast math", CompileOptions{FastMath: true}, []int32{1, 2, 0, 0}},
		{"option -D", CompileOptions{Options: []string{"-DSCALE=3"}}, []int32{0, 0, 3, 0}},
		{"defines", CompileOptions{Defines: map[string]string{"SCALE": "5", "SHIFT": "(2 + 4)"}}, []int32{0, 0, 5, 6}},
		{"other define value", CompileOptions{Defines: map[string]string{"SCALE": "7"}}, []int32{0, 0, 7, 0}},
		{"all", CompileOptions{FastMath: true, Options: []string{"-DSHIFT=9"}, Defines: map[string]string{"SCALE": "8"}}, []int32{1, 2, 8, 9}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := runProbe(t, thr, tc.opts); !slices.Equal(got, tc.want) {
				t.Errorf("probe computed %v, want %v", got, tc.want)
			}
			if n := thr.progs.len(); n != i+1 {
				t.Errorf("%d programs in the memory cache after %d sets of options", n, i+1)
			}
			entries, _ := filepath.Glob(filepath.Join(dir, "*.bin"))
			if len(entries) != i+1 {
				t.Errorf("%d programs in the disk cache after %d sets of options", len(entries), i+1)
			}
		})
	}
	// The same options again, the defines in another map, reuse the
	// cached programs.
	again := runProbe(t, thr, CompileOptions{Defines: map[string]string{"SHIFT": "(2 + 4)", "SCALE": "5"}})
	if !slices.Equal(again, cases[3].want) || thr.progs.len() != len(cases) {
		t.Errorf("compiling again computed %v with %d cached programs; want %v with %d", again, thr.progs.len(), cases[3].want, len(cases))
	}
	// A second Thread finds each set of options' program on disk.
	second := cacheThread(t, dir)
	for _, tc := range cases {
		if got := runProbe(t, second, tc.opts); !slices.Equal(got, tc.want) {
			t.Errorf("%s from the disk cache computed %v, want %v", tc.name, got, tc.want)
		}
	}
	if h := second.disk.hits.Load(); h != int64(len(cases)) {
		t.Errorf("second Thread: %d disk cache hits, want %d", h, len(cases))
	}
}

func TestDefinesInSource(t *testing.T) {
	thr := testThread(t)
	p, err := thr.Compile("KERNEL void k(GLOBAL_MEM int *x) { x[0] = B + A; }",
		CompileOptions{Defines: map[string]string{"B": "2", "A": "1", "EMPTY": ""}})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	full := p.FullSource()
	want := "#define A 1\n#define B 2\n#define EMPTY\n"
	if !strings.Contains(full, want) || !strings.HasSuffix(full, p.Source()) {
		t.Errorf("the full source does not show the defines %q in order before the source:\n%s", want, full)
	}
	// Build errors count lines from the start of the source, defines
	// notwithstanding.
	_, err = thr.Compile("KERNEL void k(GLOBAL_MEM int *x)\n{ x[0] = undefined_name; }",
		CompileOptions{Defines: map[string]string{"A": "1"}})
	var be *BuildError
	if !errors.As(err, &be) || len(be.Lines) == 0 || be.Lines[0].Line != 2 {
		t.Errorf("build error %v, want one on line 2", err)
	}
}

func TestCompileOptionsErrors(t *testing.T) {
	thr := testThread(t)
	const source = "KERNEL void k(GLOBAL_MEM int *x) { x[0] = 1; }"
	for _, tc := range []struct {
		name string
		opts CompileOptions
		want string
	}{
		{"define name not an identifier", CompileOptions{Defines: map[string]string{"A-B": "1"}}, `macro name "A-B" is not a C identifier`},
		{"define name empty", CompileOptions{Defines: map[string]string{"": "1"}}, "empty macro name"},
		{"define of the prelude", CompileOptions{Defines: map[string]string{"GLOBAL_MEM": ""}}, "macro GLOBAL_MEM is defined by the prelude"},
		{"define of fast math", CompileOptions{Defines: map[string]string{"COMPILE_FAST_MATH": "1"}}, "defined by the prelude"},
		{"define of two lines", CompileOptions{Defines: map[string]string{"A": "1\n#define B 2"}}, "must be one line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := thr.Compile(source, tc.opts)
			if err == nil {
				p.Release()
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("compile: %v; want an error with %q", err, tc.want)
			}
			if _, err := RenderStatic(ModelGPU(), source, "k", []int{1}, StaticOptions{CompileOptions: tc.opts}); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("render: %v; want an error with %q", err, tc.want)
			}
		})
	}
	t.Run("unknown compiler option", func(t *testing.T) {
		p, err := thr.Compile(source, CompileOptions{Options: []string{"-cl-no-such-option"}})
		if err == nil {
			p.Release()
			t.Fatal("a build with an unknown option succeeded")
		}
		// PoCL reports CL_INVALID_BUILD_OPTIONS; NVIDIA's driver reports a
		// failed build whose log names the option. Either is a clear error.
		if thr.API() == OpenCL && !errors.Is(err, cl.InvalidBuildOptions) && !errors.Is(err, cl.BuildProgramFailure) {
			t.Errorf("error %v, want one of status CL_INVALID_BUILD_OPTIONS or CL_BUILD_PROGRAM_FAILURE", err)
		}
		if !strings.Contains(err.Error(), "-cl-no-such-option") {
			t.Errorf("error %q does not name the options", err)
		}
	})
}
