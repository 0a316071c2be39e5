package cu

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// requireDevice skips a test that needs a CUDA device where the machine
// has none, unless REIKNA_REQUIRE_CUDA=1 turns that into a failure.
// REIKNA_REQUIRE_DEVICE, which `make test` sets, asks for an OpenCL device
// only: CI has PoCL and no CUDA.
func requireDevice(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	missing := errors.Is(err, ErrNoDriver) || errors.Is(err, ErrNoNVRTC) || errors.Is(err, NoDevice)
	if missing && os.Getenv("REIKNA_REQUIRE_CUDA") != "1" {
		t.Skipf("no CUDA device: %v", err)
	}
	t.Fatalf("CUDA: %v", err)
}

// testContext returns a context on the first CUDA device.
func testContext(t *testing.T) *Context {
	t.Helper()
	requireDevice(t, Init())
	n, err := DeviceCount()
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		requireDevice(t, fmt.Errorf("cuDeviceGetCount found none: %w", NoDevice))
	}
	dev, err := GetDevice(0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := CreateContext(dev, ContextSchedAuto)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ctx.Release)
	return ctx
}

// compile compiles CUDA C for the context's device and loads it.
func compile(t *testing.T, ctx *Context, source string) *Module {
	t.Helper()
	_, _, err := NVRTCVersion()
	requireDevice(t, err)
	major, minor, err := ctx.Device().ComputeCapability()
	if err != nil {
		t.Fatal(err)
	}
	p, err := CreateProgram(source, "test.cu")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if err := p.Compile(fmt.Sprintf("--gpu-architecture=compute_%d%d", major, minor)); err != nil {
		t.Fatal(err)
	}
	ptx, err := p.PTX()
	if err != nil {
		t.Fatal(err)
	}
	m, err := LoadModule(ctx, ptx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Release)
	return m
}

func TestDeviceQuery(t *testing.T) {
	ctx := testContext(t)
	info, err := ctx.Device().Info()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", info)
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"name", info.Name != ""},
		{"compute capability", info.ComputeCapability[0] >= 3},
		{"multiprocessors", info.Multiprocessors > 0},
		{"warp size", info.WarpSize == 32},
		{"threads per block", info.MaxThreadsPerBlock >= 512 && info.MaxBlockDim[0] >= 512},
		{"grid", info.MaxGridDim[0] >= 65535},
		{"shared memory per block", info.SharedMemoryPerBlock >= 16<<10},
		{"opt-in shared memory", info.SharedMemoryPerBlockOptin >= info.SharedMemoryPerBlock},
		{"shared memory per multiprocessor", info.SharedMemoryPerMultiprocessor >= info.SharedMemoryPerBlockOptin},
		{"total memory", info.TotalMemory > 0},
		{"PCI address", info.PCIDomain >= 0 && info.PCIBus >= 0 && info.PCIDevice >= 0},
	} {
		if !c.ok {
			t.Errorf("implausible %s in %+v", c.what, info)
		}
	}
	v, err := DriverVersion()
	if err != nil || v < 1000 {
		t.Errorf("DriverVersion: %d, %v", v, err)
	}
	if p, err := DriverPath(); err != nil || p == "" {
		t.Errorf("DriverPath: %q, %v", p, err)
	}
}

