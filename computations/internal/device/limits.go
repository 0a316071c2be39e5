package device

import (
	"strings"

	"github.com/reikna-go/reikna/cluda"
)

// Limits are the properties of a device that the plans of the computations
// depend on.
type Limits struct {
	// MaxWorkGroup is the most work-items a work-group may have. Every
	// launch has one-dimensional real work-groups (cluda maps a virtual
	// local size of any rank onto one), so it is the device's maximum
	// work-group size, and no more than its maximum along dimension 0.
	MaxWorkGroup int
	// LocalMemBytes is the local memory a work-group may have.
	LocalMemBytes int64
	// LargeLocalMemBytes is the local memory a kernel's LOCAL_BUFFER may
	// take: LocalMemBytes on OpenCL, and on CUDA the shared memory a block
	// may opt into when it is launched, which may be more.
	LargeLocalMemBytes int64
	// ComputeUnits is the number of compute units of the device.
	ComputeUnits int
	// CPU and GPU mark the type of the device; a device may be neither
	// (an accelerator).
	CPU, GPU bool
	// CUDA marks a device whose kernels are written in CUDA C rather than
	// OpenCL C, and ComputeCapability is its compute capability as
	// major·10 + minor (90 for an H100 or H200; 0 elsewhere).
	CUDA              bool
	ComputeCapability int
	// GlobalAtomics reports 32-bit atomic operations on global memory
	// (OpenCL C 1.1 and later).
	GlobalAtomics bool
	// VectorBytes is the width of the device's native vectors (32 on a
	// CPU with AVX2, 64 with AVX-512); 0 where the device does not say.
	VectorBytes int
}

// LimitsOf returns the limits of the device with the parameters p.
func LimitsOf(p *cluda.DeviceParams) Limits {
	maxWG := p.MaxWorkGroupSize
	if len(p.MaxWorkItemSizes) > 0 {
		maxWG = min(maxWG, p.MaxWorkItemSizes[0])
	}
	return Limits{
		MaxWorkGroup:       maxWG,
		LocalMemBytes:      p.LocalMemSize,
		LargeLocalMemBytes: p.LocalBufferSize,
		ComputeUnits:       p.MaxComputeUnits,
		CPU:                p.IsCPU(),
		GPU:                p.IsGPU(),
		CUDA:               p.API == cluda.CUDA,
		ComputeCapability:  p.ComputeCapability(),
		GlobalAtomics:      !strings.HasPrefix(p.OpenCLCVersion, "OpenCL C 1.0"),
		VectorBytes:        4 * p.NativeVectorWidthFloat,
	}
}
