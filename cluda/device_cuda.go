package cluda

import (
	"errors"
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/cluda/cu"
	"github.com/reikna-go/reikna/dtypes"
)

// CUDAPlatformName is the platform name of CUDA devices in DeviceParams
// and in the program cache (no OpenCL platform is called so), so that a
// DeviceFilter's Platform can name it.
const CUDAPlatformName = "CUDA driver API"

// cudaMemBaseAlignBits is the alignment that the CUDA backend asks of an
// array's offset where a kernel gets the array (at its element 0), in
// bits: 16 bytes, the alignment of double2, the widest vector type a
// kernel may read through the pointer. The driver's allocations are
// aligned far more.
const cudaMemBaseAlignBits = 128

// cudaDevices returns the CUDA devices that match f (its Platform against
// CUDAPlatformName, its Device against the device name, its Type against
// GPU); f.API is not looked at. Where the driver does not load, the error
// wraps cu.ErrNoDriver.
func cudaDevices(f DeviceFilter) ([]Device, error) {
	devs, err := cu.Devices()
	if err != nil {
		return nil, fmt.Errorf("cluda: list CUDA devices: %w", err)
	}
	if f.Platform != "" && !containsFold(CUDAPlatformName, f.Platform) || f.Type != 0 && f.Type&DeviceTypeGPU == 0 {
		return nil, nil
	}
	var out []Device
	for _, d := range devs {
		dev, err := DeviceFromCUDA(d)
		if err != nil {
			return nil, err
		}
		if f.Device == "" || containsFold(dev.Name(), f.Device) {
			out = append(out, dev)
		}
	}
	return out, nil
}

// cudaPlatform returns the CUDA driver as a Platform, and false where it
// does not load.
func cudaPlatform() (Platform, bool) {
	v, err := cu.DriverVersion()
	if err != nil {
		return Platform{}, false
	}
	return Platform{API: CUDA, Name: CUDAPlatformName, Vendor: "NVIDIA Corporation",
		Version: fmt.Sprintf("CUDA %d.%d", v/1000, v%1000/10)}, true
}

// cudaDeviceParams returns the parameters of a CUDA device, in the terms
// of OpenCL's device properties that computations read: work-groups are
// blocks, local memory is shared memory, compute units are
// multiprocessors. LocalMemSize is the shared memory a block gets without
// opting in (48 KiB): kernels declare their shared arrays statically, and
// static shared memory cannot go beyond it. The driver and NVRTC versions
// are in DriverVersion, the compute capability in Version, so that the
// program cache tells their programs apart.
func cudaDeviceParams(d cu.Device) (*DeviceParams, error) {
	info, err := d.Info()
	if err != nil {
		return nil, fmt.Errorf("cluda: CUDA device %d: %w", d, err)
	}
	driver, err := cu.DriverVersion()
	if err != nil {
		return nil, fmt.Errorf("cluda: CUDA device %d: %w", d, err)
	}
	major, minor, err := cu.NVRTCVersion()
	if err != nil {
		return nil, fmt.Errorf("cluda: CUDA device %d: %w", d, err)
	}
	p := deviceParams(DeviceInfo{
		Name:                           info.Name,
		Vendor:                         "NVIDIA Corporation",
		Version:                        fmt.Sprintf(cudaVersionFormat, info.ComputeCapability[0], info.ComputeCapability[1]),
		DriverVersion:                  fmt.Sprintf("CUDA %d.%d driver, NVRTC %d.%d", driver/1000, driver%1000/10, major, minor),
		Type:                           DeviceTypeGPU,
		Available:                      true,
		CompilerAvailable:              true,
		MaxComputeUnits:                info.Multiprocessors,
		MaxWorkGroupSize:               info.MaxThreadsPerBlock,
		MaxWorkItemSizes:               info.MaxBlockDim[:],
		LocalMemSize:                   int64(info.SharedMemoryPerBlock),
		LocalMemIsDedicated:            true,
		GlobalMemSize:                  info.TotalMemory,
		GlobalMemCacheSize:             int64(info.L2CacheSize),
		MaxMemAllocSize:                info.TotalMemory,
		MaxConstantBufferSize:          int64(info.TotalConstantMemory),
		MaxConstantArgs:                9,
		MaxParameterSize:               4096,
		AddressBits:                    64,
		MemBaseAddrAlignBits:           cudaMemBaseAlignBits,
		DoubleFP:                       true,
		PreferredWorkGroupSizeMultiple: info.WarpSize,
	}, CUDAPlatformName)
	p.API = CUDA
	p.LocalBufferSize = int64(max(info.SharedMemoryPerBlockOptin, info.SharedMemoryPerBlock))
	p.MaxNumGroups = info.MaxGridDim[:]
	p.WarpSize = max(info.WarpSize, 1)
	return p, nil
}

// newCUDAThread creates a Thread on a CUDA device, on its primary context
// (the one the CUDA runtime uses) and a stream of its own.
func newCUDAThread(dev cu.Device, opts ThreadOptions) (*Thread, error) {
	params, err := cudaDeviceParams(dev)
	if err != nil {
		return nil, err
	}
	ctx, err := cu.RetainPrimaryContext(dev)
	if err != nil {
		return nil, fmt.Errorf("cluda: thread on %q: %w", params.Name, err)
	}
	stream, err := cu.CreateStream(ctx, false)
	if err != nil {
		ctx.Release()
		return nil, fmt.Errorf("cluda: thread on %q: %w", params.Name, err)
	}
	be, err := cudaBackend(ctx, stream, params, opts.Profiling, true)
	if err != nil {
		stream.Release()
		ctx.Release()
		return nil, err
	}
	return newThread(be, params, opts)
}