func TestMemory(t *testing.T) {
	ctx := testContext(t)
	stream, err := CreateStream(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Release()
	const n = 1000
	src := make([]float32, n)
	for i := range src {
		src[i] = float32(i) + 0.5
	}
	a, err := Alloc(ctx, 4*n)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Free()
	b, err := Alloc(ctx, 4*n)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Free()
	host, err := AllocHost(ctx, 4*n)
	if err != nil {
		t.Fatal(err)
	}
	defer host.Free()
	for _, tc := range []struct {
		name string
		run  func() ([]float32, error)
		want func(i int) float32
	}{
		{"HtoD and DtoH", func() ([]float32, error) {
			if err := CopyHtoD(a, 0, src); err != nil {
				return nil, err
			}
			out := make([]float32, n)
			return out, CopyDtoH(out, a, 0)
		}, func(i int) float32 { return src[i] }},
		{"DtoD at offsets and memset", func() ([]float32, error) {
			if err := Memset(nil, b, 0, 4*n, 0); err != nil {
				return nil, err
			}
			if err := CopyDtoD(nil, b, 4*10, a, 4*20, 4*100); err != nil {
				return nil, err
			}
			out := make([]float32, n)
			return out, CopyDtoH(out, b, 0)
		}, func(i int) float32 {
			if i >= 10 && i < 110 {
				return src[i+10]
			}
			return 0
		}},
		{"asynchronous on a stream", func() ([]float32, error) {
			bytes, err := host.Bytes()
			if err != nil {
				return nil, err
			}
			copy(bytes, unsafe.Slice((*byte)(unsafe.Pointer(&src[0])), 4*n))
			if err := Memset(stream, b, 0, 4*n, 0xff); err != nil {
				return nil, err
			}
			if err := CopyHtoDAsync(stream, b, 0, host, 4*n/2, 4*n/2); err != nil {
				return nil, err
			}
			if err := CopyDtoD(stream, a, 0, b, 0, 4*n); err != nil {
				return nil, err
			}
			if err := stream.Synchronize(); err != nil { // the host memory is read until then
				return nil, err
			}
			clear(bytes)
			if err := CopyDtoHAsync(stream, host, 0, a, 0, 4*n); err != nil {
				return nil, err
			}
			if err := stream.Synchronize(); err != nil {
				return nil, err
			}
			return append([]float32(nil), unsafe.Slice((*float32)(unsafe.Pointer(&bytes[0])), n)...), nil
		}, func(i int) float32 {
			if i < n/2 {
				return src[i+n/2]
			}
			return math.Float32frombits(0xffffffff)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.run()
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				// Copies move bits: every value must come back exactly.
				if want := tc.want(i); math.Float32bits(got[i]) != math.Float32bits(want) {
					t.Fatalf("element %d: %v, want %v", i, got[i], want)
				}
			}
		})
	}
	t.Run("bad ranges", func(t *testing.T) {
		for _, err := range []error{
			CopyHtoD(a, 4, src),
			CopyDtoH(make([]float32, n), a, -4),
			CopyDtoD(nil, a, 0, b, 4*n-3, 4),
			Memset(nil, a, 4*n, 1, 0),
			CopyHtoDAsync(stream, a, 0, host, 1, 4*n),
		} {
			if err == nil || !strings.Contains(err.Error(), "bytes at offset") {
				t.Errorf("error %v, want a range error", err)
			}
		}
		if _, err := Alloc(ctx, 0); err == nil {
			t.Error("Alloc of 0 bytes succeeded")
		}
	})
	t.Run("wrapped memory", func(t *testing.T) {
		w, err := WrapMemory(ctx, a.Ptr(), a.Size())
		if err != nil {
			t.Fatal(err)
		}
		if err := CopyHtoD(w, 0, src); err != nil {
			t.Fatal(err)
		}
		w.Free() // forgets it only
		out := make([]float32, n)
		if err := CopyDtoH(out, a, 0); err != nil {
			t.Fatal(err)
		}
		if out[n-1] != src[n-1] {
			t.Errorf("through the wrapped memory: %v, want %v", out[n-1], src[n-1])
		}
		if err := CopyHtoD(w, 0, src); !errors.Is(err, ErrReleased) {
			t.Errorf("use after Free: %v, want ErrReleased", err)
		}
	})
}

const saxpySource = `
extern "C" __global__ void saxpy(float a, const float *x, float *y, unsigned int n)
{
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
`

