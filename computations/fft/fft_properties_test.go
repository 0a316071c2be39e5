package fft_test

import (
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
)

// compiledFFT compiles a complex64 FFT of length n over a batch of b.
func compiledFFT(t *testing.T, thr *cluda.Thread, b, n int) *core.Callable {
	t.Helper()
	return compileFFT(t, thr, core.ArrayOf(dtypes.Complex64, b, n), []int{1}, fft.FFTOptions{})
}

func toC64(x []complex128) []complex64 {
	out := make([]complex64, len(x))
	for i, v := range x {
		out[i] = complex64(v)
	}
	return out
}

func toC128(x []complex64) []complex128 {
	out := make([]complex128, len(x))
	for i, v := range x {
		out[i] = complex128(v)
	}
	return out
}

// transform runs c on host data and returns the result.
func transform(t *testing.T, c *core.Callable, x []complex64, shape []int, inverse bool) []complex64 {
	t.Helper()
	thr := c.Thread()
	in, err := thr.ToDevice(x, shape...)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Release()
	out, err := thr.EmptyLike(in)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	inv := int32(0)
	if inverse {
		inv = 1
	}
	if err := c.Call(out, in, inv); err != nil {
		t.Fatal(err)
	}
	res, err := cluda.Read[complex64](out)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestFFTProperties(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, n := range []int{64, 97, 1000, 1 << 16} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			const batch = 3
			c := compiledFFT(t, thr, batch, n)
			shape := []int{batch, n}
			rng := rand.New(rand.NewPCG(uint64(n), 11))
			x := toC64(randomData(rng, batch*n))
			y := toC64(randomData(rng, batch*n))

			X := transform(t, c, x, shape, false)
			t.Run("round trip", func(t *testing.T) {
				back := transform(t, c, X, shape, true)
				if e := reference.RelativeL2(back, toC128(x)); !(e <= 2*tolComplex64) {
					t.Errorf("inverse(forward(x)) differs from x by %.3g", e)
				}
			})
			t.Run("linearity", func(t *testing.T) {
				a, b := complex64(complex(0.5, -2)), complex64(complex(-1.25, 0.75))
				mix := make([]complex64, len(x))
				for i := range mix {
					mix[i] = a*x[i] + b*y[i]
				}
				Y := transform(t, c, y, shape, false)
				want := make([]complex128, len(x))
				for i := range want {
					want[i] = complex128(a*X[i] + b*Y[i])
				}
				if e := reference.RelativeL2(transform(t, c, mix, shape, false), want); !(e <= 4*tolComplex64) {
					t.Errorf("FFT(a x + b y) differs from a FFT(x) + b FFT(y) by %.3g", e)
				}
			})
			t.Run("Parseval", func(t *testing.T) {
				for row := 0; row < batch; row++ {
					var ex, eX float64
					for k := 0; k < n; k++ {
						ex += sq(x[row*n+k])
						eX += sq(X[row*n+k])
					}
					if d := math.Abs(eX/float64(n)-ex) / ex; !(d <= tolComplex64) {
						t.Errorf("row %d: energies %g and %g/N differ by %.3g", row, ex, eX, d)
					}
				}
			})
			t.Run("shifted impulse", func(t *testing.T) {
				imp := make([]complex64, batch*n)
				shifts := []int{0, 1, n/2 + 3}
				for row, s := range shifts {
					imp[row*n+s%n] = 1
				}
				got := transform(t, c, imp, shape, false)
				want := make([]complex128, batch*n)
				for row, s := range shifts {
					for k := 0; k < n; k++ {
						e := (int64(k) * int64(s%n)) % int64(n)
						want[row*n+k] = cmplx.Exp(complex(0, -2*math.Pi*float64(e)/float64(n)))
					}
				}
				if e := reference.RelativeL2(got, want); !(e <= tolComplex64) {
					t.Errorf("the transform of shifted impulses differs from the phase ramps by %.3g", e)
				}
			})
		})
	}
}

func sq(v complex64) float64 {
	return float64(real(v))*float64(real(v)) + float64(imag(v))*float64(imag(v))
}

