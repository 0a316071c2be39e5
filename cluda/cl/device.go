package cl

/*
#include "clinc.h"
*/
import "C"

import (
	"fmt"
	"slices"
	"strings"
	"unsafe"
)

// DeviceType is a bit set of OpenCL device types.
type DeviceType uint64

// Device types.
const (
	DeviceTypeDefault     DeviceType = C.CL_DEVICE_TYPE_DEFAULT
	DeviceTypeCPU         DeviceType = C.CL_DEVICE_TYPE_CPU
	DeviceTypeGPU         DeviceType = C.CL_DEVICE_TYPE_GPU
	DeviceTypeAccelerator DeviceType = C.CL_DEVICE_TYPE_ACCELERATOR
	DeviceTypeCustom      DeviceType = C.CL_DEVICE_TYPE_CUSTOM
	DeviceTypeAll         DeviceType = C.CL_DEVICE_TYPE_ALL
)

// String names the types in the set, such as "GPU" or "CPU|ACCELERATOR".
func (t DeviceType) String() string {
	if t == DeviceTypeAll {
		return "ALL"
	}
	var names []string
	for _, n := range []struct {
		bit  DeviceType
		name string
	}{{DeviceTypeDefault, "DEFAULT"}, {DeviceTypeCPU, "CPU"}, {DeviceTypeGPU, "GPU"},
		{DeviceTypeAccelerator, "ACCELERATOR"}, {DeviceTypeCustom, "CUSTOM"}} {
		if t&n.bit != 0 {
			names = append(names, n.name)
		}
	}
	if len(names) == 0 {
		return fmt.Sprintf("DeviceType(%#x)", uint64(t))
	}
	return strings.Join(names, "|")
}

