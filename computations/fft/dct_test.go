package fft_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// r2rTolFactor scales the FFT's tolerance (realTolerance) for the DCT and
// DST: each axis adds, on each side of its FFT, a complex multiplication
// by a twiddle computed by sincos, each rounding by a few eps, and a
// transform over several axes compounds them.
const r2rTolFactor = 4

// r2rRefN applies r2rRef along each of axes of x of shape, in turn.
func r2rRefN(sine bool, o fft.DCTOptions, x []float64, shape, axes []int) []float64 {
	typ := o.Type
	if typ == 0 {
		typ = 2
	}
	out := slices.Clone(x)
	for _, a := range comptest.AllAxes(shape, axes) {
		if a < 0 {
			a += len(shape)
		}
		n, inner := shape[a], 1
		for _, s := range shape[a+1:] {
			inner *= s
		}
		outer := len(x) / (n * inner)
		row := make([]float64, n)
		for o1 := range outer {
			for i := range inner {
				for j := range n {
					row[j] = out[(o1*n+j)*inner+i]
				}
				y := r2rRef(sine, typ, o.Norm, o.Inverse, row)
				for j := range n {
					out[(o1*n+j)*inner+i] = y[j]
				}
			}
		}
	}
	return out
}

// runR2R transforms fresh random values of dt and shape on thr and
// returns the relative L2 error against r2rRefN.
func runR2R(t *testing.T, thr *cluda.Thread, sine bool, dt dtypes.DType, shape, axes []int, o fft.DCTOptions, seed uint64) float64 {
	t.Helper()
	newR2R := fft.NewDCT
	if sine {
		newR2R = fft.NewDST
	}
	typ := core.ArrayOf(dt, shape...)
	r := comptest.Must(newR2R(typ, axes, o))
	c := comptest.Must(r.Compile(thr))
	defer c.Release()
	x := randomReal(rand.New(rand.NewPCG(seed, 7)), typ.Size())
	in := uploadReal(t, thr, dt, x, shape)
	defer in.Release()
	out := poisonedReal(t, thr, dt, shape)
	defer out.Release()
	if err := c.Call(out, in); err != nil {
		t.Fatal(err)
	}
	if dt == dtypes.Float32 {
		for i, v := range x {
			x[i] = float64(float32(v)) // the values the device had
		}
	}
	return relErrorReal(readReal(t, out), r2rRefN(sine, o, x, shape, axes))
}

// TestR2R checks every type, normalization and direction of the DCT and
// DST along the last axis of a batch, then lengths and shapes of their
// own: 1, 2, odd and prime lengths, several axes, an axis before the
// last, float64.
func TestR2R(t *testing.T) {
	thr := cludatest.Thread(t)
	seed := uint64(0)
	for _, sine := range []bool{false, true} {
		for typ := 1; typ <= 4; typ++ {
			for _, norm := range []fft.R2RNorm{fft.NormBackward, fft.NormOrtho, fft.NormForward} {
				for _, inverse := range []bool{false, true} {
					o := fft.DCTOptions{Type: typ, Norm: norm, Inverse: inverse}
					name := fmt.Sprintf("%s-%d/%v/inverse=%v", map[bool]string{false: "dct", true: "dst"}[sine], typ, norm, inverse)
					t.Run(name, func(t *testing.T) {
						seed++
						tol := r2rTolFactor * realTolerance(dtypes.Float32)
						if e := runR2R(t, thr, sine, dtypes.Float32, []int{3, 10}, []int{1}, o, seed); !(e <= tol) {
							t.Errorf("relative error %.3g, want at most %.3g", e, tol)
						}
					})
				}
			}
		}
	}
	for _, tc := range []struct {
		sine  bool
		typ   int
		dt    dtypes.DType
		shape []int
		axes  []int
	}{
		{false, 2, dtypes.Float32, []int{1}, nil},
		{true, 2, dtypes.Float32, []int{1}, nil},
		{false, 3, dtypes.Float32, []int{1}, nil},
		{false, 4, dtypes.Float32, []int{1}, nil},
		{true, 1, dtypes.Float32, []int{1}, nil},
		{false, 1, dtypes.Float32, []int{2}, nil},
		{false, 2, dtypes.Float32, []int{4, 31}, []int{-1}},
		{true, 3, dtypes.Float32, []int{4, 31}, []int{1}},
		{false, 2, dtypes.Float32, []int{5, 7, 6}, []int{0, 2}},
		{true, 4, dtypes.Float32, []int{9, 4}, []int{0}},
		{false, 1, dtypes.Float32, []int{6, 5}, nil},
		{false, 2, dtypes.Float64, []int{3, 257}, []int{1}},
		{true, 2, dtypes.Float64, []int{64, 3}, []int{0}},
		{false, 4, dtypes.Float64, []int{2, 100}, nil},
	} {
		t.Run(fmt.Sprintf("%v-%d/%v/%v/%v", tc.sine, tc.typ, tc.dt, tc.shape, tc.axes), func(t *testing.T) {
			comptest.Supported(t, thr, tc.dt)
			seed++
			tol := r2rTolFactor * realTolerance(tc.dt)
			if e := runR2R(t, thr, tc.sine, tc.dt, tc.shape, tc.axes, fft.DCTOptions{Type: tc.typ}, seed); !(e <= tol) {
				t.Errorf("relative error %.3g, want at most %.3g", e, tol)
			}
		})
	}
}

