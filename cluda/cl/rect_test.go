package cl

import (
	"bytes"
	"testing"
)

// rowsOf returns the bytes of rows of a host image of a buffer, one row
// after the other.
func rowsOf(image []byte, r Rows) []byte {
	var out []byte
	for i := 0; i < r.Count; i++ {
		start := r.Offset + i*r.Pitch
		out = append(out, image[start:start+r.Width]...)
	}
	return out
}

func TestRows(t *testing.T) {
	ctx, q := testQueue(t)
	// A second queue on the same device of the context, as a context of
	// several devices has one queue each.
	q2, err := CreateQueue(ctx, q.Device(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer q2.Release()
	const size = 96
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
		from, to Rows
	}{
		{"strided to packed", Rows{Offset: 4, Pitch: 24, Width: 8, Count: 3}, Rows{Offset: 16, Pitch: 8, Width: 8, Count: 3}},
		{"packed to strided", Rows{Offset: 0, Pitch: 6, Width: 6, Count: 4}, Rows{Offset: 30, Pitch: 16, Width: 6, Count: 4}},
		{"one row", Rows{Offset: 50, Width: 20, Count: 1}, Rows{Offset: 3, Width: 20, Count: 1}},
		{"offset beyond a pitch", Rows{Offset: 37, Pitch: 10, Width: 4, Count: 5}, Rows{Offset: 11, Pitch: 5, Width: 4, Count: 5}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			zero := make([]byte, size)
			if err := Write(q2, dst, 0, zero); err != nil {
				t.Fatal(err)
			}
			if _, err := q2.CopyRows(src, dst, c.from, c.to, nil, false); err != nil {
				t.Fatal(err)
			}
			got := make([]byte, size)
			if err := Read(q2, dst, 0, got); err != nil {
				t.Fatal(err)
			}
			if want := rowsOf(image, c.from); !bytes.Equal(rowsOf(got, c.to), want) {
				t.Errorf("copied rows %v, want %v", rowsOf(got, c.to), want)
			}
			host := make([]byte, c.from.Width*c.from.Count)
			if err := q.ReadRows(src, c.from, host); err != nil {
				t.Fatal(err)
			}
			if want := rowsOf(image, c.from); !bytes.Equal(host, want) {
				t.Errorf("read rows %v, want %v", host, want)
			}
			if err := q2.WriteRows(dst, c.to, bytes.Repeat([]byte{0xee}, len(host))); err != nil {
				t.Fatal(err)
			}
			if err := Read(q2, dst, 0, got); err != nil {
				t.Fatal(err)
			}
			if want := bytes.Repeat([]byte{0xee}, len(host)); !bytes.Equal(rowsOf(got, c.to), want) {
				t.Errorf("written rows %v, want %v", rowsOf(got, c.to), want)
			}
		})
	}
	bad := []struct {
		name     string
		from, to Rows
	}{
		{"past the end", Rows{Offset: 90, Width: 8, Count: 1}, Rows{Width: 8, Count: 1}},
		{"rows overlap", Rows{Pitch: 4, Width: 8, Count: 2}, Rows{Pitch: 8, Width: 8, Count: 2}},
		{"different widths", Rows{Width: 8, Count: 1}, Rows{Width: 4, Count: 2}},
		{"negative", Rows{Offset: -1, Width: 8, Count: 1}, Rows{Width: 8, Count: 1}},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			if _, err := q.CopyRows(src, dst, c.from, c.to, nil, false); err == nil {
				t.Error("no error")
			}
		})
	}
	if err := q.ReadRows(src, Rows{Width: 8, Count: 2, Pitch: 8}, make([]byte, 15)); err == nil {
		t.Error("a host slice of the wrong length gave no error")
	}
}
