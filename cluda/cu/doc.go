// Package cu is a binding to the CUDA driver API and to NVRTC, NVIDIA's
// run-time compiler of CUDA C++, as much of them as GPU computing needs:
// devices and their properties, contexts, streams, device and page-locked
// host memory, transfers, modules loaded from PTX or cubins, kernel
// launches with dynamic shared memory, events for ordering and timing, and
// compilation of CUDA C++ to PTX.
//
// Both libraries are loaded at run time with dlopen, so building the
// package needs no CUDA toolkit and a program that uses it runs on
// machines without NVIDIA's driver, where every call returns an error that
// wraps ErrNoDriver (or ErrNoNVRTC). The driver library (libcuda.so.1) is
// looked for in LD_LIBRARY_PATH, /usr/local/nvidia/lib64, the system's
// library directories and the dynamic loader's own path; NVRTC
// (libnvrtc.so, libnvrtc.so.13, .12, .11) in LD_LIBRARY_PATH, CUDA_HOME,
// CUDA_PATH, /usr/local/cuda and every /usr/local/cuda-X.Y, newest first.
// REIKNA_CUDA_LIBRARY and REIKNA_NVRTC_LIBRARY name a library's path
// instead. Each library is loaded once, on first use; the outcome of that
// first attempt is kept and every later call reports the same error.
//
// Conventions:
//
//   - Every failing driver call returns an *Error that names the C function
//     and keeps its Result; a Result is itself an error, so errors.Is(err,
//     cu.OutOfMemory) works on any error the package returns. NVRTC calls
//     return an *NVRTCError with an NVRTCResult in the same way.
//   - A failed compilation (Program.Compile) and a module the driver's JIT
//     refuses (LoadModule) return a *BuildError that holds the compiler's
//     log and unwraps to the failed call's error.
//   - Calls make their object's Context current on the calling thread for
//     the call only and restore the thread's previous context, so objects
//     may be used from any goroutine without runtime.LockOSThread.
//   - Objects that hold driver handles have an explicit, idempotent Release
//     (Free for memory). Using an object after it returns ErrReleased. An
//     object dropped without Release is released when the garbage
//     collector finds it unreachable, as a safety net only.
//   - Handles made elsewhere (a CUcontext, a CUstream, a device pointer)
//     are wrapped with WrapContext, WrapStream and WrapMemory, and a
//     Context's and Stream's handles are handed out with Handle, for
//     working beside other CUDA code.
//   - Go memory is handed to the driver only for the duration of a call:
//     copies between Go slices and device memory are blocking, and
//     asynchronous copies go through page-locked HostMemory. Kernel
//     arguments (Args) are copied to C memory for the launch.
package cu
