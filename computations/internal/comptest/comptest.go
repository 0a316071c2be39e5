// Package comptest holds what the tests of packages computations and
// computations/fft share: set-up helpers (Must, AllAxes, Supported,
// ArrayOfType), the inputs and checks of their fuzz targets (FuzzShape,
// CheckRefusal, CheckRenders and the rest), and the array size and timing
// of their benchmarks (BenchMiB, BenchMovement).
package comptest

import (
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// Must returns v, and panics (failing the test) on an error: for set-up
// steps that cannot fail when the code under test works.
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// AllAxes returns axes, or every axis of shape where axes is nil.
func AllAxes(shape, axes []int) []int {
	if axes != nil {
		return axes
	}
	all := make([]int, len(shape))
	for a := range all {
		all[a] = a
	}
	return all
}

// Supported reports whether the test's device has dt, and skips the test
// where it has not.
func Supported(t testing.TB, thr *cluda.Thread, dt dtypes.DType) {
	t.Helper()
	if !thr.Params().SupportsDType(dt) {
		t.Skipf("the device does not support %v", dt)
	}
}

// ArrayOfType allocates an array of the layout of typ with every byte of
// its memory set to 0xFF (NaN for floats), so that elements the code under
// test leaves unwritten show.
func ArrayOfType(t testing.TB, thr *cluda.Thread, typ core.Type) *cluda.Array {
	t.Helper()
	a, err := thr.NewArray(typ.Shape(), typ.DType(), typ.Strides(), typ.Offset())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Release)
	span := typ.Offset()
	for i, n := range typ.Shape() {
		span += (n - 1) * typ.Strides()[i]
	}
	span += typ.DType().Size()
	if typ.Size() == 0 {
		return a
	}
	bytes, err := a.View([]int{span}, dtypes.Uint8, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := bytes.Fill(uint8(0xFF)); err != nil {
		t.Fatal(err)
	}
	return a
}
