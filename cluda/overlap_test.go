package cluda_test

import (
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

func TestSharesMemory(t *testing.T) {
	thr := cludatest.Thread(t)
	a, err := thr.Empty([]int{16}, dtypes.Complex64) // 128 bytes
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	other, err := thr.Empty([]int{16}, dtypes.Complex64)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Release()
	view := func(shape []int, dt dtypes.DType, strides []int, offset int) *cluda.Array {
		t.Helper()
		v, err := a.View(shape, dt, strides, offset)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	tests := []struct {
		name string
		x, y *cluda.Array
		want bool
	}{
		{"itself", a, a, true},
		{"other memory", a, other, false},
		{"nil", a, nil, false},
		{"first half and second half", view([]int{8}, dtypes.Complex64, nil, 0), view([]int{8}, dtypes.Complex64, nil, 64), false},
		{"halves that meet", view([]int{8}, dtypes.Complex64, nil, 0), view([]int{8}, dtypes.Complex64, nil, 56), true},
		{"one byte in common", view([]int{8}, dtypes.Complex64, nil, 0), view([]int{1}, dtypes.Uint8, nil, 63), true},
		{"real and imaginary parts", view([]int{16}, dtypes.Float32, []int{8}, 0), view([]int{16}, dtypes.Float32, []int{8}, 4), false},
		{"imaginary parts and a complex", view([]int{16}, dtypes.Float32, []int{8}, 4), view([]int{1}, dtypes.Complex64, nil, 120), true},
		{"even and odd elements", view([]int{8}, dtypes.Complex64, []int{16}, 0), view([]int{8}, dtypes.Complex64, []int{16}, 8), false},
		{"even and odd elements of a matrix", view([]int{2, 4}, dtypes.Complex64, []int{64, 16}, 0), view([]int{2, 4}, dtypes.Complex64, []int{64, 16}, 8), false},
		{"shifted by half an element", view([]int{8}, dtypes.Complex64, []int{16}, 0), view([]int{8}, dtypes.Complex64, []int{16}, 4), true},
		{"empty", view([]int{0}, dtypes.Complex64, nil, 0), a, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cluda.SharesMemory(tt.x, tt.y); got != tt.want {
				t.Errorf("SharesMemory = %v, want %v", got, tt.want)
			}
			if got := cluda.SharesMemory(tt.y, tt.x); got != tt.want {
				t.Errorf("SharesMemory, arguments swapped = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestOverlapsItself(t *testing.T) {
	thr := cludatest.Thread(t)
	a, err := thr.Empty([]int{64}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	tests := []struct {
		name           string
		shape, strides []int
		want           bool
	}{
		{"row-major", []int{4, 16}, nil, false},
		{"transposed", []int{16, 4}, []int{4, 64}, false},
		{"every other column", []int{4, 8}, []int{64, 8}, false},
		{"length-1 axis of stride 0", []int{1, 64}, []int{0, 4}, false},
		{"broadcast", []int{4, 16}, []int{0, 4}, true},
		{"rows that overlap", []int{4, 16}, []int{8, 4}, true},
		{"empty broadcast", []int{0, 16}, []int{0, 0}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := a.View(tt.shape, dtypes.Float32, tt.strides, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := cluda.OverlapsItself(v); got != tt.want {
				t.Errorf("OverlapsItself(%v) = %v, want %v", v, got, tt.want)
			}
		})
	}
}
