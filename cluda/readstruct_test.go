package cluda_test

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

// particle has the device's layout in Go: float32 and int32 fields.
type particle struct {
	X, Y float32
	ID   int32
}

// sample does not: Go aligns complex64 to 4 bytes, C to 8.
type sample struct {
	Tag int8
	Z   complex64
}

// readStructs reads a by Read and by ReadInto and checks both against
// want.
func readStructs[T comparable](t *testing.T, a *cluda.Array, want []T) {
	t.Helper()
	got, err := cluda.Read[T](a)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	into := make([]T, len(want))
	if err := cluda.ReadInto(a, into); err != nil {
		t.Fatalf("ReadInto: %v", err)
	}
	for i := range want {
		if got[i] != want[i] || into[i] != want[i] {
			t.Fatalf("element %d: Read %v, ReadInto %v, want %v", i, got[i], into[i], want[i])
		}
	}
}

// TestReadStructs reads arrays of struct dtypes with Read and ReadInto,
// contiguous and strided, of Go layouts that match the device's and that
// do not; a slice of another type or length is refused.
func TestReadStructs(t *testing.T) {
	thr := cludatest.Thread(t)
	ps := []particle{{1, 2, 3}, {-4, 5.5, 6}, {7, 8, -9}, {10, 11, 12}}
	a, err := thr.ToDevice(ps)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	readStructs(t, a, ps)
	every := a.Strides()[0] * 2 // every other particle
	view, err := a.View([]int{2}, a.DType(), []int{every}, 0)
	if err != nil {
		t.Fatal(err)
	}
	readStructs(t, view, []particle{ps[0], ps[2]})

	ss := []sample{{1, complex(0.5, -2)}, {-3, complex(4, 8)}, {5, complex(-1, 0.25)}}
	b, err := thr.ToDevice(ss)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	if dt, _ := dtypes.Of(sample{}); dt.GoLayoutMatches() {
		t.Fatal("sample's Go layout matches the device's: the test needs one that does not")
	}
	readStructs(t, b, ss)

	if _, err := cluda.Read[sample](a); err == nil || !strings.Contains(err.Error(), "slice of") {
		t.Errorf("Read of particles as samples: error %v, want one naming the slice's dtype", err)
	}
	if err := cluda.ReadInto(a, make([]particle, 3)); err == nil || !strings.Contains(err.Error(), "3 elements") {
		t.Errorf("ReadInto 3 particles from 4: error %v, want one naming the lengths", err)
	}
}
