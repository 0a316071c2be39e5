package cluda_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
)

// slowKernel keeps one work-item busy for a long time (about a quarter
// of a second on the 2-core CI machine, far longer than the deadlines
// below), writing a value that depends on every iteration so that no
// compiler drops the loop.
const slowKernel = `KERNEL void slow(GLOBAL_MEM float *x, int n)
{
    float v = x[0];
    for (int i = 0; i < n; i++)
        v = v * 0.999999f + 1e-7f * (float)(i & 7);
    x[0] = v;
}`

// TestContextCalls checks the Context variants of the blocking calls:
// with a context that is already done each returns its error at once; with
// a deadline that passes while a slow kernel runs each returns
// context.DeadlineExceeded before the kernel ends, and the device's work
// completes all the same; with a live context they do what the plain
// calls do, and a read given up leaves the caller's slice untouched.
func TestContextCalls(t *testing.T) {
	thr := cludatest.Thread(t)
	prog, err := thr.Compile(slowKernel, cluda.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	k, err := prog.Kernel("slow")
	if err != nil {
		t.Fatal(err)
	}
	x, err := thr.ToDevice([]float32{1})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Release()
	data, err := thr.ToDevice([]float32{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	defer data.Release()

	done, cancel := context.WithCancel(context.Background())
	cancel()
	untouched := []float32{-1, -1, -1}
	checks := map[string]error{
		"SynchronizeContext": thr.SynchronizeContext(done),
		"GetContext":         data.GetContext(done, untouched),
	}
	_, err = cluda.ReadContext[float32](done, data)
	checks["ReadContext"] = err
	for name, err := range checks {
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: %v, want context.Canceled", name, err)
		}
	}
	if !slices.Equal(untouched, []float32{-1, -1, -1}) {
		t.Errorf("GetContext with a cancelled context wrote %v", untouched)
	}

	// The first launch of a kernel in a configuration is waited for on
	// PoCL (see cluda's poclkernel.go): a short one first.
	if err := k.Call([]int{1}, nil, x, int32(1)); err != nil {
		t.Fatal(err)
	}
	if err := thr.Synchronize(); err != nil {
		t.Fatal(err)
	}
	ev, err := k.Enqueue(cluda.NDRange{Global: []int{1}}, []any{x, int32(1 << 28)}, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	defer ev.Release()
	deadline, stop := context.WithTimeout(context.Background(), time.Millisecond)
	defer stop()
	start := time.Now()
	if err := ev.WaitContext(deadline); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("WaitContext past its deadline: %v, want context.DeadlineExceeded", err)
	}
	if err := thr.SynchronizeContext(deadline); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("SynchronizeContext past its deadline: %v, want context.DeadlineExceeded", err)
	}
	early := time.Since(start)
	if err := ev.WaitContext(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Logf("the calls with a deadline returned after %v, the kernel after %v", early, time.Since(start))
	if err := thr.SynchronizeContext(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := make([]float32, 3)
	if err := data.GetContext(context.Background(), got); err != nil || !slices.Equal(got, []float32{1, 2, 3}) {
		t.Errorf("GetContext: %v, %v, want [1 2 3]", got, err)
	}
	read, err := cluda.ReadContext[float32](context.Background(), data)
	if err != nil || !slices.Equal(read, []float32{1, 2, 3}) {
		t.Errorf("ReadContext: %v, %v, want [1 2 3]", read, err)
	}
	if _, err := cluda.ReadContext[float64](context.Background(), data); err == nil {
		t.Error("ReadContext of float32 values as float64: no error")
	}
}