// TestR2RFused checks that the load and store of a DCT add no kernel to
// its FFT's, and that a transformation connected to its input runs in
// them too.
func TestR2RFused(t *testing.T) {
	thr := cludatest.Thread(t)
	typ := core.ArrayOf(dtypes.Float32, 8, 64)
	ref := comptest.Must(fft.NewFFT(core.ArrayOf(dtypes.Complex64, 8, 64), []int{1}, fft.FFTOptions{}))
	want := len(comptest.Must(ref.Compile(thr)).Kernels())
	d := comptest.Must(fft.NewDCT(typ, []int{1}, fft.DCTOptions{}))
	scale := comptest.Must(transformations.MulConst(typ, float32(0.5)))
	if err := d.Connect("input", scale, "output", map[string]string{"input": "raw"}); err != nil {
		t.Fatal(err)
	}
	c := comptest.Must(d.Compile(thr))
	defer c.Release()
	if got := len(c.Kernels()); got != want {
		t.Errorf("%d kernels, the FFT alone %d", got, want)
	}
	x := randomReal(rand.New(rand.NewPCG(3, 4)), typ.Size())
	in := uploadReal(t, thr, dtypes.Float32, x, typ.Shape())
	defer in.Release()
	out := poisonedReal(t, thr, dtypes.Float32, typ.Shape())
	defer out.Release()
	if err := c.CallNamed(map[string]any{"output": out, "raw": in}); err != nil {
		t.Fatal(err)
	}
	for i, v := range x {
		x[i] = 0.5 * float64(float32(v))
	}
	tol := r2rTolFactor * realTolerance(dtypes.Float32)
	if e := relErrorReal(readReal(t, out), r2rRefN(false, fft.DCTOptions{}, x, typ.Shape(), []int{1})); !(e <= tol) {
		t.Errorf("relative error %.3g, want at most %.3g", e, tol)
	}
}

// TestR2RErrors checks the refusals of NewDCT and NewDST.
func TestR2RErrors(t *testing.T) {
	f32 := core.ArrayOf(dtypes.Float32, 4, 8)
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"complex", second(fft.NewDCT(core.ArrayOf(dtypes.Complex64, 8), nil, fft.DCTOptions{})), "fft: DCT of complex64: the dtype must be float32 or float64"},
		{"type 5", second(fft.NewDST(f32, nil, fft.DCTOptions{Type: 5})), "fft: DST: type 5 (want 1, 2, 3 or 4)"},
		{"DCT-I of one element", second(fft.NewDCT(core.ArrayOf(dtypes.Float32, 3, 1), []int{1}, fft.DCTOptions{Type: 1})), "fft: DCT along axis 1: a type 1 transform of length 1 (want at least 2)"},
		{"axis out of range", second(fft.NewDCT(f32, []int{2}, fft.DCTOptions{})), "fft: DCT: axis 2 is out of range"},
		{"normalization", second(fft.NewDCT(f32, nil, fft.DCTOptions{Norm: 7})), "unknown normalization R2RNorm(7)"},
		{"scalar", second(fft.NewDST(core.ScalarOf(dtypes.Float32), nil, fft.DCTOptions{})), "fft: DST of the scalar type"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
				t.Errorf("error %v, want one that says %q", tc.err, tc.want)
			}
		})
	}
}

// second returns the error of a constructor's results.
func second[T any](_ T, err error) error { return err }

// TestR2RRendersForGPU renders every type of both transforms for the
// model GPU on both interfaces, where the plans differ from the CPU's.
func TestR2RRendersForGPU(t *testing.T) {
	for _, api := range []cluda.API{cluda.OpenCL, cluda.CUDA} {
		p := cluda.ModelGPU()
		p.API = api
		for _, sine := range []bool{false, true} {
			for typ := 1; typ <= 4; typ++ {
				newR2R := fft.NewDCT
				if sine {
					newR2R = fft.NewDST
				}
				r := comptest.Must(newR2R(core.ArrayOf(dtypes.Float64, 16, 1000), []int{1}, fft.DCTOptions{Type: typ, Norm: fft.NormOrtho}))
				if _, err := r.Render(p); err != nil {
					t.Errorf("%s, sine %v, type %d: %v", api, sine, typ, err)
				}
			}
		}
	}
}

// TestR2RRendersAlike renders a DCT with two twiddle tables several times:
// the sources must be the same every time, or the program caches would
// miss.
func TestR2RRendersAlike(t *testing.T) {
	var first []string
	for range 8 {
		r := comptest.Must(fft.NewDCT(core.ArrayOf(dtypes.Float32, 4, 64), []int{1}, fft.DCTOptions{Type: 4}))
		rp, err := r.Render(cluda.ModelGPU())
		if err != nil {
			t.Fatal(err)
		}
		var srcs []string
		for _, k := range rp.Kernels {
			srcs = append(srcs, k.Source)
		}
		if first == nil {
			first = srcs
		} else if !slices.Equal(srcs, first) {
			t.Fatal("two renders of the same DCT differ")
		}
	}
}
