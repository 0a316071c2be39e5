package cluda_test

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

const eventKernels = `
KERNEL void fill(GLOBAL_MEM int *x)
{
    const SIZE_T i = get_global_id(0);
    x[i] = (int)i;
}

KERNEL void twice(GLOBAL_MEM int *x)
{
    const SIZE_T i = get_global_id(0);
    x[i] *= 2;
}`

// eventKernel compiles kernel name of eventKernels on thr.
func eventKernel(t *testing.T, thr *cluda.Thread, name string) *cluda.Kernel {
	t.Helper()
	prog, err := thr.Compile(eventKernels, cluda.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(prog.Release)
	k, err := prog.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestEventWaitListOrdersAndTimesKernels(t *testing.T) {
	thr := cludatest.Thread(t)
	const n = 1000
	x, err := thr.Empty([]int{n}, dtypes.Int32)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Release()
	r := cluda.NDRange{Global: []int{n}}
	filled, err := eventKernel(t, thr, "fill").Enqueue(r, []any{x}, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	defer filled.Release()
	doubled, err := eventKernel(t, thr, "twice").Enqueue(r, []any{x}, []*cluda.Event{filled}, true)
	if err != nil {
		t.Fatal(err)
	}
	defer doubled.Release()
	if err := doubled.Wait(); err != nil {
		t.Fatal(err)
	}
	for _, e := range []*cluda.Event{filled, doubled} {
		if d, err := e.Duration(); err != nil || d < 0 {
			t.Errorf("Duration() = %v, %v; want a time the kernel ran", d, err)
		}
	}
	got, err := cluda.Read[int32](x)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != int32(2*i) {
			t.Fatalf("x[%d] = %d, want %d", i, v, 2*i)
		}
	}
	none, err := eventKernel(t, thr, "fill").Enqueue(r, []any{x}, nil, false)
	if err != nil || none != nil {
		t.Errorf("Enqueue without an event = %v, %v; want nil, nil", none, err)
	}
	doubled.Release() // a second Release does nothing
	if err := doubled.Wait(); err == nil {
		t.Error("Wait on a released event succeeded")
	}
}

func TestEventErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	other, err := cluda.CreateThread(cluda.DeviceFilter{Device: thr.Params().Name}, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Release()
	if other.Profiling() {
		t.Fatal("a Thread created without profiling reports profiling on")
	}
	x, err := other.Empty([]int{1}, dtypes.Int32)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Release()
	foreign, err := eventKernel(t, other, "fill").Enqueue(cluda.NDRange{Global: []int{1}}, []any{x}, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	defer foreign.Release()
	if err := foreign.Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := foreign.Duration(); err == nil {
		t.Error("Duration of an event of a queue without profiling succeeded")
	}

	y, err := thr.Empty([]int{1}, dtypes.Int32)
	if err != nil {
		t.Fatal(err)
	}
	defer y.Release()
	k := eventKernel(t, thr, "fill")
	for _, c := range []struct {
		name string
		wait []*cluda.Event
		want string
	}{
		{"nil event", []*cluda.Event{nil}, "wait list entry 0 is a nil *Event"},
		{"event of another Thread", []*cluda.Event{foreign}, "wait list entry 0 is an event of another Thread"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := thr.KernelEnqueues()
			ev, err := k.Enqueue(cluda.NDRange{Global: []int{1}}, []any{y}, c.wait, true)
			if err == nil {
				ev.Release()
				t.Fatal("Enqueue succeeded")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to say %q", err, c.want)
			}
			if after := thr.KernelEnqueues(); after != before {
				t.Errorf("%d kernels enqueued, want none", after-before)
			}
		})
	}
}
