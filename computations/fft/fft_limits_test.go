package fft_test

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestFFTShapeLimits checks that NewFFT refuses the shapes whose size
// overflows and those whose elements the kernels' 32-bit indices cannot
// number, and takes the largest ones they can (no device needed: NewFFT
// allocates nothing).
func TestFFTShapeLimits(t *testing.T) {
	const mersenne31 = 1<<31 - 1 // prime: Bluestein's algorithm, with transforms of length 2^32
	tests := []struct {
		name string
		typ  core.Type
		axes []int
		want string // "" where NewFFT must succeed
	}{
		{"elements overflow", core.ArrayOf(dtypes.Complex64, 1<<62+1, 4), nil, "shape [4611686018427387905 4] is too large"},
		{"bytes overflow", core.ArrayOf(dtypes.Complex64, 1<<61+1, 4), nil, "too large"},
		{"negative length", core.ArrayOf(dtypes.Complex64, -8), nil, "negative dimension"},
		{"2^32 elements", core.ArrayOf(dtypes.Complex64, 1<<32), nil, ""},
		{"2^32 elements in a batch", core.ArrayOf(dtypes.Complex128, 2, 1<<31), []int{1}, ""},
		{"beyond 32-bit indices", core.ArrayOf(dtypes.Complex64, 1<<32+1), nil, "axis 0 takes 1 transforms of length 4294967297, more elements than the 2^32"},
		{"batch beyond 32-bit indices", core.ArrayOf(dtypes.Complex64, 3, 1<<31), []int{1}, "axis 1 takes 3 transforms of length 2147483648"},
		{"untransformed axis counts", core.ArrayOf(dtypes.Complex64, 1<<31, 4), []int{1}, "axis 1 takes 2147483648 transforms of length 4"},
		{"Bluestein at 2^32", core.ArrayOf(dtypes.Complex64, mersenne31), nil, ""},
		{"Bluestein beyond 32-bit indices", core.ArrayOf(dtypes.Complex64, 2, mersenne31), []int{1}, "as transforms of length 4294967296"},
		{"empty batch", core.ArrayOf(dtypes.Complex64, 0, 1<<40), []int{1}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := fft.NewFFT(tt.typ, tt.axes, fft.FFTOptions{})
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("unexpected error %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// TestFFTEmptyBatch compiles and calls an FFT of an empty array whose
// transformed axis is far too long to plan: there is nothing to transform.
func TestFFTEmptyBatch(t *testing.T) {
	thr := cludatest.Thread(t)
	typ := core.ArrayOf(dtypes.Complex64, 0, 1<<40)
	c := compileFFT(t, thr, typ, []int{1}, fft.FFTOptions{})
	if n := len(c.Kernels()); n != 0 {
		t.Errorf("%d kernels for an empty array", n)
	}
	a, err := thr.Empty(typ.Shape(), typ.DType())
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	if err := c.Call(a, a, int32(0)); err != nil {
		t.Error(err)
	}
}

// TestFFTTableLimits checks that a plan whose tables the host would take
// tens of GiB to compute is refused before they are computed, on a device
// that could hold them: Bluestein's kernel of a prime length near 2^28 and
// the twiddles of a real transform of 2^32 points.
func TestFFTTableLimits(t *testing.T) {
	tests := []struct {
		name string
		c    comptest.Renderer
		want string
	}{
		{"Bluestein near 2^28", comptest.Must(fft.NewFFT(core.ArrayOf(dtypes.Complex64, 1<<28+3), nil, fft.FFTOptions{})), "FFT table "},
		{"real FFT of 2^32", comptest.Must(fft.NewRFFT(core.ArrayOf(dtypes.Float32, 1<<32), nil, fft.RFFTOptions{})), "real FFT twiddles of 2147483649 values"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.c.Render(cluda.ModelGPU())
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "on the host") {
				t.Errorf("render: error %v, want one of the host's memory containing %q", err, tt.want)
			}
		})
	}
}
