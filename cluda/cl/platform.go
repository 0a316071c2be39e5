package cl

/*
#include "clinc.h"
*/
import "C"

import "unsafe"

// Platform is an OpenCL platform: one installed driver.
type Platform struct {
	id C.cl_platform_id
}

// Platforms returns every platform the ICD loader finds. A machine with no
// driver installed gives an empty list and no error.
func Platforms() ([]*Platform, error) {
	var n C.cl_uint
	st := Status(C.clGetPlatformIDs(0, nil, &n))
	if st == -1001 { // CL_PLATFORM_NOT_FOUND_KHR: the loader found no driver.
		return nil, nil
	}
	if err := check("clGetPlatformIDs", st); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	ids := make([]C.cl_platform_id, n)
	if err := check("clGetPlatformIDs", Status(C.clGetPlatformIDs(n, &ids[0], nil))); err != nil {
		return nil, err
	}
	out := make([]*Platform, n)
	for i, id := range ids {
		out[i] = &Platform{id: id}
	}
	return out, nil
}

func (p *Platform) info(param C.cl_platform_info) infoFunc {
	return func(size C.size_t, v unsafe.Pointer, ret *C.size_t) C.cl_int {
		return C.clGetPlatformInfo(p.id, param, size, v, ret)
	}
}

func (p *Platform) str(param C.cl_platform_info) string {
	s, _ := queryString("clGetPlatformInfo", p.info(param))
	return s
}

// Name returns the platform's name, such as "NVIDIA CUDA".
func (p *Platform) Name() string { return p.str(C.CL_PLATFORM_NAME) }

// Vendor returns the platform's vendor.
func (p *Platform) Vendor() string { return p.str(C.CL_PLATFORM_VENDOR) }

// Version returns the platform's OpenCL version string.
func (p *Platform) Version() string { return p.str(C.CL_PLATFORM_VERSION) }

// Profile returns "FULL_PROFILE" or "EMBEDDED_PROFILE".
func (p *Platform) Profile() string { return p.str(C.CL_PLATFORM_PROFILE) }

// Extensions returns the platform's extension names.
func (p *Platform) Extensions() string { return p.str(C.CL_PLATFORM_EXTENSIONS) }

// Devices returns the platform's devices of the given type (DeviceTypeAll for
// every one). A platform without such devices gives an empty list.
func (p *Platform) Devices(t DeviceType) ([]*Device, error) {
	var n C.cl_uint
	st := Status(C.clGetDeviceIDs(p.id, C.cl_device_type(t), 0, nil, &n))
	if st == DeviceNotFound {
		return nil, nil
	}
	if err := check("clGetDeviceIDs", st); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	ids := make([]C.cl_device_id, n)
	if err := check("clGetDeviceIDs", Status(C.clGetDeviceIDs(p.id, C.cl_device_type(t), n, &ids[0], nil))); err != nil {
		return nil, err
	}
	out := make([]*Device, n)
	for i, id := range ids {
		out[i] = &Device{id: id, platform: p}
	}
	return out, nil
}

// Equal reports whether p and q are the same platform, as listed by
// different calls of Platforms.
func (p *Platform) Equal(q *Platform) bool { return p != nil && q != nil && p.id == q.id }
