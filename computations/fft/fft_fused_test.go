package fft_test

import (
	"math/rand/v2"
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
		f := comptest.Must(fft.NewFFT(typ, []int{1}, fft.FFTOptions{}))
		combine := comptest.Must(transformations.CombineComplex(typ))
		scale := comptest.Must(transformations.MulConst(typ, 1/float64(n)))
		split := comptest.Must(transformations.SplitComplex(typ))
		if err := f.Connect("input", combine, "output", map[string]string{"real": "in_re", "imag": "in_im"}); err != nil {
			t.Fatal(err)
		}
		if err := f.Connect("output", scale, "input", map[string]string{"output": "scaled"}); err != nil {
			t.Fatal(err)
		}
		if err := f.Connect("scaled", split, "input", map[string]string{"real": "out_re", "imag": "out_im"}); err != nil {
			t.Fatal(err)
		}
		c := comptest.Must(f.Compile(thr))
		defer c.Release()
		if got := len(c.Kernels()); got != len(comptest.Must(mustFFT(typ).Compile(thr)).Kernels()) {
			t.Errorf("the fused pipeline has %d kernels, the bare FFT a different number", got)
		}

		rng := rand.New(rand.NewPCG(uint64(n), 5))
		re, im := randomFloat32(rng, batch*n), randomFloat32(rng, batch*n)
		dre := comptest.Must(thr.ToDevice(re, batch, n))
		dim := comptest.Must(thr.ToDevice(im, batch, n))
		ore := comptest.Must(thr.Empty([]int{batch, n}, dtypes.Float32))
		oim := comptest.Must(thr.Empty([]int{batch, n}, dtypes.Float32))
		defer func() { dre.Release(); dim.Release(); ore.Release(); oim.Release() }()
		if err := c.Call(ore, oim, dre, dim, int32(0)); err != nil {
			t.Fatal(err)
		}
		x := make([]complex128, batch*n)
		for i := range x {
			x[i] = complex(float64(re[i]), float64(im[i]))
		}
		want := reference.FFTN(x, []int{batch, n}, []int{1}, false)
		gotRe := comptest.Must(cluda.Read[float32](ore))
		gotIm := comptest.Must(cluda.Read[float32](oim))
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

func mustFFT(typ core.Type) *fft.FFT {
	return comptest.Must(fft.NewFFT(typ, []int{1}, fft.FFTOptions{}))
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
		f := mustFFT(typ)
		short := core.ArrayOf(dtypes.Complex64, batch, tt.m)
		pad := comptest.Must(transformations.Pad(short, typ, nil))
		toComplex := comptest.Must(transformations.RealToComplex(core.ArrayOf(dtypes.Float32, batch, tt.m)))
		if err := f.Connect("input", pad, "output", map[string]string{"input": "short"}); err != nil {
			t.Fatal(err)
		}
		if err := f.Connect("short", toComplex, "output", map[string]string{"input": "signal"}); err != nil {
			t.Fatal(err)
		}
		c := comptest.Must(f.Compile(thr))
		rng := rand.New(rand.NewPCG(uint64(tt.m), 6))
		sig := randomFloat32(rng, batch*tt.m)
		dsig := comptest.Must(thr.ToDevice(sig, batch, tt.m))
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
	f := comptest.Must(fft.NewFFT(typ, []int{1}, fft.FFTOptions{}))
	cast := comptest.Must(transformations.Cast(core.ArrayOf(dtypes.Complex128, shape...), dtypes.Complex64))
	if err := f.Connect("input", cast, "output", map[string]string{"input": "wide"}); err != nil {
		t.Fatal(err)
	}
	c := comptest.Must(f.Compile(thr))
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
