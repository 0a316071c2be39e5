package cluda

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/cluda/cl"
)

// DeviceType is a set of kinds of device. Its bits are OpenCL's
// (CL_DEVICE_TYPE_*); a CUDA device is a GPU.
type DeviceType uint64

// The kinds of device.
const (
	DeviceTypeDefault     DeviceType = 1 << 0
	DeviceTypeCPU         DeviceType = 1 << 1
	DeviceTypeGPU         DeviceType = 1 << 2
	DeviceTypeAccelerator DeviceType = 1 << 3
	DeviceTypeCustom      DeviceType = 1 << 4
	DeviceTypeAll         DeviceType = 0xFFFFFFFF
)

// String names the kinds in the set, "GPU" or "CPU|GPU", as OpenCL does.
func (t DeviceType) String() string { return cl.DeviceType(t).String() }

// MarshalText writes the set as String does, for JSON.
func (t DeviceType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// ParseDeviceType returns the kind named by s: "cpu", "gpu",
// "accelerator", "custom", "default" or "all" (any case; the empty string
// is all).
func ParseDeviceType(s string) (DeviceType, error) {
	t, err := cl.ParseDeviceType(s)
	if err != nil {
		return 0, fmt.Errorf("cluda: unknown device type %q (want cpu, gpu, accelerator, custom, default or all)", s)
	}
	return DeviceType(t), nil
}

// DeviceInfo are the properties of a device, in OpenCL's terms on every
// interface (for CUDA: work-groups are blocks, local memory is shared
// memory, compute units are multiprocessors; see Device.Info).
type DeviceInfo struct {
	Name           string     `json:"name"`
	Vendor         string     `json:"vendor"`
	Version        string     `json:"version"` // "OpenCL 3.0 ...", or a CUDA device's compute capability
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

	// DoubleFP reports support of double precision.
	DoubleFP bool `json:"double_fp"`

	// PreferredWorkGroupSizeMultiple is the device's preferred multiple of
	// work-group sizes (the SIMD width: a warp or wavefront). It is 0 when
	// the device does not report it; Kernel.WorkGroupInfo gives it per
	// kernel.
	PreferredWorkGroupSizeMultiple int `json:"preferred_work_group_size_multiple"`

	// NativeVectorWidthFloat is the number of float lanes of the device's
	// native vectors on OpenCL (8 on a CPU with AVX2, 16 with AVX-512);
	// 0 where the device does not report it.
	NativeVectorWidthFloat int `json:"native_vector_width_float"`
}

// HasExtension reports whether the device lists the named extension.
func (i *DeviceInfo) HasExtension(name string) bool { return slices.Contains(i.Extensions, name) }

// deviceInfoOfCL returns the properties of an OpenCL device as cluda
// holds them.
func deviceInfoOfCL(i cl.DeviceInfo) DeviceInfo {
	return DeviceInfo{
		Name: i.Name, Vendor: i.Vendor, Version: i.Version, OpenCLCVersion: i.OpenCLCVersion,
		DriverVersion: i.DriverVersion, Profile: i.Profile, Type: DeviceType(i.Type), Extensions: i.Extensions,
		Available: i.Available, CompilerAvailable: i.CompilerAvailable,
		MaxComputeUnits: i.MaxComputeUnits, MaxClockFrequencyMHz: i.MaxClockFrequencyMHz,
		MaxWorkGroupSize: i.MaxWorkGroupSize, MaxWorkItemSizes: i.MaxWorkItemSizes,
		LocalMemSize: i.LocalMemSize, LocalMemIsDedicated: i.LocalMemIsDedicated,
		GlobalMemSize: i.GlobalMemSize, GlobalMemCacheSize: i.GlobalMemCacheSize,
		MaxMemAllocSize: i.MaxMemAllocSize, MaxConstantBufferSize: i.MaxConstantBufferSize,
		MaxConstantArgs: i.MaxConstantArgs, MaxParameterSize: i.MaxParameterSize,
		AddressBits: i.AddressBits, MemBaseAddrAlignBits: i.MemBaseAddrAlignBits,
		ProfilingTimerResolutionNS: i.ProfilingTimerResolutionNS, DoubleFP: i.DoubleFP,
		PreferredWorkGroupSizeMultiple: i.PreferredWorkGroupSizeMultiple,
		NativeVectorWidthFloat:         i.NativeVectorWidthFloat,
	}
}
