package cluda_test

import (
	"math"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

func TestLayoutFunctions(t *testing.T) {
	tests := []struct {
		name    string
		dtype   dtypes.DType
		shape   []int
		strides []int // nil: ContiguousStrides
		offset  int
		size    int // ShapeSize, when it succeeds
		span    int // Span, when it succeeds
		want    string
	}{
		{name: "0-d", dtype: dtypes.Float32, shape: []int{}, size: 1, span: 4},
		{name: "matrix", dtype: dtypes.Complex64, shape: []int{3, 5}, offset: 8, size: 15, span: 8 + 15*8},
		{name: "empty", dtype: dtypes.Float32, shape: []int{4, 0, 3}, offset: 12, size: 0, span: 12},
		{name: "empty beside huge", dtype: dtypes.Float32, shape: []int{1 << 40, 0, 1 << 20}, size: 0, span: 0},
		{name: "broadcast", dtype: dtypes.Float32, shape: []int{1 << 40}, strides: []int{0}, size: 1 << 40, span: 4},
		{name: "largest", dtype: dtypes.Uint8, shape: []int{math.MaxInt}, strides: []int{1}, size: math.MaxInt, span: math.MaxInt},
		{name: "elements overflow", dtype: dtypes.Float32, shape: []int{1<<62 + 1, 4}, want: "too large"},
		{name: "elements overflow of bytes", dtype: dtypes.Uint8, shape: []int{1 << 32, 1 << 32}, want: "too large"},
		{name: "bytes overflow", dtype: dtypes.Complex64, shape: []int{1<<61 + 1, 4}, want: "too large"},
		{name: "zero does not hide an overflow", dtype: dtypes.Float32, shape: []int{1 << 40, 1 << 40, 0}, want: "too large"},
		{name: "broadcast overflow", dtype: dtypes.Float64, shape: []int{1 << 61}, strides: []int{0}, size: 1 << 61, want: "too large"},
		{name: "negative dimension", dtype: dtypes.Float32, shape: []int{2, -1}, want: "negative dimension"},
		{name: "negative stride", dtype: dtypes.Float32, shape: []int{2}, strides: []int{-4}, size: 2, want: "negative strides"},
		{name: "negative offset", dtype: dtypes.Float32, shape: []int{2}, offset: -4, size: 2, want: "negative offset"},
		{name: "strides of another rank", dtype: dtypes.Float32, shape: []int{2, 2}, strides: []int{4}, size: 4, want: "do not match"},
		{name: "stride overflow", dtype: dtypes.Float32, shape: []int{3}, strides: []int{math.MaxInt / 2}, size: 3, want: "beyond the largest int"},
		{name: "offset overflow", dtype: dtypes.Float32, shape: []int{1}, offset: math.MaxInt - 2, size: 1, want: "beyond the largest int"},
		{name: "sum overflow", dtype: dtypes.Float32, shape: []int{2, 2}, strides: []int{math.MaxInt / 2, math.MaxInt / 2}, size: 4, want: "beyond the largest int"},
		{name: "invalid dtype", dtype: dtypes.Invalid, shape: []int{2}, strides: []int{4}, size: 2, want: "invalid dtype"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			size, err := cluda.ShapeSize(tt.shape)
			if err == nil && size != tt.size {
				t.Errorf("ShapeSize = %d, want %d", size, tt.size)
			}
			if err != nil && strings.Contains(err.Error(), "byte") {
				t.Errorf("ShapeSize: %v: a count of elements has no bytes", err)
			}
			strides := tt.strides
			if strides == nil {
				strides, err = cluda.ContiguousStrides(tt.shape, max(tt.dtype.Size(), 1))
				if err != nil {
					if tt.want == "" || !strings.Contains(err.Error(), tt.want) {
						t.Fatalf("ContiguousStrides: %v, want an error containing %q", err, tt.want)
					}
					return
				}
			}
			span, err := cluda.Span(tt.dtype, tt.shape, strides, tt.offset)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Span: %v", err)
			case tt.want == "" && span != tt.span:
				t.Errorf("Span = %d, want %d", span, tt.span)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Span: %d, %v, want an error containing %q", span, err, tt.want)
			}
		})
	}
}

