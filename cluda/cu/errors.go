package cu

/*
#include "cuinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"strings"
)

// Result is a status of the CUDA driver API (CUresult). Zero is success;
// every other value is an error, so errors.Is(err, cu.OutOfMemory) tells
// one failure from another.
type Result int32

// Name returns the status's CUDA name, such as "CUDA_ERROR_OUT_OF_MEMORY",
// from the driver where it is loaded and from the package's own table
// otherwise.
func (r Result) Name() string {
	if name, _, ok := driverDescription(r); ok && name != "" {
		return name
	}
	if d, ok := resultTable[r]; ok {
		return d.name
	}
	return fmt.Sprintf("CUresult %d", int32(r))
}

// Text returns the driver's description of the status, or the package's
// own where the driver is not loaded; it is empty for a status neither
// knows.
func (r Result) Text() string {
	if _, text, ok := driverDescription(r); ok && text != "" {
		return text
	}
	return resultTable[r].text
}

// Error returns the status's name, number and description.
func (r Result) Error() string {
	if text := r.Text(); text != "" {
		return fmt.Sprintf("%s (%d): %s", r.Name(), int32(r), text)
	}
	return fmt.Sprintf("%s (%d)", r.Name(), int32(r))
}

// driverDescription asks the loaded driver for the name and description of
// r; ok is false where no driver is loaded or it lacks the entry points.
func driverDescription(r Result) (name, text string, ok bool) {
	lib := driverLoader.opened.Load()
	if lib == nil {
		return "", "", false
	}
	return lib.describe(r)
}

// describe returns the library's name and description of r.
func (l *library) describe(r Result) (name, text string, ok bool) {
	if l.has(C.CU_cuGetErrorName) {
		var s *C.char
		if C.reikna_cuGetErrorName(l.fns, C.CUresult(r), &s) == 0 && s != nil {
			name, ok = C.GoString(s), true
		}
	}
	if l.has(C.CU_cuGetErrorString) {
		var s *C.char
		if C.reikna_cuGetErrorString(l.fns, C.CUresult(r), &s) == 0 && s != nil {
			text, ok = C.GoString(s), true
		}
	}
	return name, text, ok
}

// Error is a failed driver API call: the C function that failed and the
// status it returned. errors.Is(err, status) matches the status.
type Error struct {
	Call   string // the driver API function, such as "cuMemAlloc_v2"
	Result Result
}

func (e *Error) Error() string { return fmt.Sprintf("cu: %s: %v", e.Call, e.Result) }

// Unwrap returns the Result.
func (e *Error) Unwrap() error { return e.Result }

// ErrReleased is returned when an object is used after its Release (or
// Free, or Destroy).
var ErrReleased = errors.New("cu: object used after Release")

// check turns a driver status into an error naming the call, or naming
// cuCtxPushCurrent_v2 where making the call's context current failed.
func (l *library) check(call string, r C.CUresult) error {
	if r == 0 {
		return nil
	}
	if r&C.REIKNA_CU_PUSH_FAILED != 0 {
		return &Error{Call: "cuCtxPushCurrent_v2", Result: Result(r &^ C.REIKNA_CU_PUSH_FAILED)}
	}
	return &Error{Call: call, Result: Result(r)}
}

// NVRTCResult is a status of NVRTC (nvrtcResult). Zero is success.
type NVRTCResult int32

// Error returns the status's NVRTC name and number.
func (r NVRTCResult) Error() string {
	if lib := nvrtcLoader.opened.Load(); lib != nil {
		if s := C.reikna_nvrtcGetErrorString(lib.fns, C.nvrtcResult(r)); s != nil {
			return fmt.Sprintf("%s (%d)", C.GoString(s), int32(r))
		}
	}
	if name, ok := nvrtcNames[r]; ok {
		return fmt.Sprintf("%s (%d)", name, int32(r))
	}
	return fmt.Sprintf("nvrtcResult %d", int32(r))
}

// NVRTCError is a failed NVRTC call: the function and the status it
// returned. errors.Is(err, status) matches the status.
type NVRTCError struct {
	Call   string // the NVRTC function, such as "nvrtcCompileProgram"
	Result NVRTCResult
}

func (e *NVRTCError) Error() string { return fmt.Sprintf("cu: %s: %v", e.Call, e.Result) }

// Unwrap returns the NVRTCResult.
func (e *NVRTCError) Unwrap() error { return e.Result }

// checkNVRTC turns an NVRTC status into an error naming the call.
func checkNVRTC(call string, r C.nvrtcResult) error {
	if r == 0 {
		return nil
	}
	return &NVRTCError{Call: call, Result: NVRTCResult(r)}
}

// BuildError is a failed compilation of CUDA C by NVRTC or a failed load of
// a module by the driver's JIT. It unwraps to the failed call's error (an
// *NVRTCError or an *Error) and so to its status, and it holds the
// compiler's log.
type BuildError struct {
	Err     error    // the *NVRTCError or *Error of the failed call
	Options []string // the compiler options, for a compilation
	Log     string   // the compiler's or JIT's log
}

func (e *BuildError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v", e.Err)
	if len(e.Options) > 0 {
		fmt.Fprintf(&b, " (options %q)", e.Options)
	}
	if log := strings.TrimSpace(e.Log); log != "" {
		fmt.Fprintf(&b, "\nbuild log:\n%s", log)
	}
	return b.String()
}

// Unwrap returns the error of the failed call.
func (e *BuildError) Unwrap() error { return e.Err }
