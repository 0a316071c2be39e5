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

// A convolution runs three FFTs (the filter's, the signal's and the one
// back), each within the FFT's bound, and a product; on random data the
// output's norm stays near that of the terms, so three times the FFT's
// bound covers it.
func convolveTolerance(dt dtypes.DType) float64 { return 3 * tolerance(dt) }

// gpuTuning plans the FFTs as a GPU with 48 KiB of local memory would: the
// register kernel with exchanges through local memory, which PoCL's own
// plans leave out for short rows.
var gpuTuning = fft.FFTTuning{LocalBytes: 48 << 10}

type convolveCase struct {
	name      string
	dt        dtypes.DType
	signal    []int
	filter    []int
	axes      []int
	mode      fft.ConvolveMode
	correlate bool
	tuning    fft.FFTTuning
	kernels   int // kernels of the compiled plan, where the test checks them; 0: any
}

// TestConvolve checks Convolve against the direct sum in every mode, for
// convolution and correlation, one filter for the batch and one per row.
// Where a row fits one work-group, the plan is the filter's FFT and one
// kernel.
func TestConvolve(t *testing.T) {
	c64, c128 := dtypes.Complex64, dtypes.Complex128
	const (
		circ = fft.ConvolveCircular
		full = fft.ConvolveFull
		same = fft.ConvolveSame
	)
	tests := []convolveCase{
		{"circular/one kernel", c64, []int{5, 16}, []int{1, 16}, []int{1}, circ, false, fft.FFTTuning{}, 2},
		{"circular/gpu one kernel", c64, []int{3, 1024}, []int{1, 1024}, []int{1}, circ, false, gpuTuning, 2},
		{"circular/strided axis", c64, []int{40, 3}, []int{40, 1}, []int{0}, circ, false, gpuTuning, 2},
		{"full/gpu one kernel, grown", c128, []int{2, 100}, []int{1, 21}, []int{1}, full, false, gpuTuning, 2},
		{"same/filter longer, per row", c128, []int{3, 5}, []int{3, 9}, []int{1}, same, false, fft.FFTTuning{}, 2},
		{"full/gpu one kernel, per row", c64, []int{2, 3, 100}, []int{2, 1, 29}, []int{2}, full, false, gpuTuning, 2},
		// The device's own plan: on a CPU one kernel; a GPU transforms 20
		// points with the local kernel, which does not convolve, and so
		// takes two FFTs.
		{"correlate/circular short", c128, []int{3, 20}, []int{1, 6}, []int{1}, circ, true, fft.FFTTuning{}, 0},
		{"correlate/full, negative axis", c64, []int{3, 20}, []int{1, 7}, []int{-1}, full, true, fft.FFTTuning{}, 2},
		{"two axes/same correlate", c128, []int{2, 7, 9}, []int{1, 4, 3}, []int{1, 2}, same, true, fft.FFTTuning{}, 0},
		{"two axes/circular batch", c64, []int{5, 3, 8}, []int{5, 1, 8}, []int{0, 2}, circ, false, fft.FFTTuning{}, 0},
	}
	// A random length, drawn from a seeded generator.
	rng := rand.New(rand.NewPCG(16, 7))
	for i := 0; i < 1; i++ {
		n, m := 2+rng.IntN(120), 1+rng.IntN(40)
		mode := fft.ConvolveMode(rng.IntN(3))
		if mode == circ {
			m = min(m, n)
		}
		tests = append(tests, convolveCase{"random", c64, []int{2, n}, []int{1, m}, []int{1}, mode, rng.IntN(2) == 1, fft.FFTTuning{}, 0})
	}
	thr := cludatest.Thread(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.dt.IsDouble() && !thr.Params().DoubleFP {
				t.Skip("the device has no double precision")
			}
			conv, err := fft.NewTunedConvolve(core.ArrayOf(tt.dt, tt.signal...), core.ArrayOf(tt.dt, tt.filter...),
				tt.axes, tt.mode, fft.ConvolveOptions{Correlate: tt.correlate}, tt.tuning)
			if err != nil {
				t.Fatal(err)
			}
			c, err := conv.Compile(thr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			if tt.kernels > 0 && len(c.Kernels()) != tt.kernels {
				t.Errorf("%d kernels, want %d (the filter's FFT and the fused convolution)", len(c.Kernels()), tt.kernels)
			}
			e := runConvolve(t, thr, c, tt, conv.OutputType().Shape(), nil)
			if e > convolveTolerance(tt.dt) {
				t.Errorf("signal %v, filter %v, %v: relative error %.3g, want at most %.3g", tt.signal, tt.filter, tt.mode, e, convolveTolerance(tt.dt))
			}
		})
	}
}

