package dtypes

import (
	"fmt"
	"reflect"
	"unsafe"
)

// GoLayoutMatches reports whether Go memory holds d's elements byte for
// byte as the device does: true for every number type, and for a struct
// whose Go fields stand at the C offsets with no more padding.
func (d DType) GoLayoutMatches() bool {
	if s := d.structOf(); s != nil {
		return s.sameLayout
	}
	return d.Valid()
}

// Encode returns the elements of data, a Go slice of d's Go type, in the C
// layout the device reads: for a struct, each field at its C offset and
// zeros in the padding.
func (d DType) Encode(data any) ([]byte, error) {
	src, n, err := d.goBytes(data)
	if err != nil {
		return nil, fmt.Errorf("dtypes: encode: %w", err)
	}
	out := make([]byte, n*d.Size())
	d.convert(out, src, n, true)
	return out, nil
}

// Decode fills data, a Go slice of d's Go type, from b, its elements in
// the C layout the device writes. b must hold exactly len(data) elements.
func (d DType) Decode(b []byte, data any) error {
	dst, n, err := d.goBytes(data)
	if err != nil {
		return fmt.Errorf("dtypes: decode: %w", err)
	}
	if len(b) != n*d.Size() {
		return fmt.Errorf("dtypes: decode: %d bytes for %d elements of %v (%d bytes each)", len(b), n, d, d.Size())
	}
	d.convert(b, dst, n, false)
	return nil
}

// goBytes returns the memory of a Go slice of d's elements and its length.
func (d DType) goBytes(data any) ([]byte, int, error) {
	if !d.Valid() {
		return nil, 0, fmt.Errorf("invalid dtype %v", d)
	}
	v := reflect.ValueOf(data)
	if v.Kind() != reflect.Slice || v.Type().Elem() != d.GoType() {
		return nil, 0, fmt.Errorf("%T is not a slice of %v, the Go type of %v", data, d.GoType(), d)
	}
	n := v.Len()
	if n == 0 {
		return nil, 0, nil
	}
	return unsafe.Slice((*byte)(v.UnsafePointer()), n*int(d.GoType().Size())), n, nil
}

// convert copies n elements between their C layout in c and their Go
// layout in g, into c if toC.
func (d DType) convert(c, g []byte, n int, toC bool) {
	s := d.structOf()
	if s == nil {
		if toC {
			copy(c, g)
		} else {
			copy(g, c)
		}
		return
	}
	goSize := int(s.goType.Size())
	for i := range n {
		ce, ge := c[i*s.size:], g[i*goSize:]
		for _, cp := range s.copies {
			if toC {
				copy(ce[cp.cOff:cp.cOff+cp.size], ge[cp.goOff:])
			} else {
				copy(ge[cp.goOff:cp.goOff+cp.size], ce[cp.cOff:])
			}
		}
	}
}

// EncodeValue returns one value of d's Go type in the C layout, as a
// kernel argument of d or a fill pattern takes it.
func (d DType) EncodeValue(v any) ([]byte, error) {
	t := d.GoType()
	if t == nil || v == nil || reflect.TypeOf(v) != t {
		return nil, fmt.Errorf("dtypes: encode: %T is not a value of %v, the Go type of %v", v, t, d)
	}
	s := reflect.MakeSlice(reflect.SliceOf(t), 1, 1)
	s.Index(0).Set(reflect.ValueOf(v))
	return d.Encode(s.Interface())
}
