package cluda_test

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cu"
	"github.com/reikna-go/reikna/dtypes"
)

// cudaThread returns a Thread on the first CUDA device, and skips where
// there is none, unless REIKNA_REQUIRE_DEVICE=1 and REIKNA_API=cuda ask
// for one.
func cudaThread(t *testing.T) *cluda.Thread {
	t.Helper()
	thr, err := cluda.CreateThread(cluda.DeviceFilter{API: cluda.CUDA}, cluda.ThreadOptions{Profiling: true})
	if errors.Is(err, cluda.ErrNoDevice) && !(os.Getenv("REIKNA_REQUIRE_DEVICE") == "1" && os.Getenv(cluda.APIEnv) == "cuda") {
		t.Skipf("no CUDA device: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(thr.Release)
	return thr
}

// TestCUDAThread runs a kernel, a static kernel, copies and fills through
// a CUDA Thread.
func TestCUDAThread(t *testing.T) {
	thr := cudaThread(t)
	p := thr.Params()
	if thr.API() != cluda.CUDA || p.API != cluda.CUDA || p.WarpSize != 32 || p.LocalMemSize != 48<<10 || thr.CLQueue() != nil || thr.CUDAStream() == nil {
		t.Fatalf("a CUDA Thread: API %v, params %+v", thr.API(), p)
	}
	x, err := thr.ToDevice([]float32{1, 2, 3, 4, 5})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Release()
	prog, err := thr.Compile(`KERNEL void scale(GLOBAL_MEM float *x, float f, int n)
{
    const SIZE_T i = get_global_id(0);
    if (i < n) x[i] = mad(x[i], f, 1.0f);
}`, cluda.CompileOptions{FastMath: true})
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Release()
	k, err := prog.Kernel("scale")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := k.Enqueue(cluda.NDRange{Global: []int{32}, Local: []int{32}}, []any{x, float32(2), int32(5)}, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	defer ev.Release()
	if err := ev.Wait(); err != nil {
		t.Fatal(err)
	}
	if d, err := ev.Duration(); err != nil || d <= 0 {
		t.Errorf("kernel time %v, %v", d, err)
	}
	got, err := cluda.Read[float32](x)
	if err != nil || !slices.Equal(got, []float32{3, 5, 7, 9, 11}) {
		t.Errorf("scaled %v, %v", got, err)
	}
	// A pattern of different bytes is written rather than set.
	if err := x.Fill(float32(0.5)); err != nil {
		t.Fatal(err)
	}
	if got, err = cluda.Read[float32](x); err != nil || !slices.Equal(got, []float32{0.5, 0.5, 0.5, 0.5, 0.5}) {
		t.Errorf("filled %v, %v", got, err)
	}
	if _, err := k.Enqueue(cluda.NDRange{Global: []int{4}}, []any{x, cl.LocalMem(16), int32(1)}, nil, false); err == nil || !strings.Contains(err.Error(), "local memory") {
		t.Errorf("a local memory argument: %v", err)
	}
}

// TestCUDABuildErrorOnDevice checks that NVRTC's diagnostics point at the
// failing line of the source.
func TestCUDABuildErrorOnDevice(t *testing.T) {
	thr := cudaThread(t)
	_, err := thr.Compile("KERNEL void k(GLOBAL_MEM float *x)\n{\n    x[0] = not_declared;\n}\n", cluda.CompileOptions{})
	var be *cluda.BuildError
	var cube *cu.BuildError
	if !errors.As(err, &be) || !errors.As(err, &cube) {
		t.Fatalf("error %v, want a *cluda.BuildError of a *cu.BuildError", err)
	}
	if len(be.Lines) == 0 || be.Lines[0].Line != 3 || !strings.Contains(be.Lines[0].Message, "not_declared") {
		t.Errorf("lines %+v of the build log:\n%s", be.Lines, cube.Log)
	}
	if _, err := thr.Compile("KERNEL void k(GLOBAL_MEM float *x) { x[0] = 1.0f; }", cluda.CompileOptions{Options: []string{"-cl-mad-enable"}}); err == nil {
		t.Error("an OpenCL option compiled on CUDA")
	}
}

// TestCUDAInterop checks that memory and a stream made outside cluda
// serve a Thread and its arrays.
func TestCUDAInterop(t *testing.T) {
	owner := cudaThread(t)
	ctx := owner.CUDAContext()
	stream, err := cu.CreateStream(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Release()
	thr, err := cluda.WrapCUDAStream(ctx, stream)
	if err != nil {
		t.Fatal(err)
	}
	defer thr.Release()
	mem, err := cu.Alloc(ctx, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Free()
	if err := cu.CopyHtoD(mem, 0, []int32{1, 2, 3, 4, 5, 6, 7, 8}); err != nil {
		t.Fatal(err)
	}
	a, err := thr.ArrayFromCUDA(mem.Ptr(), mem.Size(), []int{2, 2}, dtypes.Int32, []int{16, 4}, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	got, err := cluda.Read[int32](a)
	if err != nil || !slices.Equal(got, []int32{1, 2, 5, 6}) {
		t.Errorf("read %v, %v", got, err)
	}
	if _, err := thr.ArrayFromCUDA(mem.Ptr(), mem.Size(), []int{100}, dtypes.Int32, nil, 0); err == nil {
		t.Error("an array beyond the memory was made")
	}
}

// TestCUDAMemory checks that an array's CUDA memory is the allocation its
// values are in: the bytes read from it at the returned offset are the
// array's.
func TestCUDAMemory(t *testing.T) {
	thr := cudaThread(t)
	a, err := thr.ToDevice([]float32{1, 2, 3, 4, 5, 6})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	view, err := a.View([]int{2}, dtypes.Float32, nil, 12)
	if err != nil {
		t.Fatal(err)
	}
	mem, off, err := view.CUDAMemory()
	if err != nil {
		t.Fatal(err)
	}
	if off < 12 {
		t.Fatalf("offset %d of a view 12 bytes in", off)
	}
	host := make([]byte, 8)
	if err := cu.CopyBytesDtoH(host, mem, off); err != nil {
		t.Fatal(err)
	}
	got := []float32{math.Float32frombits(binary.LittleEndian.Uint32(host)), math.Float32frombits(binary.LittleEndian.Uint32(host[4:]))}
	if got[0] != 4 || got[1] != 5 {
		t.Errorf("the memory at the view's offset holds %v, want [4 5]", got)
	}
}