// runConvolve calls c on fresh random signal and filter and returns the
// relative error of the output against the direct sum. With scale
// non-nil, c takes the signal as real parts and, after the output, a
// scalar that multiplies it, and a transformation doubles the filter.
func runConvolve(t *testing.T, thr *cluda.Thread, c *core.Callable, tt convolveCase, outShape []int, scale *float32) float64 {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(len(tt.name)), uint64(tt.signal[len(tt.signal)-1])))
	x := randomData(rng, elementsOf(tt.signal))
	f := randomData(rng, elementsOf(tt.filter))
	var in *cluda.Array
	if scale != nil {
		re := make([]float32, len(x))
		for i := range x {
			x[i] = complex(float64(float32(real(x[i]))), 0)
			re[i] = float32(real(x[i]))
		}
		in = comptest.Must(thr.ToDevice(re, tt.signal...))
	} else {
		in = upload(t, thr, tt.dt, x, tt.signal)
	}
	flt, out := upload(t, thr, tt.dt, f, tt.filter), poisoned(t, thr, tt.dt, outShape)
	defer in.Release()
	defer flt.Release()
	defer out.Release()
	args := []any{out, in, flt}
	if scale != nil {
		args = []any{out, *scale, in, flt}
	}
	if err := c.Call(args...); err != nil {
		t.Fatal(err)
	}
	want, shape := convolveRef(x, tt.signal, f, tt.filter, axesOrAll(tt.axes, len(tt.signal)), tt.mode, tt.correlate)
	if !equalInts(shape, outShape) {
		t.Fatalf("output shape %v, the direct sum's %v", outShape, shape)
	}
	if scale != nil {
		for i := range want {
			want[i] *= complex(2*float64(*scale), 0)
		}
	}
	return download(t, out, want)
}

// axesOrAll returns the axes counted from the start, every axis for nil.
func axesOrAll(axes []int, rank int) []int {
	if axes == nil {
		for i := 0; i < rank; i++ {
			axes = append(axes, i)
		}
	}
	out := make([]int, len(axes))
	for i, a := range axes {
		out[i] = (a + rank) % rank
	}
	return out
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestConvolveTransformations connects a real-to-complex transformation to
// the signal, a scale to the filter and one to the output, in the
// one-kernel plan and in the plan of two FFTs, and checks the result
// against the direct sum. Rows of 48 take uneven stages in an FFT of
// their own; the one kernel plans them with even ones.
func TestConvolveTransformations(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, tt := range []convolveCase{
		{"one kernel", dtypes.Complex64, []int{3, 48}, []int{1, 48}, []int{1}, fft.ConvolveCircular, false, gpuTuning, 2},
		{"two FFTs", dtypes.Complex64, []int{3, 250}, []int{3, 7}, []int{1}, fft.ConvolveSame, true, fft.FFTTuning{}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st := core.ArrayOf(tt.dt, tt.signal...)
			conv := comptest.Must(fft.NewTunedConvolve(st, core.ArrayOf(tt.dt, tt.filter...), tt.axes, tt.mode,
				fft.ConvolveOptions{Correlate: tt.correlate}, tt.tuning))
			ot := conv.OutputType()
			if err := conv.Connect("signal", comptest.Must(transformations.RealToComplex(st.WithDType(dtypes.Float32))), "output",
				map[string]string{"input": "real_signal"}); err != nil {
				t.Fatal(err)
			}
			ft := core.ArrayOf(tt.dt, tt.filter...)
			if err := conv.Connect("filter", comptest.Must(transformations.MulConst(ft, 2)), "output",
				map[string]string{"input": "half_filter"}); err != nil {
				t.Fatal(err)
			}
			if err := conv.Connect("output", comptest.Must(transformations.MulParam(ot, dtypes.Float32)), "input",
				map[string]string{"output": "scaled", "param": "factor"}); err != nil {
				t.Fatal(err)
			}
			if got, want := conv.Signature().Names(), []string{"scaled", "factor", "real_signal", "half_filter"}; !equalStrings(got, want) {
				t.Fatalf("signature %v, want %v", got, want)
			}
			c := comptest.Must(conv.Compile(thr))
			defer c.Release()
			if tt.kernels > 0 && len(c.Kernels()) != tt.kernels {
				t.Errorf("%d kernels, want %d: the transformations are fused", len(c.Kernels()), tt.kernels)
			}
			scale := float32(0.75)
			if e := runConvolve(t, thr, c, tt, ot.Shape(), &scale); e > convolveTolerance(tt.dt) {
				t.Errorf("relative error %.3g, want at most %.3g", e, convolveTolerance(tt.dt))
			}
		})
	}
}

func equalStrings(a, b []string) bool {
	return strings.Join(a, "\x00") == strings.Join(b, "\x00")
}

