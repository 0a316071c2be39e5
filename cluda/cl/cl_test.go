package cl

import (
	"errors"
	"strings"
	"testing"
)

// testQueue returns a queue with profiling on the first device found, or
// skips the test where the machine has no OpenCL platform at all.
func testQueue(t *testing.T) (*Context, *Queue) {
	t.Helper()
	ps, err := Platforms()
	if err != nil {
		t.Fatalf("Platforms: %v", err)
	}
	for _, p := range ps {
		ds, err := p.Devices(DeviceTypeAll)
		if err != nil {
			t.Fatalf("Devices: %v", err)
		}
		if len(ds) == 0 {
			continue
		}
		ctx, err := CreateContext(ds[0])
		if err != nil {
			t.Fatalf("CreateContext: %v", err)
		}
		q, err := CreateQueue(ctx, ds[0], true)
		if err != nil {
			t.Fatalf("CreateQueue: %v", err)
		}
		t.Cleanup(func() { q.Release(); ctx.Release() })
		return ctx, q
	}
	t.Skip("no OpenCL platform with a device")
	return nil, nil
}

func TestDeviceInfo(t *testing.T) {
	_, q := testQueue(t)
	info, err := q.Device().Info()
	if err != nil {
		t.Fatal(err)
	}
	if info.Name == "" || info.Vendor == "" || !strings.HasPrefix(info.Version, "OpenCL") {
		t.Errorf("name %q vendor %q version %q", info.Name, info.Vendor, info.Version)
	}
	if !strings.HasPrefix(info.OpenCLCVersion, "OpenCL C") {
		t.Errorf("OpenCL C version %q", info.OpenCLCVersion)
	}
	if info.MaxComputeUnits < 1 || info.MaxWorkGroupSize < 1 || len(info.MaxWorkItemSizes) < 1 {
		t.Errorf("compute units %d, work-group %d, item sizes %v", info.MaxComputeUnits, info.MaxWorkGroupSize, info.MaxWorkItemSizes)
	}
	if info.GlobalMemSize <= 0 || info.MaxMemAllocSize <= 0 || info.LocalMemSize <= 0 {
		t.Errorf("memory sizes %d %d %d", info.GlobalMemSize, info.MaxMemAllocSize, info.LocalMemSize)
	}
	if info.AddressBits != 32 && info.AddressBits != 64 {
		t.Errorf("address bits %d", info.AddressBits)
	}
	if info.MemBaseAddrAlignBits < 8 {
		t.Errorf("base alignment %d bits", info.MemBaseAddrAlignBits)
	}
	if info.Type == 0 {
		t.Error("no device type")
	}
}

func TestTransfers(t *testing.T) {
	ctx, q := testQueue(t)
	b, err := CreateBuffer(ctx, MemReadWrite, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	src := []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	if err := Write(q, b, 0, src); err != nil {
		t.Fatal(err)
	}
	// Overwrite the middle with a fill, then copy a part to another buffer.
	if _, err := q.FillBuffer(b, []byte{0, 0, 0x80, 0xbf}, 16, 16, nil, false); err != nil { // -1.0f
		t.Fatal(err)
	}
	c, err := CreateBuffer(ctx, MemReadWrite, 32)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	ev, err := q.CopyBuffer(b, c, 8, 0, 32, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(); err != nil {
		t.Fatal(err)
	}
	ev.Release()
	got := make([]float32, 8)
	if err := Read(q, c, 0, got); err != nil {
		t.Fatal(err)
	}
	want := []float32{3, 4, -1, -1, -1, -1, 9, 10}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	// Bytes outside the buffer, bad patterns and pointerful element types are errors.
	if err := Write(q, b, 60, src[:2]); err == nil {
		t.Error("write past the end gave no error")
	}
	if _, err := q.FillBuffer(b, []byte{1, 2, 3}, 0, 3, nil, false); err == nil {
		t.Error("3-byte pattern gave no error")
	}
	if err := Write(q, b, 0, []*int{nil}); err == nil {
		t.Error("writing pointers gave no error")
	}
	if _, err := CreateBuffer(ctx, MemReadWrite, 0); err == nil {
		t.Error("empty buffer gave no error")
	}
}

const saxpy = `
__kernel void saxpy(__global float *y, __global const float *x, float a, int n, __local float *scratch)
{
    int i = get_global_id(0);
    scratch[get_local_id(0)] = x[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n) y[i] = a * scratch[get_local_id(0)] + y[i];
}
`

func TestKernelRun(t *testing.T) {
	ctx, q := testQueue(t)
	p, err := CreateProgramWithSource(ctx, saxpy)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if err := p.Build(nil, "-cl-std=CL1.2"); err != nil {
		t.Fatal(err)
	}
	if _, err := p.BuildLog(q.Device()); err != nil {
		t.Errorf("BuildLog after success: %v", err)
	}
	k, err := CreateKernel(p, "saxpy")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	if n, err := k.NumArgs(); err != nil || n != 5 {
		t.Errorf("NumArgs = %d, %v", n, err)
	}
	const n = 256
	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i), 1
	}
	bx, _ := CreateBuffer(ctx, MemReadWrite, 4*n)
	by, _ := CreateBuffer(ctx, MemReadWrite, 4*n)
	defer bx.Release()
	defer by.Release()
	if err := Write(q, bx, 0, x); err != nil {
		t.Fatal(err)
	}
	if err := Write(q, by, 0, y); err != nil {
		t.Fatal(err)
	}
	if err := k.SetArgs(by, bx, float32(2), int32(n), LocalMem(4*64)); err != nil {
		t.Fatal(err)
	}
	wg, err := k.WorkGroupInfo(q.Device())
	if err != nil || wg.WorkGroupSize < 1 {
		t.Fatalf("WorkGroupInfo = %+v, %v", wg, err)
	}
	ev, err := q.EnqueueKernel(k, NDRange{Global: []int{n}, Local: []int{64}}, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	defer ev.Release()
	if err := q.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(); err != nil {
		t.Fatal(err)
	}
	times, err := ev.Times()
	if err != nil {
		t.Fatal(err)
	}
	if times.Ended < times.Started || times.Started < times.Queued {
		t.Errorf("event times out of order: %+v", times)
	}
	if err := Read(q, by, 0, y); err != nil {
		t.Fatal(err)
	}
	for i := range y {
		if y[i] != 2*float32(i)+1 {
			t.Fatalf("y[%d] = %v, want %v", i, y[i], 2*float32(i)+1)
		}
	}
	// A wrong argument size names the kernel and keeps the status.
	err = k.SetArg(3, int64(n))
	if !errors.Is(err, InvalidArgSize) || !strings.Contains(err.Error(), "saxpy") {
		t.Errorf("SetArg with int64 for int: %v", err)
	}
}

func TestBuildErrors(t *testing.T) {
	ctx, q := testQueue(t)
	tests := []struct {
		name    string
		source  string
		options string
		status  Status
		inLog   string
	}{
		{"syntax", "__kernel void f(__global float *x) { x[0] = 1.0f +; }", "", BuildProgramFailure, "error"},
		{"bad option", saxpy, "-no-such-option-here", InvalidBuildOptions, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := CreateProgramWithSource(ctx, tt.source)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Release()
			err = p.Build(nil, tt.options)
			if !errors.Is(err, tt.status) {
				t.Fatalf("Build error %v, want status %v", err, tt.status)
			}
			var be *BuildError
			if !errors.As(err, &be) {
				t.Fatalf("error %T is not a *BuildError", err)
			}
			if len(be.Logs) != 1 || be.Logs[0].Device != q.Device().Name() {
				t.Fatalf("logs %+v", be.Logs)
			}
			if !strings.Contains(be.Logs[0].Log, tt.inLog) {
				t.Errorf("log %q does not contain %q", be.Logs[0].Log, tt.inLog)
			}
		})
	}
}

