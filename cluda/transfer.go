package cluda

import (
	"fmt"
	"reflect"
	"slices"
	"unsafe"

	"github.com/reikna-go/reikna/dtypes"
)

// ToDevice copies a Go slice ([]float32, []complex64, ...) into a new
// contiguous array. The shape defaults to the slice's length; a given shape
// must hold exactly len(data) elements.
func (t *Thread) ToDevice(data any, shape ...int) (*Array, error) {
	dt, n, err := sliceInfo(data)
	if err != nil {
		return nil, fmt.Errorf("cluda: to device: %w", err)
	}
	if len(shape) == 0 {
		shape = []int{n}
	}
	if _, err := checkShape(shape, dt.Size()); err != nil {
		return nil, fmt.Errorf("cluda: to device: %w", err)
	}
	if size := shapeSize(shape); size != n {
		return nil, fmt.Errorf("cluda: to device: shape %v holds %d elements, the slice has %d", shape, size, n)
	}
	a, err := t.Empty(shape, dt)
	if err != nil {
		return nil, err
	}
	if err := a.Set(data); err != nil {
		a.Release()
		return nil, err
	}
	return a, nil
}

// sliceInfo returns the dtype and length of a Go slice of numbers.
func sliceInfo(data any) (dtypes.DType, int, error) {
	v := reflect.ValueOf(data)
	if v.Kind() != reflect.Slice {
		return dtypes.Invalid, 0, fmt.Errorf("%T is not a slice", data)
	}
	dt, err := dtypes.OfType(v.Type().Elem())
	if err != nil {
		return dtypes.Invalid, 0, err
	}
	return dt, v.Len(), nil
}

// checkSlice returns the dtype and length of a Go slice after checking
// that they match the array.
func (a *Array) checkSlice(data any) (dtypes.DType, int, error) {
	dt, n, err := sliceInfo(data)
	if err != nil {
		return dtypes.Invalid, 0, err
	}
	if dt != a.dtype {
		return dtypes.Invalid, 0, fmt.Errorf("slice of %v for an array of %v", dt, a.dtype)
	}
	if n != a.Size() {
		return dtypes.Invalid, 0, fmt.Errorf("slice of %d elements for an array of %d (shape %v)", n, a.Size(), a.shape)
	}
	return dt, n, nil
}

// sliceMemory returns the bytes of a Go slice of numbers, after checking
// that its dtype and length match the array.
func (a *Array) sliceMemory(data any) ([]byte, error) {
	dt, n, err := a.checkSlice(data)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	if !dt.GoLayoutMatches() {
		return nil, fmt.Errorf("the Go layout of %v is not the device's; convert it with its Encode and Decode", dt)
	}
	v := reflect.ValueOf(data)
	return unsafe.Slice((*byte)(v.UnsafePointer()), n*dt.Size()), nil
}

// Set copies a Go slice of the array's dtype and size into the array, in
// row-major order. It returns when the copy is done.
func (a *Array) Set(data any) error {
	if err := a.transfer(data, true); err != nil {
		return fmt.Errorf("cluda: set: %w", err)
	}
	return nil
}

// Get copies the array into a Go slice of its dtype and size, in row-major
// order, after every command enqueued before it.
func (a *Array) Get(data any) error {
	if err := a.transfer(data, false); err != nil {
		return fmt.Errorf("cluda: get: %w", err)
	}
	return nil
}

// transfer copies between a Go slice and the array, to the array if toDevice.
// A strided array goes through its span on the host: read, scatter or
// gather the elements, and for a write put the span back, so that the bytes
// between elements keep their values.
func (a *Array) transfer(data any, toDevice bool) error {
	if !a.dtype.GoLayoutMatches() {
		return a.transferConverted(data, toDevice)
	}
	host, err := a.sliceMemory(data)
	if err != nil {
		return err
	}
	return a.transferBytes(host, toDevice)
}

// transferBytes copies between the bytes of a Go slice of the array's
// dtype and size and the array, to the array if toDevice, as transfer
// does.
func (a *Array) transferBytes(host []byte, toDevice bool) error {
	if len(host) == 0 {
		return nil
	}
	buf, err := a.mem.buffer()
	if err != nil {
		return err
	}
	be := a.thread.be
	if a.IsContiguous() {
		if toDevice {
			return be.write(buf, a.offset, host)
		}
		return be.read(buf, a.offset, host)
	}
	span := make([]byte, a.span-a.offset)
	if err := be.read(buf, a.offset, span); err != nil {
		return err
	}
	size := a.dtype.Size()
	a.walk(func(flat, byteOff int) {
		if toDevice {
			copy(span[byteOff:byteOff+size], host[flat*size:])
		} else {
			copy(host[flat*size:], span[byteOff:byteOff+size])
		}
	})
	if toDevice {
		return be.write(buf, a.offset, span)
	}
	return nil
}

// Read returns the contents of a as a new Go slice, in row-major order. T
// must be the Go type of the array's dtype: a number type, or the struct
// type of a struct dtype (dtypes.Struct).
func Read[T any](a *Array) ([]T, error) {
	if a == nil {
		return nil, fmt.Errorf("cluda: read: nil *Array")
	}
	out := make([]T, a.Size())
	return out, a.Get(out)
}

