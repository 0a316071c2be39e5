package cluda_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cl"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

// arange returns 0, 1, ..., n-1 as float32.
func arange(n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(i)
	}
	return out
}

// gather is the Go reference of a strided view: the elements of data at
// offset + Σ index·stride, in row-major order of shape (strides and
// offset in elements).
func gather(data []float32, shape, strides []int, offset int) []float32 {
	n := 1
	for _, s := range shape {
		n *= s
	}
	out := make([]float32, 0, n)
	idx := make([]int, len(shape))
	for flat := 0; flat < n; flat++ {
		pos := offset
		for d, i := range idx {
			pos += i * strides[d]
		}
		out = append(out, data[pos])
		for d := len(idx) - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	return out
}

// arangeArray uploads arange(n) with the given shape.
func arangeArray(t *testing.T, thr *cluda.Thread, shape ...int) *cluda.Array {
	t.Helper()
	n := 1
	for _, s := range shape {
		n *= s
	}
	a, err := thr.ToDevice(arange(n), shape...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Release)
	return a
}

// viewer returns a function that passes on the view its arguments hold,
// failing the test where they hold an error.
func viewer(t *testing.T) func(*cluda.Array, error) *cluda.Array {
	return func(a *cluda.Array, err error) *cluda.Array {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
}

// readAll reads a float32 array, failing the test on an error.
func readAll(t *testing.T, a *cluda.Array) []float32 {
	t.Helper()
	got, err := cluda.Read[float32](a)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// elementStrides returns the strides of a float32 array in elements.
func elementStrides(a *cluda.Array) []int {
	s := a.Strides()
	for i := range s {
		s[i] /= 4
	}
	return s
}

func TestReshape(t *testing.T) {
	thr := cludatest.Thread(t)
	view := viewer(t)
	base := arangeArray(t, thr, 4, 6)
	column := view(base.Slice(1, 0, 6, 2)) // (4, 3), element strides (6, 2)
	transposed := view(base.ElementView([]int{6, 4}, []int{1, 6}, 0))
	broadcast := view(base.ElementView([]int{3, 4}, []int{0, 1}, 2))
	for _, tc := range []struct {
		name        string
		a           *cluda.Array
		shape       []int
		wantShape   []int
		wantStrides []int // in elements
	}{
		{"contiguous 2-d", base, []int{3, 8}, []int{3, 8}, []int{8, 1}},
		{"contiguous inferred", base, []int{2, -1, 3}, []int{2, 4, 3}, []int{12, 3, 1}},
		{"contiguous flat", base, []int{-1}, []int{24}, []int{1}},
		{"contiguous with axes of 1", base, []int{1, 24, 1}, []int{1, 24, 1}, []int{24, 1, 1}},
		{"evenly spaced merge", column, []int{12}, []int{12}, []int{2}},
		{"strided split", column, []int{2, 2, 3}, []int{2, 2, 3}, []int{12, 6, 2}},
		{"strided axis of 1", column, []int{4, 1, 3}, []int{4, 1, 3}, []int{6, 6, 2}},
		{"strided trailing 1", column, []int{4, 3, 1}, []int{4, 3, 1}, []int{6, 2, 1}},
		{"transposed split", transposed, []int{3, 2, 4}, []int{3, 2, 4}, []int{2, 1, 6}},
		{"broadcast split", broadcast, []int{3, 2, 2}, []int{3, 2, 2}, []int{0, 2, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.a.Reshape(tc.shape...)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.Shape(), tc.wantShape) || !slices.Equal(elementStrides(r), tc.wantStrides) {
				t.Errorf("shape %v, element strides %v; want %v and %v", r.Shape(), elementStrides(r), tc.wantShape, tc.wantStrides)
			}
			if r.Offset() != tc.a.Offset() {
				t.Errorf("offset %d, want %d", r.Offset(), tc.a.Offset())
			}
			// NumPy's meaning: the same elements in the same row-major order.
			if got, want := readAll(t, r), readAll(t, tc.a); !slices.Equal(got, want) {
				t.Errorf("reshaped elements %v, want %v", got, want)
			}
		})
	}
}

func TestReshapeSharesMemory(t *testing.T) {
	thr := cludatest.Thread(t)
	view := viewer(t)
	a := arangeArray(t, thr, 2, 3)
	r := view(a.Reshape(3, 2))
	if !cluda.SharesMemory(a, r) {
		t.Error("the reshaped view does not share the array's memory")
	}
	if err := r.Set([]float32{10, 11, 12, 13, 14, 15}); err != nil {
		t.Fatal(err)
	}
	if got := readAll(t, a); !slices.Equal(got, []float32{10, 11, 12, 13, 14, 15}) {
		t.Errorf("array after a write through its reshaped view: %v", got)
	}
}

func TestReshapeErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	view := viewer(t)
	base := arangeArray(t, thr, 4, 6)
	transposed := view(base.ElementView([]int{6, 4}, []int{1, 6}, 0))
	block := view(base.Slice(1, 0, 4, 1))                                // [:, :4]
	block3 := view(base.ElementView([]int{2, 2, 4}, []int{12, 6, 1}, 0)) // rows of 4 of 6
	empty := view(base.Slice(0, 2, 2, 1))
	for _, tc := range []struct {
		name  string
		a     *cluda.Array
		shape []int
		want  string
	}{
		{"wrong size", base, []int{5, 5}, "holds 25 elements, the array has 24"},
		{"two inferred", base, []int{-1, -1}, "more than one -1"},
		{"negative", base, []int{-2, -12}, "negative dimension"},
		{"inferred does not divide", base, []int{5, -1}, "cannot make 24 elements"},
		{"inferred next to zero", empty, []int{0, -1}, "cannot make 0 elements"},
		{"strided merge", block, []int{16}, "needs a copy"},
		{"strided merge of three axes", block3, []int{2, 8}, "needs a copy"},
		{"transposed merge", transposed, []int{24}, "needs a copy"},
		{"transposed regroup", transposed, []int{4, 6}, "needs a copy"},
		{"overflow", base, []int{math.MaxInt / 2, 4, -1}, "more elements than an int counts"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.a.Reshape(tc.shape...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("reshape %v into %v: %v, %v; want an error with %q", tc.a, tc.shape, r, err, tc.want)
			}
		})
	}
}

