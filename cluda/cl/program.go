package cl

/*
#include "clinc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"unsafe"

	"github.com/reikna-go/reikna/cluda/internal/handle"
)

// Program is an OpenCL program: source or binaries, built for devices.
type Program struct {
	ref     handle.Handle[C.cl_program]
	context *Context
}

func releaseProgram(h C.cl_program) { C.clReleaseProgram(h) }

// CreateProgramWithSource creates a program from OpenCL C source.
func CreateProgramWithSource(ctx *Context, source string) (*Program, error) {
	if source == "" {
		return nil, errors.New("cl: CreateProgramWithSource: empty source")
	}
	ch, err := ctx.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer ctx.ref.Done()
	cs := C.CString(source)
	defer C.free(unsafe.Pointer(cs))
	length := C.size_t(len(source))
	var st C.cl_int
	h := C.clCreateProgramWithSource(ch, 1, &cs, &length, &st)
	runtime.KeepAlive(ctx)
	if err := check("clCreateProgramWithSource", Status(st)); err != nil {
		return nil, err
	}
	p := &Program{context: ctx}
	handle.Own(p, &p.ref, h, releaseProgram)
	return p, nil
}

// CreateProgramWithBinaries creates a program from device binaries that
// Binaries returned earlier, one per device. The program must still be built.
func CreateProgramWithBinaries(ctx *Context, devices []*Device, binaries [][]byte) (*Program, error) {
	if len(devices) == 0 || len(devices) != len(binaries) {
		return nil, fmt.Errorf("cl: CreateProgramWithBinaries: %d devices and %d binaries", len(devices), len(binaries))
	}
	ch, err := ctx.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer ctx.ref.Done()
	n := len(devices)
	ids := make([]C.cl_device_id, n)
	lengths := make([]C.size_t, n)
	// The binary pointers live in C memory: cgo forbids passing Go memory
	// that holds Go pointers.
	ptrs := unsafe.Slice((**C.uchar)(C.malloc(C.size_t(n)*C.size_t(unsafe.Sizeof(uintptr(0))))), n)
	defer C.free(unsafe.Pointer(&ptrs[0]))
	for i, b := range binaries {
		if len(b) == 0 {
			return nil, fmt.Errorf("cl: CreateProgramWithBinaries: binary %d is empty", i)
		}
		ids[i] = devices[i].id
		lengths[i] = C.size_t(len(b))
		ptrs[i] = (*C.uchar)(C.CBytes(b))
		defer C.free(unsafe.Pointer(ptrs[i]))
	}
	status := make([]C.cl_int, n)
	var st C.cl_int
	h := C.clCreateProgramWithBinary(ch, C.cl_uint(n), &ids[0], &lengths[0], &ptrs[0], &status[0], &st)
	runtime.KeepAlive(ctx)
	if err := check("clCreateProgramWithBinary", Status(st)); err != nil {
		return nil, err
	}
	p := &Program{context: ctx}
	handle.Own(p, &p.ref, h, releaseProgram)
	for i, s := range status {
		if err := check("clCreateProgramWithBinary", Status(s)); err != nil {
			p.Release()
			return nil, fmt.Errorf("binary %d: %w", i, err)
		}
	}
	return p, nil
}

// Release releases the program. It is safe to call more than once.
func (p *Program) Release() { p.ref.Drop() }

// Context returns the program's context.
func (p *Program) Context() *Context { return p.context }

// DeviceLog is the build log of one device.
type DeviceLog struct {
	Device string
	Log    string
}

// BuildError is a failed program build. It keeps the failing call's status
// (errors.Is(err, cl.BuildProgramFailure), errors.Is(err,
// cl.InvalidBuildOptions), ...) and the build log of every device.
type BuildError struct {
	Err     *Error
	Options string
	Logs    []DeviceLog
}

func (e *BuildError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v", e.Err)
	if e.Options != "" {
		fmt.Fprintf(&b, " (options %q)", e.Options)
	}
	for _, l := range e.Logs {
		if strings.TrimSpace(l.Log) == "" {
			continue
		}
		fmt.Fprintf(&b, "\nbuild log of %s:\n%s", l.Device, strings.TrimRight(l.Log, "\n"))
	}
	return b.String()
}

// Unwrap returns the *Error of the failed call.
func (e *BuildError) Unwrap() error { return e.Err }

// Build compiles and links the program for devices (all devices of its
// context when devices is empty) with the given compiler options. A failed
// build returns a *BuildError holding the log of every device.
func (p *Program) Build(devices []*Device, options string) error {
	if len(devices) == 0 {
		devices = p.context.devices
	}
	h, err := p.ref.Acquire(ErrReleased)
	if err != nil {
		return err
	}
	defer p.ref.Done()
	ids := make([]C.cl_device_id, len(devices))
	for i, d := range devices {
		ids[i] = d.id
	}
	copts := C.CString(options)
	defer C.free(unsafe.Pointer(copts))
	st := C.clBuildProgram(h, C.cl_uint(len(ids)), &ids[0], copts, nil, nil)
	runtime.KeepAlive(p)
	if err := check("clBuildProgram", Status(st)); err != nil {
		be := &BuildError{Err: err.(*Error), Options: options}
		for _, d := range devices {
			log, lerr := p.buildLog(h, d)
			if lerr != nil {
				log = fmt.Sprintf("(build log unavailable: %v)", lerr)
			}
			be.Logs = append(be.Logs, DeviceLog{Device: d.Name(), Log: log})
		}
		return be
	}
	return nil
}

// BuildLog returns the build log of the device, also after a successful
// build (where it holds the compiler's warnings, if any).
func (p *Program) BuildLog(dev *Device) (string, error) {
	h, err := p.ref.Acquire(ErrReleased)
	if err != nil {
		return "", err
	}
	defer p.ref.Done()
	return p.buildLog(h, dev)
}

func (p *Program) buildLog(h C.cl_program, dev *Device) (string, error) {
	s, err := queryString("clGetProgramBuildInfo", func(size C.size_t, v unsafe.Pointer, ret *C.size_t) C.cl_int {
		return C.clGetProgramBuildInfo(h, dev.id, C.CL_PROGRAM_BUILD_LOG, size, v, ret)
	})
	runtime.KeepAlive(p)
	return strings.TrimRight(s, "\n"), err
}

// KernelNames returns the names of the kernels of the built program,
// separated by semicolons, as the driver lists them
// (CL_PROGRAM_KERNEL_NAMES, OpenCL 1.2).
func (p *Program) KernelNames() (string, error) {
	h, err := p.ref.Acquire(ErrReleased)
	if err != nil {
		return "", err
	}
	defer p.ref.Done()
	s, err := queryString("clGetProgramInfo", func(size C.size_t, v unsafe.Pointer, ret *C.size_t) C.cl_int {
		return C.clGetProgramInfo(h, C.CL_PROGRAM_KERNEL_NAMES, size, v, ret)
	})
	runtime.KeepAlive(p)
	return s, err
}

// Binaries returns the built program's binary for each device of its
// context, in the context's device order.
func (p *Program) Binaries() ([][]byte, error) {
	h, err := p.ref.Acquire(ErrReleased)
	if err != nil {
		return nil, err
	}
	defer p.ref.Done()
	defer runtime.KeepAlive(p)
	info := func(param C.cl_program_info) infoFunc {
		return func(size C.size_t, v unsafe.Pointer, ret *C.size_t) C.cl_int {
			return C.clGetProgramInfo(h, param, size, v, ret)
		}
	}
	sizes, err := querySlice[C.size_t]("clGetProgramInfo", info(C.CL_PROGRAM_BINARY_SIZES))
	if err != nil {
		return nil, err
	}
	n := len(sizes)
	if n == 0 {
		return nil, nil
	}
	ptrs := unsafe.Slice((**C.uchar)(C.malloc(C.size_t(n)*C.size_t(unsafe.Sizeof(uintptr(0))))), n)
	defer C.free(unsafe.Pointer(&ptrs[0]))
	for i, s := range sizes {
		ptrs[i] = (*C.uchar)(C.malloc(s + 1))
		defer C.free(unsafe.Pointer(ptrs[i]))
	}
	st := C.clGetProgramInfo(h, C.CL_PROGRAM_BINARIES, C.size_t(n)*C.size_t(unsafe.Sizeof(uintptr(0))), unsafe.Pointer(&ptrs[0]), nil)
	if err := check("clGetProgramInfo", Status(st)); err != nil {
		return nil, err
	}
	out := make([][]byte, n)
	for i, s := range sizes {
		out[i] = C.GoBytes(unsafe.Pointer(ptrs[i]), C.int(s))
	}
	return out, nil
}
