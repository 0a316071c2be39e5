package fft_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
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

// rfftCase is a real transform of real arrays of dt and shape over axes.
type rfftCase struct {
	dt          dtypes.DType
	shape, axes []int
}

func (c rfftCase) String() string { return fmt.Sprintf("%v/%v/axes%v", c.dt, c.shape, c.axes) }

// realLength returns the length of the real axis.
func (c rfftCase) realLength() int {
	axes := comptest.AllAxes(c.shape, c.axes)
	return c.shape[axes[len(axes)-1]]
}

// randomPrime returns a prime drawn from [lo, hi).
func randomPrime(rng *rand.Rand, lo, hi int) int {
	for {
		n := lo + rng.IntN(hi-lo)
		if reference.LargestPrime(n) == n {
			return n
		}
	}
}

// rfftCases returns fixed cases (lengths 1 and 2, even and odd lengths,
// double precision read in pairs of 16 bytes,
// several axes with a real axis that has elements after it, a half of
// 9775 = 5²·17·23, which a CPU device takes in a looped pass over a
// scratch array) and lengths drawn from a seeded generator: twice a prime
// (Bluestein's algorithm on the half) and a prime.
func rfftCases() []rfftCase {
	f32, f64 := dtypes.Float32, dtypes.Float64
	rng := rand.New(rand.NewPCG(2026, 11))
	return []rfftCase{
		{f32, []int{1}, nil},
		{f64, []int{2}, nil},
		{f32, []int{5, 16}, []int{1}},
		{f32, []int{3, 15}, []int{1}},
		{f64, []int{4, 6, 3}, []int{2, 1}},
		{f32, []int{2, 19550}, []int{1}},
		{f64, []int{3, 1000}, []int{1}},
		{f32, []int{3, 2 * randomPrime(rng, 20, 120)}, []int{1}},
		{f64, []int{3, randomPrime(rng, 20, 250)}, []int{1}},
	}
}

// TestRealFFT checks RFFT and IRFFT against the float64 references on
// fresh random data, and that IRFFT of RFFT's output is its input.
func TestRealFFT(t *testing.T) {
	thr := cludatest.Thread(t)
	for i, c := range rfftCases() {
		t.Run(c.String(), func(t *testing.T) {
			if !thr.Params().SupportsDType(c.dt) {
				t.Skip("no double precision")
			}
			cdt, n, half := complexOfReal(c.dt), c.realLength(), halfShape(c.shape, c.axes)
			fwd := comptest.Must(comptest.Must(fft.NewRFFT(core.ArrayOf(c.dt, c.shape...), c.axes, fft.RFFTOptions{})).Compile(thr))
			defer fwd.Release()
			inv := comptest.Must(comptest.Must(fft.NewIRFFT(core.ArrayOf(cdt, half...), c.axes, fft.IRFFTOptions{N: n})).Compile(thr))
			defer inv.Release()
			tol := realTolerance(c.dt)
			if e := runRFFT(t, thr, fwd, c.dt, c.shape, c.axes, uint64(i)); !(e <= tol) {
				t.Errorf("RFFT: relative error %.3g", e)
			}
			if e := runIRFFT(t, thr, inv, cdt, half, c.axes, n, uint64(i)); !(e <= tol) {
				t.Errorf("IRFFT: relative error %.3g", e)
			}

			// The round trip.
			x := randomReal(rand.New(rand.NewPCG(uint64(i), 23)), core.ArrayOf(c.dt, c.shape...).Size())
			in := uploadReal(t, thr, c.dt, x, c.shape)
			defer in.Release()
			spectrum := poisoned(t, thr, cdt, half)
			defer spectrum.Release()
			back := poisonedReal(t, thr, c.dt, c.shape)
			defer back.Release()
			if err := fwd.Call(spectrum, in); err != nil {
				t.Fatal(err)
			}
			if err := inv.Call(back, spectrum); err != nil {
				t.Fatal(err)
			}
			if e := relErrorReal(readReal(t, back), x); !(e <= tol) {
				t.Errorf("IRFFT(RFFT(x)): relative error %.3g", e)
			}
		})
	}
}