func TestReleased(t *testing.T) {
	ctx, q := testQueue(t)
	b, err := CreateBuffer(ctx, MemReadWrite, 16)
	if err != nil {
		t.Fatal(err)
	}
	b.Release()
	b.Release() // idempotent
	if err := Write(q, b, 0, []int32{1}); !errors.Is(err, ErrReleased) {
		t.Errorf("write to a released buffer: %v", err)
	}
	p, err := CreateProgramWithSource(ctx, saxpy)
	if err != nil {
		t.Fatal(err)
	}
	p.Release()
	if err := p.Build(nil, ""); !errors.Is(err, ErrReleased) {
		t.Errorf("build of a released program: %v", err)
	}
	if _, err := CreateKernel(p, "saxpy"); !errors.Is(err, ErrReleased) {
		t.Errorf("kernel of a released program: %v", err)
	}
}

func TestBinariesRoundTrip(t *testing.T) {
	ctx, q := testQueue(t)
	p, err := CreateProgramWithSource(ctx, saxpy)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if err := p.Build(nil, ""); err != nil {
		t.Fatal(err)
	}
	bins, err := p.Binaries()
	if err != nil || len(bins) != 1 || len(bins[0]) == 0 {
		t.Fatalf("Binaries: %d, %v", len(bins), err)
	}
	p2, err := CreateProgramWithBinaries(ctx, []*Device{q.Device()}, bins)
	if err != nil {
		t.Fatal(err)
	}
	defer p2.Release()
	if err := p2.Build(nil, ""); err != nil {
		t.Fatal(err)
	}
	k, err := CreateKernel(p2, "saxpy")
	if err != nil {
		t.Fatal(err)
	}
	k.Release()
}

func TestStatusNames(t *testing.T) {
	err := error(&Error{Call: "clFoo", Status: InvalidValue})
	if got := err.Error(); got != "cl: clFoo: CL_INVALID_VALUE (-30)" {
		t.Errorf("Error() = %q", got)
	}
	if !errors.Is(err, InvalidValue) || errors.Is(err, InvalidContext) {
		t.Error("errors.Is does not match the status")
	}
	if got := Status(-9999).Error(); got != "OpenCL status -9999" {
		t.Errorf("unknown status: %q", got)
	}
}

func TestParseDeviceType(t *testing.T) {
	tests := []struct {
		in   string
		want DeviceType
	}{
		{"gpu", DeviceTypeGPU}, {"CPU", DeviceTypeCPU}, {"Accelerator", DeviceTypeAccelerator},
		{"custom", DeviceTypeCustom}, {"default", DeviceTypeDefault}, {"all", DeviceTypeAll}, {"", DeviceTypeAll},
	}
	for _, tt := range tests {
		got, err := ParseDeviceType(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseDeviceType(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	if _, err := ParseDeviceType("fpga"); err == nil || !strings.Contains(err.Error(), `unknown device type "fpga"`) {
		t.Errorf("ParseDeviceType(fpga): %v", err)
	}
	if s := (DeviceTypeCPU | DeviceTypeGPU).String(); s != "CPU|GPU" {
		t.Errorf("String() = %q", s)
	}
}