// MarshalText writes the type set as String does, for JSON.
func (t DeviceType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// ParseDeviceType returns the type named by s: "cpu", "gpu", "accelerator",
// "custom", "default" or "all" (any case).
func ParseDeviceType(s string) (DeviceType, error) {
	switch strings.ToLower(s) {
	case "cpu":
		return DeviceTypeCPU, nil
	case "gpu":
		return DeviceTypeGPU, nil
	case "accelerator":
		return DeviceTypeAccelerator, nil
	case "custom":
		return DeviceTypeCustom, nil
	case "default":
		return DeviceTypeDefault, nil
	case "all", "":
		return DeviceTypeAll, nil
	}
	return 0, fmt.Errorf("cl: unknown device type %q (want cpu, gpu, accelerator, custom, default or all)", s)
}

// Device is an OpenCL device of a platform. Root devices need no release.
type Device struct {
	id       C.cl_device_id
	platform *Platform
}

// Platform returns the platform the device belongs to.
func (d *Device) Platform() *Platform { return d.platform }

// Equal reports whether d and e are the same device, as listed by
// different calls of Platform.Devices.
func (d *Device) Equal(e *Device) bool { return d != nil && e != nil && d.id == e.id }

func (d *Device) info(param C.cl_device_info) infoFunc {
	return func(size C.size_t, v unsafe.Pointer, ret *C.size_t) C.cl_int {
		return C.clGetDeviceInfo(d.id, param, size, v, ret)
	}
}

// Name returns the device's name.
func (d *Device) Name() string {
	s, _ := queryString("clGetDeviceInfo", d.info(C.CL_DEVICE_NAME))
	return strings.TrimSpace(s)
}

// DeviceInfo holds the properties of a device that the framework and its
// users need. Sizes are in bytes.
type DeviceInfo struct {
	Name           string     `json:"name"`
	Vendor         string     `json:"vendor"`
	Version        string     `json:"version"` // OpenCL version, "OpenCL 3.0 ..."
	OpenCLCVersion string     `json:"opencl_c_version"`
	DriverVersion  string     `json:"driver_version"`
	Profile        string     `json:"profile"`
	Type           DeviceType `json:"type"`
	Extensions     []string   `json:"extensions"`

	Available         bool `json:"available"`
	CompilerAvailable bool `json:"compiler_available"`

	MaxComputeUnits            int   `json:"max_compute_units"`
	MaxClockFrequencyMHz       int   `json:"max_clock_frequency_mhz"`
	MaxWorkGroupSize           int   `json:"max_work_group_size"`
	MaxWorkItemSizes           []int `json:"max_work_item_sizes"`
	LocalMemSize               int64 `json:"local_mem_size"`
	LocalMemIsDedicated        bool  `json:"local_mem_is_dedicated"` // local memory is on-chip rather than emulated in global memory
	GlobalMemSize              int64 `json:"global_mem_size"`
	GlobalMemCacheSize         int64 `json:"global_mem_cache_size"`
	MaxMemAllocSize            int64 `json:"max_mem_alloc_size"`
	MaxConstantBufferSize      int64 `json:"max_constant_buffer_size"`
	MaxConstantArgs            int   `json:"max_constant_args"` // __constant arguments a kernel may take
	MaxParameterSize           int   `json:"max_parameter_size"`
	AddressBits                int   `json:"address_bits"`
	MemBaseAddrAlignBits       int   `json:"mem_base_addr_align_bits"` // alignment of buffer starts and sub-buffer offsets, in bits
	ProfilingTimerResolutionNS int   `json:"profiling_timer_resolution_ns"`

	// DoubleFP reports support of double precision (cl_khr_fp64 or a
	// non-zero CL_DEVICE_DOUBLE_FP_CONFIG).
	DoubleFP bool `json:"double_fp"`

	// PreferredWorkGroupSizeMultiple is the device's preferred multiple of
	// work-group sizes (the SIMD width: a warp or wavefront), from the
	// OpenCL 3.0 device query or, on NVIDIA, the warp size. It is 0 when the
	// device answers neither; Kernel.WorkGroupInfo gives it per kernel.
	PreferredWorkGroupSizeMultiple int `json:"preferred_work_group_size_multiple"`

	// NativeVectorWidthFloat is the number of float lanes of the device's
	// native vectors (CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT: 8 on a CPU with
	// AVX2, 16 with AVX-512); 0 where the device does not answer.
	NativeVectorWidthFloat int `json:"native_vector_width_float"`
}

// HasExtension reports whether the device lists the named extension.
func (i *DeviceInfo) HasExtension(name string) bool { return slices.Contains(i.Extensions, name) }

// Info reads every property in DeviceInfo. Properties that the device does
// not answer are left zero; an error is returned only when a property every
// OpenCL 1.2 device must answer cannot be read.
func (d *Device) Info() (DeviceInfo, error) {
	var i DeviceInfo
	var err error
	str := func(p C.cl_device_info) string {
		if err != nil {
			return ""
		}
		var s string
		s, err = queryString("clGetDeviceInfo", d.info(p))
		return strings.TrimSpace(s)
	}
	u32 := func(p C.cl_device_info) int {
		if err != nil {
			return 0
		}
		var v C.cl_uint
		v, err = queryValue[C.cl_uint]("clGetDeviceInfo", d.info(p))
		return int(v)
	}
	u64 := func(p C.cl_device_info) int64 {
		if err != nil {
			return 0
		}
		var v C.cl_ulong
		v, err = queryValue[C.cl_ulong]("clGetDeviceInfo", d.info(p))
		return int64(v)
	}
	size := func(p C.cl_device_info) int {
		if err != nil {
			return 0
		}
		var v C.size_t
		v, err = queryValue[C.size_t]("clGetDeviceInfo", d.info(p))
		return int(v)
	}
	boolean := func(p C.cl_device_info) bool {
		if err != nil {
			return false
		}
		var v C.cl_bool
		v, err = queryValue[C.cl_bool]("clGetDeviceInfo", d.info(p))
		return v != 0
	}

	i.Name = str(C.CL_DEVICE_NAME)
	i.Vendor = str(C.CL_DEVICE_VENDOR)
	i.Version = str(C.CL_DEVICE_VERSION)
	i.OpenCLCVersion = str(C.CL_DEVICE_OPENCL_C_VERSION)
	i.DriverVersion = str(C.CL_DRIVER_VERSION)
	i.Profile = str(C.CL_DEVICE_PROFILE)
	i.Extensions = strings.Fields(str(C.CL_DEVICE_EXTENSIONS))
	i.Type = DeviceType(u64(C.CL_DEVICE_TYPE))
	i.Available = boolean(C.CL_DEVICE_AVAILABLE)
	i.CompilerAvailable = boolean(C.CL_DEVICE_COMPILER_AVAILABLE)
	i.MaxComputeUnits = u32(C.CL_DEVICE_MAX_COMPUTE_UNITS)
	i.MaxClockFrequencyMHz = u32(C.CL_DEVICE_MAX_CLOCK_FREQUENCY)
	i.MaxWorkGroupSize = size(C.CL_DEVICE_MAX_WORK_GROUP_SIZE)
	i.LocalMemSize = u64(C.CL_DEVICE_LOCAL_MEM_SIZE)
	i.LocalMemIsDedicated = u32(C.CL_DEVICE_LOCAL_MEM_TYPE) == C.CL_LOCAL
	i.GlobalMemSize = u64(C.CL_DEVICE_GLOBAL_MEM_SIZE)
	i.GlobalMemCacheSize = u64(C.CL_DEVICE_GLOBAL_MEM_CACHE_SIZE)
	i.MaxMemAllocSize = u64(C.CL_DEVICE_MAX_MEM_ALLOC_SIZE)
	i.MaxConstantBufferSize = u64(C.CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE)
	i.MaxConstantArgs = u32(C.CL_DEVICE_MAX_CONSTANT_ARGS)
	i.MaxParameterSize = size(C.CL_DEVICE_MAX_PARAMETER_SIZE)
	i.AddressBits = u32(C.CL_DEVICE_ADDRESS_BITS)
	i.MemBaseAddrAlignBits = u32(C.CL_DEVICE_MEM_BASE_ADDR_ALIGN)
	i.ProfilingTimerResolutionNS = size(C.CL_DEVICE_PROFILING_TIMER_RESOLUTION)
	if err == nil {
		var sizes []C.size_t
		sizes, err = querySlice[C.size_t]("clGetDeviceInfo", d.info(C.CL_DEVICE_MAX_WORK_ITEM_SIZES))
		for _, s := range sizes {
			i.MaxWorkItemSizes = append(i.MaxWorkItemSizes, int(s))
		}
	}
	if err != nil {
		return DeviceInfo{}, fmt.Errorf("cl: device info: %w", err)
	}

	// Optional properties: a device that does not answer them has none.
	if fp, e := queryValue[C.cl_device_fp_config]("clGetDeviceInfo", d.info(C.CL_DEVICE_DOUBLE_FP_CONFIG)); e == nil && fp != 0 {
		i.DoubleFP = true
	}
	if i.HasExtension("cl_khr_fp64") {
		i.DoubleFP = true
	}
	if m, e := queryValue[C.size_t]("clGetDeviceInfo", d.info(C.REIKNA_CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE)); e == nil && m > 0 {
		i.PreferredWorkGroupSizeMultiple = int(m)
	} else if i.HasExtension("cl_nv_device_attribute_query") {
		if w, e := queryValue[C.cl_uint]("clGetDeviceInfo", d.info(C.REIKNA_CL_DEVICE_WARP_SIZE_NV)); e == nil && w > 0 {
			i.PreferredWorkGroupSizeMultiple = int(w)
		}
	}
	if w, e := queryValue[C.cl_uint]("clGetDeviceInfo", d.info(C.CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT)); e == nil {
		i.NativeVectorWidthFloat = int(w)
	}
	return i, nil
}
