package cbrng_test

import (
	"math"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestErrors checks that every kind of bad argument gives an error that
// names the problem.
func TestErrors(t *testing.T) {
	p4x32 := bijection(t, "philox", 32, 4)
	p2x32 := bijection(t, "philox", 32, 2)
	t4x64 := bijection(t, "threefry", 64, 4)
	uniform, err := cbrng.UniformFloat(p4x32, dtypes.Float32, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	otherKeys, err := cbrng.NewKeyGenerator(t4x64, 1, true)
	if err != nil {
		t.Fatal(err)
	}
	f32 := func(shape ...int) core.Type { return core.ArrayOf(dtypes.Float32, shape...) }
	for _, tc := range []struct {
		name string
		err  func() error
		want string
	}{
		{"philox words of 16 bits", func() error { _, err := cbrng.Philox(16, 4, 10); return err }, "words of 16 bits"},
		{"philox of 3 words", func() error { _, err := cbrng.Philox(32, 3, 10); return err }, "3 words in a counter"},
		{"philox of 0 rounds", func() error { _, err := cbrng.Philox(32, 4, 0); return err }, "0 rounds (from 1 to 16)"},
		{"philox of 17 rounds", func() error { _, err := cbrng.Philox(64, 2, 17); return err }, "17 rounds"},
		{"threefry2x32 of 33 rounds", func() error { _, err := cbrng.Threefry(32, 2, 33); return err }, "33 rounds (from 1 to 32)"},
		{"threefry4x64 of 73 rounds", func() error { _, err := cbrng.Threefry(64, 4, 73); return err }, "73 rounds (from 1 to 72)"},
		{"threefry of 8 words", func() error { _, err := cbrng.Threefry(64, 8, 20); return err }, "8 words"},
		{"reserved id space in a 32-bit key", func() error { _, err := cbrng.NewKeyGenerator(p2x32, 1, true); return err }, "cannot reserve 32"},
		{"key generator of no bijection", func() error { _, err := cbrng.NewKeyGenerator(nil, 1, false); return err }, "nil bijection"},
		{"host bijection of a short key", func() error { _, err := p4x32.Apply([]uint64{1}, []uint64{1, 2, 3, 4}); return err }, "a key of 2 words"},
		{"host bijection of a wide word", func() error { _, err := p4x32.Apply([]uint64{1, 1 << 32}, []uint64{1, 2, 3, 4}); return err }, "more than 32 bits"},

		{"uniform float of int32", func() error { _, err := cbrng.UniformFloat(p4x32, dtypes.Int32, 0, 1); return err }, "must be float32 or float64"},
		{"uniform float without a bijection", func() error { _, err := cbrng.UniformFloat(nil, dtypes.Float32, 0, 1); return err }, "nil bijection"},
		{"uniform float, low = high", func() error { _, err := cbrng.UniformFloat(p4x32, dtypes.Float32, 1, 1); return err }, "low 1 must be below high 1"},
		{"uniform float, low > high", func() error { _, err := cbrng.UniformFloat(p4x32, dtypes.Float64, 2, 1); return err }, "must be below"},
		{"uniform float, equal in float32", func() error { _, err := cbrng.UniformFloat(p4x32, dtypes.Float32, 1, 1+1e-9); return err }, "must be below"},
		{"uniform float, NaN", func() error { _, err := cbrng.UniformFloat(p4x32, dtypes.Float32, math.NaN(), 1); return err }, "must be finite"},
		{"uniform float, infinite", func() error { _, err := cbrng.UniformFloat(p4x32, dtypes.Float64, 0, math.Inf(1)); return err }, "must be finite"},
		{"uniform float, beyond float32", func() error { _, err := cbrng.UniformFloat(p4x32, dtypes.Float32, 0, 1e39); return err }, "overflows float32"},
		{"uniform float, width beyond float32", func() error { _, err := cbrng.UniformFloat(p4x32, dtypes.Float32, -3e38, 3e38); return err }, "width"},

		{"normal of int64", func() error { _, err := cbrng.NormalBM(p4x32, dtypes.Int64, 0, 1); return err }, "must be float32, float64, complex64 or complex128"},
		{"normal, complex mean of a real dtype", func() error { _, err := cbrng.NormalBM(p4x32, dtypes.Float32, 1i, 1); return err }, "is complex"},
		{"normal, negative deviation", func() error { _, err := cbrng.NormalBM(p4x32, dtypes.Float32, 0, -1); return err }, "negative"},
		{"normal, NaN mean", func() error { _, err := cbrng.NormalBM(p4x32, dtypes.Float64, complex(math.NaN(), 0), 1); return err }, "not a finite"},

		{"uniform integer of float32", func() error { _, err := cbrng.UniformInteger(p4x32, dtypes.Float32, 0, 5); return err }, "must be int32, int64, uint32 or uint64"},
		{"uniform integer, low = high", func() error { _, err := cbrng.UniformInteger(p4x32, dtypes.Int32, 5, 5); return err }, "low 5 must be below high 5"},
		{"uniform integer beyond int32", func() error { _, err := cbrng.UniformInteger(p4x32, dtypes.Int32, 0, 1<<31+1); return err }, "outside the range of int32"},
		{"uniform integer, negative uint32", func() error { _, err := cbrng.UniformInteger(p4x32, dtypes.Uint32, -1, 5); return err }, "outside the range of uint32"},

		{"gamma of complex64", func() error { _, err := cbrng.Gamma(p4x32, dtypes.Complex64, 1, 1); return err }, "must be float32 or float64"},
		{"gamma of shape 0", func() error { _, err := cbrng.Gamma(p4x32, dtypes.Float32, 0, 1); return err }, "must be positive"},
		{"gamma of negative scale", func() error { _, err := cbrng.Gamma(p4x32, dtypes.Float32, 1, -1); return err }, "must be positive"},
		{"gamma of infinite shape", func() error { _, err := cbrng.Gamma(p4x32, dtypes.Float64, math.Inf(1), 1); return err }, "not a finite"},

		{"von Mises of int32", func() error { _, err := cbrng.VonMises(p4x32, dtypes.Int32, 0, 1); return err }, "must be float32 or float64"},
		{"von Mises of kappa 0", func() error { _, err := cbrng.VonMises(p4x32, dtypes.Float32, 0, 0); return err }, "must be positive"},
		{"von Mises of kappa NaN", func() error { _, err := cbrng.VonMises(p4x32, dtypes.Float64, 0, math.NaN()); return err }, "kappa NaN must be positive and finite"},
		{"von Mises of infinite kappa", func() error { _, err := cbrng.VonMises(p4x32, dtypes.Float32, 0, math.Inf(1)); return err }, "kappa +Inf must be positive and finite"},
		{"von Mises of a mu beyond float32", func() error { _, err := cbrng.VonMises(p4x32, dtypes.Float32, 1e39, 1); return err }, "mu 1e+39 is not a finite float32"},

		{"CBRNG without a sampler", func() error { _, err := cbrng.NewCBRNG(f32(4), 1, nil, 1); return err }, "nil sampler"},
		{"CBRNG of a scalar", func() error { _, err := cbrng.NewCBRNG(core.ScalarOf(dtypes.Float32), 1, uniform, 1); return err }, "scalar type"},
		{"CBRNG of another dtype", func() error { _, err := cbrng.NewCBRNG(core.ArrayOf(dtypes.Float64, 4), 1, uniform, 1); return err }, "the dtypes must be the same"},
		{"CBRNG of 0 generator axes", func() error { _, err := cbrng.NewCBRNG(f32(4, 5), 0, uniform, 1); return err }, "0 generator axes"},
		{"CBRNG of more generator axes than axes", func() error { _, err := cbrng.NewCBRNG(f32(4, 5), 3, uniform, 1); return err }, "3 generator axes for an array of 2"},
		{"CBRNG of too many generators", func() error { _, err := cbrng.NewCBRNG(f32(1<<17, 1<<16), 2, uniform, 1); return err }, "more than the 4294967296"},
		{"CBRNG with keys of another bijection", func() error { _, err := cbrng.NewCBRNGWithKeys(f32(4), 1, uniform, otherKeys); return err }, "must share the bijection"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.err()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestCallErrors checks that a call with counters of the wrong shape or
// dtype is an error.
func TestCallErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	s, err := cbrng.UniformFloat(bijection(t, "philox", 32, 4), dtypes.Float32, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	rng, call, _, randoms := compileRNG(t, thr, core.ArrayOf(dtypes.Float32, 6, 5), 1, s, 1)
	if got := rng.CountersType(); !got.SameShape(core.ArrayOf(dtypes.Uint32, 5, 4)) || got.DType() != dtypes.Uint32 {
		t.Fatalf("counters type %v, want uint32 of 5×4", got)
	}
	for _, tc := range []struct {
		name  string
		shape []int
		dt    dtypes.DType
	}{
		{"counters of one generator too few", []int{4, 4}, dtypes.Uint32},
		{"counters without the word axis", []int{5}, dtypes.Uint32},
		{"counters of 64-bit words", []int{5, 4}, dtypes.Uint64},
		{"counters of float32", []int{5, 4}, dtypes.Float32},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad, err := thr.Zeros(tc.shape, tc.dt)
			if err != nil {
				t.Fatal(err)
			}
			defer bad.Release()
			if err := call.Call(bad, randoms); err == nil || !strings.Contains(err.Error(), "counters") {
				t.Errorf("call with counters %v of %v: %v, want an error naming the counters", tc.shape, tc.dt, err)
			}
		})
	}
}
