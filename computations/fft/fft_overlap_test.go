package fft_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/transformations"
)

// TestFFTOverlapRefused checks that an FFT refuses arrays that share memory
// in any way other than the same array for output and input, and enqueues
// nothing for them. An FFT's output and input have one type, so only
// transformations give them layouts that overlap in part.
func TestFFTOverlapRefused(t *testing.T) {
	thr := cludatest.Thread(t)
	const n, m = 64, 48
	typ := core.ArrayOf(dtypes.Complex64, 1, n)
	// padded returns an FFT whose input is padded from m elements of the
	// given byte offset.
	padded := func(offset int) *core.Callable {
		short := comptest.Must(core.NewArrayType(dtypes.Complex64, []int{1, m}, nil, offset))
		f := mustFFT(typ)
		if err := f.Connect("input", comptest.Must(transformations.Pad(short, typ, nil)), "output", map[string]string{"input": "short"}); err != nil {
			t.Fatal(err)
		}
		c := comptest.Must(f.Compile(thr))
		t.Cleanup(c.Release)
		return c
	}
	broadcast := comptest.Must(core.NewArrayType(dtypes.Complex64, []int{1, n}, []int{0, 0}, 0))

	mem := poisoned(t, thr, dtypes.Complex64, []int{2 * n})
	defer mem.Release()
	view := func(shape, strides []int, offset int) *cluda.Array {
		t.Helper()
		v, err := mem.View(shape, dtypes.Complex64, strides, offset)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	out := view([]int{1, n}, nil, 0)
	// A transform of 2^16 points takes two passes on every device, and the
	// first writes a temporary array.
	const twoPasses = 1 << 16
	temp, err := thr.TempArray([]int{twoPasses}, dtypes.Complex64)
	if err != nil {
		t.Fatal(err)
	}
	defer temp.Release()
	other := poisoned(t, thr, dtypes.Complex64, []int{twoPasses})
	defer other.Release()

	tests := []struct {
		name string
		c    *core.Callable
		args []any
		want string // "" where the call must succeed
	}{
		{"padded input at the output's start", padded(0), []any{out, view([]int{1, m}, nil, 0), int32(0)},
			`parameters "output" and "short" overlap in memory`},
		{"padded input inside the output", padded(16 * 8), []any{out, view([]int{1, m}, nil, 16*8), int32(0)},
			`parameters "output" and "short" overlap in memory`},
		{"padded input after the output", padded(n * 8), []any{out, view([]int{1, m}, nil, n*8), int32(0)}, ""},
		{"output that overlaps itself", compileFFT(t, thr, broadcast, []int{1}, fft.FFTOptions{}),
			[]any{view([]int{1, n}, []int{0, 0}, 0), view([]int{1, n}, []int{0, 0}, 0), int32(0)},
			`parameter "output" is written, and elements of`},
		{"input in the callable's temporary memory", compileFFT(t, thr, core.ArrayOf(dtypes.Complex64, twoPasses), nil, fft.FFTOptions{}),
			[]any{other, temp, int32(0)},
			`parameter "input" shares memory with the callable's own temporary or persistent arrays`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := thr.KernelEnqueues()
			err := tt.c.Call(tt.args...)
			if tt.want == "" {
				if err != nil {
					t.Error(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
			if k := thr.KernelEnqueues() - before; k != 0 {
				t.Errorf("%d kernels enqueued for overlapping arrays", k)
			}
		})
	}
}

// TestFFTInPlaceThroughTransformation transforms in place through an
// elementwise transformation on the input, whose leaf stands at the
// input's indices, and through separate views of one array.
func TestFFTInPlaceThroughTransformation(t *testing.T) {
	thr := cludatest.Thread(t)
	shape := []int{4, 96}
	typ := core.ArrayOf(dtypes.Complex64, shape...)
	f := mustFFT(typ)
	if err := f.Connect("input", comptest.Must(transformations.MulConst(typ, 2)), "output", map[string]string{"input": "unscaled"}); err != nil {
		t.Fatal(err)
	}
	c := comptest.Must(f.Compile(thr))
	defer c.Release()
	x := randomData(rand.New(rand.NewPCG(11, 12)), typ.Size())
	a := upload(t, thr, dtypes.Complex64, x, shape)
	defer a.Release()
	same, err := a.View(shape, dtypes.Complex64, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Call(same, a, int32(0)); err != nil {
		t.Fatal(err)
	}
	for i := range x {
		x[i] *= 2
	}
	if e := download(t, a, reference.FFTN(x, shape, []int{1}, false)); !(e <= tolComplex64) {
		t.Errorf("in-place error %.3g", e)
	}
}
