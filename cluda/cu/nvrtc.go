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

// NVRTCVersion returns the version of the loaded NVRTC library, such as 13, 0.
func NVRTCVersion() (major, minor int, err error) {
	lib, err := nvrtc()
	if err != nil {
		return 0, 0, err
	}
	var ma, mi C.int
	if err := checkNVRTC("nvrtcVersion", C.reikna_nvrtcVersion(lib.fns, &ma, &mi)); err != nil {
		return 0, 0, err
	}
	return int(ma), int(mi), nil
}

// Header is a source that a program includes by name.
type Header struct {
	Name   string // the name #include uses
	Source string
}

// Program is CUDA C++ source that NVRTC compiles to PTX (or a cubin).
type Program struct {
	ref  handle.Handle[C.nvrtcProgram]
	lib  *library
	name string
}

// CreateProgram creates a program of source, called name in diagnostics,
// with headers it includes; the caller must Release it.
func CreateProgram(source, name string, headers ...Header) (*Program, error) {
	if source == "" {
		return nil, errors.New("cu: CreateProgram: empty source")
	}
	lib, err := nvrtc()
	if err != nil {
		return nil, err
	}
	csrc := C.CString(source)
	defer C.free(unsafe.Pointer(csrc))
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	srcs, freeSrcs := cStrings(headerField(headers, func(h Header) string { return h.Source }))
	defer freeSrcs()
	names, freeNames := cStrings(headerField(headers, func(h Header) string { return h.Name }))
	defer freeNames()
	var h C.nvrtcProgram
	if err := checkNVRTC("nvrtcCreateProgram", C.reikna_nvrtcCreateProgram(lib.fns, &h, csrc, cname, C.int(len(headers)), srcs, names)); err != nil {
		return nil, fmt.Errorf("program %q: %w", name, err)
	}
	p := &Program{lib: lib, name: name}
	handle.Own(p, &p.ref, h, func(h C.nvrtcProgram) { C.reikna_nvrtcDestroyProgram(lib.fns, &h) })
	return p, nil
}

func headerField(headers []Header, field func(Header) string) []string {
	out := make([]string, len(headers))
	for i, h := range headers {
		out[i] = field(h)
	}
	return out
}

// cStrings copies strings to a C array of C strings, nil where there are
// none, and returns it with the function that frees it.
func cStrings(s []string) (**C.char, func()) {
	if len(s) == 0 {
		return nil, func() {}
	}
	arr := (**C.char)(C.malloc(C.size_t(len(s)) * C.size_t(unsafe.Sizeof((*C.char)(nil)))))
	elems := unsafe.Slice(arr, len(s))
	for i, v := range s {
		elems[i] = C.CString(v)
	}
	return arr, func() {
		for _, e := range elems {
			C.free(unsafe.Pointer(e))
		}
		C.free(unsafe.Pointer(arr))
	}
}

// Release destroys the program. It is safe to call more than once.
func (p *Program) Release() { p.ref.Drop() }

// Name returns the program's name.
func (p *Program) Name() string { return p.name }

// Compile compiles the program with NVRTC's options, such as
// "--gpu-architecture=compute_90" or "-default-device". A failed
// compilation returns a *BuildError holding NVRTC's log.
func (p *Program) Compile(options ...string) error {
	opts, freeOpts := cStrings(options)
	defer freeOpts()
	return p.ref.With(ErrReleased, func(h C.nvrtcProgram) error {
		defer runtime.KeepAlive(p)
		err := checkNVRTC("nvrtcCompileProgram", C.reikna_nvrtcCompileProgram(p.lib.fns, h, C.int(len(options)), opts))
		if err == nil {
			return nil
		}
		log, lerr := p.log(h)
		if lerr != nil {
			log = fmt.Sprintf("(log unavailable: %v)", lerr)
		}
		return &BuildError{Err: err, Options: options, Log: log}
	})
}

// Log returns NVRTC's log of the last compilation, which holds its
// warnings after a successful one.
func (p *Program) Log() (string, error) {
	var log string
	err := p.ref.With(ErrReleased, func(h C.nvrtcProgram) error {
		var err error
		log, err = p.log(h)
		return err
	})
	return log, err
}

func (p *Program) log(h C.nvrtcProgram) (string, error) {
	b, err := p.output(h, "nvrtcGetProgramLog", func(n *C.size_t) C.nvrtcResult {
		return C.reikna_nvrtcGetProgramLogSize(p.lib.fns, h, n)
	}, func(buf *C.char) C.nvrtcResult {
		return C.reikna_nvrtcGetProgramLog(p.lib.fns, h, buf)
	})
	return strings.TrimRight(string(trimNUL(b)), "\n"), err
}

// PTX returns the compiled program's PTX.
func (p *Program) PTX() ([]byte, error) {
	var ptx []byte
	err := p.ref.With(ErrReleased, func(h C.nvrtcProgram) error {
		var err error
		ptx, err = p.output(h, "nvrtcGetPTX", func(n *C.size_t) C.nvrtcResult {
			return C.reikna_nvrtcGetPTXSize(p.lib.fns, h, n)
		}, func(buf *C.char) C.nvrtcResult {
			return C.reikna_nvrtcGetPTX(p.lib.fns, h, buf)
		})
		return err
	})
	return trimNUL(ptx), err
}

// CUBIN returns the compiled program's cubin, which NVRTC makes where the
// program was compiled for a real architecture ("--gpu-architecture=sm_90").
func (p *Program) CUBIN() ([]byte, error) {
	if err := p.lib.requireSymbol(C.NV_nvrtcGetCUBIN); err != nil {
		return nil, err
	}
	if err := p.lib.requireSymbol(C.NV_nvrtcGetCUBINSize); err != nil {
		return nil, err
	}
	var cubin []byte
	err := p.ref.With(ErrReleased, func(h C.nvrtcProgram) error {
		var err error
		cubin, err = p.output(h, "nvrtcGetCUBIN", func(n *C.size_t) C.nvrtcResult {
			return C.reikna_nvrtcGetCUBINSize(p.lib.fns, h, n)
		}, func(buf *C.char) C.nvrtcResult {
			return C.reikna_nvrtcGetCUBIN(p.lib.fns, h, buf)
		})
		return err
	})
	return cubin, err
}

// output reads one of NVRTC's outputs: its size, then its bytes.
func (p *Program) output(h C.nvrtcProgram, call string, size func(*C.size_t) C.nvrtcResult, get func(*C.char) C.nvrtcResult) ([]byte, error) {
	defer runtime.KeepAlive(p)
	var n C.size_t
	if err := checkNVRTC(call+"Size", size(&n)); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	buf := (*C.char)(C.malloc(n))
	defer C.free(unsafe.Pointer(buf))
	if err := checkNVRTC(call, get(buf)); err != nil {
		return nil, err
	}
	return C.GoBytes(unsafe.Pointer(buf), C.int(n)), nil
}

// trimNUL returns text without the NUL that NVRTC counts in its size.
func trimNUL(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] == 0 {
		return b[:len(b)-1]
	}
	return b
}