// WrapCUDAStream creates a Thread around an existing CUDA context and one
// of its streams, to use the framework inside a program that uses CUDA:
// interop (see the package documentation). The Thread does not release
// them. Its events are always timed, so Event.Duration works.
func WrapCUDAStream(ctx *cu.Context, stream *cu.Stream) (*Thread, error) {
	switch {
	case ctx == nil:
		return nil, errors.New("cluda: wrap CUDA stream: nil context")
	case stream == nil:
		return nil, errors.New("cluda: wrap CUDA stream: nil stream")
	case stream.Context() != ctx:
		return nil, errors.New("cluda: wrap CUDA stream: the stream belongs to another context")
	}
	params, err := cudaDeviceParams(ctx.Device())
	if err != nil {
		return nil, err
	}
	be, err := cudaBackend(ctx, stream, params, true, false)
	if err != nil {
		return nil, err
	}
	return newThread(be, params, ThreadOptions{})
}

// cudaBackend returns the backend of a Thread on a context and stream;
// NVRTC compiles for the virtual architecture of the device's compute
// capability.
func cudaBackend(ctx *cu.Context, stream *cu.Stream, p *DeviceParams, profiling, owned bool) (*cuBackend, error) {
	major, minor, err := ctx.Device().ComputeCapability()
	if err != nil {
		return nil, fmt.Errorf("cluda: thread on %q: %w", p.Name, err)
	}
	return &cuBackend{ctx: ctx, stream: stream, arch: fmt.Sprintf("compute_%d%d", major, minor),
		warp: p.WarpSize, prof: profiling, owned: owned, copier: &cuRegionCopier{}}, nil
}

// ArrayFromCUDA returns an array with the given layout (byte strides, nil
// for row-major, and byte offset) over size bytes of device memory at ptr,
// allocated elsewhere in the Thread's CUDA context: a computation works on
// it without a copy. The memory must outlive the array; Release does not
// free it.
func (t *Thread) ArrayFromCUDA(ptr cu.DevicePtr, size int, shape []int, dtype dtypes.DType, strides []int, offset int) (*Array, error) {
	b, ok := t.be.(*cuBackend)
	if !ok {
		return nil, fmt.Errorf("cluda: array from CUDA memory on a Thread of %s", t.API())
	}
	strides, span, err := layout(dtype, shape, strides, offset)
	if err != nil {
		return nil, fmt.Errorf("cluda: array from CUDA memory: %w", err)
	}
	if span > size {
		return nil, fmt.Errorf("cluda: array from CUDA memory: the layout reaches byte %d of %d", span, size)
	}
	if !t.params.SupportsDType(dtype) {
		return nil, fmt.Errorf("cluda: array from CUDA memory: device %q does not support %v", t.params.Name, dtype)
	}
	mem, err := cu.WrapMemory(b.ctx, ptr, size)
	if err != nil {
		return nil, fmt.Errorf("cluda: array from CUDA memory: %w", err)
	}
	return &Array{
		thread: t, mem: &memory{buf: cuBuffer{mem: mem, owner: true}, size: size}, owner: true,
		dtype: dtype, shape: slices.Clone(shape), strides: slices.Clone(strides), offset: offset, span: span,
	}, nil
}

// CUDAContext returns the Thread's CUDA context, nil on another API:
// interop (see the package documentation).
func (t *Thread) CUDAContext() *cu.Context {
	if b, ok := t.be.(*cuBackend); ok {
		return b.ctx
	}
	return nil
}

// CUDAStream returns the Thread's CUDA stream, nil on another API:
// interop (see the package documentation).
func (t *Thread) CUDAStream() *cu.Stream {
	if b, ok := t.be.(*cuBackend); ok {
		return b.stream
	}
	return nil
}

// CUDAMemory returns the CUDA allocation the array lives in and the byte
// offset of its element 0 in it, for the calls of a CUDA library (NCCL's
// sends and receives, say) on the array's memory; on another API it is an
// error: interop (see the package documentation). For a temporary array
// the allocation can change when the Thread's temporary memory grows.
func (a *Array) CUDAMemory() (*cu.Memory, int, error) {
	buf, err := a.mem.buffer()
	if err != nil {
		return nil, 0, err
	}
	cb, err := cuBufferOf(buf)
	if err != nil {
		return nil, 0, err
	}
	return cb.mem, cb.offset + a.offset, nil
}

// cudaVersionFormat is the DeviceParams.Version of a CUDA device: its
// compute capability, major and minor.
const cudaVersionFormat = "CUDA compute capability %d.%d"

// CUDAVersion returns the DeviceParams.Version of a CUDA device of compute
// capability major.minor (for model devices).
func CUDAVersion(major, minor int) string { return fmt.Sprintf(cudaVersionFormat, major, minor) }

// ComputeCapability returns the compute capability of a CUDA device, as
// major·10 + minor (90 for an H100 or H200), and 0 for an OpenCL device or
// one whose version does not name it.
func (p *DeviceParams) ComputeCapability() int {
	if p.API != CUDA {
		return 0
	}
	var major, minor int
	if n, err := fmt.Sscanf(p.Version, cudaVersionFormat, &major, &minor); err != nil || n != 2 {
		return 0
	}
	return 10*major + minor
}
