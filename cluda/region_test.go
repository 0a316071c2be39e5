package cluda

import (
	"testing"

	"github.com/reikna-go/reikna/dtypes"
)

func TestArrayRows(t *testing.T) {
	// Layouts of complex64 (8-byte) arrays.
	cases := []struct {
		name    string
		shape   []int
		strides []int
		offset  int
		want    rows
		ok      bool
	}{
		{"contiguous", []int{3, 4}, nil, 0, rows{width: 96, count: 1, pitch: 96}, true},
		{"columns of a matrix", []int{3, 2}, []int{32, 8}, 16, rows{offset: 16, width: 16, count: 3, pitch: 32}, true},
		{"slice of the middle axis", []int{2, 3, 5}, []int{280, 40, 8}, 80, rows{offset: 80, width: 120, count: 2, pitch: 280}, true},
		{"axes of length 1 ignored", []int{1, 3, 1, 2}, []int{999, 64, 7, 8}, 0, rows{width: 16, count: 3, pitch: 64}, true},
		{"every other element", []int{4}, []int{16}, 0, rows{width: 8, count: 4, pitch: 16}, true},
		{"outer axes not evenly spaced", []int{2, 3, 2}, []int{200, 40, 8}, 0, rows{}, false},
		{"empty", []int{0, 3}, nil, 24, rows{offset: 24}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			strides, span, err := layout(dtypes.Complex64, c.shape, c.strides, c.offset)
			if err != nil {
				t.Fatal(err)
			}
			a := &Array{dtype: dtypes.Complex64, shape: c.shape, strides: strides, offset: c.offset, span: span}
			got, ok := arrayRows(a)
			if ok != c.ok || ok && got != c.want {
				t.Errorf("rows %+v, %v; want %+v, %v", got, ok, c.want, c.ok)
			}
		})
	}
}

func TestMatchRegions(t *testing.T) {
	cases := []struct {
		name     string
		from, to rows
		wantFrom region
		wantTo   region
		ok       bool
	}{
		{"same rows", rows{0, 16, 3, 32}, rows{8, 16, 3, 16},
			region{Width: 16, Rows: 3, RowPitch: 32}, region{Offset: 8, Width: 16, Rows: 3, RowPitch: 16}, true},
		{"one wide row", rows{0, 48, 1, 48}, rows{4, 16, 3, 40},
			region{Width: 16, Rows: 3, RowPitch: 16}, region{Offset: 4, Width: 16, Rows: 3, RowPitch: 40}, true},
		{"wide rows into slices", rows{0, 32, 2, 96}, rows{0, 16, 4, 24},
			region{Width: 16, Rows: 2, RowPitch: 16, Slices: 2, SlicePitch: 96}, region{Width: 16, Rows: 2, RowPitch: 24, Slices: 2, SlicePitch: 48}, true},
		{"narrow rows from", rows{0, 16, 4, 24}, rows{0, 32, 2, 96},
			region{Width: 16, Rows: 2, RowPitch: 24, Slices: 2, SlicePitch: 48}, region{Width: 16, Rows: 2, RowPitch: 16, Slices: 2, SlicePitch: 96}, true},
		{"slice pitch not a multiple of the width", rows{0, 32, 2, 40}, rows{0, 16, 4, 24}, region{}, region{}, false},
		{"widths that do not divide", rows{0, 24, 2, 24}, rows{0, 16, 3, 16}, region{}, region{}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			from, to, ok := matchRegions(c.from, c.to)
			if ok != c.ok || ok && (from != c.wantFrom || to != c.wantTo) {
				t.Errorf("regions %+v, %+v, %v; want %+v, %+v, %v", from, to, ok, c.wantFrom, c.wantTo, c.ok)
			}
		})
	}
}