// walk calls f for every element in row-major order with its flat index and
// its byte offset from the array's offset.
func (a *Array) walk(f func(flat, byteOff int)) {
	n := a.Size()
	idx := make([]int, len(a.shape))
	off := 0
	for flat := 0; flat < n; flat++ {
		f(flat, off)
		for d := len(a.shape) - 1; d >= 0; d-- {
			idx[d]++
			off += a.strides[d]
			if idx[d] < a.shape[d] {
				break
			}
			off -= idx[d] * a.strides[d]
			idx[d] = 0
		}
	}
}

// valueBytes returns the bytes of v converted to dtype dt.
func valueBytes(dt dtypes.DType, v any) ([]byte, error) {
	c, err := dt.Convert(v)
	if err != nil {
		return nil, err
	}
	if dt.IsStruct() {
		return dt.EncodeValue(c)
	}
	p := reflect.New(dt.GoType())
	p.Elem().Set(reflect.ValueOf(c))
	return slices.Clone(unsafe.Slice((*byte)(p.UnsafePointer()), dt.Size())), nil
}

// Fill sets every element of the array to v (converted to its dtype; a
// value the dtype cannot hold is an error).
func (a *Array) Fill(v any) error {
	pattern, err := valueBytes(a.dtype, v)
	if err != nil {
		return fmt.Errorf("cluda: fill: %w", err)
	}
	n := a.Size()
	if n == 0 {
		return nil
	}
	buf, err := a.mem.buffer()
	if err != nil {
		return err
	}
	if a.IsContiguous() && a.offset%len(pattern) == 0 {
		if err := a.thread.be.fill(buf, pattern, a.offset, n*len(pattern)); err != nil {
			return fmt.Errorf("cluda: fill: %w", err)
		}
		return nil
	}
	all := make([]byte, n*len(pattern))
	for i := 0; i < n; i++ {
		copy(all[i*len(pattern):], pattern)
	}
	if !a.dtype.GoLayoutMatches() {
		return a.transferBytes(all, true)
	}
	s := reflect.MakeSlice(reflect.SliceOf(a.dtype.GoType()), n, n)
	copy(unsafe.Slice((*byte)(s.UnsafePointer()), len(all)), all)
	return a.Set(s.Interface())
}

// Copy copies src into dst on the device. Both must have the same dtype and
// shape and belong to the same Thread; their layouts may differ, but they
// may not overlap in memory (unless they are the same elements, which
// leaves nothing to do), nor may the elements of dst overlap each other.
func (t *Thread) Copy(dst, src *Array) error {
	_, err := t.EnqueueCopy(dst, src, false)
	return err
}

// EnqueueCopy is Copy that optionally returns the event of the copy (nil
// when event is false, and where there is nothing to copy), for timing it;
// the caller must Release the event.
func (t *Thread) EnqueueCopy(dst, src *Array, event bool) (*Event, error) {
	switch {
	case dst == nil:
		return nil, fmt.Errorf("cluda: copy: the destination is a nil *Array")
	case src == nil:
		return nil, fmt.Errorf("cluda: copy: the source is a nil *Array")
	}
	if dst.thread != t || src.thread != t {
		return nil, fmt.Errorf("cluda: copy: arrays of another Thread")
	}
	if dst.dtype != src.dtype || !slices.Equal(dst.shape, src.shape) {
		return nil, fmt.Errorf("cluda: copy: %v into %v", src, dst)
	}
	if src.Size() == 0 {
		return nil, nil
	}
	if OverlapsItself(dst) {
		return nil, fmt.Errorf("cluda: copy: elements of the destination %v overlap each other", dst)
	}
	if SharesMemory(dst, src) {
		if dst.offset == src.offset && slices.Equal(dst.strides, src.strides) {
			return nil, nil // the same elements
		}
		return nil, fmt.Errorf("cluda: copy: the source %v and the destination %v overlap in memory", src, dst)
	}
	sb, err := src.mem.buffer()
	if err != nil {
		return nil, err
	}
	db, err := dst.mem.buffer()
	if err != nil {
		return nil, err
	}
	if dst.IsContiguous() && src.IsContiguous() {
		ev, err := t.be.copy(sb, db, src.offset, dst.offset, src.NBytes(), event)
		if err != nil {
			return nil, fmt.Errorf("cluda: copy: %w", err)
		}
		return newEvent(t, ev), nil
	}
	// Evenly spaced rows on both sides, such as the blocks of a slab's
	// rows that an exchange groups by destination: one copy, by the
	// region copy kernel on CUDA, whose threads move a device's memory
	// faster than its copy engines, and by the driver on OpenCL.
	srcRows, srcOK := arrayRows(src)
	dstRows, dstOK := arrayRows(dst)
	if from, to, ok := matchRegions(srcRows, dstRows); ok && srcOK && dstOK {
		var ev deviceEvent
		if kb, isCUDA := t.be.(*cuBackend); isCUDA {
			ev, err = kb.timed(event, func() error { return kb.copyRegionKernel(sb, db, from, to) })
		} else {
			ev, err = t.be.copyRegion(sb, db, from, to, event)
		}
		if err != nil {
			return nil, fmt.Errorf("cluda: copy: %w", err)
		}
		return newEvent(t, ev), nil
	}
	return t.stridedCopy(dst, src, event)
}
