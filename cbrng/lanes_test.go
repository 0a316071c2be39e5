package cbrng

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// lanesShape is a shape of the lanes tests: the randoms, the generators'
// axes, whether a transformation (a product by 4, exact) is connected to
// the randoms, and the generators of a work-item the plan must choose.
type lanesShape struct {
	name    string
	shape   []int
	gensDim int
	scaled  bool
	lanes   int
}

var lanesShapes = []lanesShape{
	{"64 generators", []int{13, 64}, 1, false, cbrngLanes},
	{"a batch below one call", []int{1, 24}, 1, false, cbrngLanes},
	{"two generator axes", []int{5, 4, 6}, 2, false, cbrngLanes},
	{"no batch axis", []int{40}, 1, false, cbrngLanes},
	{"generators not a multiple of the lanes", []int{9, 1001}, 1, false, cbrngLanes},
	{"fewer generators than lanes", []int{6, 3}, 1, false, cbrngLanes},
	{"a transformation", []int{13, 64}, 1, true, cbrngLanes},
	{"a transformation, generators not a multiple of the lanes", []int{7, 2, 11}, 2, true, cbrngLanes},
}

// lanesSampler makes a sampler of the lanes tests for a bijection; host
// marks the uniform samplers in [0, 1), whose values the test computes on
// the host as well.
type lanesSampler struct {
	name string
	make func(b *Bijection) (*Sampler, error)
	host bool
}

func uniformLanes(dt dtypes.DType, low, high float64) lanesSampler {
	return lanesSampler{fmt.Sprintf("uniform_%v_%g_%g", dt, low, high), func(b *Bijection) (*Sampler, error) {
		return UniformFloat(b, dt, low, high)
	}, low == 0 && high == 1}
}

func normalLanes(dt dtypes.DType, mean, std float64) lanesSampler {
	return lanesSampler{fmt.Sprintf("normal_%v_%g_%g", dt, mean, std), func(b *Bijection) (*Sampler, error) {
		return NormalBM(b, dt, complex(mean, 0), std)
	}, false}
}

func complexNormalLanes(dt dtypes.DType, mean complex128, std float64) lanesSampler {
	return lanesSampler{fmt.Sprintf("normal_%v_%g_%g", dt, mean, std), func(b *Bijection) (*Sampler, error) {
		return NormalBM(b, dt, mean, std)
	}, false}
}

// TestCBRNGLanes runs the lanes kernel of the CPU device and the scalar
// kernel on the same counters (which carry from word to word within the
// call) and compares their values and the counters they leave bit for
// bit; the uniform values in [0, 1) are compared with the host's
// bijection as well. The outputs are poisoned before each run.
func TestCBRNGLanes(t *testing.T) {
	thr := cludatest.Thread(t)
	if !thr.Params().IsCPU() {
		t.Skipf("%s is not a CPU device: it has no lanes kernel", thr.Params().Name)
	}
	type pair struct {
		family      string
		bits, words int
		samplers    []lanesSampler
		shapes      []lanesShape
	}
	common := []lanesSampler{uniformLanes(dtypes.Float32, 0, 1), normalLanes(dtypes.Float32, 0, 1)}
	double := []lanesSampler{uniformLanes(dtypes.Float64, 0, 1), normalLanes(dtypes.Float64, 0, 1)}
	scaled := []lanesSampler{
		uniformLanes(dtypes.Float32, -2, 3), normalLanes(dtypes.Float32, 1, 2), normalLanes(dtypes.Float64, -1, 0.5),
	}
	complexes := []lanesSampler{
		complexNormalLanes(dtypes.Complex64, 0, 1), complexNormalLanes(dtypes.Complex64, complex(1, -2), 2),
		complexNormalLanes(dtypes.Complex128, complex(-1, 0.5), 0.5),
	}
	pairs := []pair{
		{familyPhilox, 32, 4, common, lanesShapes},
		{familyPhilox, 32, 4, double, lanesShapes[:1]},
		{familyPhilox, 32, 4, scaled, lanesShapes[:1]},
		{familyPhilox, 32, 4, complexes, []lanesShape{lanesShapes[0], lanesShapes[4], lanesShapes[len(lanesShapes)-1]}},
		{familyThreefry, 64, 4, slices.Concat(common, double), []lanesShape{lanesShapes[0], lanesShapes[len(lanesShapes)-1]}},
	}
	if !testing.Short() {
		for _, bw := range [][3]int{{0, 32, 2}, {0, 64, 2}, {0, 64, 4}, {1, 32, 2}, {1, 32, 4}, {1, 64, 2}} {
			pairs = append(pairs, pair{[]string{familyPhilox, familyThreefry}[bw[0]], bw[1], bw[2], common, lanesShapes[:1]})
		}
	}
	for _, p := range pairs {
		b, err := newBijection(p.family, p.bits, p.words, map[string]int{familyPhilox: PhiloxRounds, familyThreefry: ThreefryRounds}[p.family])
		if err != nil {
			t.Fatal(err)
		}
		for _, ls := range p.samplers {
			s, err := ls.make(b)
			if err != nil {
				t.Fatal(err)
			}
			for _, sh := range p.shapes {
				t.Run(fmt.Sprintf("%s/%s/%s", b.Name(), ls.name, sh.name), func(t *testing.T) {
					checkLanes(t, thr, s, sh, ls.host)
				})
			}
		}
	}
}

