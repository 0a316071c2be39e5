package nccl

/*
#include "ncclinc.h"
*/
import "C"

import (
	"fmt"
)

// Result is a status of NCCL (ncclResult_t). Zero is success; every other
// value is an error, so errors.Is(err, nccl.InvalidUsage) tells one
// failure from another.
type Result int

// The results of NCCL, with the values of nccl.h's ncclResult_t.
const (
	Success            Result = 0
	UnhandledCudaError Result = 1
	SystemError        Result = 2
	InternalError      Result = 3
	InvalidArgument    Result = 4
	InvalidUsage       Result = 5
	RemoteError        Result = 6
	InProgress         Result = 7
	Timeout            Result = 8
)

// resultNames are the names of the results, in the order of their values
// (nccl.h's ncclResult_t).
var resultNames = [...]string{"ncclSuccess", "ncclUnhandledCudaError", "ncclSystemError", "ncclInternalError",
	"ncclInvalidArgument", "ncclInvalidUsage", "ncclRemoteError", "ncclInProgress", "ncclTimeout"}

// Error returns the result's NCCL name, such as "ncclInvalidUsage".
func (r Result) Error() string {
	if r >= 0 && int(r) < len(resultNames) {
		return resultNames[r]
	}
	return fmt.Sprintf("ncclResult_t %d", int(r))
}

// Error is a failed NCCL call: the function, its result, the library's
// description of the result (ncclGetErrorString) and of the failure
// (ncclGetLastError, where the library has it).
type Error struct {
	Call    string // the NCCL function, such as "ncclGroupEnd"
	Result  Result
	Message string // ncclGetErrorString of the result
	Detail  string // ncclGetLastError just after the call, where it said anything
}

func (e *Error) Error() string {
	s := fmt.Sprintf("nccl: %s: %v", e.Call, e.Result)
	if e.Message != "" {
		s += " (" + e.Message + ")"
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the Result.
func (e *Error) Unwrap() error { return e.Result }

// check returns nil for ncclSuccess and otherwise an *Error of the call,
// with the library's descriptions. It must run on the OS thread of the
// call, where NCCL keeps its last error.
func (l *library) check(call string, r C.int, comm C.reikna_nccl_comm) error {
	if r == 0 {
		return nil
	}
	e := &Error{Call: call, Result: Result(r)}
	if s := C.reikna_ncclGetErrorString(l.fns, r); s != nil {
		e.Message = C.GoString(s)
	}
	if s := C.reikna_ncclGetLastError(l.fns, comm); s != nil {
		e.Detail = C.GoString(s)
	}
	return e
}
