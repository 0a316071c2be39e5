package cluda_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

// TestTransfersAsync uploads and downloads without blocking: the values
// the caller changes right after SetAsync do not reach the device, those
// of a download are in the slice once Wait returns (a strided view and a
// struct of another Go layout too), a download released before Wait
// leaves the slice alone, and arrays and slices that do not fit are
// refused.
func TestTransfersAsync(t *testing.T) {
	thr := cludatest.Thread(t)
	const n = 1000
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(i) * 0.5
	}
	want := slices.Clone(x)
	a, err := thr.Empty([]int{n}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	up, err := a.SetAsync(x)
	if err != nil {
		t.Fatal(err)
	}
	for i := range x {
		x[i] = -1 // the upload took its own copy
	}
	got := make([]float32, n)
	down, err := a.GetAsync(got)
	if err != nil {
		t.Fatal(err)
	}
	if err := down.Wait(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("the download after the upload: got %v..., want %v...", got[:4], want[:4])
	}
	up.Release()
	down.Release()

	// Every third element, from the second: a strided view.
	view, err := a.View([]int{n / 3}, dtypes.Float32, []int{12}, 4)
	if err != nil {
		t.Fatal(err)
	}
	third := make([]float32, n/3)
	ev, err := view.GetAsync(third)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(); err != nil {
		t.Fatal(err)
	}
	ev.Release()
	for i, v := range third {
		if v != want[1+3*i] {
			t.Fatalf("view element %d: got %v, want %v", i, v, want[1+3*i])
		}
	}
	if _, err := view.SetAsync(third); err == nil || !strings.Contains(err.Error(), "strided") {
		t.Errorf("SetAsync into a strided view: %v, want an error that says so", err)
	}

	ss := []sample{{1, complex(0.5, -2)}, {-3, complex(4, 8)}, {5, complex(-1, 0.25)}}
	sd, err := dtypes.Of(sample{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := thr.Empty([]int{len(ss)}, sd)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	up, err = b.SetAsync(ss)
	if err != nil {
		t.Fatal(err)
	}
	back := make([]sample, len(ss))
	down, err = b.GetAsync(back)
	if err != nil {
		t.Fatal(err)
	}
	if err := down.Wait(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back, ss) {
		t.Errorf("structs: got %v, want %v", back, ss)
	}
	up.Release()
	down.Release()

	untouched := []float32{7, 7}
	two, err := a.View([]int{2}, dtypes.Float32, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	down, err = two.GetAsync(untouched)
	if err != nil {
		t.Fatal(err)
	}
	down.Release()
	if err := down.Wait(); err == nil || !slices.Equal(untouched, []float32{7, 7}) {
		t.Errorf("a download released before Wait: %v, the slice %v", err, untouched)
	}

	empty, err := thr.Empty([]int{0}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	defer empty.Release()
	ev, err = empty.SetAsync([]float32{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(); err != nil {
		t.Errorf("the event of an empty upload: %v", err)
	}
	if _, err := a.SetAsync(make([]float64, n)); err == nil {
		t.Error("SetAsync of float64 values into a float32 array: no error")
	}
	if _, err := a.GetAsync(make([]float32, n-1)); err == nil {
		t.Error("GetAsync into a short slice: no error")
	}
}

// TestTransfersAsyncOnRelease leaves the events of transfers unreleased
// and releases the Thread, which waits for them and frees their memory.
func TestTransfersAsyncOnRelease(t *testing.T) {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		t.Skip(err)
	}
	a, err := thr.Empty([]int{4096}, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := a.SetAsync(make([]float32, 4096)); err != nil {
			t.Fatal(err)
		}
	}
	a.Release()
	thr.Release()
}
