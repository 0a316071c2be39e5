package cluda_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

// randomSlice returns n fresh random values of dtype dt as a Go slice.
func randomSlice(rng *rand.Rand, dt dtypes.DType, n int) any {
	s := reflect.MakeSlice(reflect.SliceOf(dt.GoType()), n, n)
	for i := 0; i < n; i++ {
		v := reflect.ValueOf(rng.NormFloat64() * 100)
		switch {
		case dt.IsComplex() || dt == dtypes.Complex32:
			v = reflect.ValueOf(complex(rng.NormFloat64(), rng.NormFloat64()))
		case dt.IsUnsigned():
			v = reflect.ValueOf(rng.Uint64() >> (64 - 8*dt.Size()))
		case dt.IsSigned():
			v = reflect.ValueOf(rng.Int64() >> (64 - 8*dt.Size()))
		}
		if dt.IsHalf() {
			h, err := dt.Convert(v.Interface())
			if err != nil {
				panic(err)
			}
			v = reflect.ValueOf(h)
		}
		s.Index(i).Set(v.Convert(dt.GoType()))
	}
	return s.Interface()
}

func TestRoundTripEveryDType(t *testing.T) {
	thr := cludatest.Thread(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, dt := range dtypes.All {
		t.Run(dt.String(), func(t *testing.T) {
			if !thr.Params().SupportsDType(dt) {
				t.Skipf("device has no %v", dt)
			}
			src := randomSlice(rng, dt, 1000)
			a, err := thr.ToDevice(src, 10, 100)
			if err != nil {
				t.Fatal(err)
			}
			defer a.Release()
			if !slices.Equal(a.Shape(), []int{10, 100}) || a.DType() != dt || !a.IsContiguous() {
				t.Fatalf("array %v", a)
			}
			b, err := thr.EmptyLike(a)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Release()
			if err := thr.Copy(b, a); err != nil {
				t.Fatal(err)
			}
			dst := reflect.MakeSlice(reflect.TypeOf(src), 1000, 1000).Interface()
			if err := b.Get(dst); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(src, dst) {
				t.Error("device copy round trip changed the data")
			}
		})
	}
}

func TestStridedViews(t *testing.T) {
	thr := cludatest.Thread(t)
	// A 4x6 float32 matrix; its transpose as a view; its second column.
	data := make([]float32, 24)
	for i := range data {
		data[i] = float32(i)
	}
	a, err := thr.ToDevice(data, 4, 6)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	tr, err := a.View([]int{6, 4}, dtypes.Float32, []int{4, 24}, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]float32, 24)
	if err := tr.Get(got); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 6; i++ {
		for j := 0; j < 4; j++ {
			if got[i*4+j] != data[j*6+i] {
				t.Fatalf("transposed view [%d,%d] = %v, want %v", i, j, got[i*4+j], data[j*6+i])
			}
		}
	}
	col, err := a.View([]int{4}, dtypes.Float32, []int{24}, 4)
	if err != nil {
		t.Fatal(err)
	}
	if err := col.Set([]float32{-1, -2, -3, -4}); err != nil {
		t.Fatal(err)
	}
	// A device copy from the strided transposed view into a contiguous array.
	c, err := thr.Empty([]int{6, 4}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	if err := c.Fill(float32(99)); err != nil {
		t.Fatal(err)
	}
	if err := thr.Copy(c, tr); err != nil {
		t.Fatal(err)
	}
	all, err := cluda.Read[float32](c)
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(data)
	for j := 0; j < 4; j++ {
		want[j*6+1] = float32(-1 - j)
	}
	for i := 0; i < 6; i++ {
		for j := 0; j < 4; j++ {
			if all[i*4+j] != want[j*6+i] {
				t.Fatalf("copy of transposed view [%d,%d] = %v, want %v", i, j, all[i*4+j], want[j*6+i])
			}
		}
	}
	if _, err := a.View([]int{7, 4}, dtypes.Float32, []int{4, 24}, 0); err == nil {
		t.Error("a view past the end of memory gave no error")
	}
}

func TestFillAndZeros(t *testing.T) {
	thr := cludatest.Thread(t)
	z, err := thr.Zeros([]int{3, 5}, dtypes.Complex64)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Release()
	if err := z.Fill(complex(1.5, -2)); err != nil {
		t.Fatal(err)
	}
	got, err := cluda.Read[complex64](z)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range got {
		if v != complex(1.5, -2) {
			t.Fatalf("filled value %v", v)
		}
	}
	if err := z.Fill(complex(1, 1)); err != nil {
		t.Fatal(err)
	}
	i, _ := thr.Zeros([]int{4}, dtypes.Int32)
	defer i.Release()
	if err := i.Fill(1.5); err == nil {
		t.Error("filling int32 with 1.5 gave no error")
	}
}

func TestArrayErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	a, err := thr.Empty([]int{8}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{"wrong length", func() error { return a.Get(make([]float32, 7)) }, "slice of 7 elements for an array of 8"},
		{"wrong dtype", func() error { return a.Get(make([]float64, 8)) }, "slice of float64 for an array of float32"},
		{"not a slice", func() error { return a.Set(3.0) }, "is not a slice"},
		{"set wrong dtype", func() error { return a.Set(make([]int32, 8)) }, "slice of int32"},
		{"bad shape", func() error { _, err := thr.ToDevice(make([]float32, 6), 4, 2); return err }, "shape [4 2] holds 8 elements"},
		{"negative dim", func() error { _, err := thr.Empty([]int{-1}, dtypes.Float32); return err }, "negative dimension"},
		// The element size in the message is the slice's.
		{"shape too large", func() error { _, err := thr.ToDevice(make([]float32, 6), 1<<40, 1<<40); return err },
			"cluda: to device: shape [1099511627776 1099511627776] is too large: its size in bytes (of 4-byte elements) overflows an int"},
		{"shape too large in bytes", func() error { _, err := thr.ToDevice(make([]complex128, 6), 1<<60); return err },
			"shape [1152921504606846976] is too large: its size in bytes (of 16-byte elements) overflows an int"},
		{"negative dimension to device", func() error { _, err := thr.ToDevice(make([]float32, 6), -6); return err }, "shape [-6] has a negative dimension"},
		{"copy shapes", func() error {
			b, _ := thr.Empty([]int{4}, dtypes.Float32)
			defer b.Release()
			return thr.Copy(b, a)
		}, "copy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.run()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
	a.Release()
	a.Release()
	if err := a.Get(make([]float32, 8)); err == nil {
		t.Error("Get after Release gave no error")
	}
}

func TestTempArrays(t *testing.T) {
	thr := cludatest.Thread(t)
	before, _ := thr.TempMemory()
	x, err := thr.TempArray([]int{100}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	// y does not depend on x: it shares x's memory, which grows.
	y, err := thr.TempArray([]int{300}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	// z depends on x: it may share with neither x nor y's memory (y shares x's).
	z, err := thr.TempArray([]int{50}, dtypes.Float32, x)
	if err != nil {
		t.Fatal(err)
	}
	// w depends on z only: it may share x's memory.
	w, err := thr.TempArray([]int{10}, dtypes.Float32, z)
	if err != nil {
		t.Fatal(err)
	}
	if !cluda.SharesMemory(x, y) {
		t.Error("independent temporary arrays do not share memory")
	}
	if cluda.SharesMemory(x, z) || cluda.SharesMemory(y, z) || cluda.SharesMemory(w, z) {
		t.Error("dependent temporary arrays share memory")
	}
	if !cluda.SharesMemory(w, x) {
		t.Error("w does not share memory with x")
	}
	n, bytes := thr.TempMemory()
	if n-before != 2 || bytes < 1200+200 {
		t.Errorf("temporary memory: %d buffers, %d bytes", n, bytes)
	}
	// The grown memory really holds 300 floats.
	vals := make([]float32, 300)
	for i := range vals {
		vals[i] = float32(i)
	}
	if err := y.Set(vals); err != nil {
		t.Fatal(err)
	}
	got, err := cluda.Read[float32](y)
	if err != nil || !slices.Equal(got, vals) {
		t.Fatalf("temporary array round trip: %v", err)
	}
	for _, a := range []*cluda.Array{x, y, z, w} {
		a.Release()
	}
	if n, _ := thr.TempMemory(); n != before {
		t.Errorf("%d temporary buffers left after release", n-before)
	}
	if err := x.Get(make([]float32, 100)); err == nil {
		t.Error("a released temporary array can still be read")
	}
}

func TestReleasedArrayInKernel(t *testing.T) {
	thr := cludatest.Thread(t)
	prog, err := thr.Compile("KERNEL void k(GLOBAL_MEM float *x) { x[get_global_id(0)] = 1.0f; }", cluda.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	k, err := prog.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := thr.Empty([]int{4}, dtypes.Float32)
	a.Release()
	if err := k.Call([]int{4}, nil, a); err == nil {
		t.Error("a kernel call with a released array gave no error")
	}
	if err := k.Call([]int{4}, nil, (*cluda.Array)(nil)); err == nil || !strings.Contains(err.Error(), "argument 0 is a nil *Array") {
		t.Errorf("a kernel call with a nil array: %v", err)
	}
	if _, err := prog.Kernel("no_such_kernel"); err == nil || !strings.Contains(err.Error(), "no_such_kernel") {
		t.Errorf("unknown kernel: %v", err)
	}
	var noDev error = cluda.ErrNoDevice
	if _, err := cluda.CreateThread(cluda.DeviceFilter{Device: "no device has this name"}, cluda.ThreadOptions{}); !errors.Is(err, noDev) {
		t.Errorf("thread on a missing device: %v", err)
	}
}

// TestArrayReleased checks that an array says it was released once its
// memory is: by its own Release, or by that of the array it views.
func TestArrayReleased(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, tc := range []struct {
		name    string
		make    func() (a *cluda.Array, release func())
		release bool
	}{
		{"array", func() (*cluda.Array, func()) {
			a, _ := thr.Empty([]int{4}, dtypes.Float32)
			return a, a.Release
		}, true},
		{"temporary array", func() (*cluda.Array, func()) {
			a, _ := thr.TempArray([]int{4}, dtypes.Float32)
			return a, a.Release
		}, true},
		{"view of a released array", func() (*cluda.Array, func()) {
			a, _ := thr.Empty([]int{4}, dtypes.Float32)
			v, _ := a.View([]int{2}, dtypes.Float32, nil, 4)
			return v, a.Release
		}, true},
		{"released view of a live array", func() (*cluda.Array, func()) {
			a, _ := thr.Empty([]int{4}, dtypes.Float32)
			t.Cleanup(a.Release)
			v, _ := a.View([]int{2}, dtypes.Float32, nil, 4)
			return v, v.Release
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, release := tc.make()
			if a.Released() {
				t.Fatal("a new array says it was released")
			}
			release()
			if got := a.Released(); got != tc.release {
				t.Errorf("Released() = %v after the release, want %v", got, tc.release)
			}
		})
	}
}

func TestThreadReleaseFreesTemporaryMemory(t *testing.T) {
	cludatest.Thread(t) // skips where there is no device
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{NoDiskCache: true})
	if err != nil {
		t.Fatal(err)
	}
	tmp, err := thr.TempArray([]int{256}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := thr.TempMemory(); n != 1 {
		t.Fatalf("%d temporary buffers, want 1", n)
	}
	thr.Release()
	thr.Release()
	if n, bytes := thr.TempMemory(); n != 0 || bytes != 0 {
		t.Errorf("%d temporary buffers of %d bytes after Release", n, bytes)
	}
	if err := tmp.Get(make([]float32, 256)); err == nil {
		t.Error("a temporary array of a released Thread can still be read")
	}
	tmp.Release()
}

// TestFillSizes fills parts of arrays, between two runs of elements left
// alone, with values of every element size, at lengths around and well
// past the run that a CUDA fill writes from the host before the device
// doubles it: every element of the part takes the value, and none outside
// it changes.
func TestFillSizes(t *testing.T) {
	thr := cludatest.Thread(t)
	seed := 64 << 10 // cuBackend's fillSeed, in bytes
	tests := []struct {
		dt    dtypes.DType
		value any
	}{
		{dtypes.Int16, int16(-2)},
		{dtypes.Float32, float32(1.5)},
		{dtypes.Complex64, complex64(complex(1.5, -2))},
		{dtypes.Complex128, complex(0.25, 3)},
	}
	for _, tt := range tests {
		per := seed / tt.dt.Size()
		for _, n := range []int{1, 3, per - 1, per + 1, 3*per + 5} {
			t.Run(fmt.Sprintf("%v/%d", tt.dt, n), func(t *testing.T) {
				const margin = 7
				a, err := thr.Zeros([]int{n + 2*margin}, tt.dt)
				if err != nil {
					t.Fatal(err)
				}
				defer a.Release()
				part, err := a.Slice(0, margin, margin+n, 1)
				if err != nil {
					t.Fatal(err)
				}
				if err := part.Fill(tt.value); err != nil {
					t.Fatal(err)
				}
				v := reflect.MakeSlice(reflect.SliceOf(reflect.TypeOf(tt.value)), a.Size(), a.Size())
				if err := a.Get(v.Interface()); err != nil {
					t.Fatal(err)
				}
				zero := reflect.Zero(v.Type().Elem()).Interface()
				for i := range v.Len() {
					want := zero
					if i >= margin && i < margin+n {
						want = tt.value
					}
					if e := v.Index(i).Interface(); e != want {
						t.Fatalf("element %d is %v, want %v", i, e, want)
					}
				}
			})
		}
	}
}