// TestRealFFTTransformations connects a scale to both sides of RFFT and
// IRFFT: the scales run in the loads and stores, the results are those of
// the bare transforms scaled.
func TestRealFFTTransformations(t *testing.T) {
	thr := cludatest.Thread(t)
	const batch, n = 3, 16
	shape, half := []int{batch, n}, []int{batch, n/2 + 1}
	rt, ct := core.ArrayOf(dtypes.Float32, shape...), core.ArrayOf(dtypes.Complex64, half...)

	r := comptest.Must(fft.NewRFFT(rt, []int{1}, fft.RFFTOptions{}))
	if err := r.Connect("input", comptest.Must(transformations.MulConst(rt, 0.5)), "output", map[string]string{"input": "signal"}); err != nil {
		t.Fatal(err)
	}
	if err := r.Connect("output", comptest.Must(transformations.MulConst(ct, 4)), "input", map[string]string{"output": "spectrum"}); err != nil {
		t.Fatal(err)
	}
	fwd := comptest.Must(r.Compile(thr))
	defer fwd.Release()
	// On any device a transform of 8 points is one kernel.
	if k := len(fwd.Kernels()); k != 1 {
		t.Errorf("%d kernels with the transformations, want 1", k)
	}

	ir := comptest.Must(fft.NewIRFFT(ct, []int{1}, fft.IRFFTOptions{N: n}))
	if err := ir.Connect("input", comptest.Must(transformations.MulConst(ct, 0.25)), "output", map[string]string{"input": "half"}); err != nil {
		t.Fatal(err)
	}
	if err := ir.Connect("output", comptest.Must(transformations.MulConst(rt, 3)), "input", map[string]string{"output": "signal"}); err != nil {
		t.Fatal(err)
	}
	inv := comptest.Must(ir.Compile(thr))
	defer inv.Release()

	rng := rand.New(rand.NewPCG(7, 7))
	if e := rfftCallError(t, thr, fwd, rng, shape, 2); !(e <= tolComplex64) {
		t.Errorf("RFFT: relative error %.3g", e)
	}

	y := randomData(rng, batch*(n/2+1))
	hin := upload(t, thr, dtypes.Complex64, y, half)
	defer hin.Release()
	out := poisonedReal(t, thr, dtypes.Float32, shape)
	defer out.Release()
	if err := inv.Call(out, hin); err != nil {
		t.Fatal(err)
	}
	wantReal := irfftnRef(y, half, []int{1}, n)
	for i := range wantReal {
		wantReal[i] *= 0.75
	}
	if e := relErrorReal(readReal(t, out), wantReal); !(e <= tolComplex64) {
		t.Errorf("IRFFT: relative error %.3g", e)
	}
}

// TestRealFFTLanesPlan runs forward transforms with a scale connected to
// neither side, to the input and to the output: bare, a CPU device takes
// the half's passes in lanes, the first reading the input's pairs through
// its pointer, and the twist over runs (realAxis.lanesPlan) where the real
// plan is several passes or a looped pass over a scratch array and every
// pass of the half takes lanes (256, 65536); one looped pass on the stack
// (4096), a half whose passes take no lanes (20000) or a transformation on
// either side, which the pointer cannot reach, keep the real plan. Each
// result is the bare transform's, scaled.
func TestRealFFTLanesPlan(t *testing.T) {
	thr := cludatest.Thread(t)
	for i, tc := range []struct {
		name          string
		batch, n      int
		input, output bool // a scale connected there
		lanes         bool
	}{
		{"65536", 2, 65536, false, false, true},
		{"65536, scaled input", 2, 65536, true, false, false},
		{"65536, scaled output", 2, 65536, false, true, false},
		{"256", 64, 256, false, false, true},
		{"4096: one looped pass", 8, 4096, false, false, false},
		{"20000: the half's passes without lanes", 2, 20000, false, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shape, half := []int{tc.batch, tc.n}, []int{tc.batch, tc.n/2 + 1}
			rt, ct := core.ArrayOf(dtypes.Float32, shape...), core.ArrayOf(dtypes.Complex64, half...)
			r := comptest.Must(fft.NewRFFT(rt, []int{1}, fft.RFFTOptions{}))
			scale := 1.0
			if tc.input {
				if err := r.Connect("input", comptest.Must(transformations.MulConst(rt, 0.5)), "output", map[string]string{"input": "signal"}); err != nil {
					t.Fatal(err)
				}
				scale *= 0.5
			}
			if tc.output {
				if err := r.Connect("output", comptest.Must(transformations.MulConst(ct, 4)), "input", map[string]string{"output": "spectrum"}); err != nil {
					t.Fatal(err)
				}
				scale *= 4
			}
			if twists, _ := kernelsWith(t, r, thr.Params(), twistRunsMarker); thr.Params().IsCPU() && (twists == 1) != tc.lanes {
				t.Errorf("%d twists over runs, want them: %t", twists, tc.lanes)
			}
			fwd := comptest.Must(r.Compile(thr))
			defer fwd.Release()
			rng := rand.New(rand.NewPCG(11, uint64(i)))
			if e := rfftCallError(t, thr, fwd, rng, shape, scale); !(e <= tolComplex64) {
				t.Errorf("relative error %.3g", e)
			}
		})
	}
}

