package cluda

import (
	"fmt"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/dtypes"
)

func TestChunkBounds(t *testing.T) {
	cases := []struct {
		length, n int
		want      []int
	}{
		{8, 1, []int{0, 8}},
		{8, 4, []int{0, 2, 4, 6, 8}},
		{10, 4, []int{0, 3, 6, 8, 10}},
		{3, 3, []int{0, 1, 2, 3}},
	}
	for _, c := range cases {
		got, err := ChunkBounds(c.length, c.n)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("ChunkBounds(%d, %d) = %v, %v; want %v", c.length, c.n, got, err, c.want)
		}
	}
	for _, bad := range [][2]int{{4, 0}, {4, 5}, {0, 1}} {
		if _, err := ChunkBounds(bad[0], bad[1]); err == nil {
			t.Errorf("ChunkBounds(%d, %d) gave no error", bad[0], bad[1])
		}
	}
}

// TestCopySplitChunked exchanges split arrays whose source each chunk's
// commands write (copies on the devices' queues from a staged copy of the
// data), and checks every element and the order of the chunks.
func TestCopySplitChunked(t *testing.T) {
	cases := []struct {
		devices          int
		shape            []int
		fromAxis, toAxis int
		from             []int
		chunks           int
	}{
		{2, []int{8, 4, 3}, 0, 1, nil, 1},
		{2, []int{8, 4, 3}, 0, 1, nil, 4},
		{3, []int{10, 7, 2}, 0, 1, []int{3, 3, 4}, 3},
		{3, []int{5, 7, 2}, 1, 0, []int{2, 2, 3}, 2},
		{2, []int{9, 6}, 0, 0, []int{4, 5}, 4},
	}
	for _, kind := range contextKinds {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/%d devices/%v axis %d %v to axis %d/%d chunks", kind.name, c.devices, c.shape, c.fromAxis, c.from, c.toAxis, c.chunks), func(t *testing.T) {
				m := testMultiThread(t, c.devices, kind.separate)
				data := iota64(shapeSize(c.shape))
				staged, err := m.ToDeviceSplit(data, c.shape, c.fromAxis, c.from)
				if err != nil {
					t.Fatal(err)
				}
				defer staged.Release()
				src, err := m.EmptySplit(c.shape, dtypes.Complex64, c.fromAxis, c.from)
				if err != nil {
					t.Fatal(err)
				}
				defer src.Release()
				dst := poisonedSplit(t, m, c.shape, c.toAxis)
				var order []int
				produce := func(chunk int) error {
					order = append(order, chunk)
					for d := range c.devices {
						b, err := ChunkBounds(src.Shares()[d], c.chunks)
						if err != nil {
							return err
						}
						to, err := src.Part(d).Slice(c.fromAxis, b[chunk], b[chunk+1], 1)
						if err != nil {
							return err
						}
						from, err := staged.Part(d).Slice(c.fromAxis, b[chunk], b[chunk+1], 1)
						if err != nil {
							return err
						}
						if err := m.Thread(d).Copy(to, from); err != nil {
							return err
						}
					}
					return nil
				}
				if _, err := m.CopySplitChunked(dst, src, c.chunks, produce); err != nil {
					t.Fatal(err)
				}
				if want := []int{0, 1, 2, 3}[:c.chunks]; !slices.Equal(order, want) {
					t.Errorf("chunks produced in the order %v, want %v", order, want)
				}
				checkSplitHolds(t, dst, data)
			})
		}
	}
}

func TestCopySplitChunkedErrors(t *testing.T) {
	m := testMultiThread(t, 2, false)
	src, err := m.EmptySplit([]int{4, 6}, dtypes.Complex64, 0, []int{1, 3})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Release()
	dst, err := m.EmptySplit([]int{4, 6}, dtypes.Complex64, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Release()
	none := func(int) error { return nil }
	for _, c := range []struct {
		name    string
		chunks  int
		produce func(int) error
	}{
		{"no chunks", 0, none},
		{"more chunks than the shortest part", 2, none},
		{"nil produce", 1, nil},
		{"produce fails", 1, func(int) error { return fmt.Errorf("no data") }},
	} {
		if _, err := m.CopySplitChunked(dst, src, c.chunks, c.produce); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}
