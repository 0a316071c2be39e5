package cu

/*
#include "cuinc.h"
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

// jitLogSize is the size of each of the buffers that take the JIT's logs
// when a module is loaded; longer logs are cut.
const jitLogSize = 64 << 10

// Module is code loaded into a context: PTX, compiled by the driver's JIT
// for the context's device, or a cubin or fatbinary for it.
type Module struct {
	ref handle.Handle[C.CUmodule]
	ctx *Context
	log string
}

// LoadModule loads image, PTX text or a cubin or fatbinary, into the
// context. Where the driver refuses it, the error is a *BuildError that
// holds the JIT's log.
func LoadModule(ctx *Context, image []byte) (*Module, error) {
	if len(image) == 0 {
		return nil, errors.New("cu: LoadModule: empty image")
	}
	// The image must be NUL-terminated where it is PTX; a binary does not
	// mind the extra byte.
	cimage := C.malloc(C.size_t(len(image) + 1))
	defer C.free(cimage)
	copy(unsafe.Slice((*byte)(cimage), len(image)), image)
	*(*byte)(unsafe.Add(cimage, len(image))) = 0
	infoLog := (*C.char)(C.calloc(jitLogSize, 1))
	defer C.free(unsafe.Pointer(infoLog))
	errorLog := (*C.char)(C.calloc(jitLogSize, 1))
	defer C.free(unsafe.Pointer(errorLog))
	var h C.CUmodule
	var info string
	err := ctx.do(func(lib *library, ch C.CUcontext) error {
		infoSize, errorSize := C.size_t(jitLogSize), C.size_t(jitLogSize)
		err := lib.check("cuModuleLoadDataEx", C.reikna_cuModuleLoadData(lib.fns, ch, &h, cimage, infoLog, &infoSize, errorLog, &errorSize))
		info = jitLog(infoLog, infoSize)
		if err != nil {
			return &BuildError{Err: err, Log: strings.TrimSpace(jitLog(errorLog, errorSize) + "\n" + info)}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	m := &Module{ctx: ctx, log: info}
	handle.Own(m, &m.ref, h, func(h C.CUmodule) {
		ctx.do(func(lib *library, ch C.CUcontext) error {
			return lib.check("cuModuleUnload", C.reikna_cuModuleUnload(lib.fns, ch, h))
		})
	})
	return m, nil
}

// jitLog returns the text of a JIT log buffer that holds n bytes.
func jitLog(buf *C.char, n C.size_t) string {
	if n > jitLogSize {
		n = jitLogSize
	}
	return strings.TrimRight(C.GoStringN(buf, C.int(n)), "\x00\n")
}

// Release unloads the module. Its functions must not be used after it. It
// is safe to call more than once.
func (m *Module) Release() { m.ref.Drop() }

// Context returns the module's context.
func (m *Module) Context() *Context { return m.ctx }

// Log returns the JIT's information log of the load, such as the
// registers and spills of each kernel where PTX asked for them.
func (m *Module) Log() string { return m.log }

// Function returns the kernel called name (its mangled name for C++;
// extern "C" kernels keep theirs).
func (m *Module) Function(name string) (*Function, error) {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	var f C.CUfunction
	err := m.do(func(lib *library, ch C.CUcontext, mh C.CUmodule) error {
		return lib.check("cuModuleGetFunction", C.reikna_cuModuleGetFunction(lib.fns, ch, &f, mh, cname))
	})
	if err != nil {
		return nil, fmt.Errorf("kernel %q: %w", name, err)
	}
	return &Function{module: m, h: f, name: name}, nil
}

// Global returns the device address and size of the module's global
// variable called name.
func (m *Module) Global(name string) (DevicePtr, int, error) {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	var p C.CUdeviceptr
	var n C.size_t
	err := m.do(func(lib *library, ch C.CUcontext, mh C.CUmodule) error {
		return lib.check("cuModuleGetGlobal_v2", C.reikna_cuModuleGetGlobal(lib.fns, ch, &p, &n, mh, cname))
	})
	if err != nil {
		return 0, 0, fmt.Errorf("global %q: %w", name, err)
	}
	return DevicePtr(p), int(n), nil
}

// do runs a driver call with the handles of the module and its context, or
// returns ErrReleased.
func (m *Module) do(call func(lib *library, ch C.CUcontext, mh C.CUmodule) error) error {
	mh, err := m.ref.Acquire(ErrReleased)
	if err != nil {
		return err
	}
	defer m.ref.Done()
	defer runtime.KeepAlive(m)
	return m.ctx.do(func(lib *library, ch C.CUcontext) error { return call(lib, ch, mh) })
}
