package cluda

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/dtypes"
)

// testMultiThread returns a MultiThread of n devices on the test device,
// opened again in turn where the machine has fewer, with one shared
// context or, if separate, a context for each.
func testMultiThread(t *testing.T, n int, separate bool) *MultiThread {
	t.Helper()
	return testMultiThreadOrder(t, n, separate, ExchangeDefault)
}

// checkSplitHolds checks that every part of dst holds its places of the
// row-major data of dst's whole shape.
func checkSplitHolds(t *testing.T, dst *SplitArray, data []complex64) {
	t.Helper()
	for i := range dst.Parts() {
		got, err := Read[complex64](dst.Part(i))
		if err != nil {
			t.Fatal(err)
		}
		want := partOf(data, dst.Shape(), dst.Axis(), dst.Start(i), dst.Start(i)+dst.Shares()[i])
		if !slices.Equal(got, want) {
			t.Errorf("part %d holds %v, want %v", i, got, want)
		}
	}
}

// poisonedSplit returns an array of shape split along axis by even
// shares, every part filled with -1-1i, released when the test ends.
func poisonedSplit(t *testing.T, m *MultiThread, shape []int, axis int) *SplitArray {
	t.Helper()
	dst, err := m.EmptySplit(shape, dtypes.Complex64, axis, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(dst.Release)
	for i := range dst.Parts() {
		if err := dst.Part(i).Fill(complex64(complex(-1, -1))); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// contextKinds names the two ways a test MultiThread is made.
var contextKinds = []struct {
	name     string
	separate bool
}{{"shared context", false}, {"separate contexts", true}}

func TestMultiThreadPaths(t *testing.T) {
	for _, kind := range contextKinds {
		t.Run(kind.name, func(t *testing.T) {
			m := testMultiThread(t, 3, kind.separate)
			if m.Len() != 3 || len(m.Threads()) != 3 {
				t.Fatalf("%d devices, want 3", m.Len())
			}
			// Devices of one platform share a context unless told not
			// to or the platform keeps its devices apart; devices of
			// other platforms (a GPU and the CPU, when the machine has
			// fewer GPUs than asked for) never do.
			for i := range 3 {
				for j := range 3 {
					w := CopyPeer
					switch {
					case i == j:
						w = CopyLocal
					case m.Thread(i).API() == OpenCL && (kind.separate ||
						m.Thread(i).Params().PlatformName != m.Thread(j).Params().PlatformName ||
						!ContextShared(m.Thread(i).Device().Platform()) && !m.Thread(i).Device().Equal(m.Thread(j).Device())):
						w = CopyHost
					}
					if got := m.Path(i, j); got != w {
						t.Errorf("path %d → %d is %v, want %v", i, j, got, w)
					}
				}
			}
			if err := m.Synchronize(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestMultiThreadErrors(t *testing.T) {
	if _, err := CreateMultiThread(DeviceFilter{}, 0, MultiThreadOptions{}); err == nil {
		t.Error("0 devices: no error")
	}
	if _, err := NewMultiThread(nil, MultiThreadOptions{}); err == nil {
		t.Error("no devices: no error")
	}
	devs, err := Devices(DeviceFilter{API: OpenCL})
	if err != nil || len(devs) == 0 {
		t.Skip("no OpenCL device")
	}
	if _, err := CreateMultiThread(DeviceFilter{API: OpenCL}, len(devs)+1, MultiThreadOptions{}); err == nil {
		t.Errorf("%d devices of %d without Repeat: no error", len(devs)+1, len(devs))
	}
	if _, err := CreateMultiThread(DeviceFilter{API: OpenCL, Device: "no such device"}, 1, MultiThreadOptions{Repeat: true}); !errors.Is(err, ErrNoDevice) {
		t.Errorf("no matching device: %v, want ErrNoDevice", err)
	}
}

// iota64 returns 1, 2, ..., n as complex64 values with distinct imaginary
// parts.
func iota64(n int) []complex64 {
	out := make([]complex64, n)
	for i := range out {
		out[i] = complex(float32(i+1), float32(-i))
	}
	return out
}

// partOf returns the elements of a row-major array of shape whose index
// along axis lies in [start, stop).
func partOf[T any](data []T, shape []int, axis, start, stop int) []T {
	outer := shapeSize(shape[:axis])
	inner := shapeSize(shape[axis+1:])
	var out []T
	for o := range outer {
		out = append(out, data[(o*shape[axis]+start)*inner:(o*shape[axis]+stop)*inner]...)
	}
	return out
}

// splitCases are split layouts for the round-trip tests: uneven shares,
// axes inside and outside, on 2 and 3 devices.
var splitCases = []struct {
	devices int
	shape   []int
	axis    int
	shares  []int
}{
	{2, []int{5, 3}, 0, nil},
	{3, []int{7}, 0, []int{1, 4, 2}},
	{3, []int{2, 8, 3}, 1, []int{3, 3, 2}},
	{2, []int{4, 3, 5}, -1, []int{4, 1}},
	{3, []int{3, 4, 7}, 2, nil},
}

func TestSplitRoundTrip(t *testing.T) {
	for _, kind := range contextKinds {
		for _, c := range splitCases {
			t.Run(fmt.Sprintf("%s/%d devices/%v axis %d shares %v", kind.name, c.devices, c.shape, c.axis, c.shares), func(t *testing.T) {
				m := testMultiThread(t, c.devices, kind.separate)
				data := iota64(shapeSize(c.shape))
				s, err := m.ToDeviceSplit(data, c.shape, c.axis, c.shares)
				if err != nil {
					t.Fatal(err)
				}
				defer s.Release()
				axis := (c.axis + len(c.shape)) % len(c.shape)
				for i := range c.devices {
					got, err := Read[complex64](s.Part(i))
					if err != nil {
						t.Fatal(err)
					}
					want := partOf(data, c.shape, axis, s.Start(i), s.Start(i)+s.Shares()[i])
					if !slices.Equal(got, want) {
						t.Errorf("part %d holds %v, want %v", i, got, want)
					}
				}
				got, err := ReadSplit[complex64](s)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got, data) {
					t.Errorf("gathered %v, want %v", got, data)
				}
				// Through an array of one device: scatter it, gather it into another.
				whole, err := m.Thread(0).ToDevice(data, c.shape...)
				if err != nil {
					t.Fatal(err)
				}
				defer whole.Release()
				other, err := m.EmptySplit(c.shape, dtypes.Complex64, c.axis, c.shares)
				if err != nil {
					t.Fatal(err)
				}
				defer other.Release()
				if err := other.Scatter(whole); err != nil {
					t.Fatal(err)
				}
				back, err := m.Thread(c.devices-1).Zeros(c.shape, dtypes.Complex64)
				if err != nil {
					t.Fatal(err)
				}
				defer back.Release()
				if err := other.Gather(back); err != nil {
					t.Fatal(err)
				}
				if got, err := Read[complex64](back); err != nil || !slices.Equal(got, data) {
					t.Errorf("scattered and gathered %v (%v), want %v", got, err, data)
				}
			})
		}
	}
}

func TestSplitErrors(t *testing.T) {
	m := testMultiThread(t, 2, false)
	bad := []struct {
		name   string
		shape  []int
		axis   int
		shares []int
	}{
		{"axis out of range", []int{4, 4}, 2, nil},
		{"negative axis out of range", []int{4, 4}, -3, nil},
		{"shares do not add up", []int{4, 4}, 0, []int{1, 2}},
		{"a share of zero", []int{4, 4}, 0, []int{4, 0}},
		{"too many shares", []int{4, 4}, 0, []int{1, 1, 2}},
		{"fewer places than devices", []int{1, 4}, 0, nil},
		{"negative dimension", []int{4, -1}, 0, nil},
		{"no dimensions", []int{}, 0, nil},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			s, err := m.EmptySplit(c.shape, dtypes.Float32, c.axis, c.shares)
			if err == nil {
				s.Release()
				t.Fatal("no error")
			}
		})
	}
	s, err := m.EmptySplit([]int{4, 3}, dtypes.Float32, 1, []int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Release()
	for name, data := range map[string]any{
		"slice of another dtype": make([]float64, 12),
		"slice of another size":  make([]float32, 11),
		"not a slice":            3,
	} {
		if err := s.Set(data); err == nil {
			t.Errorf("Set of a %s: no error", name)
		}
		if err := s.Get(data); err == nil {
			t.Errorf("Get into a %s: no error", name)
		}
	}
	wrong, err := m.Thread(0).Empty([]int{3, 4}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	defer wrong.Release()
	if err := s.Scatter(wrong); err == nil {
		t.Error("Scatter of an array of another shape: no error")
	}
	if err := s.Gather(wrong); err == nil {
		t.Error("Gather into an array of another shape: no error")
	}
	other, err := m.EmptySplit([]int{4, 3}, dtypes.Float64, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Release()
	if err := m.CopySplit(other, s); err == nil {
		t.Error("CopySplit between dtypes: no error")
	}
	if err := m.CopySplit(s, s); err == nil {
		t.Error("CopySplit of an array into itself: no error")
	}
	m2 := testMultiThread(t, 2, false)
	foreign, err := m2.EmptySplit([]int{4, 3}, dtypes.Float32, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer foreign.Release()
	if err := m.CopySplit(foreign, s); err == nil {
		t.Error("CopySplit into a split array of another MultiThread: no error")
	}
}

func TestCopySplit(t *testing.T) {
	cases := []struct {
		devices          int
		shape            []int
		fromAxis, toAxis int
		from, to         []int
	}{
		{2, []int{6, 4, 3}, 0, 1, []int{4, 2}, nil},
		{3, []int{5, 7, 2}, 0, 1, nil, []int{1, 2, 4}},
		{3, []int{5, 7, 2}, 1, 0, []int{3, 3, 1}, []int{2, 1, 2}},
		{3, []int{9, 2}, 0, 0, []int{2, 3, 4}, []int{5, 1, 3}},
		{2, []int{3, 4, 5}, 2, 0, []int{1, 4}, nil},
		// Blocks whose wider rows split into slices of narrower ones.
		{3, []int{2, 5, 4, 3}, 2, 1, []int{1, 2, 1}, []int{2, 2, 1}},
	}
	for _, kind := range contextKinds {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s/%d devices/%v axis %d %v to axis %d %v", kind.name, c.devices, c.shape, c.fromAxis, c.from, c.toAxis, c.to), func(t *testing.T) {
				m := testMultiThread(t, c.devices, kind.separate)
				data := iota64(shapeSize(c.shape))
				src, err := m.ToDeviceSplit(data, c.shape, c.fromAxis, c.from)
				if err != nil {
					t.Fatal(err)
				}
				defer src.Release()
				dst, err := m.EmptySplit(c.shape, dtypes.Complex64, c.toAxis, c.to)
				if err != nil {
					t.Fatal(err)
				}
				defer dst.Release()
				if err := m.CopySplit(dst, src); err != nil {
					t.Fatal(err)
				}
				checkBlockQueues(t, m, dst, src)
				checkSplitHolds(t, dst, data)
			})
		}
	}
}

func TestCopyBetween(t *testing.T) {
	for _, kind := range contextKinds {
		t.Run(kind.name, func(t *testing.T) {
			m := testMultiThread(t, 2, kind.separate)
			data := iota64(4 * 6)
			a, err := m.Thread(0).ToDevice(data, 4, 6)
			if err != nil {
				t.Fatal(err)
			}
			defer a.Release()
			b, err := m.Thread(1).Zeros([]int{4, 6}, dtypes.Complex64)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Release()
			views := []struct {
				name string
				view func(*Array) (*Array, error)
				// want picks the copied elements from row-major [4][6] data.
				want func(i, j int) bool
			}{
				{"whole", func(x *Array) (*Array, error) { return x, nil }, func(int, int) bool { return true }},
				{"columns", func(x *Array) (*Array, error) { return x.Slice(1, 2, 5, 1) }, func(_, j int) bool { return j >= 2 && j < 5 }},
				{"every other column", func(x *Array) (*Array, error) { return x.Slice(1, 0, 6, 2) }, func(_, j int) bool { return j%2 == 0 }},
				// Rows of every other row are no evenly spaced rows: the copy goes through the host.
				{"every other row and column", func(x *Array) (*Array, error) {
					v, err := x.Slice(1, 0, 6, 2)
					if err != nil {
						return nil, err
					}
					return v.Slice(0, 1, 4, 2)
				}, func(i, j int) bool { return i%2 == 1 && j%2 == 0 }},
			}
			for _, v := range views {
				t.Run(v.name, func(t *testing.T) {
					if err := b.Fill(0); err != nil {
						t.Fatal(err)
					}
					from, err := v.view(a)
					if err != nil {
						t.Fatal(err)
					}
					to, err := v.view(b)
					if err != nil {
						t.Fatal(err)
					}
					if err := CopyBetween(to, from); err != nil {
						t.Fatal(err)
					}
					got, err := Read[complex64](b)
					if err != nil {
						t.Fatal(err)
					}
					for i := range 4 {
						for j := range 6 {
							want := complex64(0)
							if v.want(i, j) {
								want = data[i*6+j]
							}
							if got[i*6+j] != want {
								t.Fatalf("element (%d, %d) is %v, want %v", i, j, got[i*6+j], want)
							}
						}
					}
				})
			}
			if err := CopyBetween(b, a.Thread().mustSlice(t, a)); err == nil {
				t.Error("a copy between shapes: no error")
			}
			if err := CopyBetween(nil, a); err == nil {
				t.Error("a copy into nil: no error")
			}
		})
	}
}

// mustSlice returns the first row of a, failing the test on an error.
func (thr *Thread) mustSlice(t *testing.T, a *Array) *Array {
	t.Helper()
	v, err := a.Slice(0, 0, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestContextShared checks which platforms' devices share a context: the
// test platform's do (PoCL; NVIDIA's is checked on its GPUs by
// TestMultiThreadPaths), and no platform is no context.
func TestContextShared(t *testing.T) {
	m := testMultiThread(t, 1, false)
	if m.Thread(0).API() != OpenCL {
		t.Skip("CUDA devices have no OpenCL platform")
	}
	if p := m.Thread(0).Device().Platform(); !ContextShared(p) && p.Name != "NVIDIA CUDA" {
		t.Errorf("the devices of %q do not share a context", p.Name)
	}
	if ContextShared(Platform{}) {
		t.Error("no platform shares a context")
	}
	if cp, ok := cudaPlatform(); ok && ContextShared(cp) {
		t.Error("the CUDA driver shares an OpenCL context")
	}
}
