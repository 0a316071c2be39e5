package cluda

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/dtypes"
)

// memory is the device allocation behind one or more arrays. Temporary
// arrays share one, which may be swapped for a larger buffer while no
// commands are being enqueued.
type memory struct {
	mu   sync.RWMutex
	buf  deviceBuffer
	size int
}

func (m *memory) buffer() (deviceBuffer, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.buf == nil {
		return nil, errReleasedArray
	}
	return m.buf, nil
}

var errReleasedArray = errors.New("cluda: array used after Release")

// Array is an n-dimensional array in device memory: a dtype, a shape, byte
// strides and a byte offset into a buffer, owned by a Thread.
type Array struct {
	thread  *Thread
	mem     *memory
	owner   bool // Release frees mem
	temp    *tempArray
	dtype   dtypes.DType
	shape   []int
	strides []int
	offset  int
	span    int // see Span

	subMu sync.Mutex
	sub   deviceBuffer // sub-buffer at offset, for raw kernel arguments
}

// ArrayLike is anything that describes an array's layout: an *Array, or a
// type description from a computation.
type ArrayLike interface {
	DType() dtypes.DType
	Shape() []int
	Strides() []int
	Offset() int
}

// Empty allocates an uninitialised contiguous array.
func (t *Thread) Empty(shape []int, dtype dtypes.DType) (*Array, error) {
	return t.NewArray(shape, dtype, nil, 0)
}

// NewArray allocates an array with the given byte strides (nil for
// row-major) and byte offset into its own buffer.
func (t *Thread) NewArray(shape []int, dtype dtypes.DType, strides []int, offset int) (*Array, error) {
	strides, span, err := layout(dtype, shape, strides, offset)
	if err != nil {
		return nil, fmt.Errorf("cluda: new array: %w", err)
	}
	if !t.params.SupportsDType(dtype) {
		return nil, fmt.Errorf("cluda: new array: device %q does not support %v", t.params.Name, dtype)
	}
	if int64(span) > t.params.MaxMemAllocSize {
		return nil, fmt.Errorf("cluda: new array of %d bytes: larger than the device's largest allocation (%d bytes)", span, t.params.MaxMemAllocSize)
	}
	buf, err := t.be.allocate(max(span, 1))
	if err != nil {
		return nil, fmt.Errorf("cluda: new array of %d bytes: %w", span, err)
	}
	return &Array{
		thread: t, mem: &memory{buf: buf, size: max(span, 1)}, owner: true,
		dtype: dtype, shape: slices.Clone(shape), strides: slices.Clone(strides), offset: offset, span: span,
	}, nil
}

// EmptyLike allocates an uninitialised array with the layout of a.
func (t *Thread) EmptyLike(a ArrayLike) (*Array, error) {
	return t.NewArray(a.Shape(), a.DType(), a.Strides(), a.Offset())
}

// Zeros allocates a contiguous array filled with zeros.
func (t *Thread) Zeros(shape []int, dtype dtypes.DType) (*Array, error) {
	a, err := t.Empty(shape, dtype)
	if err != nil {
		return nil, err
	}
	if err := a.Fill(0); err != nil {
		a.Release()
		return nil, err
	}
	return a, nil
}

// Thread returns the Thread the array belongs to.
func (a *Array) Thread() *Thread { return a.thread }

// DType returns the element type.
func (a *Array) DType() dtypes.DType { return a.dtype }

// Shape returns a copy of the shape.
func (a *Array) Shape() []int { return slices.Clone(a.shape) }

// Strides returns a copy of the byte strides.
func (a *Array) Strides() []int { return slices.Clone(a.strides) }

// Offset returns the byte offset of element 0 in the buffer.
func (a *Array) Offset() int { return a.offset }

// Size returns the number of elements.
func (a *Array) Size() int { return shapeSize(a.shape) }

// NBytes returns the size of the elements in bytes.
func (a *Array) NBytes() int { return a.Size() * a.dtype.Size() }

