// Package cluda is the GPU abstraction layer of reikna-go (reikna's
// CLUDA), over OpenCL and CUDA: a Thread owns a context and an in-order
// queue (a CUDA stream) on one device;
// Arrays carry a dtype, shape, byte strides and offset; programs are
// compiled with a prelude of portable macros (KERNEL, GLOBAL_MEM,
// LOCAL_BARRIER, ...); static kernels run over virtual sizes of any rank;
// temporary arrays share memory where their lifetimes allow.
//
// A minimal program multiplies two arrays:
//
//	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
//	...
//	defer thr.Release()
//	prog, err := thr.Compile(`
//	KERNEL void multiply_them(GLOBAL_MEM float *dest, GLOBAL_MEM float *a, GLOBAL_MEM float *b)
//	{
//	    const SIZE_T i = get_global_id(0);
//	    dest[i] = a[i] * b[i];
//	}`, cluda.CompileOptions{})
//	k, err := prog.Kernel("multiply_them")
//	err = k.Call([]int{n}, nil, dest, a, b)
//
// # Devices
//
// One device model serves both interfaces. A Device is an OpenCL device of
// a platform or a CUDA device of the driver (a Platform each, the CUDA
// driver's called CUDAPlatformName); Devices lists those a DeviceFilter
// matches, BestDevice picks the one CreateThread runs on (the first GPU of
// the chosen interface), and NewThread and NewMultiThread open Threads on
// the devices given. Device.Info and Device.Params give the properties,
// in OpenCL's terms on both interfaces (DeviceInfo, DeviceParams); kernels
// launch over an NDRange, and Kernel.WorkGroupInfo tells what a device
// allows a kernel, alike.
//
// # Interop
//
// A program that brings its own OpenCL or CUDA objects reaches the
// bindings' handles (packages cl and cu) through functions whose names say
// so, and through nothing else: DeviceFromCL, DeviceFromCUDA,
// Device.CLDevice, Device.CUDADevice and Platform.CLPlatform for devices;
// WrapCLQueue and WrapCUDAStream make a Thread around a queue or stream
// made elsewhere, Thread.CLContext, Thread.CLQueue, Thread.CUDAContext and
// Thread.CUDAStream give a Thread's own (nil on the other interface);
// Array.CLBuffer, Array.CUDAMemory and Thread.ArrayFromCUDA, Event.CLEvent, and a
// BuildError's Unwrap (to a *cl.BuildError or *cu.BuildError).
//
// RenderStatic gives the complete source and launch of a static kernel for
// the parameters of a device that need not be present, such as ModelGPU.
//
// Built programs are cached per Thread in memory, up to a bound
// (Thread.SetProgramCacheLimit), and in a directory on disk that later
// processes reuse (CacheDirEnv, CacheMaxMBEnv). The disk cache trusts
// nothing it finds: see CacheDirEnv. Conditions that do not stop the work,
// such as a cache directory that cannot be used, are reported once as
// warnings (SetWarningLogger).
//
// # Array layouts
//
// An Array is a dtype, a shape, byte strides and a byte offset into device
// memory. Every constructor (Empty, Zeros, NewArray, EmptyLike, ToDevice,
// TempArray, View) checks the layout with arithmetic that cannot overflow
// (see Span): no negative dimension, stride or offset, element counts and
// byte sizes that an int holds, and, for a view, every element inside the
// memory it looks into. A layout that breaks a rule is an error that names
// it; none reaches a kernel.
//
// Views share an array's memory under another layout: View (byte strides
// and offset), ElementView (strides and offset in elements, NumPy's
// as_strided), Reshape (NumPy's reshape, refused where the elements would
// have to be copied) and Slice (NumPy's a[start:stop:step] along one
// axis). Set, Fill and Thread.Copy write into them; Get, Read and ReadInto
// (into a slice the caller keeps) read them, arrays of struct dtypes too,
// and ReadHost reads them with their shape into a Host, indexed by At.
// Layouts have no negative strides, so a reversed view is an error.
//
// SetAsync and GetAsync copy without blocking: they enqueue the copy,
// through memory of the Thread's own (page-locked on CUDA), and return
// its Event; a download's values are in the caller's slice once the
// event's Wait returns.
//
// The calls that block have Context variants (SynchronizeContext,
// Event.WaitContext, GetContext, ReadContext) that return when their
// context is done; the device's commands still run to their end.
//
// CompileOptions add fast math, compiler options and defines to a build;
// each set of options is a program of its own in the caches.
//
// # Several devices
//
// A MultiThread is a Thread on each of several devices of one interface
// (CreateMultiThread, NewMultiThread): OpenCL devices of one platform
// share a context (but on NVIDIA's, see ContextShared), CUDA devices get
// peer access to each other's memory. CopySplit runs each block of an
// exchange on a queue of its own on the receiving device; among three or
// more devices, in rounds in which every device sends one block and
// receives one (ExchangeOrder), which keep four GPUs joined by NVLink at
// the rate of one copy between two. A
// SplitArray is one logical array split along one axis among its devices
// in shares (EqualShares or given), a contiguous Array on each. Set and
// Get scatter it from and gather it to the host, Scatter and Gather from
// and to an Array of any Thread, and MultiThread.CopySplit copies it into
// a split array split another way (an all-to-all exchange). CopyBetween
// copies between arrays of any two Threads. Each copy between devices goes
// by the path MultiThread.Path names (CopyPath): by the devices where they
// reach each other's memory, as regions of evenly spaced rows, and through
// host memory otherwise. Package multi runs computations on split arrays.
//
// # Releasing resources
//
// Device memory is not Go memory, and the garbage collector does not see
// how much of it is in use. Release what you create, as soon as you are
// done with it, typically with defer:
//
//   - a Thread: Release frees its programs, its temporary memory and, for a
//     Thread made by CreateThread or NewThread, its context and queue;
//   - a MultiThread: Release releases its Threads and the contexts they
//     share; a SplitArray's Release frees its parts;
//   - arrays from Empty, Zeros, NewArray, EmptyLike and ToDevice: Release
//     frees their memory; views share it and fail once it is freed (a
//     view's own Release frees only the sub-buffer that kernel calls may
//     have made for it);
//   - temporary arrays from TempArray: Release returns their share of the
//     Thread's temporary memory, which otherwise stays taken until the
//     Thread is released;
//   - events that Enqueue returns: Release them after use;
//   - programs from Compile: Release each when done with it; the built
//     program stays in the Thread's cache, within its bound, until the
//     Thread is released.
//
// Compiled computations (core.Callable) hold temporary arrays of the
// Thread and must be released as well.
//
// As a safety net, the OpenCL and CUDA objects behind arrays, programs,
// kernels, events, queues and contexts are released by runtime cleanups once their
// Go values become unreachable. The collector runs when Go memory grows,
// not device memory, so a program that relies on it can run out of device
// memory first; temporary arrays, which the Thread keeps track of, are not
// caught at all while their Thread lives.
//
// # OpenCL and CUDA
//
// A Thread runs on OpenCL (through the subpackage cl) or on CUDA (through
// the subpackage cu, NVIDIA's driver API and NVRTC, loaded at run time).
// DeviceFilter.API chooses, else the environment variable REIKNA_API
// (APIEnv), else the default: CUDA where a CUDA device matches the filter
// (an NVIDIA GPU whose driver and NVRTC load), OpenCL elsewhere. Programs
// are written once, in OpenCL
// C with the prelude's macros: for CUDA the prelude defines the macros and
// the OpenCL built-ins that kernels use in CUDA C++ (see
// cudaPreludeSource), NVRTC compiles the program to PTX and the driver
// loads it. Launch sizes stay OpenCL's: a global size of work-items and a
// local size per work-group, which become a grid of blocks. On CUDA, local
// memory is shared memory, 48 KiB per block as static arrays take it; a
// kernel takes no local memory arguments (LocalMem). LOCAL_MEM declares
// local arrays and variables (CUDA's __shared__); a pointer to local memory
// is qualified with LOCAL_MEM_ARG instead, which CUDA, where such pointers
// are plain ones, leaves empty. A kernel that needs more local memory than
// static arrays get declares one buffer with LOCAL_BUFFER(T, name, n) in
// its body and its size in bytes with LOCAL_BUFFER_SIZE(bytes) at file
// scope, before the kernel: on OpenCL it is a local array like any other;
// on CUDA it is dynamic shared memory that each launch asks for, up to
// DeviceParams.LocalBufferSize (the shared memory a block may opt into,
// 227 KB on an H100 or H200). A program has at most one
// LOCAL_BUFFER_SIZE, which all its kernels' buffers share. A static kernel
// compiled with StaticOptions.BoundLocal is declared for its real local
// size and no more: KERNEL becomes BOUNDED_KERNEL(x, y, z), CUDA's
// __launch_bounds__ or OpenCL's reqd_work_group_size, so that the compiler
// fits its registers to a work-group that the device would otherwise
// refuse at the registers the kernel takes. UNROLL_LOOP before a loop of
// a number of rounds the compiler knows asks for it whole: on CUDA it is
// #pragma unroll (NVRTC unrolled the 17 rounds of an FFT's staged load of
// 34 points in part where NVIDIA's OpenCL compiler unrolled them whole, and
// the kernel took 1.46 times as long; a program compiled with -DUNROLL_LOOP=
// leaves the choice to the compiler); so it is on NVIDIA's OpenCL
// platform, whose compiler unrolled some of the FFT's loops only in part,
// while other OpenCL compilers choose alone.
//
// Element types live in the package dtypes, the OpenCL binding in the
// subpackage cl, the CUDA binding in cu. cluda renders no templates: core.CompileTemplate renders a
// kernel template with its modules and compiles it on a Thread.
package cluda