func TestLaunch(t *testing.T) {
	ctx := testContext(t)
	f, err := compile(t, ctx, saxpySource).Function("saxpy")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Module().Function("absent"); !errors.Is(err, NotFound) {
		t.Errorf("Function(absent): %v, want NotFound", err)
	}
	if regs, err := f.Attribute(FuncNumRegisters); err != nil || regs <= 0 {
		t.Errorf("registers: %d, %v", regs, err)
	}
	stream, err := CreateStream(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Release()
	for _, n := range []int{1, 255, 256, 100003} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			x := make([]float32, n)
			y := make([]float32, n)
			for i := range x {
				x[i], y[i] = float32(i%1000), float32(i%7)
			}
			const a = 3
			dx, dy := alloc(t, ctx, x), alloc(t, ctx, y)
			start, err := CreateEvent(ctx, EventDefault)
			if err != nil {
				t.Fatal(err)
			}
			defer start.Release()
			end, err := CreateEvent(ctx, EventBlockingSync)
			if err != nil {
				t.Fatal(err)
			}
			defer end.Release()
			const block = 256
			args := (&Args{}).Float32(a).Memory(dx).Memory(dy).Uint32(uint32(n))
			if err := start.Record(stream); err != nil {
				t.Fatal(err)
			}
			if err := f.Launch(LaunchConfig{Grid: [3]int{(n + block - 1) / block, 1, 1}, Block: [3]int{block, 1, 1}, Stream: stream}, args); err != nil {
				t.Fatal(err)
			}
			if err := end.Record(stream); err != nil {
				t.Fatal(err)
			}
			if err := end.Synchronize(); err != nil {
				t.Fatal(err)
			}
			if done, err := end.Done(); err != nil || !done {
				t.Errorf("Done after Synchronize: %v, %v", done, err)
			}
			elapsed, err := ElapsedTime(start, end)
			if err != nil || elapsed <= 0 {
				t.Errorf("ElapsedTime: %v, %v", elapsed, err)
			}
			got := make([]float32, n)
			if err := CopyDtoH(got, dy, 0); err != nil {
				t.Fatal(err)
			}
			for i := range got {
				// Small integers: a*x+y is exact in float32, fused or not.
				if want := a*x[i] + y[i]; got[i] != want {
					t.Fatalf("y[%d] = %v, want %v", i, got[i], want)
				}
			}
		})
	}
	t.Run("bad geometry", func(t *testing.T) {
		err := f.Launch(LaunchConfig{Grid: [3]int{1, 0, 1}, Block: [3]int{32, 1, 1}}, nil)
		if err == nil || !strings.Contains(err.Error(), "grid") {
			t.Errorf("zero grid: %v", err)
		}
		err = f.Launch(LaunchConfig{Grid: [3]int{1, 1, 1}, Block: [3]int{4096, 1, 1}}, (&Args{}).Float32(0).Ptr(0).Ptr(0).Uint32(0))
		if !errors.Is(err, InvalidValue) {
			t.Errorf("block of 4096: %v, want InvalidValue", err)
		}
	})
}

// alloc returns device memory holding values.
func alloc(t *testing.T, ctx *Context, values []float32) *Memory {
	t.Helper()
	m, err := Alloc(ctx, 4*len(values))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Free)
	if err := CopyHtoD(m, 0, values); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestBuildErrors(t *testing.T) {
	ctx := testContext(t)
	_, _, err := NVRTCVersion()
	requireDevice(t, err)
	t.Run("NVRTC", func(t *testing.T) {
		p, err := CreateProgram("extern \"C\" __global__ void k(float *y)\n{\n\ty[0] = undeclared;\n}\n", "broken.cu")
		if err != nil {
			t.Fatal(err)
		}
		defer p.Release()
		err = p.Compile("-default-device")
		var be *BuildError
		if !errors.As(err, &be) || !errors.Is(err, NVRTCCompilation) {
			t.Fatalf("error %v, want a BuildError of NVRTCCompilation", err)
		}
		if !strings.Contains(be.Log, "broken.cu(3)") || !strings.Contains(be.Log, "undeclared") {
			t.Errorf("log %q does not point at line 3", be.Log)
		}
	})
	t.Run("bad option", func(t *testing.T) {
		p, err := CreateProgram(saxpySource, "saxpy.cu")
		if err != nil {
			t.Fatal(err)
		}
		defer p.Release()
		if err := p.Compile("--no-such-option"); !errors.Is(err, NVRTCInvalidOption) {
			t.Errorf("error %v, want NVRTCInvalidOption", err)
		}
	})
	t.Run("JIT", func(t *testing.T) {
		_, err := LoadModule(ctx, []byte(".version 7.0\n.target sm_50\n.address_size 64\n.visible .entry k() { bogus; }\n"))
		var be *BuildError
		if !errors.As(err, &be) || !errors.Is(err, InvalidPTX) {
			t.Fatalf("error %v, want a BuildError of InvalidPTX", err)
		}
		if be.Log == "" {
			t.Error("no JIT log")
		}
	})
}

