package cluda

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cu"
	"github.com/reikna-go/reikna/dtypes"
)

// DeviceFilter selects devices. Empty fields match everything; name filters
// are case-insensitive substrings.
type DeviceFilter struct {
	Platform string     // substring of the platform name (CUDAPlatformName for CUDA devices)
	Device   string     // substring of the device name
	Type     DeviceType // a set of kinds; 0 means any

	// API is the interface to run on: OpenCL, CUDA, or empty. For
	// CreateThread and BestDevice the empty API is the one that APIEnv
	// names, and where it is unset, the default (see CreateThread); for
	// Devices it is both.
	API API
}

func (f DeviceFilter) String() string {
	var parts []string
	if f.Platform != "" {
		parts = append(parts, fmt.Sprintf("platform %q", f.Platform))
	}
	if f.Device != "" {
		parts = append(parts, fmt.Sprintf("device %q", f.Device))
	}
	if f.Type != 0 && f.Type != DeviceTypeAll {
		parts = append(parts, "type "+f.Type.String())
	}
	if f.API != "" {
		parts = append(parts, "API "+string(f.API))
	}
	if len(parts) == 0 {
		return "any device"
	}
	return strings.Join(parts, ", ")
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// Platform is a set of devices of one driver: an OpenCL platform, or the
// CUDA driver (whose Name is CUDAPlatformName).
type Platform struct {
	API     API
	Name    string
	Vendor  string
	Version string

	cl *cl.Platform // nil for CUDA
}

// String returns the platform's name.
func (p Platform) String() string { return p.Name }

// platformOfCL returns an OpenCL platform as cluda holds it.
func platformOfCL(p *cl.Platform) Platform {
	return Platform{API: OpenCL, Name: p.Name(), Vendor: p.Vendor(), Version: p.Version(), cl: p}
}

// Platforms returns the OpenCL platforms, in the order the ICD loader
// lists them, and after them the CUDA driver's where it loads. Its first
// call (or the first of Devices, BestDevice and CreateThread) points
// PoCL's kernel cache where the program cache goes (see CacheDirEnv),
// unless POCL_CACHE_DIR is set; PoCL reads that setting when it is first
// loaded, so a program should list platforms through cluda.
func Platforms() ([]Platform, error) {
	configurePoCL()
	platforms, err := cl.Platforms()
	if err != nil {
		return nil, fmt.Errorf("cluda: list platforms: %w", err)
	}
	var out []Platform
	for _, p := range platforms {
		out = append(out, platformOfCL(p))
	}
	if cp, ok := cudaPlatform(); ok {
		out = append(out, cp)
	}
	return out, nil
}

// Devices returns every device that matches f: those of the OpenCL
// platforms, platform by platform in the order the ICD loader lists them,
// then those of the CUDA driver, where f.API is empty; those of f.API
// otherwise. A driver that does not load has no devices.
func Devices(f DeviceFilter) ([]Device, error) {
	var out []Device
	if f.API != CUDA {
		devs, err := clDevices(f)
		if err != nil {
			return nil, err
		}
		out = append(out, devs...)
	}
	if f.API != OpenCL {
		devs, err := cudaDevices(f)
		if err != nil && !errors.Is(err, cu.ErrNoDriver) {
			return nil, err
		}
		out = append(out, devs...)
	}
	return out, nil
}

// clDevices returns the OpenCL devices that match f.
func clDevices(f DeviceFilter) ([]Device, error) {
	configurePoCL()
	platforms, err := cl.Platforms()
	if err != nil {
		return nil, fmt.Errorf("cluda: list platforms: %w", err)
	}
	t := cl.DeviceType(f.Type)
	if t == 0 {
		t = cl.DeviceTypeAll
	}
	var out []Device
	for _, p := range platforms {
		if f.Platform != "" && !containsFold(p.Name(), f.Platform) {
			continue
		}
		devs, err := p.Devices(t)
		if err != nil {
			return nil, fmt.Errorf("cluda: list devices of %q: %w", p.Name(), err)
		}
		for _, d := range devs {
			if f.Device == "" || containsFold(d.Name(), f.Device) {
				out = append(out, DeviceFromCL(d))
			}
		}
	}
	return out, nil
}

// ErrNoDevice is wrapped by errors that report that no device matched.
var ErrNoDevice = fmt.Errorf("cluda: no device")

// BestDevice returns the device that CreateThread(f, ...) runs on: on the
// interface f.API names (else APIEnv's, else the default), the first GPU
// among the devices matching f, or else the first matching device (on a
// machine without a GPU, PoCL's CPU device).
func BestDevice(f DeviceFilter) (Device, error) {
	api, err := chooseAPI(f)
	if err != nil {
		return Device{}, err
	}
	f.API = api
	devs, err := Devices(f)
	if err != nil {
		return Device{}, err
	}
	if len(devs) == 0 {
		return Device{}, noDeviceError(f)
	}
	for _, d := range devs {
		if d.IsGPU() {
			return d, nil
		}
	}
	return devs[0], nil
}

// noDeviceError is the error of a filter that no device of its API
// matches; it names the devices there are.
func noDeviceError(f DeviceFilter) error {
	if f.API == CUDA {
		if _, err := cu.Devices(); err != nil {
			return fmt.Errorf("%w matches %s: %w", ErrNoDevice, f, err)
		}
		return fmt.Errorf("%w matches %s among the CUDA devices", ErrNoDevice, f)
	}
	all, _ := clDevices(DeviceFilter{})
	var names []string
	for _, d := range all {
		names = append(names, fmt.Sprintf("%q on %q", d.Name(), d.Platform().Name))
	}
	if len(names) == 0 {
		return fmt.Errorf("%w matches %s: no OpenCL platform is installed (on Debian: apt-get install pocl-opencl-icd)", ErrNoDevice, f)
	}
	return fmt.Errorf("%w matches %s; the OpenCL devices are %s", ErrNoDevice, f, strings.Join(names, ", "))
}

// DeviceParams are the properties of a Thread's device that computations
// use to shape their kernels.
type DeviceParams struct {
	DeviceInfo
	PlatformName string

	// API is the interface programs for the device are written for: the
	// prelude maps the CLUDA macros onto its language. The empty API is
	// OpenCL, for parameters made by hand.
	API API

	// MaxNumGroups is the largest number of work-groups in each of the three
	// dimensions of a launch. OpenCL has no query for it; the figures are
	// those of the most restrictive common driver (NVIDIA's, which maps
	// launches onto CUDA grids) and of the device's address width.
	MaxNumGroups []int

	// WarpSize is the number of work-items the device runs in lock step (the
	// preferred work-group size multiple), at least 1.
	WarpSize int

	// LocalMemBanks is the number of local memory banks, for padding shared
	// arrays against bank conflicts.
	LocalMemBanks int

	// LocalBufferSize is the local memory a kernel's LOCAL_BUFFER may take
	// (see the package documentation): LocalMemSize on OpenCL, and on CUDA
	// the shared memory a block may opt into, which static shared arrays
	// cannot reach.
	LocalBufferSize int64
}

// IsGPU reports whether the device is a GPU.
func (p *DeviceParams) IsGPU() bool { return p.Type&DeviceTypeGPU != 0 }

// IsCPU reports whether the device is a CPU.
func (p *DeviceParams) IsCPU() bool { return p.Type&DeviceTypeCPU != 0 }

// maxIndex returns the largest value of the device's size_t (and so of
// VSIZE_T in kernels): 2^32-1 on devices with 32-bit addresses.
func (p *DeviceParams) maxIndex() int {
	if p.AddressBits == 32 {
		return 1<<32 - 1
	}
	return math.MaxInt
}

// SupportsDType reports whether kernels on the device can use dt (double
// precision types need fp64 support).
func (p *DeviceParams) SupportsDType(dt dtypes.DType) bool {
	return dt.Valid() && (!dt.IsDouble() || p.DoubleFP)
}

// deviceParams derives the parameters of a device from its properties.
// WarpSize is 0 where the device does not report its preferred work-group
// size multiple; a Thread asks a kernel for it then.
func deviceParams(info DeviceInfo, platform string) *DeviceParams {
	p := &DeviceParams{DeviceInfo: info, PlatformName: platform, API: OpenCL}
	maxGroups := int64(1)<<31 - 1
	if info.AddressBits == 32 {
		maxGroups = int64(1)<<32 - 1
	}
	p.MaxNumGroups = []int{int(maxGroups), 65535, 65535}
	p.WarpSize = info.PreferredWorkGroupSizeMultiple
	p.LocalMemBanks = 32
	p.LocalBufferSize = info.LocalMemSize
	return p
}

// CLPlatform returns the platform's OpenCL handle, nil for the CUDA
// driver: interop (see the package documentation).
func (p Platform) CLPlatform() *cl.Platform { return p.cl }
