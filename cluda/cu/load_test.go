package cu

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// useLoaders replaces the package's loaders for the test with fresh ones,
// so that a test may load a library of its own.
func useLoaders(t *testing.T) {
	t.Helper()
	oldDriver, oldNVRTC := driverLoader, nvrtcLoader
	driverLoader = &loader{spec: driverSpec, setup: initDriver}
	nvrtcLoader = &loader{spec: nvrtcSpec}
	t.Cleanup(func() { driverLoader, nvrtcLoader = oldDriver, oldNVRTC })
}

// fakeLibrary builds a shared library that exports every entry point of
// spec except those in omit: the C definitions in defs, and for the others
// a function that returns status. It skips the test where no C compiler
// exists.
func fakeLibrary(t *testing.T, dir, file string, spec *librarySpec, defs map[string]string, status int, omit ...string) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skipf("no C compiler to build a fake library: %v", err)
	}
	var src strings.Builder
	for _, s := range spec.symbols {
		switch {
		case containsString(omit, s.name):
		case defs[s.name] != "":
			fmt.Fprintln(&src, defs[s.name])
		default:
			fmt.Fprintf(&src, "int %s(void) { return %d; }\n", s.name, status)
		}
	}
	cpath := filepath.Join(dir, file+".c")
	if err := os.WriteFile(cpath, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := filepath.Join(dir, file)
	if out, err := exec.Command(cc, "-shared", "-fPIC", "-o", lib, cpath).CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", file, err, out)
	}
	return lib
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func TestLoadFailures(t *testing.T) {
	dir := t.TempDir()
	notLibrary := filepath.Join(dir, "libcuda.so.1")
	if err := os.WriteFile(notLibrary, []byte("not a shared object\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		env, path string
		call      func() error
		want      error
		inMessage []string
	}{
		{"missing driver", DriverLibraryEnv, filepath.Join(dir, "absent", "libcuda.so.1"), Init, ErrNoDriver,
			[]string{"CUDA driver", DriverLibraryEnv, "absent"}},
		{"driver not a library", DriverLibraryEnv, notLibrary, Init, ErrNoDriver,
			[]string{"CUDA driver", notLibrary}},
		{"device count without driver", DriverLibraryEnv, notLibrary, func() error { _, err := DeviceCount(); return err }, ErrNoDriver,
			[]string{notLibrary}},
		{"missing NVRTC", NVRTCLibraryEnv, filepath.Join(dir, "absent", "libnvrtc.so"), func() error { _, _, err := NVRTCVersion(); return err }, ErrNoNVRTC,
			[]string{"NVRTC", NVRTCLibraryEnv}},
		{"NVRTC not a library", NVRTCLibraryEnv, notLibrary, func() error { _, err := CreateProgram("x", "x.cu"); return err }, ErrNoNVRTC,
			[]string{"NVRTC", notLibrary}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			useLoaders(t)
			t.Setenv(tc.env, tc.path)
			for attempt := range 2 { // the first load's error stays
				err := tc.call()
				if !errors.Is(err, tc.want) {
					t.Fatalf("attempt %d: error %v, want %v", attempt, err, tc.want)
				}
				if errors.Is(err, ErrMissingSymbol) {
					t.Errorf("attempt %d: %v is not a missing symbol", attempt, err)
				}
				for _, s := range tc.inMessage {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("attempt %d: error %q does not mention %q", attempt, err, s)
					}
				}
			}
		})
	}
}

func TestSearchFailure(t *testing.T) {
	empty := t.TempDir()
	spec := *driverSpec
	spec.dirs = func() []string { return []string{empty} }
	spec.bare = []string{"libreikna-absent-cuda.so.1"}
	t.Setenv(DriverLibraryEnv, "")
	_, err := find(&spec)
	if !errors.Is(err, ErrNoDriver) {
		t.Fatalf("error %v, want ErrNoDriver", err)
	}
	for _, s := range []string{empty, "libreikna-absent-cuda.so.1", DriverLibraryEnv} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not mention %q", err, s)
		}
	}
}

