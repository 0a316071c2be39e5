// Package reikna is the root of reikna-go, GPU computing from Go in the
// style of Python's reikna: describe a computation once (an FFT, a
// reduction, elementwise code of one's own), attach transformations to its
// inputs and outputs (scaling, casts, complex split and combine, padding),
// which are fused into the loads and stores of its kernels, compile it for
// a device through OpenCL or CUDA (PoCL serves as the CPU device) and call
// it with device arrays, on one device or split among several.
//
// This package holds no code; the work is done by the packages below it,
// from the bottom layer up (each imports only those above it in this list):
//
//   - [github.com/reikna-go/reikna/dtypes]: element types, their C names
//     and literals, promotion rules, and struct dtypes laid out as C lays
//     them out.
//   - [github.com/reikna-go/reikna/cluda]: Thread (a device's context and
//     queue, through OpenCL or CUDA), Array, programs with the kernel
//     prelude, static kernels with virtual sizes, temporary arrays, program
//     caches, MultiThread and SplitArray for several devices; its bindings
//     are [github.com/reikna-go/reikna/cluda/cl] (the OpenCL C API) and
//     [github.com/reikna-go/reikna/cluda/cu] (CUDA's driver API and NVRTC,
//     loaded at run time).
//   - [github.com/reikna-go/reikna/templates] and
//     [github.com/reikna-go/reikna/snippets]: the template engine, and
//     Snippets and Modules rendered into one source.
//   - [github.com/reikna-go/reikna/functions]: function modules (mul, div,
//     conj, exp, polar, ...).
//   - [github.com/reikna-go/reikna/core]: types, parameters and signatures,
//     Computation, Transformation and Connect, plans, the Callable (called
//     positionally or by name), tuning of candidate plans, and
//     CompileTemplate for kernels outside a computation.
//   - [github.com/reikna-go/reikna/computations]: DHT, PureParallel,
//     Transpose, Roll, FFTShift, Reduce, Scan, EntrywiseNorm, MatrixMul;
//     [github.com/reikna-go/reikna/computations/fft]: FFT, RFFT, IRFFT,
//     FFTModule, Convolve, and the DCT and DST of types I to IV;
//     [github.com/reikna-go/reikna/transformations]: the transformation
//     library; [github.com/reikna-go/reikna/cbrng]: counter-based random
//     numbers.
//   - [github.com/reikna-go/reikna/multi]: computations on split arrays,
//     one part on each device, and the slab-decomposed FFT; for programs
//     of several processes, [github.com/reikna-go/reikna/multi/mpi] (MPI)
//     and [github.com/reikna-go/reikna/multi/nccl] (NCCL, between CUDA
//     devices), both loaded at run time.
//   - cmd/reikna: the command-line tool (devices, render, fft, bench,
//     tune).
//
// A first program creates a Thread, builds a computation, compiles and
// calls it:
//
//	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
//	defer thr.Release()
//	f, err := fft.NewFFT(core.ArrayOf(dtypes.Complex64, 1024), nil, fft.FFTOptions{})
//	c, err := f.Compile(thr)
//	defer c.Release()
//	in, err := thr.ToDevice(signal) // a []complex64 of 1024 values
//	out, err := thr.Empty([]int{1024}, dtypes.Complex64)
//	err = c.Call(out, in, 0)
//	spectrum, err := cluda.Read[complex64](out)
//
// Every constructor of packages computations and computations/fft has an
// Example, the FFT one with transformations connected
// (ExampleNewFFT_connect in package fft); the Examples of core show a
// computation and a transformation of one's own. The README gives a
// complete program and links the documents under docs/: the caches, the
// devices, the command-line tool, the benchmarks.
package reikna
