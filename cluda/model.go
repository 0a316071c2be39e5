package cluda

// Model devices are parameters of devices that need not be present, for
// rendering what would be compiled for them (RenderStatic and
// core.Computation.Render). They hold no driver version, so that what is
// rendered for them depends on the framework's code alone.

// ModelCUDALocalBufferSize is the model GPU's LocalBufferSize as a CUDA
// device: the shared memory a block of an H100 or H200 may opt into.
const ModelCUDALocalBufferSize = 227 << 10

// ModelGPU returns the parameters of a GPU with the limits that NVIDIA's
// OpenCL driver reports on a data-centre GPU of 132 multiprocessors (an
// H100 or H200): 48 KiB of local memory per work-group, at most 1024
// work-items per work-group and 1024 × 1024 × 64 per dimension, warps of
// 32, double precision, 64-bit addresses.
func ModelGPU() *DeviceParams {
	return deviceParams(DeviceInfo{
		Name:                           "model GPU with NVIDIA's limits (132 compute units)",
		Vendor:                         "NVIDIA Corporation",
		Version:                        "OpenCL 3.0 CUDA",
		OpenCLCVersion:                 "OpenCL C 1.2",
		Profile:                        "FULL_PROFILE",
		Type:                           DeviceTypeGPU,
		Extensions:                     []string{"cl_khr_byte_addressable_store", "cl_khr_fp64", "cl_khr_global_int32_base_atomics", "cl_khr_int64_base_atomics"},
		Available:                      true,
		CompilerAvailable:              true,
		MaxComputeUnits:                132,
		MaxWorkGroupSize:               1024,
		MaxWorkItemSizes:               []int{1024, 1024, 64},
		LocalMemSize:                   48 << 10,
		LocalMemIsDedicated:            true,
		GlobalMemSize:                  80 << 30,
		MaxMemAllocSize:                20 << 30,
		MaxConstantBufferSize:          64 << 10,
		MaxConstantArgs:                9,
		MaxParameterSize:               4352,
		AddressBits:                    64,
		MemBaseAddrAlignBits:           4096,
		DoubleFP:                       true,
		PreferredWorkGroupSizeMultiple: 32,
	}, "NVIDIA CUDA")
}

// ModelCUDAGPU returns the model GPU (ModelGPU) as a CUDA device: an H100
// or H200 of compute capability 9.0, whose blocks may opt into
// ModelCUDALocalBufferSize of shared memory.
func ModelCUDAGPU() *DeviceParams {
	p := ModelGPU()
	p.API, p.PlatformName = CUDA, CUDAPlatformName
	p.LocalBufferSize = ModelCUDALocalBufferSize
	p.Version = CUDAVersion(9, 0)
	return p
}

// ModelCPU returns the parameters of PoCL's CPU device on a machine of two
// cores, as PoCL 3.1 reports them: at most 4096 work-items per work-group
// and per dimension, 512 KiB of local memory (in global memory), a
// preferred work-group size multiple of 8, double precision, 64-bit
// addresses, and the native vectors of AVX2 (8 float lanes).
func ModelCPU() *DeviceParams {
	return deviceParams(DeviceInfo{
		Name:                           "model CPU with PoCL's limits (2 compute units)",
		Vendor:                         "AuthenticAMD",
		Version:                        "OpenCL 3.0 PoCL",
		OpenCLCVersion:                 "OpenCL C 1.2 PoCL",
		Profile:                        "FULL_PROFILE",
		Type:                           DeviceTypeCPU,
		Extensions:                     []string{"cl_khr_byte_addressable_store", "cl_khr_fp64", "cl_khr_global_int32_base_atomics", "cl_khr_int64_base_atomics"},
		Available:                      true,
		CompilerAvailable:              true,
		MaxComputeUnits:                2,
		MaxWorkGroupSize:               4096,
		MaxWorkItemSizes:               []int{4096, 4096, 4096},
		LocalMemSize:                   512 << 10,
		GlobalMemSize:                  4 << 30,
		MaxMemAllocSize:                1 << 30,
		MaxConstantBufferSize:          512 << 10,
		MaxConstantArgs:                8,
		MaxParameterSize:               1024,
		AddressBits:                    64,
		MemBaseAddrAlignBits:           1024,
		DoubleFP:                       true,
		PreferredWorkGroupSizeMultiple: 8,
		NativeVectorWidthFloat:         8,
	}, "Portable Computing Language")
}
