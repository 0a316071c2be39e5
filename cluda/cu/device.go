package cu

/*
#include "cuinc.h"
*/
import "C"

import (
	"fmt"
	"strings"
	"unsafe"
)

// Device is a CUDA device (CUdevice).
type Device int32

// DeviceAttribute is a property of a device that Device.Attribute reads
// (CUdevice_attribute).
type DeviceAttribute int32

// Device attributes, with the values of CUDA's CUdevice_attribute.
const (
	AttrMaxThreadsPerBlock               DeviceAttribute = 1
	AttrMaxBlockDimX                     DeviceAttribute = 2
	AttrMaxBlockDimY                     DeviceAttribute = 3
	AttrMaxBlockDimZ                     DeviceAttribute = 4
	AttrMaxGridDimX                      DeviceAttribute = 5
	AttrMaxGridDimY                      DeviceAttribute = 6
	AttrMaxGridDimZ                      DeviceAttribute = 7
	AttrMaxSharedMemoryPerBlock          DeviceAttribute = 8
	AttrTotalConstantMemory              DeviceAttribute = 9
	AttrWarpSize                         DeviceAttribute = 10
	AttrMaxRegistersPerBlock             DeviceAttribute = 12
	AttrMultiprocessorCount              DeviceAttribute = 16
	AttrIntegrated                       DeviceAttribute = 18
	AttrPCIBusID                         DeviceAttribute = 33
	AttrPCIDeviceID                      DeviceAttribute = 34
	AttrL2CacheSize                      DeviceAttribute = 38
	AttrMaxThreadsPerMultiprocessor      DeviceAttribute = 39
	AttrUnifiedAddressing                DeviceAttribute = 41
	AttrPCIDomainID                      DeviceAttribute = 50
	AttrComputeCapabilityMajor           DeviceAttribute = 75
	AttrComputeCapabilityMinor           DeviceAttribute = 76
	AttrMaxSharedMemoryPerMultiprocessor DeviceAttribute = 81
	AttrMaxRegistersPerMultiprocessor    DeviceAttribute = 82
	AttrMaxSharedMemoryPerBlockOptin     DeviceAttribute = 97
)

// DriverVersion returns the version of CUDA that the driver supports, as
// 1000×major + 10×minor (13000 for CUDA 13.0).
func DriverVersion() (int, error) {
	lib, err := driver()
	if err != nil {
		return 0, err
	}
	var v C.int
	if err := lib.check("cuDriverGetVersion", C.reikna_cuDriverGetVersion(lib.fns, &v)); err != nil {
		return 0, err
	}
	return int(v), nil
}

// DeviceCount returns the number of CUDA devices.
func DeviceCount() (int, error) {
	lib, err := driver()
	if err != nil {
		return 0, err
	}
	var n C.int
	if err := lib.check("cuDeviceGetCount", C.reikna_cuDeviceGetCount(lib.fns, &n)); err != nil {
		return 0, err
	}
	return int(n), nil
}

// GetDevice returns the device of an ordinal from 0 to DeviceCount()-1.
func GetDevice(ordinal int) (Device, error) {
	lib, err := driver()
	if err != nil {
		return 0, err
	}
	var d C.CUdevice
	if err := lib.check("cuDeviceGet", C.reikna_cuDeviceGet(lib.fns, &d, C.int(ordinal))); err != nil {
		return 0, fmt.Errorf("device %d: %w", ordinal, err)
	}
	return Device(d), nil
}

// Devices returns every CUDA device.
func Devices() ([]Device, error) {
	n, err := DeviceCount()
	if err != nil {
		return nil, err
	}
	devs := make([]Device, n)
	for i := range devs {
		if devs[i], err = GetDevice(i); err != nil {
			return nil, err
		}
	}
	return devs, nil
}

// Name returns the device's name.
func (d Device) Name() (string, error) {
	lib, err := driver()
	if err != nil {
		return "", err
	}
	const size = 256
	buf := (*C.char)(C.calloc(size, 1))
	defer C.free(unsafe.Pointer(buf))
	if err := lib.check("cuDeviceGetName", C.reikna_cuDeviceGetName(lib.fns, buf, size, C.CUdevice(d))); err != nil {
		return "", err
	}
	return strings.TrimSpace(C.GoString(buf)), nil
}

