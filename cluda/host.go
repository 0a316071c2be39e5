package cluda

import "fmt"

// Host is an array's values in host memory with its shape, in row-major
// order: a read that keeps the shape (ReadHost), indexed as the array is.
// thr.ToDevice(h.Data, h.Shape...) makes an array of it again.
type Host[T any] struct {
	Data  []T
	Shape []int
}

// ReadHost returns the contents of a with its shape (see Read).
func ReadHost[T any](a *Array) (*Host[T], error) {
	data, err := Read[T](a)
	if err != nil {
		return nil, err
	}
	return &Host[T]{Data: data, Shape: a.Shape()}, nil
}

// Index returns the position in Data of the element at the indices, one
// per axis. Like gonum's mat.Dense.At, it panics on indices that do not
// fit the shape: that is a bug of the caller.
func (h *Host[T]) Index(idx ...int) int {
	if len(idx) != len(h.Shape) {
		panic(fmt.Sprintf("cluda: Host: %d indices for the shape %v", len(idx), h.Shape))
	}
	flat := 0
	for k, i := range idx {
		if i < 0 || i >= h.Shape[k] {
			panic(fmt.Sprintf("cluda: Host: index %d of axis %d out of range for the shape %v", i, k, h.Shape))
		}
		flat = flat*h.Shape[k] + i
	}
	return flat
}

// At returns the element at the indices, one per axis (see Index).
func (h *Host[T]) At(idx ...int) T { return h.Data[h.Index(idx...)] }

// Set sets the element at the indices, one per axis, to v (see Index).
func (h *Host[T]) Set(v T, idx ...int) { h.Data[h.Index(idx...)] = v }
