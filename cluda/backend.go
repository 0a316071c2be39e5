package cluda

import (
	"time"
)

// The backend is what a Thread needs of a GPU programming interface:
// device memory, programs built from source (or loaded from a binary of
// the program cache), kernels launched over OpenCL-style global and local
// sizes, events with profiling times, copies and fills. Everything above
// it (arrays, layouts, static kernels, temporary memory, the caches) is
// the same for every interface. Each method's errors carry the failing
// call; the callers add what they were doing.
type backend interface {
	api() API

	// allocate returns size bytes of device memory.
	allocate(size int) (deviceBuffer, error)

	// buildSource compiles a program's full source with the compiler
	// options flags; a failed compilation is a *BuildError-convertible
	// error (see buildFailure).
	buildSource(full, flags string) (deviceProgram, error)
	// buildBinary loads a program from a binary that a program of
	// buildSource gave.
	buildBinary(binary []byte, flags string) (deviceProgram, error)

	// write and read copy between host bytes and a buffer at a byte
	// offset, returning when the copy is done (read after every command
	// enqueued before it).
	write(buf deviceBuffer, offset int, host []byte) error
	read(buf deviceBuffer, offset int, host []byte) error
	// staging returns n bytes of host memory that asynchronous copies may
	// read and write after their call returns (page-locked on CUDA).
	staging(n int) (hostStaging, error)
	// writeAsync and readAsync enqueue a copy of n bytes between staging
	// memory and a buffer at a byte offset, after every command enqueued
	// before it, and return its event; the staging memory must stay
	// allocated until the event completes.
	writeAsync(buf deviceBuffer, offset int, h hostStaging, n int) (deviceEvent, error)
	readAsync(buf deviceBuffer, offset int, h hostStaging, n int) (deviceEvent, error)
	// fill enqueues the repetition of pattern over size bytes of buf from
	// offset (a multiple of the pattern's length).
	fill(buf deviceBuffer, pattern []byte, offset, size int) error
	// copy enqueues a copy of n bytes between buffers, and returns its
	// event if event is set.
	copy(src, dst deviceBuffer, srcOffset, dstOffset, n int, event bool) (deviceEvent, error)
	// launch enqueues a kernel over an OpenCL-style range (entry i of
	// Global is the total number of work-items along dimension i) after
	// the events in wait, and returns the command's event if event is set.
	launch(k deviceKernel, r NDRange, args []any, wait []deviceEvent, event bool) (deviceEvent, error)

	regionBackend

	synchronize() error
	profiling() bool
	// release frees the context and queue, if the Thread made them.
	release()
}

// hostStaging is host memory outside Go's heap that asynchronous copies
// use.
type hostStaging interface {
	bytes() []byte
	free()
}

// deviceBuffer is an allocation of device memory.
type deviceBuffer interface {
	// sub returns a buffer that starts offset bytes into this one and
	// holds size bytes, for a kernel argument that starts at an array's
	// element 0. It is released before the buffer it views.
	sub(offset, size int) (deviceBuffer, error)
	release()
}

// deviceProgram is a built program.
type deviceProgram interface {
	// binary returns what buildBinary loads again.
	binary() ([]byte, error)
	// kernelNames lists the program's kernels, separated by semicolons, in
	// an order that is the same for the program built from source and for
	// the one loaded from its binary.
	kernelNames() (string, error)
	buildLog() (string, error)
	kernel(name string) (deviceKernel, error)
	release()
}

// deviceKernel is a kernel of a built program.
type deviceKernel interface {
	workGroupInfo() (WorkGroupInfo, error)
	release()
}

// deviceEvent is the completion of an enqueued command.
type deviceEvent interface {
	wait() error
	// duration is the time the completed command ran on the device.
	duration() (time.Duration, error)
	release()
}

// regionBackend is what a backend adds for copies between the memories of
// Threads: regions of evenly spaced rows, copied on the device or between
// devices, and read and written from the host.
type regionBackend interface {
	// copyRegion enqueues a copy of the region from of src to the region
	// to of dst; either buffer may belong to another backend that this
	// one reaches.
	copyRegion(src, dst deviceBuffer, from, to region, event bool) (deviceEvent, error)
	// reaches reports whether copyRegion takes buffers of other: those of
	// the same context, or (CUDA) of any context of the driver.
	reaches(other backend) bool
	// sideQueue returns a backend on the same device and context with a
	// queue of its own, whose commands run beside this one's; its release
	// frees only that queue.
	sideQueue() (backend, error)
	// readRegion and writeRegion copy between a region of buf and host
	// bytes that hold its rows one after the other, returning when the
	// copy is done (a read after every command enqueued before it).
	readRegion(buf deviceBuffer, r region, host []byte) error
	writeRegion(buf deviceBuffer, r region, host []byte) error
}