func TestElementView(t *testing.T) {
	thr := cludatest.Thread(t)
	view := viewer(t)
	data := arange(24)
	base := arangeArray(t, thr, 24)
	tail := view(base.Slice(0, 4, 24, 1)) // a view whose first element is element 4
	for _, tc := range []struct {
		name    string
		a       *cluda.Array
		shape   []int
		strides []int // nil for row-major
		offset  int
		base    int // of a's first element in data
	}{
		{"row-major", base, []int{4, 6}, nil, 0, 0},
		{"transpose", base, []int{6, 4}, []int{1, 6}, 0, 0},
		{"every third from 2", base, []int{7}, []int{3}, 2, 0},
		{"broadcast rows", base, []int{3, 5}, []int{0, 1}, 1, 0},
		{"overlapping windows", base, []int{5, 4}, []int{2, 1}, 0, 0},
		{"from a view", tail, []int{2, 3}, []int{5, 2}, 1, 4},
		{"empty", base, []int{0, 3}, []int{1, 1}, 24, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := tc.a.ElementView(tc.shape, tc.strides, tc.offset)
			if err != nil {
				t.Fatal(err)
			}
			strides := tc.strides
			if strides == nil {
				strides = []int{tc.shape[1], 1}
			}
			want := gather(data, tc.shape, strides, tc.base+tc.offset)
			if got := readAll(t, v); !slices.Equal(got, want) {
				t.Errorf("view elements %v, want %v", got, want)
			}
		})
	}
}

func TestElementViewErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	base := arangeArray(t, thr, 24)
	for _, tc := range []struct {
		name    string
		shape   []int
		strides []int
		offset  int
		want    string
	}{
		{"negative stride", []int{24}, []int{-1}, 23, "negative strides are not supported"},
		{"negative offset", []int{2}, []int{1}, -1, "negative offset"},
		{"beyond the memory", []int{5}, []int{5}, 5, "beyond the 96 bytes"},
		{"strides of another rank", []int{2, 3}, []int{1}, 0, "do not match shape"},
		{"stride overflow", []int{2}, []int{math.MaxInt / 2}, 0, "more bytes than an int counts"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := base.ElementView(tc.shape, tc.strides, tc.offset)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("element view %v %v %d: %v, %v; want an error with %q", tc.shape, tc.strides, tc.offset, v, err, tc.want)
			}
		})
	}
}