// checkLanes generates the randoms of shape sh with s by the lanes kernel
// (where the plan takes it) and by the scalar kernel, and compares them.
func checkLanes(t *testing.T, thr *cluda.Thread, s *Sampler, sh lanesShape, host bool) {
	rt := core.ArrayOf(s.dtype, sh.shape...)
	const seed = 1234
	var values [2][]uint64
	var counters [2][]uint64
	start := lanesCounters(s.bijection, generatorCount(rt, sh.gensDim))
	for i, noLanes := range []bool{false, true} {
		rng, err := NewCBRNG(rt, sh.gensDim, s, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng.noLanes = noLanes
		if sh.scaled {
			scale, err := transformations.MulConst(rt, 4)
			if err != nil {
				t.Fatal(err)
			}
			if err := rng.Connect("randoms", scale, "input", map[string]string{"output": "scaled"}); err != nil {
				t.Fatal(err)
			}
		}
		call, err := rng.Compile(thr)
		if err != nil {
			t.Fatal(err)
		}
		defer call.Release()
		ks := call.Kernels()
		if len(ks) != 1 {
			t.Fatalf("%d kernels, want 1", len(ks))
		}
		lanes := sh.lanes
		if noLanes {
			lanes = 1
		}
		if got := ks[0].GlobalSize; !slices.Equal(got, []int{(generatorCount(rt, sh.gensDim) + lanes - 1) / lanes}) {
			t.Errorf("noLanes %v: %v work-items, want one per %d generators", noLanes, got, lanes)
		}
		if hasLanes := strings.Contains(ks[0].Source, "_sample_lanes("); hasLanes != (lanes > 1) {
			t.Errorf("noLanes %v: the lanes kernel is there: %v, want %v", noLanes, hasLanes, lanes > 1)
		}
		vstore := "vstore8("
		if s.dtype.IsComplex() {
			vstore = "vstore16(shuffle2("
		}
		if direct := strings.Contains(ks[0].Source, vstore); direct != (lanes > 1 && !sh.scaled) {
			t.Errorf("noLanes %v: %s is there: %v, want %v", noLanes, vstore, direct, lanes > 1 && !sh.scaled)
		}
		cs, err := thr.ToDevice(wordsOfBijection(s.bijection, start), rng.CountersType().Shape()...)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Release()
		out, err := thr.Empty(rt.Shape(), rt.DType())
		if err != nil {
			t.Fatal(err)
		}
		defer out.Release()
		if err := poison(out); err != nil {
			t.Fatal(err)
		}
		if err := call.Call(cs, out); err != nil {
			t.Fatal(err)
		}
		if values[i], err = readBits(out); err != nil {
			t.Fatal(err)
		}
		if counters[i], err = readCounterWords(cs); err != nil {
			t.Fatal(err)
		}
	}
	for j := range values[0] {
		if isPoison(s.dtype, values[0][j]) {
			t.Fatalf("value %d: the lanes kernel left the poison", j)
		}
		if values[0][j] != values[1][j] {
			t.Fatalf("value %d: %#x by the lanes kernel, %#x by the scalar kernel", j, values[0][j], values[1][j])
		}
	}
	if !slices.Equal(counters[0], counters[1]) {
		t.Errorf("counters %x by the lanes kernel, %x by the scalar kernel", counters[0], counters[1])
	}
	if host {
		checkUniformHost(t, s, rt, sh, seed, start, values[0], counters[0])
	}
}

// lanesCounters returns the starting counters of gens generators, row by
// row: word 0 a few steps below its largest value, so that the call
// carries into word 1, which is at its largest value in every other
// generator, so that the carry goes on to word 2 there.
func lanesCounters(b *Bijection, gens int) []uint64 {
	words := make([]uint64, 0, gens*b.counterWords)
	for g := range gens {
		row := make([]uint64, b.counterWords)
		row[0] = b.mask() - uint64(g%5)
		row[1] = uint64(g)
		if g%2 == 0 && b.counterWords > 2 {
			row[1] = b.mask()
		}
		words = append(words, row...)
	}
	return words
}

// wordsOfBijection returns words as a slice of b's word type.
func wordsOfBijection(b *Bijection, words []uint64) any {
	if b.bits == 64 {
		return slices.Clone(words)
	}
	w := make([]uint32, len(words))
	for i, x := range words {
		w[i] = uint32(x)
	}
	return w
}

// readCounterWords reads a counters array as uint64 words.
func readCounterWords(a *cluda.Array) ([]uint64, error) {
	if a.DType() == dtypes.Uint64 {
		return cluda.Read[uint64](a)
	}
	w, err := cluda.Read[uint32](a)
	if err != nil {
		return nil, err
	}
	words := make([]uint64, len(w))
	for i, x := range w {
		words[i] = uint64(x)
	}
	return words, nil
}

// poison fills a with NaN, which no sampler of the tests gives.
func poison(a *cluda.Array) error {
	nan := math.NaN()
	switch a.DType() {
	case dtypes.Float32:
		return a.Fill(float32(nan))
	case dtypes.Complex64:
		return a.Fill(complex(float32(nan), float32(nan)))
	case dtypes.Complex128:
		return a.Fill(complex(nan, nan))
	}
	return a.Fill(nan)
}

// isPoison reports whether the bits of a value of dt are a NaN, the
// poison.
func isPoison(dt dtypes.DType, bits uint64) bool {
	if dt.Real() == dtypes.Float32 {
		return math.IsNaN(float64(math.Float32frombits(uint32(bits))))
	}
	return math.IsNaN(math.Float64frombits(bits))
}

// readBits reads an array of float32, float64, complex64 or complex128
// as the bits of its values, the real and imaginary parts of a complex
// value in turn.
func readBits(a *cluda.Array) ([]uint64, error) {
	var bits []uint64
	switch a.DType() {
	case dtypes.Float64:
		v, err := cluda.Read[float64](a)
		for _, x := range v {
			bits = append(bits, math.Float64bits(x))
		}
		return bits, err
	case dtypes.Complex64:
		v, err := cluda.Read[complex64](a)
		for _, x := range v {
			bits = append(bits, uint64(math.Float32bits(real(x))), uint64(math.Float32bits(imag(x))))
		}
		return bits, err
	case dtypes.Complex128:
		v, err := cluda.Read[complex128](a)
		for _, x := range v {
			bits = append(bits, math.Float64bits(real(x)), math.Float64bits(imag(x)))
		}
		return bits, err
	}
	v, err := cluda.Read[float32](a)
	for _, x := range v {
		bits = append(bits, uint64(math.Float32bits(x)))
	}
	return bits, err
}

// checkUniformHost checks the values of a uniform sampler in [0, 1)
// (times 4 where sh connects the product) and the counters the call left
// against the host's bijection, keys and counters.
func checkUniformHost(t *testing.T, s *Sampler, rt core.Type, sh lanesShape, seed uint64, start []uint64, got, gotCounters []uint64) {
	t.Helper()
	b := s.bijection
	keys, err := newDefaultKeyGenerator(b, seed)
	if err != nil {
		t.Fatal(err)
	}
	gens := generatorCount(rt, sh.gensDim)
	batch := rt.Size() / gens
	n := b.counterWords
	want := make([]uint64, len(got))
	wantCounters := make([]uint64, len(gotCounters))
	for g := range gens {
		counter := slices.Clone(start[g*n : (g+1)*n])
		var u32 []uint32
		for len(u32) < batch*uint32PerValue(s.dtype) {
			out, err := b.Apply(keys.Key(uint32(g)), counter)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range out {
				u32 = append(u32, uint32(w))
				if b.bits == 64 {
					u32 = append(u32, uint32(w>>32))
				}
			}
			for i := range counter {
				counter[i] = (counter[i] + 1) & b.mask()
				if counter[i] != 0 {
					break
				}
			}
		}
		copy(wantCounters[g*n:], counter)
		for k := range batch {
			var v float64
			if s.dtype == dtypes.Float32 {
				v = float64(float32(u32[k]>>8) * 0x1p-24)
			} else {
				v = float64((uint64(u32[2*k+1])<<32|uint64(u32[2*k]))>>11) * 0x1p-53
			}
			if sh.scaled {
				v *= 4
			}
			if s.dtype == dtypes.Float32 {
				want[k*gens+g] = uint64(math.Float32bits(float32(v)))
			} else {
				want[k*gens+g] = math.Float64bits(v)
			}
		}
	}
	for j := range want {
		if got[j] != want[j] {
			t.Fatalf("value %d: %#x, want %#x from the host's bijection", j, got[j], want[j])
		}
	}
	if !slices.Equal(gotCounters, wantCounters) {
		t.Errorf("counters %x, want %x from the host", gotCounters, wantCounters)
	}
}
