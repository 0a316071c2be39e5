package cluda

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/reikna-go/reikna/dtypes"
)

// ReadInto copies the contents of a into dst, in row-major order, after
// every command enqueued before it, and returns when the copy is done: Read
// into a slice the caller already has, for reading results again and again
// without allocating. T must be the Go type of the array's dtype (a
// number type, or the struct type of a struct dtype) and dst must have
// exactly a.Size() elements; otherwise ReadInto returns an error and leaves
// dst unchanged.
//
// A contiguous array is copied straight into dst: nothing of the array's
// size is allocated. A strided one is read through a copy of the bytes it
// spans, as Get does, and so is a struct whose Go layout is not the
// device's, which is decoded field by field.
func ReadInto[T any](a *Array, dst []T) error {
	if a == nil {
		return fmt.Errorf("cluda: read into: nil *Array")
	}
	dt, err := dtypes.OfType(reflect.TypeFor[T]())
	if err != nil {
		return fmt.Errorf("cluda: read into: %w", err)
	}
	if dt != a.dtype {
		return fmt.Errorf("cluda: read into: slice of %v for an array of %v", dt, a.dtype)
	}
	if len(dst) != a.Size() {
		return fmt.Errorf("cluda: read into: slice of %d elements for an array of %d (shape %v)", len(dst), a.Size(), a.shape)
	}
	if len(dst) == 0 {
		return nil
	}
	if !a.dtype.GoLayoutMatches() {
		if err := a.transferConverted(dst, false); err != nil {
			return fmt.Errorf("cluda: read into: %w", err)
		}
		return nil
	}
	host := unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), len(dst)*a.dtype.Size())
	if !a.IsContiguous() {
		if err := a.transferBytes(host, false); err != nil {
			return fmt.Errorf("cluda: read into: %w", err)
		}
		return nil
	}
	buf, err := a.mem.buffer()
	if err != nil {
		return fmt.Errorf("cluda: read into: %w", err)
	}
	if err := a.thread.be.read(buf, a.offset, host); err != nil {
		return fmt.Errorf("cluda: read into: %w", err)
	}
	return nil
}