// Attribute returns a property of the device.
func (d Device) Attribute(a DeviceAttribute) (int, error) {
	lib, err := driver()
	if err != nil {
		return 0, err
	}
	var v C.int
	if err := lib.check("cuDeviceGetAttribute", C.reikna_cuDeviceGetAttribute(lib.fns, &v, C.int(a), C.CUdevice(d))); err != nil {
		return 0, fmt.Errorf("attribute %d: %w", int32(a), err)
	}
	return int(v), nil
}

// TotalMemory returns the device's global memory in bytes.
func (d Device) TotalMemory() (int64, error) {
	lib, err := driver()
	if err != nil {
		return 0, err
	}
	var n C.size_t
	if err := lib.check("cuDeviceTotalMem_v2", C.reikna_cuDeviceTotalMem(lib.fns, &n, C.CUdevice(d))); err != nil {
		return 0, err
	}
	return int64(n), nil
}

// ComputeCapability returns the device's compute capability, such as 9, 0
// for an H100 or H200.
func (d Device) ComputeCapability() (major, minor int, err error) {
	if major, err = d.Attribute(AttrComputeCapabilityMajor); err != nil {
		return 0, 0, err
	}
	if minor, err = d.Attribute(AttrComputeCapabilityMinor); err != nil {
		return 0, 0, err
	}
	return major, minor, nil
}

// DeviceInfo holds the properties of a device that GPU computing needs.
type DeviceInfo struct {
	Name                          string
	ComputeCapability             [2]int // major, minor
	Multiprocessors               int
	WarpSize                      int
	MaxThreadsPerBlock            int
	MaxBlockDim                   [3]int
	MaxGridDim                    [3]int
	MaxThreadsPerMultiprocessor   int
	SharedMemoryPerBlock          int // bytes a block gets without asking
	SharedMemoryPerBlockOptin     int // bytes a block may get by setting its function's attribute
	SharedMemoryPerMultiprocessor int
	RegistersPerBlock             int
	TotalConstantMemory           int
	L2CacheSize                   int
	TotalMemory                   int64
	Integrated                    bool
	UnifiedAddressing             bool
	PCIDomain, PCIBus, PCIDevice  int // the device's place on the PCI bus
}

// Info returns the device's properties.
func (d Device) Info() (DeviceInfo, error) {
	var info DeviceInfo
	var err error
	if info.Name, err = d.Name(); err != nil {
		return info, err
	}
	if info.TotalMemory, err = d.TotalMemory(); err != nil {
		return info, err
	}
	var integrated, unified int
	for _, q := range []struct {
		attr DeviceAttribute
		dst  *int
	}{
		{AttrComputeCapabilityMajor, &info.ComputeCapability[0]},
		{AttrComputeCapabilityMinor, &info.ComputeCapability[1]},
		{AttrMultiprocessorCount, &info.Multiprocessors},
		{AttrWarpSize, &info.WarpSize},
		{AttrMaxThreadsPerBlock, &info.MaxThreadsPerBlock},
		{AttrMaxBlockDimX, &info.MaxBlockDim[0]},
		{AttrMaxBlockDimY, &info.MaxBlockDim[1]},
		{AttrMaxBlockDimZ, &info.MaxBlockDim[2]},
		{AttrMaxGridDimX, &info.MaxGridDim[0]},
		{AttrMaxGridDimY, &info.MaxGridDim[1]},
		{AttrMaxGridDimZ, &info.MaxGridDim[2]},
		{AttrMaxThreadsPerMultiprocessor, &info.MaxThreadsPerMultiprocessor},
		{AttrMaxSharedMemoryPerBlock, &info.SharedMemoryPerBlock},
		{AttrMaxSharedMemoryPerBlockOptin, &info.SharedMemoryPerBlockOptin},
		{AttrMaxSharedMemoryPerMultiprocessor, &info.SharedMemoryPerMultiprocessor},
		{AttrMaxRegistersPerBlock, &info.RegistersPerBlock},
		{AttrTotalConstantMemory, &info.TotalConstantMemory},
		{AttrL2CacheSize, &info.L2CacheSize},
		{AttrIntegrated, &integrated},
		{AttrUnifiedAddressing, &unified},
		{AttrPCIDomainID, &info.PCIDomain},
		{AttrPCIBusID, &info.PCIBus},
		{AttrPCIDeviceID, &info.PCIDevice},
	} {
		if *q.dst, err = d.Attribute(q.attr); err != nil {
			return info, err
		}
	}
	info.Integrated = integrated != 0
	info.UnifiedAddressing = unified != 0
	return info, nil
}
