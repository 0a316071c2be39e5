package cluda

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cu"
)

func TestNVRTCOptions(t *testing.T) {
	tests := []struct {
		name string
		opts CompileOptions
		want []string
		err  string
	}{
		{"none", CompileOptions{}, nil, ""},
		{"fast math", CompileOptions{FastMath: true}, []string{"--use_fast_math"}, ""},
		{"defines", CompileOptions{Options: []string{"-D N=4", "-DM", "-D", "K=2"}},
			[]string{"--define-macro=N=4", "--define-macro=M", "--define-macro=K=2"}, ""},
		{"include and warnings", CompileOptions{Options: []string{"-I /inc -w"}}, []string{"--include-path=/inc", "--disable-warnings"}, ""},
		{"NVRTC's own", CompileOptions{Options: []string{"--extra-device-vectorization"}}, []string{"--extra-device-vectorization"}, ""},
		{"OpenCL's", CompileOptions{Options: []string{"-cl-mad-enable"}}, nil, "-cl-mad-enable is OpenCL's"},
		{"define without value", CompileOptions{Options: []string{"-D"}}, nil, "without its value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := nvrtcOptions(tt.opts)
			if checkError(t, err, tt.err) {
				return
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("options %q, want %q", got, tt.want)
			}
		})
	}
}

// checkError fails the test where err is not what a case wants: an error
// whose message has want, or, for an empty want, none. It reports whether
// the case wanted an error, which ends it.
func checkError(t *testing.T, err error, want string) bool {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Fatal(err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
		t.Fatalf("error %v, want one with %q", err, want)
	}
	return want != ""
}

// TestCUDAGeometry checks the mapping of OpenCL ranges onto CUDA grids,
// among them the real launches of virtual sizes.
func TestCUDAGeometry(t *testing.T) {
	tests := []struct {
		name        string
		r           NDRange
		limit       int
		grid, block [3]int
		err         string
	}{
		{"1-D", NDRange{Global: []int{1024}, Local: []int{256}}, 0, [3]int{4, 1, 1}, [3]int{256, 1, 1}, ""},
		{"3-D", NDRange{Global: []int{64, 3, 5}, Local: []int{32, 1, 1}}, 0, [3]int{2, 3, 5}, [3]int{32, 1, 1}, ""},
		{"no local size", NDRange{Global: []int{1000}}, 1024, [3]int{4, 1, 1}, [3]int{250, 1, 1}, ""},
		{"no local size, kernel limit", NDRange{Global: []int{1024, 2}}, 64, [3]int{16, 2, 1}, [3]int{64, 1, 1}, ""},
		{"no local size, prime", NDRange{Global: []int{257}}, 1024, [3]int{257, 1, 1}, [3]int{1, 1, 1}, ""},
		{"not a multiple", NDRange{Global: []int{100}, Local: []int{32}}, 0, [3]int{}, [3]int{}, "not a multiple"},
		{"ranks differ", NDRange{Global: []int{64, 2}, Local: []int{32}}, 0, [3]int{}, [3]int{}, "does not match"},
		{"offset", NDRange{Global: []int{64}, Local: []int{32}, Offset: []int{1}}, 0, [3]int{}, [3]int{}, "offset"},
		{"four dimensions", NDRange{Global: []int{1, 1, 1, 1}}, 0, [3]int{}, [3]int{}, "1 to 3"},
		{"empty", NDRange{Global: []int{0}}, 0, [3]int{}, [3]int{}, "below 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			grid, block, err := cudaGeometry(tt.r, tt.limit)
			if checkError(t, err, tt.err) {
				return
			}
			if grid != tt.grid || block != tt.block {
				t.Errorf("grid %v block %v, want %v %v", grid, block, tt.grid, tt.block)
			}
		})
	}
	// A static kernel's real launch maps onto blocks of its work-group.
	vs, err := computeVSizes([]int{7, 11, 13}, []int{1, 2, 8}, deviceLimits(ModelGPU()))
	if err != nil {
		t.Fatal(err)
	}
	grid, block, err := cudaGeometry(NDRange{Global: vs.realGlobal, Local: vs.realLocal}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if block != [3]int{16, 1, 1} || grid[0]*grid[1]*grid[2] < vs.totalGroups {
		t.Errorf("virtual size %v: grid %v, block %v", vs.global, grid, block)
	}
}

