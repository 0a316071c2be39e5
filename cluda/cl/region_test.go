package cl

import (
	"bytes"
	"testing"
)

// regionOf returns the bytes of a region of a host image of a buffer, its
// rows one after the other.
func regionOf(image []byte, r Region) []byte {
	rp, sp := r.pitches()
	var out []byte
	for z := range r.slices() {
		for y := range r.Rows {
			start := r.Offset + z*sp + y*rp
			out = append(out, image[start:start+r.Width]...)
		}
	}
	return out
}

func TestRegions(t *testing.T) {
	ctx, q := testQueue(t)
	// A second queue on the same device of the context, as a context of
	// several devices has one queue each.
	q2, err := CreateQueue(ctx, q.Device(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer q2.Release()
	const size = 160
	image := make([]byte, size)
	for i := range image {
		image[i] = byte(i + 1)
	}
	src, err := CreateBuffer(ctx, MemReadWrite, size)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Release()
	dst, err := CreateBuffer(ctx, MemReadWrite, size)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Release()
	if err := Write(q, src, 0, image); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		from, to Region
	}{
		{"strided rows to packed", Region{Offset: 4, Width: 8, Rows: 3, RowPitch: 24}, Region{Offset: 16, Width: 8, Rows: 3, RowPitch: 8}},
		{"packed rows to strided", Region{Width: 6, Rows: 4, RowPitch: 6}, Region{Offset: 30, Width: 6, Rows: 4, RowPitch: 16}},
		{"one row", Region{Offset: 50, Width: 20, Rows: 1}, Region{Offset: 3, Width: 20, Rows: 1}},
		{"offset beyond a pitch", Region{Offset: 37, Width: 4, Rows: 5, RowPitch: 10}, Region{Offset: 11, Width: 4, Rows: 5, RowPitch: 5}},
		{"slices", Region{Offset: 2, Width: 4, Rows: 2, RowPitch: 6, Slices: 3, SlicePitch: 36}, Region{Offset: 40, Width: 4, Rows: 2, RowPitch: 4, Slices: 3, SlicePitch: 8}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			zero := make([]byte, size)
			if err := Write(q2, dst, 0, zero); err != nil {
				t.Fatal(err)
			}
			if _, err := q2.CopyRegion(src, dst, c.from, c.to, nil, false); err != nil {
				t.Fatal(err)
			}
			got := make([]byte, size)
			if err := Read(q2, dst, 0, got); err != nil {
				t.Fatal(err)
			}
			if want := regionOf(image, c.from); !bytes.Equal(regionOf(got, c.to), want) {
				t.Errorf("copied %v, want %v", regionOf(got, c.to), want)
			}
			host := make([]byte, c.from.Bytes())
			if err := q.ReadRegion(src, c.from, host); err != nil {
				t.Fatal(err)
			}
			if want := regionOf(image, c.from); !bytes.Equal(host, want) {
				t.Errorf("read %v, want %v", host, want)
			}
			if err := q2.WriteRegion(dst, c.to, bytes.Repeat([]byte{0xee}, len(host))); err != nil {
				t.Fatal(err)
			}
			if err := Read(q2, dst, 0, got); err != nil {
				t.Fatal(err)
			}
			if want := bytes.Repeat([]byte{0xee}, len(host)); !bytes.Equal(regionOf(got, c.to), want) {
				t.Errorf("written %v, want %v", regionOf(got, c.to), want)
			}
		})
	}
	bad := []struct {
		name     string
		from, to Region
	}{
		{"past the end", Region{Offset: 155, Width: 8, Rows: 1}, Region{Width: 8, Rows: 1}},
		{"rows overlap", Region{Width: 8, Rows: 2, RowPitch: 4}, Region{Width: 8, Rows: 2, RowPitch: 8}},
		{"slice pitch not a multiple of the row pitch", Region{Width: 4, Rows: 2, RowPitch: 6, Slices: 2, SlicePitch: 13}, Region{Width: 4, Rows: 2, RowPitch: 4, Slices: 2, SlicePitch: 8}},
		{"different sizes", Region{Width: 8, Rows: 1}, Region{Width: 4, Rows: 2}},
		{"negative", Region{Offset: -1, Width: 8, Rows: 1}, Region{Width: 8, Rows: 1}},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			if _, err := q.CopyRegion(src, dst, c.from, c.to, nil, false); err == nil {
				t.Error("no error")
			}
		})
	}
	if err := q.ReadRegion(src, Region{Width: 8, Rows: 2, RowPitch: 8}, make([]byte, 15)); err == nil {
		t.Error("a host slice of the wrong length gave no error")
	}
}
