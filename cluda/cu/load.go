package cu

/*
#include "cuinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// ErrNoDriver is returned, wrapped, by every driver call on a machine where
// the CUDA driver library cannot be loaded or lacks an entry point the
// package needs.
var ErrNoDriver = errors.New("cu: CUDA driver not available")

// ErrNoNVRTC is returned, wrapped, by every NVRTC call where the NVRTC
// library cannot be loaded or lacks an entry point the package needs.
var ErrNoNVRTC = errors.New("cu: NVRTC not available")

// ErrMissingSymbol is wrapped, beside ErrNoDriver or ErrNoNVRTC, by the error
// of a library that lacks a required entry point, and alone by the error of
// a call whose optional entry point the loaded library lacks.
var ErrMissingSymbol = errors.New("cu: entry point missing from library")

// DriverLibraryEnv names the environment variable that gives the path of
// the CUDA driver library (libcuda.so.1), to use instead of searching.
const DriverLibraryEnv = "REIKNA_CUDA_LIBRARY"

// NVRTCLibraryEnv names the environment variable that gives the path of the
// NVRTC library (libnvrtc.so.*), to use instead of searching.
const NVRTCLibraryEnv = "REIKNA_NVRTC_LIBRARY"

// LoadError is a library that could not be loaded: not found, not a
// loadable library, or without an entry point the package needs. It
// unwraps to ErrNoDriver or ErrNoNVRTC, and to ErrMissingSymbol where a
// symbol is missing.
type LoadError struct {
	Library string   // "CUDA driver" or "NVRTC"
	Path    string   // the library that was opened, when one was
	Symbol  string   // the missing entry point, if that is the failure
	Tried   []string // the failed attempts, "path: reason"
	Hint    string   // how to point the package at the library
	kind    error
}

func (e *LoadError) Error() string {
	var b strings.Builder
	if e.Symbol != "" {
		fmt.Fprintf(&b, "cu: %s library %s lacks the entry point %s", e.Library, e.Path, e.Symbol)
		return b.String()
	}
	fmt.Fprintf(&b, "cu: %s library not loaded", e.Library)
	if len(e.Tried) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(e.Tried, "; "))
	}
	if e.Hint != "" {
		fmt.Fprintf(&b, "; %s", e.Hint)
	}
	return b.String()
}

// Unwrap returns ErrNoDriver or ErrNoNVRTC, and ErrMissingSymbol for a
// missing entry point.
func (e *LoadError) Unwrap() []error {
	if e.Symbol != "" {
		return []error{e.kind, ErrMissingSymbol}
	}
	return []error{e.kind}
}

// symbol is an entry point of a library: its index in the library's table of
// function pointers, its name, and whether the package works without it.
type symbol struct {
	index    C.int
	name     string
	optional bool
}

// librarySpec describes a library to find and the entry points to resolve.
type librarySpec struct {
	what    string                    // "CUDA driver" or "NVRTC"
	env     string                    // the environment variable naming its path
	kind    error                     // ErrNoDriver or ErrNoNVRTC
	names   func(dir string) []string // file names to try in a directory, best first
	bare    []string                  // names for the dynamic loader's own search
	dirs    func() []string
	symbols []symbol
	size    C.int // the size of the table of function pointers
	// companions returns libraries to load beside the library at path, so
	// that the library's own dlopen of them by name succeeds.
	companions func(path string) []string
}

// library is a loaded library with its table of entry points.
type library struct {
	path   string
	handle unsafe.Pointer
	fns    *unsafe.Pointer // C array of spec.size entries; nil where missing
	names  []string        // entry point names by index
}

// has reports whether the entry point at index was found.
func (l *library) has(index C.int) bool {
	return unsafe.Slice(l.fns, len(l.names))[index] != nil
}

// requireSymbol returns an error naming the entry point at index where the
// library lacks it.
func (l *library) requireSymbol(index C.int) error {
	if l.has(index) {
		return nil
	}
	return fmt.Errorf("cu: %s in %s: %w", l.names[index], l.path, ErrMissingSymbol)
}

// open loads the library at path and resolves the spec's entry points.
func open(spec *librarySpec, path string) (*library, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	var cerr *C.char
	h := C.reikna_dlopen(cpath, &cerr)
	if h == nil {
		msg := C.GoString(cerr)
		C.free(unsafe.Pointer(cerr))
		return nil, errors.New(msg)
	}
	table := (*unsafe.Pointer)(C.calloc(C.size_t(spec.size), C.size_t(unsafe.Sizeof(uintptr(0)))))
	entries := unsafe.Slice(table, int(spec.size))
	names := make([]string, spec.size)
	for _, s := range spec.symbols {
		cname := C.CString(s.name)
		p := C.reikna_dlsym(h, cname)
		C.free(unsafe.Pointer(cname))
		names[s.index] = s.name
		if p == nil && !s.optional {
			C.free(unsafe.Pointer(table))
			C.reikna_dlclose(h)
			return nil, &LoadError{Library: spec.what, Path: path, Symbol: s.name, kind: spec.kind}
		}
		entries[s.index] = p
	}
	return &library{path: path, handle: h, fns: table, names: names}, nil
}

// find loads the library named by the spec's environment variable, or else
// the first of its candidates that loads.
func find(spec *librarySpec) (*library, error) {
	fail := &LoadError{Library: spec.what, kind: spec.kind}
	if p := os.Getenv(spec.env); p != "" {
		lib, err := open(spec, p)
		if err == nil {
			return lib, nil
		}
		var le *LoadError
		if errors.As(err, &le) {
			return nil, le
		}
		fail.Tried = []string{fmt.Sprintf("%s=%s: %v", spec.env, p, err)}
		return nil, fail
	}
	var searched []string
	for _, dir := range spec.dirs() {
		searched = append(searched, dir)
		for _, name := range spec.names(dir) {
			p := filepath.Join(dir, name)
			if _, err := os.Stat(p); err != nil {
				continue
			}
			lib, err := open(spec, p)
			if err == nil {
				loadCompanions(spec, p)
				return lib, nil
			}
			var le *LoadError
			if errors.As(err, &le) {
				return nil, le
			}
			fail.Tried = append(fail.Tried, fmt.Sprintf("%s: %v", p, err))
		}
	}
	for _, name := range spec.bare {
		lib, err := open(spec, name)
		if err == nil {
			return lib, nil
		}
		var le *LoadError
		if errors.As(err, &le) {
			return nil, le
		}
	}
	fail.Tried = append(fail.Tried, fmt.Sprintf("none of %s in %s nor on the dynamic loader's path",
		strings.Join(spec.bare, ", "), strings.Join(searched, ", ")))
	fail.Hint = fmt.Sprintf("set %s to the library's path", spec.env)
	return nil, fail
}

// loadCompanions opens the libraries that the library at path loads by name
// itself; failures are left to surface where the library needs them.
func loadCompanions(spec *librarySpec, path string) {
	if spec.companions == nil {
		return
	}
	for _, p := range spec.companions(path) {
		cpath := C.CString(p)
		var cerr *C.char
		if C.reikna_dlopen(cpath, &cerr) == nil {
			C.free(unsafe.Pointer(cerr))
		}
		C.free(unsafe.Pointer(cpath))
	}
}

// loader loads a library once and keeps the outcome.
type loader struct {
	spec   *librarySpec
	setup  func(*library) error // run once after loading, such as cuInit
	once   sync.Once
	lib    *library
	err    error
	opened atomic.Pointer[library] // the library, once opened, even if setup failed
}

// get returns the loaded library, loading it on first use, or the error of
// that first load.
func (l *loader) get() (*library, error) {
	l.once.Do(func() {
		lib, err := find(l.spec)
		if err != nil {
			l.err = err
			return
		}
		l.opened.Store(lib)
		if l.setup != nil {
			if err := l.setup(lib); err != nil {
				l.err = err
				return
			}
		}
		l.lib = lib
	})
	return l.lib, l.err
}

// multiarch returns the Debian multiarch triplet and the CUDA toolkit's
// target directory name of this architecture.
func multiarch() (debian, cudaTarget string) {
	switch runtime.GOARCH {
	case "arm64":
		return "aarch64-linux-gnu", "sbsa-linux"
	case "ppc64le":
		return "powerpc64le-linux-gnu", "ppc64le-linux"
	default:
		return "x86_64-linux-gnu", "x86_64-linux"
	}
}

// libraryPathDirs returns the directories of LD_LIBRARY_PATH.
func libraryPathDirs() []string {
	var dirs []string
	for _, d := range filepath.SplitList(os.Getenv("LD_LIBRARY_PATH")) {
		if d != "" {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// driverDirs lists where the CUDA driver library usually lives.
func driverDirs() []string {
	deb, _ := multiarch()
	return append(libraryPathDirs(),
		"/usr/local/nvidia/lib64", "/usr/local/nvidia/lib",
		"/usr/lib/"+deb, "/usr/lib64", "/usr/lib", "/usr/lib/wsl/lib")
}

// toolkitDirs lists the library directories of installed CUDA toolkits,
// newest first, after CUDA_HOME and CUDA_PATH.
func toolkitDirs() []string {
	deb, target := multiarch()
	dirs := libraryPathDirs()
	for _, env := range []string{"CUDA_HOME", "CUDA_PATH"} {
		if root := os.Getenv(env); root != "" {
			dirs = append(dirs, filepath.Join(root, "lib64"), filepath.Join(root, "targets", target, "lib"))
		}
	}
	dirs = append(dirs, "/usr/local/cuda/lib64", "/usr/local/cuda/targets/"+target+"/lib")
	roots, _ := filepath.Glob("/usr/local/cuda-*")
	slices.SortFunc(roots, func(a, b string) int { return slices.Compare(versionOf(b), versionOf(a)) })
	for _, root := range roots {
		dirs = append(dirs, filepath.Join(root, "targets", target, "lib"), filepath.Join(root, "lib64"))
	}
	return append(dirs, "/usr/lib/"+deb, "/usr/lib64")
}

// versionOf returns the numbers of a version that ends a name, such as
// [12 4] of "/usr/local/cuda-12.4" or [13] of "libnvrtc.so.13".
func versionOf(name string) []int {
	i := strings.LastIndexAny(name, "-")
	if j := strings.Index(name, ".so."); j >= 0 {
		i = j + len(".so")
	}
	var v []int
	for _, part := range strings.Split(name[i+1:], ".") {
		n, err := strconv.Atoi(part)
		if err != nil {
			return nil
		}
		v = append(v, n)
	}
	return v
}

// nvrtcFileNames lists the NVRTC libraries of dir: the unversioned name first,
// then every major version found, newest first, then the usual majors.
func nvrtcFileNames(dir string) []string {
	names := []string{"libnvrtc.so"}
	matches, _ := filepath.Glob(filepath.Join(dir, "libnvrtc.so.*"))
	var majors []string
	for _, m := range matches {
		base := filepath.Base(m)
		if v := versionOf(base); len(v) == 1 {
			majors = append(majors, base)
		}
	}
	slices.SortFunc(majors, func(a, b string) int { return slices.Compare(versionOf(b), versionOf(a)) })
	for _, n := range append(majors, nvrtcBare[1:]...) {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

var nvrtcBare = []string{"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so.11"}

// nvrtcBuiltins returns the NVRTC builtins library beside the NVRTC
// library at path, which NVRTC opens by name when it compiles.
func nvrtcBuiltins(path string) []string {
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "libnvrtc-builtins.so.*"))
	slices.SortFunc(matches, func(a, b string) int { return len(a) - len(b) })
	if len(matches) > 0 {
		return matches[:1]
	}
	return nil
}

var driverSpec = &librarySpec{
	what:  "CUDA driver",
	env:   DriverLibraryEnv,
	kind:  ErrNoDriver,
	names: func(string) []string { return []string{"libcuda.so.1", "libcuda.so"} },
	bare:  []string{"libcuda.so.1", "libcuda.so"},
	dirs:  driverDirs,
	size:  C.CU_SYMBOLS,
	symbols: []symbol{
		{C.CU_cuInit, "cuInit", false},
		{C.CU_cuDriverGetVersion, "cuDriverGetVersion", false},
		{C.CU_cuGetErrorName, "cuGetErrorName", true},
		{C.CU_cuGetErrorString, "cuGetErrorString", true},
		{C.CU_cuDeviceGetCount, "cuDeviceGetCount", false},
		{C.CU_cuDeviceGet, "cuDeviceGet", false},
		{C.CU_cuDeviceGetName, "cuDeviceGetName", false},
		{C.CU_cuDeviceGetAttribute, "cuDeviceGetAttribute", false},
		{C.CU_cuDeviceTotalMem_v2, "cuDeviceTotalMem_v2", false},
		{C.CU_cuCtxCreate_v2, "cuCtxCreate_v2", false},
		{C.CU_cuCtxDestroy_v2, "cuCtxDestroy_v2", false},
		{C.CU_cuCtxPushCurrent_v2, "cuCtxPushCurrent_v2", false},
		{C.CU_cuCtxPopCurrent_v2, "cuCtxPopCurrent_v2", false},
		{C.CU_cuCtxSetCurrent, "cuCtxSetCurrent", false},
		{C.CU_cuCtxGetCurrent, "cuCtxGetCurrent", false},
		{C.CU_cuCtxGetDevice, "cuCtxGetDevice", false},
		{C.CU_cuCtxSynchronize, "cuCtxSynchronize", false},
		{C.CU_cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain", false},
		{C.CU_cuDevicePrimaryCtxRelease_v2, "cuDevicePrimaryCtxRelease_v2", false},
		{C.CU_cuStreamCreate, "cuStreamCreate", false},
		{C.CU_cuStreamSynchronize, "cuStreamSynchronize", false},
		{C.CU_cuStreamDestroy_v2, "cuStreamDestroy_v2", false},
		{C.CU_cuMemAlloc_v2, "cuMemAlloc_v2", false},
		{C.CU_cuMemFree_v2, "cuMemFree_v2", false},
		{C.CU_cuMemAllocHost_v2, "cuMemAllocHost_v2", false},
		{C.CU_cuMemFreeHost, "cuMemFreeHost", false},
		{C.CU_cuMemsetD8_v2, "cuMemsetD8_v2", false},
		{C.CU_cuMemsetD8Async, "cuMemsetD8Async", false},
		{C.CU_cuMemcpyHtoD_v2, "cuMemcpyHtoD_v2", false},
		{C.CU_cuMemcpyDtoH_v2, "cuMemcpyDtoH_v2", false},
		{C.CU_cuMemcpyDtoD_v2, "cuMemcpyDtoD_v2", false},
		{C.CU_cuMemcpyHtoDAsync_v2, "cuMemcpyHtoDAsync_v2", false},
		{C.CU_cuMemcpyDtoHAsync_v2, "cuMemcpyDtoHAsync_v2", false},
		{C.CU_cuMemcpyDtoDAsync_v2, "cuMemcpyDtoDAsync_v2", false},
		{C.CU_cuModuleLoadDataEx, "cuModuleLoadDataEx", false},
		{C.CU_cuModuleUnload, "cuModuleUnload", false},
		{C.CU_cuModuleGetFunction, "cuModuleGetFunction", false},
		{C.CU_cuModuleGetGlobal_v2, "cuModuleGetGlobal_v2", false},
		{C.CU_cuLaunchKernel, "cuLaunchKernel", false},
		{C.CU_cuFuncGetAttribute, "cuFuncGetAttribute", false},
		{C.CU_cuFuncSetAttribute, "cuFuncSetAttribute", false},
		{C.CU_cuEventCreate, "cuEventCreate", false},
		{C.CU_cuEventRecord, "cuEventRecord", false},
		{C.CU_cuEventQuery, "cuEventQuery", false},
		{C.CU_cuEventSynchronize, "cuEventSynchronize", false},
		{C.CU_cuEventElapsedTime, "cuEventElapsedTime", false},
		{C.CU_cuEventDestroy_v2, "cuEventDestroy_v2", false},
		{C.CU_cuDeviceCanAccessPeer, "cuDeviceCanAccessPeer", true},
		{C.CU_cuCtxEnablePeerAccess, "cuCtxEnablePeerAccess", true},
		{C.CU_cuMemcpyPeerAsync, "cuMemcpyPeerAsync", true},
		{C.CU_cuMemcpy3DPeerAsync, "cuMemcpy3DPeerAsync", true},
	},
}

var nvrtcSpec = &librarySpec{
	what:       "NVRTC",
	env:        NVRTCLibraryEnv,
	kind:       ErrNoNVRTC,
	names:      nvrtcFileNames,
	bare:       nvrtcBare,
	dirs:       toolkitDirs,
	size:       C.NV_SYMBOLS,
	companions: nvrtcBuiltins,
	symbols: []symbol{
		{C.NV_nvrtcVersion, "nvrtcVersion", false},
		{C.NV_nvrtcGetErrorString, "nvrtcGetErrorString", false},
		{C.NV_nvrtcCreateProgram, "nvrtcCreateProgram", false},
		{C.NV_nvrtcDestroyProgram, "nvrtcDestroyProgram", false},
		{C.NV_nvrtcCompileProgram, "nvrtcCompileProgram", false},
		{C.NV_nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize", false},
		{C.NV_nvrtcGetProgramLog, "nvrtcGetProgramLog", false},
		{C.NV_nvrtcGetPTXSize, "nvrtcGetPTXSize", false},
		{C.NV_nvrtcGetPTX, "nvrtcGetPTX", false},
		{C.NV_nvrtcGetCUBINSize, "nvrtcGetCUBINSize", true},
		{C.NV_nvrtcGetCUBIN, "nvrtcGetCUBIN", true},
	},
}

var (
	driverLoader = &loader{spec: driverSpec, setup: initDriver}
	nvrtcLoader  = &loader{spec: nvrtcSpec}
)

// initDriver initialises the driver API, which every other call needs.
func initDriver(lib *library) error {
	return lib.check("cuInit", C.reikna_cuInit(lib.fns, 0))
}

// driver returns the loaded and initialised CUDA driver.
func driver() (*library, error) { return driverLoader.get() }

// nvrtc returns the loaded NVRTC library.
func nvrtc() (*library, error) { return nvrtcLoader.get() }

// Init loads the CUDA driver library and initialises it, once; it returns
// the error of that first attempt on every call. Every function of the
// package that needs the driver calls it first, so calling it is only a way
// to ask whether CUDA is there.
func Init() error {
	_, err := driver()
	return err
}

// DriverPath returns the path of the loaded CUDA driver library.
func DriverPath() (string, error) {
	lib, err := driver()
	if err != nil {
		return "", err
	}
	return lib.path, nil
}

// NVRTCPath returns the path of the loaded NVRTC library.
func NVRTCPath() (string, error) {
	lib, err := nvrtc()
	if err != nil {
		return "", err
	}
	return lib.path, nil
}