func TestSlice(t *testing.T) {
	thr := cludatest.Thread(t)
	vector := arangeArray(t, thr, 10)
	matrix := arangeArray(t, thr, 3, 4)
	for _, tc := range []struct {
		name                    string
		a                       *cluda.Array
		axis, start, stop, step int
		wantShape               []int
		want                    []float32 // NumPy's result, by hand
	}{
		{"[2:8:3]", vector, 0, 2, 8, 3, []int{2}, []float32{2, 5}},
		{"[2:9:3]", vector, 0, 2, 9, 3, []int{3}, []float32{2, 5, 8}},
		{"[-3:]", vector, 0, -3, math.MaxInt, 1, []int{3}, []float32{7, 8, 9}},
		{"[::4]", vector, 0, 0, 10, 4, []int{3}, []float32{0, 4, 8}},
		{"[1:-1]", vector, 0, 1, -1, 1, []int{8}, []float32{1, 2, 3, 4, 5, 6, 7, 8}},
		{"[-100:100]", vector, 0, -100, 100, 1, []int{10}, arange(10)},
		{"[8:100:5]", vector, 0, 8, 100, 5, []int{1}, []float32{8}},
		{"[5:2]", vector, 0, 5, 2, 1, []int{0}, []float32{}},
		{"[10:]", vector, 0, 10, 10, 1, []int{0}, []float32{}},
		{"[1:3, :]", matrix, 0, 1, 3, 1, []int{2, 4}, []float32{4, 5, 6, 7, 8, 9, 10, 11}},
		{"[:, 1::2]", matrix, 1, 1, 4, 2, []int{3, 2}, []float32{1, 3, 5, 7, 9, 11}},
		{"[..., -1:]", matrix, -1, -1, 4, 1, []int{3, 1}, []float32{3, 7, 11}},
		{"[::2, :]", matrix, -2, 0, 3, 2, []int{2, 4}, []float32{0, 1, 2, 3, 8, 9, 10, 11}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.a.Slice(tc.axis, tc.start, tc.stop, tc.step)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(s.Shape(), tc.wantShape) {
				t.Errorf("shape %v, want %v", s.Shape(), tc.wantShape)
			}
			if got := readAll(t, s); !slices.Equal(got, tc.want) {
				t.Errorf("elements %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("of a slice", func(t *testing.T) {
		view := viewer(t)
		cols := view(matrix.Slice(1, 1, 4, 1)) // [:, 1:]
		s := view(cols.Slice(1, 0, 3, 2))      // [:, 1:][:, ::2]
		if got, want := readAll(t, s), []float32{1, 3, 5, 7, 9, 11}; !slices.Equal(got, want) {
			t.Errorf("elements %v, want %v", got, want)
		}
	})
}

func TestSliceErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	matrix := arangeArray(t, thr, 3, 4)
	for _, tc := range []struct {
		name                    string
		axis, start, stop, step int
		want                    string
	}{
		{"zero step", 0, 0, 3, 0, "the step is zero"},
		{"negative step", 1, 3, 0, -1, "negative step -1"},
		{"axis too large", 2, 0, 1, 1, "axis 2 is out of range"},
		{"axis too small", -3, 0, 1, 1, "axis -3 is out of range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := matrix.Slice(tc.axis, tc.start, tc.stop, tc.step)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("slice: %v, %v; want an error with %q", s, err, tc.want)
			}
		})
	}
}

