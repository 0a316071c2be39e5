// Package cl is a cgo binding to the OpenCL 1.2 C API, as much of it as
// GPU computing needs: platforms and devices with their properties, contexts,
// in-order command queues, buffers, programs, kernels and events.
//
// It is written against the Khronos headers with CL_TARGET_OPENCL_VERSION set
// to 120 and links the ICD loader (libOpenCL), so any installed driver (PoCL,
// NVIDIA, AMD, Intel) is reachable.
//
// Conventions:
//
//   - Every failing call returns an *Error that names the OpenCL function and
//     keeps its Status; a Status is itself an error, so errors.Is(err,
//     cl.InvalidBuildOptions) works on any error the package returns.
//   - Information queries ask for the size first and then for the value, so
//     long strings are never cut.
//   - Objects that hold OpenCL handles have an explicit, idempotent Release.
//     Using an object after Release returns ErrReleased. An object that is
//     dropped without Release is released when the garbage collector finds it
//     unreachable, as a safety net only: call Release.
//   - Go memory is handed to the driver only for the duration of a call:
//     transfers between Go slices and buffers are blocking.
//   - Objects are safe to use from several goroutines, with one exception
//     that OpenCL itself makes: a Kernel's arguments are shared state, so
//     setting them and enqueueing must not race with another goroutine doing
//     the same on the same Kernel.
package cl
