package mpi

/*
#include "mpiinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"
)

// ErrNotInitialized is returned, wrapped, by a call that needs MPI before
// Init has initialised it.
var ErrNotInitialized = errors.New("mpi: MPI is not initialised (call Init)")

// ErrFinalized is returned, wrapped, by a call that needs MPI after
// Finalize.
var ErrFinalized = errors.New("mpi: MPI was finalised")

// Error is a failed MPI call: the function, the error code it returned and
// the library's description of the code (MPI_Error_string).
type Error struct {
	Call    string // the MPI function, such as "MPI_Alltoallv"
	Code    int    // the error code; its meaning is the library's
	Message string // the library's description, where it gave one
}

func (e *Error) Error() string {
	if e.Message != "" {
		return fmt.Sprintf("mpi: %s: error %d: %s", e.Call, e.Code, e.Message)
	}
	return fmt.Sprintf("mpi: %s: error %d", e.Call, e.Code)
}

// check returns nil for MPI_SUCCESS and otherwise an *Error of the call
// with the library's description of code. It runs on the MPI thread.
func (l *library) check(call string, code C.int) error {
	if code == 0 {
		return nil
	}
	return &Error{Call: call, Code: int(code), Message: l.errorString(code)}
}

// errorString returns the library's description of an error code, or ""
// where it has none.
func (l *library) errorString(code C.int) string {
	// 1024 bytes hold MPI_MAX_ERROR_STRING of every MPI.
	buf := (*C.char)(C.malloc(1024))
	defer C.free(unsafe.Pointer(buf))
	var n C.int
	if C.reikna_MPI_Error_string(l.fns, code, buf, &n) != 0 || n <= 0 {
		return ""
	}
	return C.GoStringN(buf, n)
}
