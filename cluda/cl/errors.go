package cl

import (
	"errors"
	"fmt"
)

// Status is an OpenCL status code (cl_int). Negative values are errors.
type Status int32

// Error returns the CL name of the status and its number.
func (s Status) Error() string {
	if name, ok := statusNames[s]; ok {
		return fmt.Sprintf("%s (%d)", name, int32(s))
	}
	return fmt.Sprintf("OpenCL status %d", int32(s))
}

// Error is a failed OpenCL call: the C function that failed and the status it
// returned. errors.Is(err, status) matches the status.
type Error struct {
	Call   string // the OpenCL C function, such as "clCreateBuffer"
	Status Status
}

func (e *Error) Error() string { return fmt.Sprintf("cl: %s: %v", e.Call, e.Status) }

// Unwrap returns the Status.
func (e *Error) Unwrap() error { return e.Status }

// ErrReleased is returned when an object is used after its Release.
var ErrReleased = errors.New("cl: object used after Release")

// check turns an OpenCL status into an error naming the call.
func check(call string, status Status) error {
	if status == Success {
		return nil
	}
	return &Error{Call: call, Status: status}
}