func TestMissingSymbol(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name   string
		spec   *librarySpec
		file   string
		omit   string
		kind   error
		optOut string // an optional entry point left out, which loading must allow
	}{
		{"driver", driverSpec, "libcuda.so.1", "cuMemAlloc_v2", ErrNoDriver, "cuGetErrorName"},
		{"NVRTC", nvrtcSpec, "libnvrtc.so.12", "nvrtcCompileProgram", ErrNoNVRTC, "nvrtcGetCUBIN"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := fakeLibrary(t, dir, tc.file, tc.spec, nil, 0, tc.omit, tc.optOut)
			_, err := open(tc.spec, path)
			if !errors.Is(err, tc.kind) || !errors.Is(err, ErrMissingSymbol) {
				t.Fatalf("error %v, want %v and ErrMissingSymbol", err, tc.kind)
			}
			if !strings.Contains(err.Error(), tc.omit) || !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name %s in %s", err, tc.omit, path)
			}
			complete := fakeLibrary(t, dir, "complete-"+tc.file, tc.spec, nil, 0, tc.optOut)
			lib, err := open(tc.spec, complete)
			if err != nil {
				t.Fatalf("a library without the optional %s: %v", tc.optOut, err)
			}
			for _, s := range tc.spec.symbols {
				if err := lib.requireSymbol(s.index); s.name == tc.optOut && (!errors.Is(err, ErrMissingSymbol) || !strings.Contains(err.Error(), tc.optOut)) {
					t.Errorf("requireSymbol(%s): %v, want ErrMissingSymbol naming it", tc.optOut, err)
				} else if s.name != tc.optOut && err != nil {
					t.Errorf("requireSymbol(%s): %v", s.name, err)
				}
			}
		})
	}
}

// fakeDriverDefs are entry points of a fake driver with one device, whose
// contexts cannot be made current.
var fakeDriverDefs = map[string]string{
	"cuInit":              "int cuInit(unsigned f) { return 0; }",
	"cuDriverGetVersion":  "int cuDriverGetVersion(int *v) { *v = 12040; return 0; }",
	"cuDeviceGetCount":    "int cuDeviceGetCount(int *n) { *n = 1; return 0; }",
	"cuDeviceGet":         "int cuDeviceGet(int *d, int i) { if (i != 0) return 101; *d = 0; return 0; }",
	"cuDeviceGetName":     `int cuDeviceGetName(char *s, int n, int d) { const char *name = "Fake GPU"; int i = 0; for (; name[i] && i < n - 1; i++) s[i] = name[i]; s[i] = 0; return 0; }`,
	"cuCtxCreate_v2":      "int cuCtxCreate_v2(void **c, unsigned f, int d) { *c = (void *)16; return 0; }",
	"cuCtxDestroy_v2":     "int cuCtxDestroy_v2(void *c) { return 0; }",
	"cuCtxPushCurrent_v2": "int cuCtxPushCurrent_v2(void *c) { return 201; }",
	"cuGetErrorName":      `int cuGetErrorName(int r, const char **s) { if (r != 201) return 1; *s = "FAKE_INVALID_CONTEXT"; return 0; }`,
	"cuGetErrorString":    `int cuGetErrorString(int r, const char **s) { if (r != 201) return 1; *s = "fake context refused"; return 0; }`,
}