func TestFFTInPlace(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, shape := range [][]int{{4, 256}, {2, 97}, {8, 6, 10}} {
		t.Run(fmt.Sprint(shape), func(t *testing.T) {
			c := compileFFT(t, thr, core.ArrayOf(dtypes.Complex64, shape...), nil, fft.FFTOptions{})
			rng := rand.New(rand.NewPCG(1, uint64(len(shape))))
			x := randomData(rng, core.ArrayOf(dtypes.Complex64, shape...).Size())
			a := upload(t, thr, dtypes.Complex64, x, shape)
			defer a.Release()
			if err := c.Call(a, a, int32(0)); err != nil {
				t.Fatal(err)
			}
			axes := make([]int, len(shape))
			for i := range axes {
				axes[i] = i
			}
			if e := download(t, a, reference.FFTN(x, shape, axes, false)); !(e <= tolComplex64) {
				t.Errorf("in-place error %.3g", e)
			}
		})
	}
}

func TestFFTUnnormalized(t *testing.T) {
	thr := cludatest.Thread(t)
	const n = 48
	c := compileFFT(t, thr, core.ArrayOf(dtypes.Complex64, n), nil, fft.FFTOptions{Unnormalized: true})
	x := randomData(rand.New(rand.NewPCG(2, 3)), n)
	got := transform(t, c, toC64(x), []int{n}, true)
	want := reference.FFTN(x, []int{n}, []int{0}, true)
	for i := range want {
		want[i] *= n
	}
	if e := reference.RelativeL2(got, want); !(e <= tolComplex64) {
		t.Errorf("unnormalised inverse differs by %.3g", e)
	}
}

func TestFFTBadInput(t *testing.T) {
	tests := []struct {
		typ  core.Type
		axes []int
		want string
	}{
		{core.ArrayOf(dtypes.Float32, 16), nil, "the dtype must be complex64 or complex128"},
		{core.ArrayOf(dtypes.Int32, 16), nil, "the dtype must be complex64 or complex128"},
		{core.ScalarOf(dtypes.Complex64), nil, "FFT of the scalar type"},
		{core.ArrayOf(dtypes.Complex64, 4, 4), []int{2}, "axis 2 is out of range for an array of 2 dimensions"},
		{core.ArrayOf(dtypes.Complex64, 4, 4), []int{-3}, "axis -3 is out of range"},
		{core.ArrayOf(dtypes.Complex64, 4, 4), []int{1, 1}, "axis 1 is repeated in [1 1]"},
		{core.ArrayOf(dtypes.Complex64, 4, 0), nil, "axis 1 has length 0"},
	}
	for _, tt := range tests {
		_, err := fft.NewFFT(tt.typ, tt.axes, fft.FFTOptions{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("NewFFT(%v, %v): %v, want an error containing %q", tt.typ, tt.axes, err, tt.want)
		}
	}

	thr := cludatest.Thread(t)
	c := compiledFFT(t, thr, 2, 64)
	wrong, _ := thr.Empty([]int{2, 32}, dtypes.Complex64)
	right, _ := thr.Empty([]int{2, 64}, dtypes.Complex64)
	defer wrong.Release()
	defer right.Release()
	err := c.Call(right, wrong, int32(0))
	if err == nil || !strings.Contains(err.Error(), `parameter "input": expected Type(complex64, shape=(2, 64)`) {
		t.Errorf("call with an input of the wrong shape: %v", err)
	}
}

// TestFFTLengthOne checks that transforms over axes of length 1 still run
// the transformations attached to the FFT.
func TestFFTLengthOne(t *testing.T) {
	thr := cludatest.Thread(t)
	typ := core.ArrayOf(dtypes.Complex64, 5, 1)
	f, err := fft.NewFFT(typ, []int{1}, fft.FFTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	double := core.MustTransformation([]core.Parameter{
		core.Param("output", core.Out(typ)),
		core.Param("input", core.In(typ)),
	}, `{{ .output.StoreSame }}({{ .input.LoadSame }} * 2.0f);`, core.TransformationOptions{Name: "double"})
	if err := f.Connect("input", double, "output", map[string]string{"input": "raw"}); err != nil {
		t.Fatal(err)
	}
	c, err := f.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	x := []complex64{1, 2i, 3, -4, 5 + 5i}
	for _, inverse := range []bool{false, true} {
		got := transform(t, c, x, []int{5, 1}, inverse)
		for i := range x {
			if got[i] != 2*x[i] {
				t.Errorf("inverse=%v: element %d = %v, want %v", inverse, i, got[i], 2*x[i])
			}
		}
	}
}
