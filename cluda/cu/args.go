package cu

import (
	"fmt"
	"unsafe"
)

// Args are the argument values of a kernel launch, in the kernel's
// parameter order, each laid out with its C size and alignment.
type Args struct {
	buf     []byte
	offsets []int
}

// add appends the bytes of one value aligned to align.
func (a *Args) add(value []byte, align int) *Args {
	off := (len(a.buf) + align - 1) / align * align
	a.buf = append(a.buf, make([]byte, off-len(a.buf))...)
	a.offsets = append(a.offsets, off)
	a.buf = append(a.buf, value...)
	return a
}

// Len returns the number of arguments.
func (a *Args) Len() int { return len(a.offsets) }

// Memory appends the device address of m (a pointer parameter).
func (a *Args) Memory(m *Memory) *Args { return a.Ptr(m.Ptr()) }

// Ptr appends a device address (a pointer parameter).
func (a *Args) Ptr(p DevicePtr) *Args { return addValue(a, uint64(p)) }

// Int32 appends an int parameter.
func (a *Args) Int32(v int32) *Args { return addValue(a, v) }

// Uint32 appends an unsigned int parameter.
func (a *Args) Uint32(v uint32) *Args { return addValue(a, v) }

// Int64 appends a long long parameter.
func (a *Args) Int64(v int64) *Args { return addValue(a, v) }

// Uint64 appends an unsigned long long parameter.
func (a *Args) Uint64(v uint64) *Args { return addValue(a, v) }

// Float32 appends a float parameter.
func (a *Args) Float32(v float32) *Args { return addValue(a, v) }

// Float64 appends a double parameter.
func (a *Args) Float64(v float64) *Args { return addValue(a, v) }

// Value appends a parameter of any element type, such as complex64 for a
// float2.
func Value[T Element](a *Args, v T) *Args { return addValue(a, v) }

// Bytes appends a parameter given as its bytes, such as a struct laid out
// as C lays it out, with the parameter's alignment: a power of two up to
// 16.
func (a *Args) Bytes(value []byte, align int) (*Args, error) {
	if align < 1 || align > 16 || align&(align-1) != 0 {
		return a, fmt.Errorf("cu: Args.Bytes: alignment %d (want a power of two up to 16)", align)
	}
	if len(value) == 0 {
		return a, fmt.Errorf("cu: Args.Bytes: empty value")
	}
	return a.add(value, align), nil
}

// addValue appends v with its own size and alignment.
func addValue[T Element](a *Args, v T) *Args {
	return a.add(unsafe.Slice((*byte)(unsafe.Pointer(&v)), unsafe.Sizeof(v)), int(unsafe.Alignof(v)))
}