func TestArrayLayoutBounds(t *testing.T) {
	thr := cludatest.Thread(t)
	base, err := thr.Empty([]int{16}, dtypes.Float32) // 64 bytes
	if err != nil {
		t.Fatal(err)
	}
	defer base.Release()
	view := func(shape []int, dt dtypes.DType, strides []int, offset int) func() error {
		return func() error {
			v, err := base.View(shape, dt, strides, offset)
			if err == nil && v.NBytes() < 0 {
				t.Errorf("view %v has %d bytes", v, v.NBytes())
			}
			return err
		}
	}
	create := func(f func() (*cluda.Array, error)) func() error {
		return func() error {
			a, err := f()
			if err == nil {
				a.Release()
			}
			return err
		}
	}
	tests := []struct {
		name string
		run  func() error
		want string // "" for success
	}{
		{"empty elements overflow", create(func() (*cluda.Array, error) { return thr.Empty([]int{1<<62 + 1, 4}, dtypes.Float32) }), "too large"},
		{"empty bytes overflow", create(func() (*cluda.Array, error) { return thr.Empty([]int{1<<61 + 1, 4}, dtypes.Complex64) }), "too large"},
		{"zeros overflow", create(func() (*cluda.Array, error) { return thr.Zeros([]int{1 << 40, 1 << 40}, dtypes.Float32) }), "too large"},
		{"new array stride overflow", create(func() (*cluda.Array, error) {
			return thr.NewArray([]int{3}, dtypes.Float32, []int{math.MaxInt / 2}, 0)
		}), "beyond the largest int"},
		{"temporary overflow", create(func() (*cluda.Array, error) { return thr.TempArray([]int{1 << 62, 8}, dtypes.Uint8) }), "too large"},
		{"to device with an overflowing shape", create(func() (*cluda.Array, error) {
			return thr.ToDevice([]float32{1, 2, 3, 4}, 1<<62+1, 4)
		}), "too large"},
		{"to device with a negative shape", create(func() (*cluda.Array, error) {
			return thr.ToDevice([]float32{1, 2, 3, 4}, -2, -2)
		}), "negative dimension"},
		{"view elements overflow", view([]int{1<<62 + 1, 4}, dtypes.Float32, nil, 0), "too large"},
		{"view past the end", view([]int{5}, dtypes.Float32, []int{16}, 0), "reaches byte 68, beyond the 64 bytes"},
		{"view at the end", view([]int{4}, dtypes.Float32, []int{16}, 12), ""},
		{"view offset past the end", view([]int{1}, dtypes.Float32, nil, 61), "beyond the 64 bytes"},
		{"empty view at the end", view([]int{0}, dtypes.Float32, nil, 64), ""},
		{"empty view past the end", view([]int{0}, dtypes.Float32, nil, 65), "beyond the 64 bytes"},
		{"view stride overflow", view([]int{3}, dtypes.Float32, []int{math.MaxInt / 2}, 0), "beyond the largest int"},
		{"view offset overflow", view([]int{2}, dtypes.Float32, nil, math.MaxInt-4), "beyond the largest int"},
		{"view negative stride", view([]int{2}, dtypes.Float32, []int{-4}, 8), "negative strides"},
		{"view negative offset", view([]int{2}, dtypes.Float32, nil, -4), "negative offset"},
		{"broadcast view", view([]int{1 << 40}, dtypes.Float32, []int{0}, 60), ""},
		{"broadcast view bytes overflow", view([]int{1 << 61}, dtypes.Float64, []int{0}, 0), "too large"},
		{"copy onto itself", func() error { return thr.Copy(base, base) }, ""},
		{"copy between overlapping views", func() error {
			lo, _ := base.View([]int{8}, dtypes.Float32, nil, 0)
			hi, _ := base.View([]int{8}, dtypes.Float32, nil, 16)
			return thr.Copy(hi, lo)
		}, "overlap in memory"},
		{"copy into a broadcast view", func() error {
			src, _ := base.View([]int{4}, dtypes.Float32, nil, 0)
			dst, _ := base.View([]int{4}, dtypes.Float32, []int{0}, 32)
			return thr.Copy(dst, src)
		}, "elements of the destination"},
		{"copy from nil", func() error { return thr.Copy(base, nil) }, "the source is a nil *Array"},
		{"copy into nil", func() error { return thr.Copy(nil, base) }, "the destination is a nil *Array"},
		{"read nil", func() error { _, err := cluda.Read[float32](nil); return err }, "nil *Array"},
		{"temporary depending on nil", create(func() (*cluda.Array, error) { return thr.TempArray([]int{4}, dtypes.Float32, nil) }), "dependency 0 is a nil *Array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.run()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("unexpected error %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}
