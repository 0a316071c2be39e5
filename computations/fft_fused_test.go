package computations_test

import (
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/transformations"
)

// must returns v, and panics (failing the test) on an error: for set-up
// steps that cannot fail when the code under test works.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func randomFloat32(rng *rand.Rand, n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(rng.NormFloat64())
	}
	return out
}

// TestFFTFusedCombineScaleSplit runs combine_complex → FFT → mul by 1/N →
// split_complex as one computation and checks it against the same steps
// done one by one, the FFT by the float64 reference.
func TestFFTFusedCombineScaleSplit(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, n := range []int{256, 1000, 97} {
		const batch = 4
		typ := core.ArrayOf(dtypes.Complex64, batch, n)
		fft := must(computations.NewFFT(typ, []int{1}, computations.FFTOptions{}))
		combine := must(transformations.CombineComplex(typ))
		scale := must(transformations.MulConst(typ, 1/float64(n)))
		split := must(transformations.SplitComplex(typ))
		if err := fft.Connect("input", combine, "output", map[string]string{"real": "in_re", "imag": "in_im"}); err != nil {
			t.Fatal(err)
		}
		if err := fft.Connect("output", scale, "input", map[string]string{"output": "scaled"}); err != nil {
			t.Fatal(err)
		}
		if err := fft.Connect("scaled", split, "input", map[string]string{"real": "out_re", "imag": "out_im"}); err != nil {
			t.Fatal(err)
		}
		c := must(fft.Compile(thr))
		defer c.Release()
		if got := len(c.Kernels()); got != len(must(mustFFT(typ).Compile(thr)).Kernels()) {
			t.Errorf("the fused pipeline has %d kernels, the bare FFT a different number", got)
		}

		rng := rand.New(rand.NewPCG(uint64(n), 5))
		re, im := randomFloat32(rng, batch*n), randomFloat32(rng, batch*n)
		dre := must(thr.ToDevice(re, batch, n))
		dim := must(thr.ToDevice(im, batch, n))
		ore := must(thr.Empty([]int{batch, n}, dtypes.Float32))
		oim := must(thr.Empty([]int{batch, n}, dtypes.Float32))
		defer func() { dre.Release(); dim.Release(); ore.Release(); oim.Release() }()
		if err := c.Call(ore, oim, dre, dim, int32(0)); err != nil {
			t.Fatal(err)
		}
		x := make([]complex128, batch*n)
		for i := range x {
			x[i] = complex(float64(re[i]), float64(im[i]))
		}
		want := reference.FFTN(x, []int{batch, n}, []int{1}, false)
		gotRe := must(cluda.Read[float32](ore))
		gotIm := must(cluda.Read[float32](oim))
		got := make([]complex128, len(want))
		for i := range want {
			want[i] /= complex(float64(n), 0)
			got[i] = complex(float64(gotRe[i]), float64(gotIm[i]))
		}
		if e := reference.RelativeL2(got, want); !(e <= tolComplex64) {
			t.Errorf("N=%d: fused pipeline differs from the steps done separately by %.3g", n, e)
		}
	}
}

func mustFFT(typ core.Type) *computations.FFT {
	return must(computations.NewFFT(typ, []int{1}, computations.FFTOptions{}))
}

// TestFFTFusedPad zero-pads real signals of length M to N inside the FFT's
// loads (with real-to-complex conversion) and compares with padding on the
// host.
func TestFFTFusedPad(t *testing.T) {
	thr := cludatest.Thread(t)
	tests := []struct{ m, n int }{{700, 1024}, {1000, 1000}, {90, 97}, {3, 64}}
	for _, tt := range tests {
		const batch = 3
		typ := core.ArrayOf(dtypes.Complex64, batch, tt.n)
		fft := mustFFT(typ)
		short := core.ArrayOf(dtypes.Complex64, batch, tt.m)
		pad := must(transformations.Pad(short, typ, nil))
		toComplex := must(transformations.RealToComplex(core.ArrayOf(dtypes.Float32, batch, tt.m)))
		if err := fft.Connect("input", pad, "output", map[string]string{"input": "short"}); err != nil {
			t.Fatal(err)
		}
		if err := fft.Connect("short", toComplex, "output", map[string]string{"input": "signal"}); err != nil {
			t.Fatal(err)
		}
		c := must(fft.Compile(thr))
		rng := rand.New(rand.NewPCG(uint64(tt.m), 6))
		sig := randomFloat32(rng, batch*tt.m)
		dsig := must(thr.ToDevice(sig, batch, tt.m))
		out := poisoned(t, thr, dtypes.Complex64, []int{batch, tt.n})
		if err := c.Call(out, dsig, int32(0)); err != nil {
			t.Fatal(err)
		}
		x := make([]complex128, batch*tt.n)
		for b := 0; b < batch; b++ {
			for k := 0; k < tt.m; k++ {
				x[b*tt.n+k] = complex(float64(sig[b*tt.m+k]), 0)
			}
		}
		if e := download(t, out, reference.FFTN(x, []int{batch, tt.n}, []int{1}, false)); !(e <= tolComplex64) {
			t.Errorf("pad %d → %d: error %.3g", tt.m, tt.n, e)
		}
		c.Release()
		dsig.Release()
		out.Release()
	}
}

// TestFFTFusedCastAxis1 transforms along axis 1 of a 3-D array whose input
// arrives in double precision and is cast to single inside the loads.
func TestFFTFusedCastAxis1(t *testing.T) {
	thr := cludatest.Thread(t)
	if !thr.Params().SupportsDType(dtypes.Complex128) {
		t.Skip("no double precision")
	}
	shape := []int{5, 120, 7}
	typ := core.ArrayOf(dtypes.Complex64, shape...)
	fft := must(computations.NewFFT(typ, []int{1}, computations.FFTOptions{}))
	cast := must(transformations.Cast(core.ArrayOf(dtypes.Complex128, shape...), dtypes.Complex64))
	if err := fft.Connect("input", cast, "output", map[string]string{"input": "wide"}); err != nil {
		t.Fatal(err)
	}
	c := must(fft.Compile(thr))
	defer c.Release()
	x := randomData(rand.New(rand.NewPCG(7, 8)), 5*120*7)
	in := upload(t, thr, dtypes.Complex128, x, shape)
	out := poisoned(t, thr, dtypes.Complex64, shape)
	defer in.Release()
	defer out.Release()
	if err := c.Call(out, in, int32(0)); err != nil {
		t.Fatal(err)
	}
	// The reference transforms the values rounded to single precision, as
	// the cast does.
	for i, v := range x {
		x[i] = complex128(complex64(v))
	}
	if e := download(t, out, reference.FFTN(x, shape, []int{1}, false)); !(e <= tolComplex64) {
		t.Errorf("error %.3g", e)
	}
}