// IsContiguous reports whether the array is row-major without gaps.
func (a *Array) IsContiguous() bool {
	return slices.Equal(a.strides, contiguousStrides(a.shape, a.dtype.Size())) || a.Size() <= 1
}

// CLBuffer returns the OpenCL buffer the array lives in (its element 0 is
// at Offset bytes); on another API it is an error: interop (see the
// package documentation). For a temporary array the buffer can change when
// the Thread's temporary memory grows.
func (a *Array) CLBuffer() (*cl.Buffer, error) {
	buf, err := a.mem.buffer()
	if err != nil {
		return nil, err
	}
	return clBufferOf(buf)
}

// BaseArg is a kernel argument that passes the start of an array's memory
// rather than its element 0, for kernels that index the memory with the
// array's offset and strides themselves.
type BaseArg struct{ array *Array }

// Base returns the kernel argument of the start of the array's memory.
func (a *Array) Base() BaseArg { return BaseArg{a} }

// View returns an array over the same memory with another layout (byte
// strides, nil for row-major, and a byte offset from the start of the
// memory, not from a's offset). Every element of the view must lie inside
// the memory. The view is not released by Release of a, and a must outlive
// it.
func (a *Array) View(shape []int, dtype dtypes.DType, strides []int, offset int) (*Array, error) {
	strides, span, err := layout(dtype, shape, strides, offset)
	if err != nil {
		return nil, fmt.Errorf("cluda: view: %w", err)
	}
	a.mem.mu.RLock()
	size := a.mem.size
	a.mem.mu.RUnlock()
	if span > size {
		return nil, fmt.Errorf("cluda: view of shape %v, strides %v and offset %d reaches byte %d, beyond the %d bytes of memory", shape, strides, offset, span, size)
	}
	return &Array{thread: a.thread, mem: a.mem, dtype: dtype,
		shape: slices.Clone(shape), strides: slices.Clone(strides), offset: offset, span: span}, nil
}

// Release frees the array's memory (for a temporary array, its share of the
// Thread's temporary memory). Views and later uses of the array get an
// error. Release is idempotent.
func (a *Array) Release() {
	a.subMu.Lock()
	if a.sub != nil {
		a.sub.release()
		a.sub = nil
	}
	a.subMu.Unlock()
	switch {
	case a.temp != nil:
		a.thread.temp.release(a)
	case a.owner:
		a.mem.mu.Lock()
		if a.mem.buf != nil {
			a.mem.buf.release()
			a.mem.buf = nil
		}
		a.mem.mu.Unlock()
	}
}

// Released reports whether the array's memory was released: by Release
// of the array, or of the array a view was taken from. A released array
// can no longer be read, written or passed to a kernel.
func (a *Array) Released() bool {
	_, err := a.mem.buffer()
	return err != nil
}

// kernelBuffer returns the buffer to pass to a raw kernel: the array's
// buffer, or a sub-buffer starting at its offset.
func (a *Array) kernelBuffer() (deviceBuffer, error) {
	buf, err := a.mem.buffer()
	if err != nil {
		return nil, err
	}
	if a.offset == 0 {
		return buf, nil
	}
	align := max(a.thread.params.MemBaseAddrAlignBits/8, 1)
	if a.offset%align != 0 {
		return nil, fmt.Errorf("cluda: array offset %d is not a multiple of the device's base address alignment %d; pass the base array and the offset instead", a.offset, align)
	}
	a.subMu.Lock()
	defer a.subMu.Unlock()
	if a.sub == nil {
		if a.sub, err = buf.sub(a.offset, max(a.span-a.offset, 1)); err != nil {
			return nil, fmt.Errorf("cluda: sub-buffer: %w", err)
		}
	}
	return a.sub, nil
}

func (a *Array) String() string {
	return fmt.Sprintf("Array(%v, shape=%v, strides=%v, offset=%d)", a.dtype, a.shape, a.strides, a.offset)
}
