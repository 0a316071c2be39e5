package cl

/*
#include "clinc.h"
*/
import "C"

import (
	"strings"
	"unsafe"
)

// infoFunc is one OpenCL clGet*Info call with its object and parameter bound.
type infoFunc func(size C.size_t, value unsafe.Pointer, sizeRet *C.size_t) C.cl_int

// queryBytes asks for the size of a property, then for its value.
func queryBytes(call string, f infoFunc) ([]byte, error) {
	var size C.size_t
	if err := check(call, Status(f(0, nil, &size))); err != nil {
		return nil, err
	}
	if size == 0 {
		return nil, nil
	}
	buf := make([]byte, size)
	if err := check(call, Status(f(size, unsafe.Pointer(&buf[0]), nil))); err != nil {
		return nil, err
	}
	return buf, nil
}

// queryString reads a NUL-terminated string property of any length.
func queryString(call string, f infoFunc) (string, error) {
	b, err := queryBytes(call, f)
	if err != nil {
		return "", err
	}
	return strings.TrimRight(string(b), "\x00"), nil
}

// queryValue reads a fixed-size property into a value of type T.
func queryValue[T any](call string, f infoFunc) (T, error) {
	var v T
	err := check(call, Status(f(C.size_t(unsafe.Sizeof(v)), unsafe.Pointer(&v), nil)))
	return v, err
}

// querySlice reads an array property of any length.
func querySlice[T any](call string, f infoFunc) ([]T, error) {
	b, err := queryBytes(call, f)
	if err != nil || len(b) == 0 {
		return nil, err
	}
	var zero T
	n := len(b) / int(unsafe.Sizeof(zero))
	out := make([]T, n)
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&out[0])), len(b)), b)
	return out, nil
}
