package cluda

import (
	"fmt"
	"math"

	"github.com/reikna-go/reikna/dtypes"
)

// Array layouts (a dtype, a shape, byte strides and a byte offset) follow
// these rules, which every constructor of an Array checks, with arithmetic
// that cannot overflow:
//
//   - dimensions are not negative; a dimension of 0 makes an empty array;
//   - the product of the nonzero dimensions, times the element size, fits
//     in an int: every count of elements or bytes of the array does too;
//   - strides and the offset are not negative (a stride of 0 repeats an
//     element along its axis);
//   - the span, the offset plus the bytes from the first element to the
//     end of the last, fits in an int; an array lies in the first span
//     bytes of its buffer.

// mulInt returns a*b for a, b >= 0, and false if the product overflows an
// int.
func mulInt(a, b int) (int, bool) {
	if a != 0 && b > math.MaxInt/a {
		return 0, false
	}
	return a * b, true
}

// addInt returns a+b for a, b >= 0, and false if the sum overflows an int.
func addInt(a, b int) (int, bool) {
	if b > math.MaxInt-a {
		return 0, false
	}
	return a + b, true
}

// checkShape checks that the dimensions of shape are not negative and that
// the product of its nonzero dimensions times itemSize fits in an int, and
// returns that product (the array's size in bytes if it had no zero
// dimension).
func checkShape(shape []int, itemSize int) (int, error) {
	return nonzeroProduct(shape, itemSize, func() string {
		return fmt.Sprintf("its size in bytes (of %d-byte elements)", itemSize)
	})
}

// ShapeSize returns the number of elements of an array of the given shape:
// the product of its dimensions, 1 for a shape of no dimensions. A negative
// dimension, or a product of the nonzero dimensions that overflows an int,
// is an error.
func ShapeSize(shape []int) (int, error) {
	if _, err := nonzeroProduct(shape, 1, func() string { return "its number of elements" }); err != nil {
		return 0, err
	}
	return shapeSize(shape), nil
}

// nonzeroProduct returns start times the nonzero dimensions of shape, or
// an error where a dimension is negative or the product, which what
// describes where it overflows an int, does.
func nonzeroProduct(shape []int, start int, what func() string) (int, error) {
	n := start
	for _, s := range shape {
		if s < 0 {
			return 0, fmt.Errorf("shape %v has a negative dimension", shape)
		}
		if s == 0 {
			continue
		}
		var ok bool
		if n, ok = mulInt(n, s); !ok {
			return 0, fmt.Errorf("shape %v is too large: %s overflows an int", shape, what())
		}
	}
	return n, nil
}

// shapeSize is ShapeSize for a shape that has been checked.
func shapeSize(shape []int) int {
	n := 1
	for _, s := range shape {
		n *= s
	}
	return n
}

// ContiguousStrides returns the byte strides of a row-major array of the
// given shape and element size. A negative dimension, an element size below
// 1, or a shape whose size in bytes overflows an int is an error.
func ContiguousStrides(shape []int, itemSize int) ([]int, error) {
	if itemSize < 1 {
		return nil, fmt.Errorf("element size %d is below 1", itemSize)
	}
	if _, err := checkShape(shape, itemSize); err != nil {
		return nil, err
	}
	return contiguousStrides(shape, itemSize), nil
}

// contiguousStrides is ContiguousStrides for a shape that has been checked.
func contiguousStrides(shape []int, itemSize int) []int {
	strides := make([]int, len(shape))
	s := itemSize
	for i := len(shape) - 1; i >= 0; i-- {
		strides[i] = s
		s *= max(shape[i], 1)
	}
	return strides
}

// Span checks a layout against the rules above and returns the number of
// bytes from the start of the buffer that an array of this layout touches:
// its offset plus its extent (just the offset for an empty array). An
// array of this layout fits in a buffer of at least Span bytes.
func Span(dtype dtypes.DType, shape, strides []int, offset int) (int, error) {
	if !dtype.Valid() {
		return 0, fmt.Errorf("invalid dtype %v", dtype)
	}
	if len(strides) != len(shape) {
		return 0, fmt.Errorf("strides %v do not match shape %v", strides, shape)
	}
	if _, err := checkShape(shape, dtype.Size()); err != nil {
		return 0, err
	}
	for _, s := range strides {
		if s < 0 {
			return 0, fmt.Errorf("strides %v: negative strides are not supported", strides)
		}
	}
	if offset < 0 {
		return 0, fmt.Errorf("negative offset %d", offset)
	}
	if shapeSize(shape) == 0 {
		return offset, nil
	}
	end, ok := addInt(offset, dtype.Size())
	for i := 0; ok && i < len(shape); i++ {
		var extent int
		if extent, ok = mulInt(shape[i]-1, strides[i]); ok {
			end, ok = addInt(end, extent)
		}
	}
	if !ok {
		return 0, fmt.Errorf("layout of shape %v, strides %v and offset %d reaches beyond the largest int of bytes", shape, strides, offset)
	}
	return end, nil
}

// layout returns the strides (row-major ones where strides is nil) and the
// span of a layout, or an error that says what is wrong with it.
func layout(dtype dtypes.DType, shape, strides []int, offset int) ([]int, int, error) {
	if strides == nil {
		if !dtype.Valid() {
			return nil, 0, fmt.Errorf("invalid dtype %v", dtype)
		}
		var err error
		if strides, err = ContiguousStrides(shape, dtype.Size()); err != nil {
			return nil, 0, err
		}
	}
	span, err := Span(dtype, shape, strides, offset)
	return strides, span, err
}
