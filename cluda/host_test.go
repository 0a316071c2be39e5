package cluda_test

import (
	"fmt"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
)

// TestReadHost reads a 3-D array and its transposed view with their
// shapes and checks every element by its indices; indices that do not fit
// panic, as gonum's At does.
func TestReadHost(t *testing.T) {
	thr := cludatest.Thread(t)
	const d0, d1, d2 = 2, 3, 4
	values := make([]int32, d0*d1*d2)
	for i := range values {
		values[i] = int32(100*(i/(d1*d2)) + 10*(i/d2%d1) + i%d2) // the indices as digits
	}
	a, err := thr.ToDevice(values, d0, d1, d2)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	h, err := cluda.ReadHost[int32](a)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(h.Shape) != "[2 3 4]" {
		t.Fatalf("shape %v, want [2 3 4]", h.Shape)
	}
	for i := range d0 {
		for j := range d1 {
			for k := range d2 {
				if got, want := h.At(i, j, k), int32(100*i+10*j+k); got != want {
					t.Fatalf("At(%d, %d, %d) = %d, want %d", i, j, k, got, want)
				}
			}
		}
	}
	// The view with axes 0 and 2 swapped: element (k, j, i) of the view
	// is (i, j, k) of the array.
	s := a.Strides()
	view, err := a.View([]int{d2, d1, d0}, a.DType(), []int{s[2], s[1], s[0]}, 0)
	if err != nil {
		t.Fatal(err)
	}
	hv, err := cluda.ReadHost[int32](view)
	if err != nil {
		t.Fatal(err)
	}
	if got := hv.At(3, 2, 1); got != 123 {
		t.Errorf("view At(3, 2, 1) = %d, want 123", got)
	}
	hv.Set(-1, 0, 0, 1)
	if hv.Data[1] != -1 {
		t.Errorf("Set(-1, 0, 0, 1) set %v", hv.Data[:3])
	}
	for _, bad := range [][]int{{0, 0}, {2, 0, 0}, {0, -1, 0}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("At%v on the shape %v: no panic", bad, h.Shape)
				}
			}()
			h.At(bad...)
		}()
	}
}
