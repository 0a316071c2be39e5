package transformations_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/x448/float16"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// everyHalf returns the 65536 halves, in the order of their bits.
func everyHalf() []float16.Float16 {
	out := make([]float16.Float16, 1<<16)
	for i := range out {
		out[i] = float16.Float16(i)
	}
	return out
}

// sameHalf reports whether a and b are the same half: the same bits, or
// both NaNs (whose payloads the device need not keep).
func sameHalf(a, b float16.Float16) bool {
	return a == b || a.IsNaN() && b.IsNaN()
}

// sameFloat32 reports whether a and b are the same float32: the same bits,
// or both NaNs.
func sameFloat32(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b
}

// halfCopy returns a compiled copy of float32 or complex64 arrays of type
// t, from an input read through FromHalf into an output written through
// ToHalf and into an output of t: its arguments are (output_half, wide,
// input_half).
func halfCopy(t *testing.T, typ core.Type) *core.Callable {
	t.Helper()
	comp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("output", core.Out(typ)),
		core.Param("wide", core.Out(typ)),
		core.Param("input", core.In(typ)),
	}, `const {{ .input.CType }} x = {{ .input.LoadSame }};
    {{ .output.StoreSame }}(x);
    {{ .wide.StoreSame }}(x);`, computations.PureParallelOptions{Name: "half_copy"})
	if err != nil {
		t.Fatal(err)
	}
	trf, err := transformations.FromHalf(typ)
	connect(t, comp, "input", trf, err, "output", map[string]string{"input": "input_half"})
	trf, err = transformations.ToHalf(typ)
	connect(t, comp, "output", trf, err, "input", map[string]string{"output": "output_half"})
	c := compileOne(t, comp)
	if names := c.Signature().Names(); !slices.Equal(names, []string{"output_half", "wide", "input_half"}) {
		t.Fatalf("signature %v", names)
	}
	return c
}

// Every half goes to the device and back unchanged through FromHalf and
// ToHalf, alone as a float16 and as either part of a complex32; FromHalf
// alone widens each half exactly to float32.
func TestHalfRoundTripEveryValue(t *testing.T) {
	thr := thread(t)
	halves := everyHalf()
	n := len(halves)
	for _, tc := range []struct {
		name string
		dt   dtypes.DType
	}{{"float16", dtypes.Float16}, {"complex32", dtypes.Complex32}} {
		t.Run(tc.name, func(t *testing.T) {
			var src any = halves
			if tc.dt == dtypes.Complex32 {
				// Each half as a real part and, shifted by one, as an
				// imaginary part.
				cs := make([]dtypes.HalfComplex, n)
				for i := range cs {
					cs[i] = dtypes.HalfComplex{Real: halves[i], Imag: halves[(i+1)%n]}
				}
				src = cs
			}
			in, err := thr.ToDevice(src)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Release()
			typ := core.ArrayOf(tc.dt.Arithmetic(), n)

			out, err := thr.Empty([]int{n}, tc.dt)
			if err != nil {
				t.Fatal(err)
			}
			defer out.Release()
			wide, err := thr.Empty([]int{n}, tc.dt.Arithmetic())
			if err != nil {
				t.Fatal(err)
			}
			defer wide.Release()
			for _, a := range []*cluda.Array{out, wide} {
				if err := a.Fill(0); err != nil {
					t.Fatal(err)
				}
			}
			if err := halfCopy(t, typ).Call(out, wide, in); err != nil {
				t.Fatal(err)
			}
			got := halvesOf(t, out)
			want := halvesOf(t, in)
			for i := range want {
				if !sameHalf(got[i], want[i]) {
					t.Fatalf("half %d (bits %#04x) came back as %#04x", i%n, uint16(want[i]), uint16(got[i]))
				}
			}
			gotWide := float32sOf(t, wide)
			for i, h := range want {
				if !sameFloat32(gotWide[i], h.Float32()) {
					t.Fatalf("half %#04x widened to %v, want %v", uint16(h), gotWide[i], h.Float32())
				}
			}
		})
	}
}

// halvesOf reads an array of float16 or complex32 as its halves, the real
// part of a complex first.
func halvesOf(t *testing.T, a *cluda.Array) []float16.Float16 {
	t.Helper()
	if a.DType() == dtypes.Float16 {
		out, err := cluda.Read[float16.Float16](a)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	cs, err := cluda.Read[dtypes.HalfComplex](a)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float16.Float16, 0, 2*len(cs))
	for _, c := range cs {
		out = append(out, c.Real, c.Imag)
	}
	return out
}

// float32sOf reads an array of float32 or complex64 as its float32 parts.
func float32sOf(t *testing.T, a *cluda.Array) []float32 {
	t.Helper()
	if a.DType() == dtypes.Float32 {
		out, err := cluda.Read[float32](a)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	cs, err := cluda.Read[complex64](a)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float32, 0, 2*len(cs))
	for _, c := range cs {
		out = append(out, real(c), imag(c))
	}
	return out
}