// TestConvolveErrors checks that NewConvolve refuses what it cannot
// compute, naming the problem.
func TestConvolveErrors(t *testing.T) {
	c64 := dtypes.Complex64
	tests := []struct {
		name           string
		signal, filter core.Type
		axes           []int
		mode           fft.ConvolveMode
		want           string
	}{
		{"scalar signal", core.ScalarArg(c64).Type, core.ArrayOf(c64, 4), nil, fft.ConvolveFull, "scalar type"},
		{"integer signal", core.ArrayOf(dtypes.Int32, 4), core.ArrayOf(c64, 4), nil, fft.ConvolveFull, "must be float32, float64, complex64 or complex128"},
		{"integer filter", core.ArrayOf(c64, 4), core.ArrayOf(dtypes.Int64, 4), nil, fft.ConvolveFull, "must be float32, float64, complex64 or complex128"},
		{"precisions differ", core.ArrayOf(c64, 4), core.ArrayOf(dtypes.Complex128, 4), nil, fft.ConvolveFull, "differ in precision"},
		{"real precisions differ", core.ArrayOf(dtypes.Float64, 4), core.ArrayOf(dtypes.Float32, 4), nil, fft.ConvolveFull, "differ in precision"},
		{"ranks differ", core.ArrayOf(c64, 2, 4), core.ArrayOf(c64, 4), []int{1}, fft.ConvolveFull, "another rank"},
		{"batch mismatch", core.ArrayOf(c64, 3, 4), core.ArrayOf(c64, 2, 4), []int{1}, fft.ConvolveFull, "does not fit the signal's"},
		{"axis out of range", core.ArrayOf(c64, 3, 4), core.ArrayOf(c64, 1, 4), []int{2}, fft.ConvolveFull, "out of range"},
		{"negative axis", core.ArrayOf(c64, 3, 4), core.ArrayOf(c64, 1, 4), []int{-3}, fft.ConvolveFull, "out of range"},
		{"repeated axis", core.ArrayOf(c64, 3, 4), core.ArrayOf(c64, 1, 4), []int{1, 1}, fft.ConvolveFull, "repeated"},
		{"no axes", core.ArrayOf(c64, 3, 4), core.ArrayOf(c64, 1, 4), []int{}, fft.ConvolveFull, "no axes"},
		{"0-d signal", core.ArrayOf(c64), core.ArrayOf(c64), nil, fft.ConvolveFull, "no axes to convolve (axes [] of a signal of 0 dimensions)"},
		{"empty axis", core.ArrayOf(c64, 3, 0), core.ArrayOf(c64, 1, 2), []int{1}, fft.ConvolveFull, "length 0"},
		{"empty filter", core.ArrayOf(c64, 3, 4), core.ArrayOf(c64, 1, 0), []int{1}, fft.ConvolveFull, "length 0"},
		{"circular filter longer", core.ArrayOf(c64, 3, 4), core.ArrayOf(c64, 1, 5), []int{1}, fft.ConvolveCircular, "longer than the signal's"},
		{"unknown mode", core.ArrayOf(c64, 4), core.ArrayOf(c64, 4), nil, fft.ConvolveMode(7), "unknown mode"},
		{"padded rows beyond 32-bit indices", core.ArrayOf(c64, 1<<40), core.ArrayOf(c64, 1<<40), nil, fft.ConvolveFull, "a signal [1099511627776] with a filter [1099511627776]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := fft.NewConvolve(tt.signal, tt.filter, tt.axes, tt.mode, fft.ConvolveOptions{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// TestConvolveReference checks the direct sum against numpy's documented
// examples of numpy.convolve and numpy.correlate.
func TestConvolveReference(t *testing.T) {
	a := []complex128{1, 2, 3}
	v := []complex128{0, 1, 0.5}
	tests := []struct {
		name      string
		f         []complex128
		mode      fft.ConvolveMode
		correlate bool
		want      []complex128
	}{
		{"convolve full", v, fft.ConvolveFull, false, []complex128{0, 1, 2.5, 4, 1.5}},
		{"convolve same", v, fft.ConvolveSame, false, []complex128{1, 2.5, 4}},
		{"convolve same even", []complex128{1, 1}, fft.ConvolveSame, false, []complex128{1, 3, 5}},
		{"correlate full", v, fft.ConvolveFull, true, []complex128{0.5, 2, 3.5, 3, 0}},
		{"correlate same", v, fft.ConvolveSame, true, []complex128{2, 3.5, 3}},
		{"correlate complex", []complex128{0, 1, 0.5i}, fft.ConvolveFull, true, []complex128{-0.5i, 1 - 1i, 2 - 1.5i, 3, 0}},
		{"circular", v, fft.ConvolveCircular, false, []complex128{4, 2.5, 2.5}},
		{"circular correlate", v, fft.ConvolveCircular, true, []complex128{3.5, 3.5, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := convolveRef(a, []int{3}, tt.f, []int{len(tt.f)}, []int{0}, tt.mode, tt.correlate)
			if e := reference.RelativeL2(got, tt.want); e > 1e-15 {
				t.Errorf("%v, want %v", got, tt.want)
			}
		})
	}
}

// TestConvolveReal convolves real signals and filters, read as the real
// parts of complex values: into real outputs where both are real, as
// numpy's and scipy's convolutions give, and complex ones otherwise.
func TestConvolveReal(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, tt := range []struct {
		name      string
		signal    dtypes.DType
		filter    dtypes.DType
		sigShape  []int
		fltShape  []int
		mode      fft.ConvolveMode
		correlate bool
		outDType  dtypes.DType
	}{
		{"float32 both, one kernel", dtypes.Float32, dtypes.Float32, []int{3, 24}, []int{1, 24}, fft.ConvolveCircular, false, dtypes.Float32},
		{"float32 both, correlated, two FFTs", dtypes.Float32, dtypes.Float32, []int{2, 5000}, []int{2, 300}, fft.ConvolveFull, true, dtypes.Float32},
		{"float64 both, same", dtypes.Float64, dtypes.Float64, []int{4, 40}, []int{1, 9}, fft.ConvolveSame, false, dtypes.Float64},
		{"float64 signal, complex filter", dtypes.Float64, dtypes.Complex128, []int{2, 30}, []int{2, 7}, fft.ConvolveFull, false, dtypes.Complex128},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.outDType.IsDouble() && !thr.Params().DoubleFP {
				t.Skip("the device has no double precision")
			}
			conv := comptest.Must(fft.NewConvolve(core.ArrayOf(tt.signal, tt.sigShape...), core.ArrayOf(tt.filter, tt.fltShape...),
				[]int{1}, tt.mode, fft.ConvolveOptions{Correlate: tt.correlate}))
			if got := conv.OutputType().DType(); got != tt.outDType {
				t.Errorf("output dtype %v, want %v", got, tt.outDType)
			}
			if p, _ := conv.Parameter("output"); p.Type().DType() != tt.outDType {
				t.Errorf("the output parameter is %v, want %v", p.Type(), tt.outDType)
			}
			if p, _ := conv.Parameter("signal"); p.Type().DType() != tt.signal {
				t.Errorf("the signal parameter is %v, want %v", p.Type(), tt.signal)
			}
			c := comptest.Must(conv.Compile(thr))
			defer c.Release()
			rng := rand.New(rand.NewPCG(7, uint64(tt.sigShape[1])))
			values := func(dt dtypes.DType, shape []int) ([]complex128, *cluda.Array) {
				x := randomData(rng, elementsOf(shape))
				if dt.IsComplex() {
					return x, upload(t, thr, dt, x, shape)
				}
				var host any
				if dt == dtypes.Float32 {
					v := make([]float32, len(x))
					for i := range x {
						v[i] = float32(real(x[i]))
						x[i] = complex(float64(v[i]), 0)
					}
					host = v
				} else {
					v := make([]float64, len(x))
					for i := range x {
						v[i], x[i] = real(x[i]), complex(real(x[i]), 0)
					}
					host = v
				}
				return x, comptest.Must(thr.ToDevice(host, shape...))
			}
			x, in := values(tt.signal, tt.sigShape)
			f, flt := values(tt.filter, tt.fltShape)
			defer in.Release()
			defer flt.Release()
			want, _ := convolveRef(x, tt.sigShape, f, tt.fltShape, []int{1}, tt.mode, tt.correlate)
			cdt := tt.outDType
			if !cdt.IsComplex() {
				cdt = comptest.Must(cdt.Complex())
			}
			tol := convolveTolerance(cdt)
			if tt.outDType.IsComplex() {
				out := poisoned(t, thr, tt.outDType, conv.OutputType().Shape())
				defer out.Release()
				if err := c.Call(out, in, flt); err != nil {
					t.Fatal(err)
				}
				if e := download(t, out, want); e > tol {
					t.Errorf("relative error %.3g, want at most %.3g", e, tol)
				}
				return
			}
			out := poisonedReal(t, thr, tt.outDType, conv.OutputType().Shape())
			defer out.Release()
			if err := c.Call(out, in, flt); err != nil {
				t.Fatal(err)
			}
			got := readReal(t, out)
			gotC := make([]complex128, len(got))
			wantRe := make([]complex128, len(want))
			for i := range got {
				gotC[i], wantRe[i] = complex(got[i], 0), complex(real(want[i]), 0)
			}
			if e := reference.RelativeL2(gotC, wantRe); e > tol {
				t.Errorf("relative error %.3g, want at most %.3g", e, tol)
			}
		})
	}
}