func TestCUDAArgumentAlignment(t *testing.T) {
	type pair struct {
		A, B float32
		C    complex64
	}
	type misplaced struct {
		A float32
		B complex64
		C float32
	}
	tests := []struct {
		value any
		align int
		err   string
	}{
		{int32(1), 4, ""},
		{uint64(1), 8, ""},
		{float32(1), 4, ""},
		{complex64(1), 8, ""},
		{complex128(1), 16, ""},
		{[2]complex64{}, 8, ""},
		{pair{}, 8, ""},
		{[3]pair{}, 8, ""},
		{misplaced{}, 0, "laid out differently"},
		{struct {
			A float32
			B complex128
		}{}, 0, "laid out differently"},
		{struct{ P *int }{}, 0, "not a kernel argument type"},
		{"text", 0, "not a kernel argument type"},
	}
	for _, tt := range tests {
		align, err := cudaAlign(reflect.TypeOf(tt.value))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%T: error %v, want one with %q", tt.value, err, tt.err)
			}
			continue
		}
		if err != nil || align != tt.align {
			t.Errorf("%T: alignment %d, %v; want %d", tt.value, align, err, tt.align)
		}
	}
	for n, want := range map[int]int{1: 1, 2: 2, 12: 4, 16: 8, 24: 8, 6: 2} {
		if got := bytesAlign(n); got != want {
			t.Errorf("bytesAlign(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestCUDAArgumentsRefused checks the arguments a CUDA kernel cannot take.
func TestCUDAArgumentsRefused(t *testing.T) {
	for _, tt := range []struct {
		value any
		err   string
	}{
		{cl.LocalMem(16), "no local memory arguments"},
		{(*cl.Buffer)(nil), "OpenCL buffer"},
		{[]byte{}, "empty bytes"},
		{nil, "nil value"},
		{clBuffer{}, "not CUDA's"},
	} {
		if _, err := cuArgs([]any{int32(0), tt.value}); err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), "argument 1") {
			t.Errorf("%T: error %v, want one with %q", tt.value, err, tt.err)
		}
	}
	a, err := cuArgs([]any{int32(1), complex128(2), []byte{1, 2, 3, 4}})
	if err != nil || a.Len() != 3 {
		t.Errorf("cuArgs: %d arguments, %v", a.Len(), err)
	}
}

func TestPTXKernelNames(t *testing.T) {
	ptx := `//
.version 8.5
.target sm_90
.address_size 64

	// .globl	scale
.visible .entry scale(
	.param .u64 scale_param_0
)
{
	ret;
}
.visible .entry _strided_copy(
	.param .u64 p
)
{
	ret;
}
.func helper()
{
	ret;
}
`
	names, err := (&cuProgram{ptx: []byte(ptx)}).kernelNames()
	if err != nil || names != "_strided_copy;scale" {
		t.Errorf("kernel names %q, %v", names, err)
	}
}

// TestCUDABuildError checks that NVRTC's diagnostics point at lines of the
// source, past the prelude.
func TestCUDABuildError(t *testing.T) {
	source := "KERNEL void k(GLOBAL_MEM float *x)\n{\n    x[0] = y;\n}\n"
	log := "reikna.cu(13): error: identifier \"y\" is undefined\n\n1 error detected in the compilation of \"reikna.cu\".\n"
	cause := &cu.NVRTCError{Call: "nvrtcCompileProgram", Result: 6}
	err := newBuildError(&cu.BuildError{Err: cause, Options: []string{"--use_fast_math"}, Log: log}, source, 10, func(n int) string { return "template line" })
	var be *BuildError
	if !errors.As(err, &be) {
		t.Fatalf("%T is not a *BuildError", err)
	}
	if !errors.Is(err, cause) {
		t.Error("the build error does not unwrap to NVRTC's")
	}
	if len(be.Lines) != 1 || be.Lines[0].Line != 3 || be.Lines[0].Text != "    x[0] = y;" || be.Lines[0].Origin != "template line" {
		t.Fatalf("lines %+v", be.Lines)
	}
	msg := err.Error()
	for _, want := range []string{"line 3 (template line)", `identifier "y" is undefined`, "--use_fast_math", "build log:"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
}

// TestCUDAWithoutDriver checks that a machine without NVIDIA's driver has
// no CUDA devices, and says so.
func TestCUDAWithoutDriver(t *testing.T) {
	if cu.Init() == nil {
		t.Skip("the CUDA driver is present")
	}
	if devs, err := Devices(DeviceFilter{API: CUDA}); err != nil || len(devs) != 0 {
		t.Errorf("Devices of CUDA: %v, %v, want none and no error", devs, err)
	}
	if _, err := cudaDevices(DeviceFilter{}); !errors.Is(err, cu.ErrNoDriver) {
		t.Errorf("cudaDevices: %v, want an error wrapping cu.ErrNoDriver", err)
	}
	if _, err := BestDevice(DeviceFilter{API: CUDA}); !errors.Is(err, cu.ErrNoDriver) || !errors.Is(err, ErrNoDevice) {
		t.Errorf("BestDevice of CUDA: %v, want an error wrapping ErrNoDevice and cu.ErrNoDriver", err)
	}
	if _, err := newCUDAThread(0, ThreadOptions{}); !errors.Is(err, cu.ErrNoDriver) {
		t.Errorf("newCUDAThread: %v, want an error wrapping cu.ErrNoDriver", err)
	}
	if _, err := DeviceFromCUDA(0); !errors.Is(err, cu.ErrNoDriver) {
		t.Errorf("DeviceFromCUDA: %v, want an error wrapping cu.ErrNoDriver", err)
	}
	if _, err := WrapCUDAStream(nil, nil); err == nil {
		t.Error("WrapCUDAStream of nothing gave no error")
	}
}