// narrowingCases returns float32 values that test ToHalf's rounding: every
// half, the float32s halfway between neighbouring halves (ties, which go to
// the even one), a float32 just either side of each of those, values beyond
// the range of a half, and random values of every magnitude.
func narrowingCases() []float32 {
	var out []float32
	halves := everyHalf()
	for i, h := range halves {
		out = append(out, h.Float32())
		next := float16.Float16(i + 1)
		if h.IsNaN() || h.IsInf(0) || next.IsNaN() || next.IsInf(0) || i+1 == 1<<15 || i+1 == 1<<16 {
			continue
		}
		mid := float32((float64(h.Float32()) + float64(next.Float32())) / 2)
		out = append(out, mid, math.Nextafter32(mid, float32(math.Inf(-1))), math.Nextafter32(mid, float32(math.Inf(1))))
	}
	out = append(out, 65519, 65520, -65520, 1e6, float32(math.MaxFloat32), 1e-10, -1e-10, float32(math.SmallestNonzeroFloat32))
	rng := rand.New(rand.NewPCG(16, 11))
	for range 1000 {
		out = append(out, math.Float32frombits(rng.Uint32()))
	}
	return out
}

// ToHalf rounds float32 values to the nearest half, ties to even, as
// IEEE 754 (and the host's float16.Fromfloat32) does: subnormal halves,
// infinities and overflows included.
func TestToHalfRounding(t *testing.T) {
	thr := thread(t)
	values := narrowingCases()
	n := len(values)
	for _, dt := range []dtypes.DType{dtypes.Float16, dtypes.Complex32} {
		t.Run(dt.String(), func(t *testing.T) {
			typ := core.ArrayOf(dt.Arithmetic(), n)
			comp := copyComputation(t, typ)
			trf, err := transformations.ToHalf(typ)
			connect(t, comp, "output", trf, err, "input", map[string]string{"output": "output_half"})
			c := compileOne(t, comp)

			var src any = values
			if dt == dtypes.Complex32 {
				cs := make([]complex64, n)
				for i := range cs {
					cs[i] = complex(values[i], -values[n-1-i])
				}
				src = cs
			}
			in, err := thr.ToDevice(src)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Release()
			out, err := thr.Empty([]int{n}, dt)
			if err != nil {
				t.Fatal(err)
			}
			defer out.Release()
			if err := c.Call(out, in); err != nil {
				t.Fatal(err)
			}
			got, parts := halvesOf(t, out), float32sOf(t, in)
			for i, v := range parts {
				if want := float16.Fromfloat32(v); !sameHalf(got[i], want) {
					t.Fatalf("%v (bits %#08x) narrowed to %#04x, want %#04x", v, math.Float32bits(v), uint16(got[i]), uint16(want))
				}
			}
		})
	}
}

// Views of halves that are strided, or whose complex32 elements are not
// aligned to 4 bytes, are read and written at the right places; the
// kernel reads and writes halves with the vload_half and vstore_half
// built-ins (their aligned forms where the layout keeps complex32 elements
// aligned), never through a pointer.
func TestHalfViews(t *testing.T) {
	thr := thread(t)
	const n = 100
	rng := rand.New(rand.NewPCG(16, 12))
	for _, tc := range []struct {
		name          string
		dt            dtypes.DType
		stride        int // bytes
		offset        int // bytes
		vload, vstore string
	}{
		{"float16 strided", dtypes.Float16, 6, 2, "vload_half(", "vstore_half_rte("},
		{"complex32 offset by one half", dtypes.Complex32, 4, 2, "vload_half2(0, (GLOBAL_MEM half *)", "vstore_half2_rte("},
		// Whole elements stay 4-byte aligned: one aligned word each.
		{"complex32 strided", dtypes.Complex32, 8, 4, "vloada_half2(", "vstorea_half2_rte("},
	} {
		t.Run(tc.name, func(t *testing.T) {
			halves := make([]float16.Float16, (tc.offset+n*tc.stride)/2)
			for i := range halves {
				halves[i] = float16.Fromfloat32(float32(rng.NormFloat64()))
			}
			buf, err := thr.ToDevice(halves)
			if err != nil {
				t.Fatal(err)
			}
			defer buf.Release()
			view, err := buf.View([]int{n}, tc.dt, []int{tc.stride}, tc.offset)
			if err != nil {
				t.Fatal(err)
			}
			outBuf, err := thr.Empty([]int{len(halves)}, dtypes.Float16)
			if err != nil {
				t.Fatal(err)
			}
			defer outBuf.Release()
			if err := outBuf.Fill(0); err != nil {
				t.Fatal(err)
			}
			outView, err := outBuf.View([]int{n}, tc.dt, []int{tc.stride}, tc.offset)
			if err != nil {
				t.Fatal(err)
			}
			typ := core.ArrayOf(tc.dt.Arithmetic(), n)
			comp := copyComputation(t, typ)
			trf, err := transformations.FromHalf(typ)
			connect(t, comp, "input", trf, err, "output", map[string]string{"input": "input_half"})
			trf, err = transformations.ToHalf(typ)
			connect(t, comp, "output", trf, err, "input", map[string]string{"output": "output_half"})
			// The half arrays get the views' layouts through Copy.
			layout, err := core.TypeOf(view)
			if err != nil {
				t.Fatal(err)
			}
			trf, err = transformations.Copy(layout)
			connect(t, comp, "input_half", trf, err, "output", map[string]string{"input": "input_view"})
			trf, err = transformations.Copy(layout)
			connect(t, comp, "output_half", trf, err, "input", map[string]string{"output": "output_view"})
			c := compileOne(t, comp)
			src := c.Kernels()[0].Source
			if !strings.Contains(src, tc.vload) || !strings.Contains(src, tc.vstore) {
				t.Errorf("the kernel does not read with %s and write with %s:\n%s", tc.vload, tc.vstore, src)
			}
			if err := c.Call(outView, view); err != nil {
				t.Fatal(err)
			}
			got, err := cluda.Read[float16.Float16](outBuf)
			if err != nil {
				t.Fatal(err)
			}
			per := tc.dt.Size() / 2
			for i := range halves {
				want := float16.Float16(0)
				if at := i*2 - tc.offset; at >= 0 && at%tc.stride < per*2 && at/tc.stride < n {
					want = halves[i]
				}
				if got[i] != want {
					t.Fatalf("half %d of the buffer is %v, want %v", i, got[i], want)
				}
			}
		})
	}
}

