package cu

/*
#include "cuinc.h"
*/
import "C"

import (
	"fmt"
	"math"
	"runtime"
	"unsafe"
)

// FunctionAttribute is a property of a kernel (CUfunction_attribute).
type FunctionAttribute int32

// Function attributes, with the values of CUDA's CUfunction_attribute.
const (
	FuncMaxThreadsPerBlock         FunctionAttribute = 0
	FuncSharedSizeBytes            FunctionAttribute = 1 // static shared memory
	FuncConstSizeBytes             FunctionAttribute = 2
	FuncLocalSizeBytes             FunctionAttribute = 3
	FuncNumRegisters               FunctionAttribute = 4
	FuncPTXVersion                 FunctionAttribute = 5
	FuncBinaryVersion              FunctionAttribute = 6
	FuncMaxDynamicSharedSizeBytes  FunctionAttribute = 8
	FuncPreferredSharedMemCarveout FunctionAttribute = 9
)

// Function is a kernel of a module (CUfunction). It is valid until its
// module's Release.
type Function struct {
	module *Module
	h      C.CUfunction
	name   string
}

// Name returns the kernel's name.
func (f *Function) Name() string { return f.name }

// Module returns the kernel's module.
func (f *Function) Module() *Module { return f.module }

// Attribute returns a property of the kernel.
func (f *Function) Attribute(a FunctionAttribute) (int, error) {
	var v C.int
	err := f.module.do(func(lib *library, ch C.CUcontext, _ C.CUmodule) error {
		return lib.check("cuFuncGetAttribute", C.reikna_cuFuncGetAttribute(lib.fns, ch, &v, C.int(a), f.h))
	})
	if err != nil {
		return 0, fmt.Errorf("kernel %q attribute %d: %w", f.name, int32(a), err)
	}
	return int(v), nil
}

// SetAttribute sets a settable property of the kernel.
func (f *Function) SetAttribute(a FunctionAttribute, value int) error {
	err := f.module.do(func(lib *library, ch C.CUcontext, _ C.CUmodule) error {
		return lib.check("cuFuncSetAttribute", C.reikna_cuFuncSetAttribute(lib.fns, ch, f.h, C.int(a), C.int(value)))
	})
	if err != nil {
		return fmt.Errorf("kernel %q attribute %d = %d: %w", f.name, int32(a), value, err)
	}
	return nil
}

// SetMaxDynamicSharedMemory lets launches of the kernel ask for up to bytes
// of dynamic shared memory. Above 48 KiB launches fail without it; the
// device's limit is its SharedMemoryPerBlockOptin less the kernel's static
// shared memory.
func (f *Function) SetMaxDynamicSharedMemory(bytes int) error {
	return f.SetAttribute(FuncMaxDynamicSharedSizeBytes, bytes)
}

// LaunchConfig is the geometry of a kernel launch.
type LaunchConfig struct {
	Grid        [3]int  // blocks in x, y, z
	Block       [3]int  // threads per block in x, y, z
	SharedBytes int     // dynamic shared memory per block
	Stream      *Stream // nil for the default stream
}

// Launch queues the kernel with the arguments on the configuration's
// stream and returns at once. The argument values are copied when it is
// queued; the memory they address must live until the kernel is done.
func (f *Function) Launch(cfg LaunchConfig, args *Args) error {
	var grid, block [3]C.uint
	for i := range 3 {
		if cfg.Grid[i] < 1 || cfg.Grid[i] > math.MaxUint32 || cfg.Block[i] < 1 || cfg.Block[i] > math.MaxUint32 {
			return fmt.Errorf("cu: launch of %q: grid %v and block %v must be positive 32-bit sizes", f.name, cfg.Grid, cfg.Block)
		}
		grid[i], block[i] = C.uint(cfg.Grid[i]), C.uint(cfg.Block[i])
	}
	if cfg.SharedBytes < 0 || cfg.SharedBytes > math.MaxUint32 {
		return fmt.Errorf("cu: launch of %q: %d bytes of shared memory", f.name, cfg.SharedBytes)
	}
	if args == nil {
		args = &Args{}
	}
	// The values and their offsets go to C memory: cgo lets C keep no Go
	// pointer, and the driver reads the values through an array of pointers.
	n := len(args.offsets)
	values := C.malloc(C.size_t(max(len(args.buf), 1)))
	defer C.free(values)
	copy(unsafe.Slice((*byte)(values), len(args.buf)), args.buf)
	offsets := (*C.size_t)(C.malloc(C.size_t(max(n, 1)) * C.size_t(unsafe.Sizeof(C.size_t(0)))))
	defer C.free(unsafe.Pointer(offsets))
	for i, o := range args.offsets {
		unsafe.Slice(offsets, n)[i] = C.size_t(o)
	}
	err := f.module.ref.With(ErrReleased, func(C.CUmodule) error {
		defer runtime.KeepAlive(f.module)
		return onStream(cfg.Stream, f.module.ctx, func(lib *library, ch C.CUcontext, sh C.CUstream) error {
			return lib.check("cuLaunchKernel", C.reikna_cuLaunchKernel(lib.fns, ch, f.h, &grid[0], &block[0],
				C.uint(cfg.SharedBytes), sh, values, offsets, C.int(n)))
		})
	})
	if err != nil {
		return fmt.Errorf("launch of %q (grid %v, block %v, %d shared bytes): %w", f.name, cfg.Grid, cfg.Block, cfg.SharedBytes, err)
	}
	return nil
}
