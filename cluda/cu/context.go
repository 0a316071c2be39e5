package cu

/*
#include "cuinc.h"
*/
import "C"

import (
	"errors"
	"runtime"
	"unsafe"

	"github.com/reikna-go/reikna/cluda/internal/handle"
)

// ContextFlags are the scheduling flags of a created context (CU_CTX_*).
type ContextFlags uint32

// Context flags, with the values of CUDA's CUctx_flags.
const (
	ContextSchedAuto         ContextFlags = 0x00
	ContextSchedSpin         ContextFlags = 0x01
	ContextSchedYield        ContextFlags = 0x02
	ContextSchedBlockingSync ContextFlags = 0x04
)

// Context is a CUDA context: the device memory, modules and streams of one
// device that belong together.
//
// Every object of the package keeps its Context. Their handles are taken
// before the context's for a call, and a Release takes the object's handle
// before the context's, so calls, Releases and the context's own Release
// may run from several goroutines without deadlock.
//
// The package makes a Context current on the calling thread for each call
// that needs one and restores the thread's previous context afterwards, so
// a Context may be used from any goroutine and several Contexts may be
// used at once.
type Context struct {
	ref    handle.Handle[C.CUcontext]
	lib    *library
	device Device
}

// CreateContext creates a new context on the device, which the caller must
// Release.
func CreateContext(dev Device, flags ContextFlags) (*Context, error) {
	lib, err := driver()
	if err != nil {
		return nil, err
	}
	var h C.CUcontext
	if err := lib.check("cuCtxCreate_v2", C.reikna_cuCtxCreate(lib.fns, &h, C.uint(flags), C.CUdevice(dev))); err != nil {
		return nil, err
	}
	c := &Context{lib: lib, device: dev}
	handle.Own(c, &c.ref, h, func(h C.CUcontext) { C.reikna_cuCtxDestroy(lib.fns, h) })
	return c, nil
}

// RetainPrimaryContext returns the device's primary context, the one the
// CUDA runtime and the libraries built on it use, retaining it until
// Release.
func RetainPrimaryContext(dev Device) (*Context, error) {
	lib, err := driver()
	if err != nil {
		return nil, err
	}
	var h C.CUcontext
	if err := lib.check("cuDevicePrimaryCtxRetain", C.reikna_cuDevicePrimaryCtxRetain(lib.fns, &h, C.CUdevice(dev))); err != nil {
		return nil, err
	}
	c := &Context{lib: lib, device: dev}
	handle.Own(c, &c.ref, h, func(C.CUcontext) { C.reikna_cuDevicePrimaryCtxRelease(lib.fns, C.CUdevice(dev)) })
	return c, nil
}

// WrapContext returns a Context for a CUcontext that was made elsewhere,
// given as its handle's value. The Context does not own the handle: its
// Release only stops this package from using it, and the context must
// outlive every use through the package. Objects made through the wrapper
// are freed only by their own Release (or Free) before the wrapper's: once
// a Context is released, the package takes its objects to be gone with it.
func WrapContext(raw uintptr) (*Context, error) {
	if raw == 0 {
		return nil, errors.New("cu: WrapContext: null context")
	}
	lib, err := driver()
	if err != nil {
		return nil, err
	}
	h := C.reikna_cu_context(C.uintptr_t(raw))
	var dev C.CUdevice
	if err := lib.check("cuCtxGetDevice", C.reikna_cuCtxGetDevice(lib.fns, h, &dev)); err != nil {
		return nil, err
	}
	c := &Context{lib: lib, device: Device(dev)}
	handle.Own(c, &c.ref, h, nil)
	return c, nil
}

// Release destroys a created context, releases a retained primary context,
// and forgets a wrapped one. Objects of the context must not be used after
// it. It is safe to call more than once.
func (c *Context) Release() { c.ref.Drop() }

// Device returns the context's device.
func (c *Context) Device() Device { return c.device }

// Handle returns the value of the context's CUcontext handle, for handing
// it to other CUDA code, or 0 after Release.
func (c *Context) Handle() uintptr {
	h, err := c.ref.Acquire(ErrReleased)
	if err != nil {
		return 0
	}
	defer c.ref.Done()
	return uintptr(unsafe.Pointer(h))
}

// SetCurrent makes the context current on the calling OS thread, for CUDA
// code outside this package that relies on the current context; the
// caller should hold the thread with runtime.LockOSThread.
func (c *Context) SetCurrent() error {
	return c.do(func(lib *library, h C.CUcontext) error {
		return lib.check("cuCtxSetCurrent", C.reikna_cuCtxSetCurrent(lib.fns, h))
	})
}

// Synchronize waits until all work of the context has completed.
func (c *Context) Synchronize() error {
	return c.do(func(lib *library, h C.CUcontext) error {
		return lib.check("cuCtxSynchronize", C.reikna_cuCtxSynchronize(lib.fns, h))
	})
}

// do runs a driver call with the context's handle, or returns ErrReleased.
func (c *Context) do(call func(lib *library, h C.CUcontext) error) error {
	h, err := c.ref.Acquire(ErrReleased)
	if err != nil {
		return err
	}
	defer c.ref.Done()
	defer runtime.KeepAlive(c)
	return call(c.lib, h)
}
