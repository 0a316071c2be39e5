package cluda

import (
	"fmt"

	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cu"
)

// Device is a compute device of either interface: an OpenCL device of a
// platform, or a CUDA device of the driver. Devices, BestDevice and
// Thread.Device return them; NewThread and NewMultiThread take them. The
// zero Device is no device.
type Device struct {
	api      API
	name     string
	platform Platform
	cl       *cl.Device // OpenCL
	cu       cu.Device  // CUDA
}

// API returns the interface the device runs programs through.
func (d Device) API() API { return d.api }

// Name returns the device's name.
func (d Device) Name() string { return d.name }

// Platform returns the platform the device belongs to.
func (d Device) Platform() Platform { return d.platform }

// String returns the device's name and its platform's.
func (d Device) String() string {
	if d.api == "" {
		return "no device"
	}
	return fmt.Sprintf("%q on %q", d.name, d.platform.Name)
}

// Equal reports whether d and o are the same device of the same interface.
func (d Device) Equal(o Device) bool {
	switch {
	case d.api != o.api:
		return false
	case d.api == OpenCL:
		return d.cl.Equal(o.cl)
	}
	return d.cu == o.cu
}

// Info returns the device's properties (see DeviceInfo).
func (d Device) Info() (DeviceInfo, error) {
	p, err := d.Params()
	if err != nil {
		return DeviceInfo{}, err
	}
	return p.DeviceInfo, nil
}

// Params returns the parameters that computations shape their kernels by
// on the device (those of a Thread on it; see Thread.Params).
func (d Device) Params() (*DeviceParams, error) {
	switch d.api {
	case OpenCL:
		return clDeviceParams(d.cl)
	case CUDA:
		return cudaDeviceParams(d.cu)
	}
	return nil, fmt.Errorf("cluda: parameters of no device (the zero Device)")
}

// IsGPU reports whether the device is a GPU (every CUDA device is).
func (d Device) IsGPU() bool {
	switch d.api {
	case CUDA:
		return true
	case OpenCL:
		info, err := d.cl.Info()
		return err == nil && info.Type&cl.DeviceTypeGPU != 0
	}
	return false
}

// DeviceFromCL returns the OpenCL device d as a Device, for a program that
// brings its own (see the package documentation on interop).
func DeviceFromCL(d *cl.Device) Device {
	if d == nil {
		return Device{}
	}
	return Device{api: OpenCL, name: d.Name(), platform: platformOfCL(d.Platform()), cl: d}
}

// DeviceFromCUDA returns the CUDA device d as a Device, for a program
// that brings its own (see the package documentation on interop).
func DeviceFromCUDA(d cu.Device) (Device, error) {
	name, err := d.Name()
	if err != nil {
		return Device{}, fmt.Errorf("cluda: CUDA device %d: %w", d, err)
	}
	cp, _ := cudaPlatform()
	return Device{api: CUDA, name: name, platform: cp, cu: d}, nil
}

// CLDevice returns the device's OpenCL handle, and false for a device of
// another interface: interop with code that uses the OpenCL binding.
func (d Device) CLDevice() (*cl.Device, bool) { return d.cl, d.api == OpenCL }

// CUDADevice returns the device's CUDA handle, and false for a device of
// another interface: interop with code that uses the CUDA binding.
func (d Device) CUDADevice() (cu.Device, bool) { return d.cu, d.api == CUDA }
