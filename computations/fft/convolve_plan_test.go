package fft

import (
	"testing"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/computations/internal/device"
)

func TestConvolveLength(t *testing.T) {
	for _, tc := range []struct{ n, want int }{
		{1, 1}, {2, 2}, {11, 12}, {13, 14}, {17, 18}, {97, 98}, {1025, 1029}, {2047, 2048}, {4097, 4116}, {65537, 65610},
	} {
		if got := convolveLength(tc.n); got != tc.want {
			t.Errorf("convolveLength(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
	// Every length up to 3000: the result is 7-smooth, at least n, and no
	// 7-smooth length lies between.
	smooth := func(x int) bool {
		for _, p := range []int{2, 3, 5, 7} {
			for x%p == 0 {
				x /= p
			}
		}
		return x == 1
	}
	for n := 1; n <= 3000; n++ {
		got := convolveLength(n)
		if got < n || !smooth(got) {
			t.Fatalf("convolveLength(%d) = %d", n, got)
		}
		for x := n; x < got; x++ {
			if smooth(x) {
				t.Fatalf("convolveLength(%d) = %d, but %d is 7-smooth", n, got, x)
			}
		}
	}
}

func TestNewConvolveAxis(t *testing.T) {
	for _, tc := range []struct {
		n, m int
		mode ConvolveMode
		want convolveAxis
	}{
		{100, 100, ConvolveCircular, convolveAxis{N: 100, M: 100, T: 100, Out: 100}},
		{100, 7, ConvolveCircular, convolveAxis{N: 100, M: 7, T: 100, Out: 100}},
		{100, 29, ConvolveFull, convolveAxis{N: 100, M: 29, T: 128, Out: 128}},
		{100, 30, ConvolveFull, convolveAxis{N: 100, M: 30, T: 135, Out: 129}},
		{100, 9, ConvolveSame, convolveAxis{N: 100, M: 9, T: 108, Out: 100, Shift: 4}},
		{100, 8, ConvolveSame, convolveAxis{N: 100, M: 8, T: 108, Out: 100, Shift: 3}},
		{5, 12, ConvolveSame, convolveAxis{N: 5, M: 12, T: 16, Out: 5, Shift: 5}},
	} {
		if got := newConvolveAxis(tc.n, tc.m, tc.mode); got != tc.want {
			t.Errorf("n=%d m=%d %v: %+v, want %+v", tc.n, tc.m, tc.mode, got, tc.want)
		}
	}
}

// TestFusedConvolution checks where one kernel computes the convolution
// on an H200's limits: rows of up to maxFusedRowGPU that one pass of the
// register kernel transforms, not those of several passes, Bluestein's or
// the local kernel.
func TestFusedConvolution(t *testing.T) {
	h200 := fftplan.Limits{Limits: device.Limits{LocalMemBytes: 48 << 10, MaxWorkGroup: 1024}, ItemSize: 8}
	for _, tc := range []struct {
		shape []int
		axis  int
		want  bool
	}{
		{[]int{1 << 16, 1024}, 1, true},
		{[]int{1 << 15, 2048}, 1, true},
		{[]int{1 << 14, 4096}, 1, false}, // longer than maxFusedRowGPU
		{[]int{1 << 10, 1 << 16}, 1, false},
		{[]int{1 << 9, 1 << 20}, 1, false},
		{[]int{1000, 1009}, 1, false},
		{[]int{1000, 1}, 1, false},
		{[]int{256, 64}, 0, true},
	} {
		k, got := fusedConvolution(tc.shape, tc.axis, h200)
		if got != tc.want {
			t.Errorf("%v along %d: fused %v, want %v", tc.shape, tc.axis, got, tc.want)
		}
		if got && (k.Pass.E == 0 || k.Pass.L != tc.shape[tc.axis]) {
			t.Errorf("%v along %d: pass %+v is not one register pass of the row", tc.shape, tc.axis, k.Pass)
		}
	}
}

// TestFusedLength checks that a linear convolution grows its transform to
// a length that one kernel computes where the shortest has no such
// kernel, and that a circular one keeps its period.
func TestFusedLength(t *testing.T) {
	h200 := fftplan.Limits{Limits: device.Limits{LocalMemBytes: 48 << 10, MaxWorkGroup: 1024}, ItemSize: 8}
	for _, tc := range []struct {
		n      int
		linear bool
		fused  bool
		grows  bool
	}{
		{1024, true, true, false},
		{120, true, true, true}, // the local kernel's
		{120, false, false, false},
		{1 << 16, true, false, false},
	} {
		got, k, ok := fusedLength([]int{1000, tc.n}, 1, tc.linear, h200)
		if ok != tc.fused || (got != tc.n) != tc.grows {
			t.Errorf("n=%d linear=%v: length %d, fused %v; want fused %v, grown %v", tc.n, tc.linear, got, ok, tc.fused, tc.grows)
		}
		if ok && (k.Pass.L != got || got != convolveLength(got) || got > maxFusedGrowth*tc.n) {
			t.Errorf("n=%d: length %d with a pass of %d: not a 7-smooth length within bounds", tc.n, got, k.Pass.L)
		}
	}
}
