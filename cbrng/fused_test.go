package cbrng_test

import (
	"math"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// fusedShape is the shape of randoms of the layout and transformation
// tests: 4 values for each of 3×5 generators.
var fusedShape = []int{4, 3, 5}

// expectedUniform returns the values and the counters after one call of a
// uniform float32 sampler in [0, 1) of b over fusedShape with 2 generator
// axes, from zero counters, computed on the host.
func expectedUniform(t *testing.T, b *cbrng.Bijection, keys *cbrng.KeyGenerator) (values []float32, counters []uint64) {
	t.Helper()
	batch, gens := fusedShape[0], fusedShape[1]*fusedShape[2]
	values = make([]float32, batch*gens)
	for g := range gens {
		s := newHostStream(b, keys.Key(uint32(g)), make([]uint64, b.CounterWords()))
		for i, v := range s.uniformFloat32(t, batch) {
			values[i*gens+g] = v
		}
		counters = append(counters, s.counter...)
	}
	return values, counters
}

// TestCBRNGTransformations connects a scale to randoms, and copies to
// both sides of counters, so that the counters a call starts from stay
// as they are and the ones it ends at go to another array; the kernel is
// the one of the bare generator, and the values are the bare ones scaled.
func TestCBRNGTransformations(t *testing.T) {
	thr := cludatest.Thread(t)
	b, err := cbrng.Threefry(32, 4, cbrng.ThreefryRounds)
	if err != nil {
		t.Fatal(err)
	}
	s, err := cbrng.UniformFloat(b, dtypes.Float32, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	rt := core.ArrayOf(dtypes.Float32, fusedShape...)
	rng, err := cbrng.NewCBRNG(rt, 2, s, 7)
	if err != nil {
		t.Fatal(err)
	}
	ct := rng.CountersType()
	connect := func(param string, trf *core.Transformation, err error, connector string, names map[string]string) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if err := rng.Connect(param, trf, connector, names); err != nil {
			t.Fatal(err)
		}
	}
	scale, err := transformations.MulConst(rt, 4)
	connect("randoms", scale, err, "input", map[string]string{"output": "scaled"})
	start, err := transformations.Copy(ct)
	connect("counters", start, err, "output", map[string]string{"input": "start"})
	next, err := transformations.Copy(ct)
	connect("counters", next, err, "input", map[string]string{"output": "next"})
	if got := rng.Signature().Names(); !slices.Equal(got, []string{"next", "start", "scaled"}) {
		t.Fatalf("signature %v, want [next start scaled]", got)
	}
	call, err := rng.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer call.Release()
	if n := len(call.Kernels()); n != 1 {
		t.Errorf("%d kernels, want the one of the bare generator", n)
	}

	want, wantCounters := expectedUniform(t, b, rng.KeyGenerator())
	startArr, err := rng.Counters(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer startArr.Release()
	nextArr, err := thr.Empty(ct.Shape(), ct.DType())
	if err != nil {
		t.Fatal(err)
	}
	defer nextArr.Release()
	out, err := thr.Empty(fusedShape, dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if err := out.Fill(float32(math.NaN())); err != nil {
		t.Fatal(err)
	}
	if err := call.Call(nextArr, startArr, out); err != nil {
		t.Fatal(err)
	}
	got, err := cluda.Read[float32](out)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if got[i] != 4*want[i] {
			t.Fatalf("value %d: %v, want 4 × %v", i, got[i], want[i])
		}
	}
	if c := readWords(t, startArr); slices.ContainsFunc(c, func(w uint64) bool { return w != 0 }) {
		t.Errorf("the start counters changed: %x", c)
	}
	if c := readWords(t, nextArr); !slices.Equal(c, wantCounters) {
		t.Errorf("next counters %x, want %x", c, wantCounters)
	}
}

// TestCBRNGLayouts generates into arrays with strides and offsets, and
// checks that every value lands where it would in a contiguous array.
func TestCBRNGLayouts(t *testing.T) {
	thr := cludatest.Thread(t)
	b, err := cbrng.Philox(64, 2, cbrng.PhiloxRounds)
	if err != nil {
		t.Fatal(err)
	}
	s, err := cbrng.UniformFloat(b, dtypes.Float32, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		strides []int // in elements
		offset  int   // in elements
	}{
		{"column-major with an offset", []int{1, 4, 12}, 3},
		{"every other row of a wider array", []int{2 * 3 * 7, 7, 1}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bytes := make([]int, len(tc.strides))
			span := tc.offset
			for i, st := range tc.strides {
				bytes[i] = 4 * st
				span += (fusedShape[i] - 1) * st
			}
			rt, err := core.NewArrayType(dtypes.Float32, fusedShape, bytes, 4*tc.offset)
			if err != nil {
				t.Fatal(err)
			}
			rng, err := cbrng.NewCBRNG(rt, 2, s, 11)
			if err != nil {
				t.Fatal(err)
			}
			call, err := rng.Compile(thr)
			if err != nil {
				t.Fatal(err)
			}
			defer call.Release()
			counters, err := rng.Counters(thr)
			if err != nil {
				t.Fatal(err)
			}
			defer counters.Release()
			whole, err := thr.Empty([]int{span + 1}, dtypes.Float32)
			if err != nil {
				t.Fatal(err)
			}
			defer whole.Release()
			if err := whole.Fill(float32(-1)); err != nil {
				t.Fatal(err)
			}
			view, err := whole.View(fusedShape, dtypes.Float32, bytes, 4*tc.offset)
			if err != nil {
				t.Fatal(err)
			}
			if err := call.Call(counters, view); err != nil {
				t.Fatal(err)
			}
			mem, err := cluda.Read[float32](whole)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := expectedUniform(t, b, rng.KeyGenerator())
			written := 0
			for i := range fusedShape[0] {
				for j := range fusedShape[1] {
					for k := range fusedShape[2] {
						at := tc.offset + i*tc.strides[0] + j*tc.strides[1] + k*tc.strides[2]
						if w := want[(i*fusedShape[1]+j)*fusedShape[2]+k]; mem[at] != w {
							t.Fatalf("element (%d, %d, %d): %v, want %v", i, j, k, mem[at], w)
						}
						written++
					}
				}
			}
			untouched := 0
			for _, v := range mem {
				if v == -1 {
					untouched++
				}
			}
			if untouched != len(mem)-written {
				t.Errorf("%d elements outside the array changed", len(mem)-written-untouched)
			}
		})
	}
}