// TestRealFFTBadInput checks that every bad parameter is an error.
func TestRealFFTBadInput(t *testing.T) {
	f32 := core.ArrayOf(dtypes.Float32, 4, 8)
	c64 := core.ArrayOf(dtypes.Complex64, 4, 5)
	cases := []struct {
		name string
		make func() error
	}{
		{"RFFT of a scalar", func() error { _, err := fft.NewRFFT(core.ScalarOf(dtypes.Float32), nil, fft.RFFTOptions{}); return err }},
		{"RFFT of complex", func() error { _, err := fft.NewRFFT(c64, nil, fft.RFFTOptions{}); return err }},
		{"RFFT of int32", func() error { _, err := fft.NewRFFT(core.ArrayOf(dtypes.Int32, 8), nil, fft.RFFTOptions{}); return err }},
		{"RFFT axis out of range", func() error { _, err := fft.NewRFFT(f32, []int{2}, fft.RFFTOptions{}); return err }},
		{"RFFT negative axis out of range", func() error { _, err := fft.NewRFFT(f32, []int{-3}, fft.RFFTOptions{}); return err }},
		{"RFFT repeated axis", func() error { _, err := fft.NewRFFT(f32, []int{1, 1}, fft.RFFTOptions{}); return err }},
		{"RFFT no axes", func() error { _, err := fft.NewRFFT(f32, []int{}, fft.RFFTOptions{}); return err }},
		{"RFFT axis of length 0", func() error {
			_, err := fft.NewRFFT(core.ArrayOf(dtypes.Float32, 0, 8), nil, fft.RFFTOptions{})
			return err
		}},
		{"IRFFT of real", func() error { _, err := fft.NewIRFFT(f32, nil, fft.IRFFTOptions{N: 8}); return err }},
		{"IRFFT of a scalar", func() error {
			_, err := fft.NewIRFFT(core.ScalarOf(dtypes.Complex64), nil, fft.IRFFTOptions{N: 1})
			return err
		}},
		{"IRFFT length mismatch", func() error { _, err := fft.NewIRFFT(c64, []int{1}, fft.IRFFTOptions{N: 10}); return err }},
		{"IRFFT negative length", func() error { _, err := fft.NewIRFFT(c64, []int{1}, fft.IRFFTOptions{N: -2}); return err }},
		{"IRFFT axis out of range", func() error { _, err := fft.NewIRFFT(c64, []int{0, 2}, fft.IRFFTOptions{N: 8}); return err }},
		{"IRFFT repeated axis", func() error { _, err := fft.NewIRFFT(c64, []int{1, 1}, fft.IRFFTOptions{N: 8}); return err }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.make(); err == nil {
				t.Error("no error")
			}
		})
	}
	// Lengths 8 and 9 both have 5 elements in the half spectrum.
	for _, n := range []int{8, 9} {
		r, err := fft.NewIRFFT(c64, []int{1}, fft.IRFFTOptions{N: n})
		if err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		if got := r.Axes(); !slices.Equal(got, []int{1}) {
			t.Errorf("axes %v", got)
		}
	}
}

// TestIRFFTDefaultLength checks that IRFFTOptions{} takes numpy's default
// output length along the real axis, 2(m-1) for m elements, and that a
// length given explicitly wins.
func TestIRFFTDefaultLength(t *testing.T) {
	for _, tc := range []struct {
		shape []int
		axes  []int
		n     int
		want  []int
	}{
		{[]int{4, 5}, nil, 0, []int{4, 8}},
		{[]int{4, 5}, []int{-1}, 0, []int{4, 8}},
		{[]int{4, 5}, []int{1}, 9, []int{4, 9}},
		{[]int{6, 3}, []int{1, 0}, 0, []int{10, 3}},
	} {
		t.Run(fmt.Sprint(tc.shape, tc.axes, tc.n), func(t *testing.T) {
			r, err := fft.NewIRFFT(core.ArrayOf(dtypes.Complex64, tc.shape...), tc.axes, fft.IRFFTOptions{N: tc.n})
			if err != nil {
				t.Fatal(err)
			}
			out, _ := r.Parameter("output")
			if got := out.Type().Shape(); !slices.Equal(got, tc.want) {
				t.Errorf("output shape %v, want %v", got, tc.want)
			}
		})
	}
	if _, err := fft.NewIRFFT(core.ArrayOf(dtypes.Complex64, 4, 1), nil, fft.IRFFTOptions{}); err == nil {
		t.Error("an input of one element along the real axis, default length 0: no error")
	}
}

// rfftCallError runs fwd, the float32 real FFT of rows of shape along the
// last axis, on fresh random rows drawn from rng into a poisoned half
// spectrum, and returns its relative error against the float64 reference
// times scale.
func rfftCallError(t *testing.T, thr *cluda.Thread, fwd *core.Callable, rng *rand.Rand, shape []int, scale float64) float64 {
	t.Helper()
	half := slices.Clone(shape)
	half[len(half)-1] = shape[len(shape)-1]/2 + 1
	x := randomReal(rng, core.ArrayOf(dtypes.Float32, shape...).Size())
	in := uploadReal(t, thr, dtypes.Float32, x, shape)
	defer in.Release()
	spectrum := poisoned(t, thr, dtypes.Complex64, half)
	defer spectrum.Release()
	if err := fwd.Call(spectrum, in); err != nil {
		t.Fatal(err)
	}
	want := rfftnRef(x, shape, []int{1})
	for k := range want {
		want[k] *= complex(scale, 0)
	}
	return download(t, spectrum, want)
}