func TestFakeDriver(t *testing.T) {
	dir := t.TempDir()
	t.Run("cuInit fails", func(t *testing.T) {
		useLoaders(t)
		t.Setenv(DriverLibraryEnv, fakeLibrary(t, dir, "libcuda-noinit.so", driverSpec, nil, int(NoDevice), "cuGetErrorName", "cuGetErrorString"))
		for attempt := range 2 {
			err := Init()
			var cuErr *Error
			if !errors.As(err, &cuErr) || cuErr.Call != "cuInit" || !errors.Is(err, NoDevice) {
				t.Fatalf("attempt %d: error %v, want cuInit's NoDevice", attempt, err)
			}
			if !strings.Contains(err.Error(), "CUDA_ERROR_NO_DEVICE") {
				t.Errorf("attempt %d: error %q lacks the status name from the package's table", attempt, err)
			}
		}
	})
	t.Run("context refused", func(t *testing.T) {
		useLoaders(t)
		d := t.TempDir()
		// Found by searching a directory, not through the environment.
		fakeLibrary(t, d, "libcuda.so.1", driverSpec, fakeDriverDefs, int(Unknown))
		t.Setenv(DriverLibraryEnv, "")
		spec := *driverSpec
		spec.dirs = func() []string { return []string{d} }
		driverLoader = &loader{spec: &spec, setup: initDriver}
		if path, err := DriverPath(); err != nil || path != filepath.Join(d, "libcuda.so.1") {
			t.Fatalf("DriverPath: %q, %v", path, err)
		}
		if v, err := DriverVersion(); err != nil || v != 12040 {
			t.Errorf("DriverVersion: %d, %v", v, err)
		}
		devs, err := Devices()
		if err != nil || len(devs) != 1 {
			t.Fatalf("Devices: %v, %v", devs, err)
		}
		if name, err := devs[0].Name(); err != nil || name != "Fake GPU" {
			t.Errorf("Name: %q, %v", name, err)
		}
		if _, err := GetDevice(3); !errors.Is(err, InvalidDevice) {
			t.Errorf("GetDevice(3): %v, want InvalidDevice", err)
		}
		if _, err := devs[0].Attribute(AttrWarpSize); !errors.Is(err, Unknown) || !strings.Contains(err.Error(), "cuDeviceGetAttribute") {
			t.Errorf("Attribute: %v, want cuDeviceGetAttribute's Unknown", err)
		}
		ctx, err := CreateContext(devs[0], ContextSchedAuto)
		if err != nil {
			t.Fatalf("CreateContext: %v", err)
		}
		defer ctx.Release()
		_, err = Alloc(ctx, 64)
		var cuErr *Error
		if !errors.As(err, &cuErr) || cuErr.Call != "cuCtxPushCurrent_v2" || cuErr.Result != InvalidContext {
			t.Fatalf("Alloc: %v, want cuCtxPushCurrent_v2's InvalidContext", err)
		}
		if !strings.Contains(err.Error(), "FAKE_INVALID_CONTEXT") || !strings.Contains(err.Error(), "fake context refused") {
			t.Errorf("error %q does not hold the driver's own name and text of the status", err)
		}
		ctx.Release()
		if err := ctx.Synchronize(); !errors.Is(err, ErrReleased) {
			t.Errorf("Synchronize after Release: %v, want ErrReleased", err)
		}
	})
}

// fakeNVRTCDefs are entry points of a fake NVRTC whose compilations fail
// with a log.
var fakeNVRTCDefs = map[string]string{
	"nvrtcVersion":           "int nvrtcVersion(int *a, int *b) { *a = 12; *b = 4; return 0; }",
	"nvrtcGetErrorString":    `const char *nvrtcGetErrorString(int r) { return r == 6 ? "NVRTC_ERROR_COMPILATION" : "NVRTC_ERROR_OTHER"; }`,
	"nvrtcCreateProgram":     "int nvrtcCreateProgram(void **p, const char *s, const char *n, int k, const char *const *h, const char *const *i) { *p = (void *)16; return 0; }",
	"nvrtcDestroyProgram":    "int nvrtcDestroyProgram(void **p) { *p = 0; return 0; }",
	"nvrtcCompileProgram":    "int nvrtcCompileProgram(void *p, int n, const char *const *o) { return 6; }",
	"nvrtcGetProgramLogSize": `int nvrtcGetProgramLogSize(void *p, unsigned long *n) { *n = sizeof("kernel.cu(3): error: fake failure\n"); return 0; }`,
	"nvrtcGetProgramLog":     `int nvrtcGetProgramLog(void *p, char *s) { const char *l = "kernel.cu(3): error: fake failure\n"; int i = 0; for (; l[i]; i++) s[i] = l[i]; s[i] = 0; return 0; }`,
}