func TestDynamicSharedMemory(t *testing.T) {
	ctx := testContext(t)
	info, err := ctx.Device().Info()
	if err != nil {
		t.Fatal(err)
	}
	const defaultLimit = 48 << 10
	if info.SharedMemoryPerBlockOptin <= defaultLimit {
		t.Skipf("%s allows no more than %d bytes of shared memory per block", info.Name, info.SharedMemoryPerBlockOptin)
	}
	f, err := compile(t, ctx, `
extern "C" __global__ void reverse(float *y, unsigned int n)
{
	extern __shared__ float buf[];
	for (unsigned int i = threadIdx.x; i < n; i += blockDim.x)
		buf[i] = y[i];
	__syncthreads();
	for (unsigned int i = threadIdx.x; i < n; i += blockDim.x)
		y[i] = buf[n - 1 - i];
}
`).Function("reverse")
	if err != nil {
		t.Fatal(err)
	}
	static, err := f.Attribute(FuncSharedSizeBytes)
	if err != nil {
		t.Fatal(err)
	}
	bytes := info.SharedMemoryPerBlockOptin - static
	n := bytes / 4
	y := make([]float32, n)
	for i := range y {
		y[i] = float32(i)
	}
	dy := alloc(t, ctx, y)
	cfg := LaunchConfig{Grid: [3]int{1, 1, 1}, Block: [3]int{256, 1, 1}, SharedBytes: bytes}
	args := (&Args{}).Memory(dy).Uint32(uint32(n))
	var cuErr *Error
	if err := f.Launch(cfg, args); !errors.As(err, &cuErr) || cuErr.Call != "cuLaunchKernel" {
		t.Errorf("launch with %d bytes before raising the limit: %v, want cuLaunchKernel to refuse it", bytes, err)
	}
	if err := f.SetMaxDynamicSharedMemory(bytes); err != nil {
		t.Fatal(err)
	}
	if got, err := f.Attribute(FuncMaxDynamicSharedSizeBytes); err != nil || got != bytes {
		t.Errorf("attribute: %d, %v, want %d", got, err, bytes)
	}
	if err := f.Launch(cfg, args); err != nil {
		t.Fatal(err)
	}
	if err := ctx.Synchronize(); err != nil {
		t.Fatal(err)
	}
	got := make([]float32, n)
	if err := CopyDtoH(got, dy, 0); err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if want := float32(n - 1 - i); got[i] != want {
			t.Fatalf("y[%d] = %v, want %v", i, got[i], want)
		}
	}
}

func TestInterop(t *testing.T) {
	ctx := testContext(t)
	primary, err := RetainPrimaryContext(ctx.Device())
	if err != nil {
		t.Fatal(err)
	}
	defer primary.Release()
	wrapped, err := WrapContext(primary.Handle())
	if err != nil {
		t.Fatal(err)
	}
	if wrapped.Device() != ctx.Device() || wrapped.Handle() != primary.Handle() {
		t.Errorf("wrapped context: device %d handle %#x, want %d %#x", wrapped.Device(), wrapped.Handle(), ctx.Device(), primary.Handle())
	}
	s, err := CreateStream(primary, true)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Release()
	ws, err := WrapStream(wrapped, s.Handle())
	if err != nil {
		t.Fatal(err)
	}
	m, err := Alloc(wrapped, 16)
	if err != nil {
		t.Fatal(err)
	}
	if err := Memset(ws, m, 0, 16, 7); err != nil {
		t.Fatal(err)
	}
	if err := ws.Synchronize(); err != nil {
		t.Fatal(err)
	}
	out := make([]uint8, 16)
	if err := CopyDtoH(out, m, 0); err != nil {
		t.Fatal(err)
	}
	if out[15] != 7 {
		t.Errorf("memset through a wrapped stream: %v", out)
	}
	m.Free()
	ws.Release()
	wrapped.Release() // forgets only: the primary context lives on
	if err := primary.Synchronize(); err != nil {
		t.Errorf("primary context after the wrapper's Release: %v", err)
	}
	if _, err := WrapContext(0); err == nil {
		t.Error("WrapContext(0) succeeded")
	}
}