// The transformations that compute refuse half-precision arrays, whose
// values they would take for what they are not; those that move data
// take them.
func TestHalfArraysInOtherTransformations(t *testing.T) {
	h16, h32 := core.ArrayOf(dtypes.Float16, 4), core.ArrayOf(dtypes.Complex32, 4)
	f32 := core.ArrayOf(dtypes.Float32, 4)
	for _, tc := range []struct {
		name string
		make func() (*core.Transformation, error)
		ok   bool
	}{
		{"Abs", func() (*core.Transformation, error) { return transformations.Abs(h16) }, false},
		{"Conj", func() (*core.Transformation, error) { return transformations.Conj(h32) }, false},
		{"MulConst", func() (*core.Transformation, error) { return transformations.MulConst(h32, 2) }, false},
		{"AddParam", func() (*core.Transformation, error) { return transformations.AddParam(f32, dtypes.Float16) }, false},
		{"MulArray", func() (*core.Transformation, error) { return transformations.MulArray(f32, h16, nil) }, false},
		{"NormConst", func() (*core.Transformation, error) { return transformations.NormConst(h16, 2) }, false},
		{"NormParam", func() (*core.Transformation, error) { return transformations.NormParam(h16) }, false},
		{"Cast from", func() (*core.Transformation, error) { return transformations.Cast(h16, dtypes.Float64) }, false},
		{"Cast to", func() (*core.Transformation, error) { return transformations.Cast(f32, dtypes.Float16) }, false},
		{"SplitComplex", func() (*core.Transformation, error) { return transformations.SplitComplex(h32) }, false},
		{"RealToComplex", func() (*core.Transformation, error) { return transformations.RealToComplex(h16) }, false},
		{"BroadcastParam", func() (*core.Transformation, error) { return transformations.BroadcastParam(h16) }, false},
		{"Copy", func() (*core.Transformation, error) { return transformations.Copy(h32) }, true},
		{"Pad", func() (*core.Transformation, error) {
			return transformations.Pad(core.ArrayOf(dtypes.Complex32, 2), h32, nil)
		}, true},
		{"BroadcastConst", func() (*core.Transformation, error) { return transformations.BroadcastConst(h16, 1.5) }, true},
		{"Ignore", func() (*core.Transformation, error) { return transformations.Ignore(h16) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.make()
			if (err == nil) != tc.ok {
				t.Errorf("error %v, want ok %v", err, tc.ok)
			}
		})
	}
}

// FromHalf and ToHalf take float32 and complex64 arrays only.
func TestHalfErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		typ  core.Type
		want string
	}{
		{"float64", core.ArrayOf(dtypes.Float64, 4), "float32 or complex64"},
		{"complex128", core.ArrayOf(dtypes.Complex128, 4), "float32 or complex64"},
		{"int32", core.ArrayOf(dtypes.Int32, 4), "float32 or complex64"},
		{"already half", core.ArrayOf(dtypes.Complex32, 4), "float32 or complex64"},
		{"scalar", core.ScalarOf(dtypes.Float32), "scalar"},
		{"zero type", core.Type{}, "invalid dtype dtypes.DType(0)"},
	} {
		for _, ctor := range []struct {
			name string
			f    func(core.Type) (*core.Transformation, error)
		}{{"FromHalf", transformations.FromHalf}, {"ToHalf", transformations.ToHalf}} {
			t.Run(ctor.name+"/"+tc.name, func(t *testing.T) {
				_, err := ctor.f(tc.typ)
				if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), ctor.name) {
					t.Errorf("error %v, want one from %s naming %q", err, ctor.name, tc.want)
				}
			})
		}
	}
}