// TestCopyIntoSlice writes into a slice view from the host (Set) and from
// another device array (Thread.Copy), as NumPy's a[:, 1::2] = b does, and
// checks that the elements outside the slice keep their values.
func TestCopyIntoSlice(t *testing.T) {
	thr := cludatest.Thread(t)
	values := []float32{-1, -2, -3, -4, -5, -6}
	// a = arange(12).reshape(3, 4); a[:, 1::2] = [[-1, -2], [-3, -4], [-5, -6]]
	want := []float32{0, -1, 2, -2, 4, -3, 6, -4, 8, -5, 10, -6}
	for _, tc := range []struct {
		name  string
		write func(t *testing.T, dst *cluda.Array) error
	}{
		{"from the host", func(t *testing.T, dst *cluda.Array) error { return dst.Set(values) }},
		{"from a contiguous array", func(t *testing.T, dst *cluda.Array) error {
			src, err := thr.ToDevice(values, 3, 2)
			if err != nil {
				return err
			}
			defer src.Release()
			return thr.Copy(dst, src)
		}},
		{"from a slice of another array", func(t *testing.T, dst *cluda.Array) error {
			// src = [[0, -1, 0, -2], ...][:, 1::2]
			src, err := thr.ToDevice([]float32{0, -1, 0, -2, 0, -3, 0, -4, 0, -5, 0, -6}, 3, 4)
			if err != nil {
				return err
			}
			defer src.Release()
			view, err := src.Slice(1, 1, 4, 2)
			if err != nil {
				return err
			}
			return thr.Copy(dst, view)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			view := viewer(t)
			a := arangeArray(t, thr, 3, 4)
			dst := view(a.Slice(1, 1, 4, 2))
			if err := tc.write(t, dst); err != nil {
				t.Fatal(err)
			}
			if got := readAll(t, a); !slices.Equal(got, want) {
				t.Errorf("array after the copy: %v, want %v", got, want)
			}
		})
	}
	t.Run("shape mismatch", func(t *testing.T) {
		view := viewer(t)
		a := arangeArray(t, thr, 3, 4)
		dst := view(a.Slice(1, 1, 4, 2))
		if err := dst.Set(values[:4]); err == nil || !strings.Contains(err.Error(), "slice of 4 elements for an array of 6") {
			t.Errorf("set of 4 values into a slice of 6: %v", err)
		}
		src := arangeArray(t, thr, 2, 3)
		if err := thr.Copy(dst, src); err == nil {
			t.Error("copy of a (2, 3) array into a (3, 2) slice succeeded")
		}
	})
}

func TestReadInto(t *testing.T) {
	thr := cludatest.Thread(t)
	view := viewer(t)
	matrix := arangeArray(t, thr, 3, 4)
	column := view(matrix.Slice(1, 2, 3, 1))
	for _, tc := range []struct {
		name string
		a    *cluda.Array
		want []float32
	}{
		{"contiguous", matrix, arange(12)},
		{"strided", column, []float32{2, 6, 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dst := make([]float32, len(tc.want))
			if err := cluda.ReadInto(tc.a, dst); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(dst, tc.want) {
				t.Errorf("read %v, want %v", dst, tc.want)
			}
		})
	}
	t.Run("no allocation", func(t *testing.T) {
		cludatest.RequireOpenCL(t, thr)
		// ReadInto allocates no more than the binding's read of the
		// buffer itself, nothing of the array's size.
		dst := make([]float32, 12)
		buf, err := matrix.CLBuffer()
		if err != nil {
			t.Fatal(err)
		}
		binding := testing.AllocsPerRun(10, func() {
			if err := cl.Read(thr.CLQueue(), buf, 0, dst); err != nil {
				t.Fatal(err)
			}
		})
		allocs := testing.AllocsPerRun(10, func() {
			if err := cluda.ReadInto(matrix, dst); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > binding {
			t.Errorf("ReadInto of a contiguous array allocated %v times per call, the binding's read %v", allocs, binding)
		}
	})
	t.Run("errors", func(t *testing.T) {
		keep := []float32{7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7}
		dst := slices.Clone(keep)
		for _, tc := range []struct {
			name string
			read func() error
			want string
		}{
			{"short", func() error { return cluda.ReadInto(matrix, dst[:11]) }, "slice of 11 elements for an array of 12"},
			{"long", func() error { return cluda.ReadInto(matrix, dst) }, "slice of 13 elements for an array of 12"},
			{"dtype", func() error { return cluda.ReadInto(matrix, make([]float64, 12)) }, "slice of float64 for an array of float32"},
			{"nil array", func() error { return cluda.ReadInto(nil, dst) }, "nil *Array"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if err := tc.read(); err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("error %v, want one with %q", err, tc.want)
				}
				if !slices.Equal(dst, keep) {
					t.Errorf("a failed ReadInto changed the slice to %v", dst)
				}
			})
		}
	})
	t.Run("released", func(t *testing.T) {
		a, err := thr.Empty([]int{4}, dtypes.Int32)
		if err != nil {
			t.Fatal(err)
		}
		a.Release()
		if err := cluda.ReadInto(a, make([]int32, 4)); err == nil || !strings.Contains(err.Error(), "after Release") {
			t.Errorf("read from a released array: %v", err)
		}
	})
}
