package cluda_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

func TestBuildErrorShowsSourceLine(t *testing.T) {
	thr := cludatest.Thread(t)
	src := `KERNEL void broken(GLOBAL_MEM float *x)
{
    const SIZE_T i = get_global_id(0);
    x[i] = undeclared_thing * 2.0f;
}`
	_, err := thr.Compile(src, cluda.CompileOptions{Origin: func(line int) string { return "test template line " + string(rune('0'+line)) }})
	if !cludatest.IsBuildFailure(err) {
		t.Fatalf("error %v does not keep the compiler's failure", err)
	}
	var be *cluda.BuildError
	if !errors.As(err, &be) {
		t.Fatalf("error %T is not a *cluda.BuildError", err)
	}
	if len(be.Lines) == 0 || be.Lines[0].Line != 4 {
		t.Fatalf("diagnostics %+v, want one on line 4", be.Lines)
	}
	msg := err.Error()
	for _, want := range []string{"undeclared_thing", "    4 |     x[i] = undeclared_thing * 2.0f;", "test template line 4", "build log"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error message lacks %q:\n%s", want, msg)
		}
	}
}

func TestBadCompilerOption(t *testing.T) {
	thr := cludatest.Thread(t)
	cludatest.RequireOpenCL(t, thr)
	_, err := thr.Compile("KERNEL void k(GLOBAL_MEM int *x) { x[0] = 1; }", cluda.CompileOptions{Options: []string{"-definitely-not-an-option"}})
	// PoCL answers CL_INVALID_BUILD_OPTIONS; NVIDIA a build failure whose
	// log names the option. Either way the driver's own status is kept.
	var be *cl.BuildError
	if !errors.As(err, &be) {
		t.Fatalf("error %v is not a build error", err)
	}
	switch {
	case errors.Is(err, cl.InvalidBuildOptions):
	case errors.Is(err, cl.BuildProgramFailure) && strings.Contains(err.Error(), "-definitely-not-an-option"):
	default:
		t.Fatalf("error %v: want CL_INVALID_BUILD_OPTIONS, or a build failure that names the option", err)
	}
	if be.Err.Status != cl.InvalidBuildOptions && be.Err.Status != cl.BuildProgramFailure {
		t.Errorf("status %v", be.Err.Status)
	}
}

func TestPreludeMacros(t *testing.T) {
	thr := cludatest.Thread(t)
	cludatest.RequireOpenCL(t, thr)
	src := `
typedef struct { char ALIGN(8) a; int b; } pair;
WITHIN_KERNEL INLINE float twice(float x) { return 2.0f * x; }
KERNEL void k(GLOBAL_MEM float2 *out, CONSTANT_MEM float *c, LOCAL_MEM_ARG float *scratch)
{
    LOCAL_MEM float tile[4];
    const SIZE_T i = get_local_id(0);
    const VSIZE_T j = i;
    scratch[i] = c[i];
    tile[i] = twice(c[i]);
    LOCAL_BARRIER;
    out[j] = COMPLEX_CTR(float2)(scratch[3 - i], tile[3 - i]);
#ifdef COMPILE_FAST_MATH
    out[j].x += 100.0f;
#endif
}`
	for _, fast := range []bool{false, true} {
		prog, err := thr.Compile(src, cluda.CompileOptions{FastMath: fast})
		if err != nil {
			t.Fatal(err)
		}
		k, err := prog.Kernel("k")
		if err != nil {
			t.Fatal(err)
		}
		c, _ := thr.ToDevice([]float32{1, 2, 3, 4})
		out, _ := thr.ToDevice(make([]complex64, 4))
		if err := k.Call([]int{4}, []int{4}, out, c, cl.LocalMem(16)); err != nil {
			t.Fatal(err)
		}
		got, err := cluda.Read[complex64](out)
		if err != nil {
			t.Fatal(err)
		}
		add := float32(0)
		if fast {
			add = 100
		}
		for i, v := range got {
			want := complex(float32(4-i)+add, float32(2*(4-i)))
			if v != want {
				t.Errorf("fast=%v: out[%d] = %v, want %v", fast, i, v, want)
			}
		}
		c.Release()
		out.Release()
	}
}

func TestPreludeDefinesEveryMacro(t *testing.T) {
	thr := cludatest.Thread(t)
	p, err := thr.Compile("KERNEL void k(GLOBAL_MEM int *x) { x[0] = 1; }", cluda.CompileOptions{FastMath: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range append(cluda.PreludeMacros, "COMPILE_FAST_MATH") {
		if !strings.Contains(p.FullSource(), "#define "+m) {
			t.Errorf("the prelude does not define %s", m)
		}
	}
}

// TestWrapCLQueue runs a kernel on a Thread around a queue made elsewhere,
// and checks that releasing the Thread leaves that queue usable.
func TestWrapCLQueue(t *testing.T) {
	cludatest.RequireOpenCL(t, cludatest.Thread(t))
	dev, ok := cludatest.Thread(t).Device().CLDevice()
	if !ok {
		t.Fatal("an OpenCL Thread's device has no OpenCL handle")
	}
	ctx, err := cl.CreateContext(dev)
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Release()
	q, err := cl.CreateQueue(ctx, dev, false)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	thr, err := cluda.WrapCLQueue(q)
	if err != nil {
		t.Fatal(err)
	}
	if thr.CLQueue() != q || thr.CLContext() != ctx || !thr.Device().Equal(cluda.DeviceFromCL(dev)) {
		t.Error("the wrapped Thread does not use the given queue and context")
	}
	p, err := thr.Compile("KERNEL void k(GLOBAL_MEM int *x) { x[get_global_id(0)] = 7; }", cluda.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	k, _ := p.Kernel("k")
	a, _ := thr.Zeros([]int{4}, dtypes.Int32)
	if err := k.Call([]int{4}, nil, a); err != nil {
		t.Fatal(err)
	}
	got, _ := cluda.Read[int32](a)
	a.Release()
	thr.Release()
	if got[3] != 7 {
		t.Errorf("kernel wrote %v", got)
	}
	if err := q.Finish(); err != nil {
		t.Errorf("the queue is not usable after the Thread's release: %v", err)
	}
}