func TestFakeNVRTC(t *testing.T) {
	useLoaders(t)
	dir := t.TempDir()
	t.Setenv(NVRTCLibraryEnv, fakeLibrary(t, dir, "libnvrtc.so.12", nvrtcSpec, fakeNVRTCDefs, int(NVRTCInternalError), "nvrtcGetCUBIN", "nvrtcGetCUBINSize"))
	if major, minor, err := NVRTCVersion(); err != nil || major != 12 || minor != 4 {
		t.Fatalf("NVRTCVersion: %d.%d, %v", major, minor, err)
	}
	p, err := CreateProgram("__global__ void k() { x; }", "kernel.cu", Header{Name: "a.h", Source: "#define A 1"})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	err = p.Compile("--gpu-architecture=compute_90", "-default-device")
	var be *BuildError
	if !errors.As(err, &be) || !errors.Is(err, NVRTCCompilation) {
		t.Fatalf("Compile: %v, want a BuildError of NVRTCCompilation", err)
	}
	for _, s := range []string{"nvrtcCompileProgram", "NVRTC_ERROR_COMPILATION", "compute_90", "kernel.cu(3): error: fake failure"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not mention %q", err, s)
		}
	}
	if be.Log != "kernel.cu(3): error: fake failure" {
		t.Errorf("log %q", be.Log)
	}
	if _, err := p.PTX(); !errors.Is(err, NVRTCInternalError) || !strings.Contains(err.Error(), "nvrtcGetPTXSize") {
		t.Errorf("PTX: %v, want nvrtcGetPTXSize's status", err)
	}
	if _, err := p.CUBIN(); !errors.Is(err, ErrMissingSymbol) {
		t.Errorf("CUBIN of a library without it: %v, want ErrMissingSymbol", err)
	}
	p.Release()
	if _, err := p.Log(); !errors.Is(err, ErrReleased) {
		t.Errorf("Log after Release: %v, want ErrReleased", err)
	}
}

func TestResultText(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want []string
	}{
		{OutOfMemory, []string{"CUDA_ERROR_OUT_OF_MEMORY", "(2)"}},
		{Result(12345), []string{"12345"}},
		{&Error{Call: "cuMemAlloc_v2", Result: OutOfMemory}, []string{"cu: cuMemAlloc_v2: ", "CUDA_ERROR_OUT_OF_MEMORY"}},
		{NVRTCResult(99), []string{"99"}},
		{&BuildError{Err: &Error{Call: "cuModuleLoadDataEx", Result: InvalidPTX}, Log: "ptxas error   : bad\n"},
			[]string{"cuModuleLoadDataEx", "build log:\nptxas error   : bad"}},
	} {
		t.Run(tc.want[0], func(t *testing.T) {
			for _, s := range tc.want {
				if !strings.Contains(tc.err.Error(), s) {
					t.Errorf("%q does not contain %q", tc.err, s)
				}
			}
		})
	}
	if err := fmt.Errorf("wrapped: %w", &Error{Call: "cuLaunchKernel", Result: LaunchOutOfResources}); !errors.Is(err, LaunchOutOfResources) || errors.Is(err, OutOfMemory) {
		t.Errorf("errors.Is does not tell the statuses of %v apart", err)
	}
}

func TestVersionOrder(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"libnvrtc.so.11", "libnvrtc.so.13", "libnvrtc.so.13.0.48", "libnvrtc.so.12", "libnvrtc-builtins.so.13.0"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := strings.Join(nvrtcFileNames(dir), " ")
	if want := "libnvrtc.so libnvrtc.so.13 libnvrtc.so.12 libnvrtc.so.11"; got != want {
		t.Errorf("nvrtcFileNames: %q, want %q", got, want)
	}
	if got := nvrtcBuiltins(filepath.Join(dir, "libnvrtc.so.13")); len(got) != 1 || filepath.Base(got[0]) != "libnvrtc-builtins.so.13.0" {
		t.Errorf("nvrtcBuiltins: %v", got)
	}
}
