package cbrng_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// TestCBRNGRenderGPU renders the generators of the speed targets for the
// model GPU, without a device, and checks their kernel and launch: one
// work-item per generator in groups of 256, each taking whole outputs of
// the bijection and making all of its values in one loop.
func TestCBRNGRenderGPU(t *testing.T) {
	philox := bijection(t, "philox", 32, 4)
	shape := []int{256, 1 << 19}
	for _, tc := range []struct {
		name    string
		sampler func() (*cbrng.Sampler, error)
		source  []string // in the kernel
	}{
		{"uniform", func() (*cbrng.Sampler, error) { return cbrng.UniformFloat(philox, dtypes.Float32, 0, 1) },
			[]string{"for (VSIZE_T call = 0; call < 64; call++)", "_get_next_block(state)"}},
		{"normal", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(philox, dtypes.Float32, 0, 1) },
			[]string{"for (VSIZE_T call = 0; call < 64; call++)", "_get_next_block(state)", "native_cos(angle)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.sampler()
			if err != nil {
				t.Fatal(err)
			}
			rng, err := cbrng.NewCBRNG(core.ArrayOf(dtypes.Float32, shape...), 1, s, 1)
			if err != nil {
				t.Fatal(err)
			}
			r, err := rng.Render(cluda.ModelGPU())
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Kernels) != 1 {
				t.Fatalf("%d kernels, want 1", len(r.Kernels))
			}
			k := r.Kernels[0]
			if !slices.Equal(k.GlobalSize, []int{1 << 19}) || !slices.Equal(k.LocalSize, []int{256}) {
				t.Errorf("launch %v × %v, want [524288] × [256]", k.GlobalSize, k.LocalSize)
			}
			for _, want := range tc.source {
				if !strings.Contains(k.Source, want) {
					t.Errorf("the source lacks %q", want)
				}
			}
		})
	}
}

// TestCBRNGRenderCPU renders generators for the model CPU device and
// checks which kernel each takes: the lanes kernel, a work-item per 8
// generators storing whole vectors, for the uniform and normal samplers
// (real and complex), lane by lane through the store macro where a
// transformation is connected and in the last work-item where 8 does not
// divide the generators; the scalar kernel of the GPU for the others.
func TestCBRNGRenderCPU(t *testing.T) {
	philox := bijection(t, "philox", 32, 4)
	threefry := bijection(t, "threefry", 64, 4)
	uniform := func() (*cbrng.Sampler, error) { return cbrng.UniformFloat(philox, dtypes.Float32, 0, 1) }
	for _, tc := range []struct {
		name          string
		sampler       func() (*cbrng.Sampler, error)
		shape         []int
		scaled        bool
		global, local int
		source        []string // in the kernel
		absent        []string // not in the kernel
	}{
		{"uniform", uniform, []int{256, 1 << 19}, false, 1 << 16, 256,
			[]string{"for (VSIZE_T call = 0; call < 64; call++)", "_sample_lanes(key, &counter)", "vstore8(result.v[3], 0, "}, nil},
		{"normal", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(philox, dtypes.Float32, 0, 1) }, []int{256, 1 << 19}, false, 1 << 16, 256,
			[]string{"_sample_lanes(key, &counter)", "vstore8(", "native_cos(angle.s7)", "log(u.s0)"}, nil},
		{"double normal of Threefry 4×64", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(threefry, dtypes.Float64, 0, 1) }, []int{9, 64}, false, 8, 8,
			[]string{"typedef ulong8 ", "vstore8(", "cospi(angle.s0)"}, nil},
		{"a transformation", uniform, []int{13, 64}, true, 8, 8,
			[]string{"_sample_lanes(key, &counter)", "CBRNG_STORE(call * 4 + 0, generator + 7, result.v[0].s7);"}, []string{"vstore8("}},
		{"generators not a multiple of 8", uniform, []int{13, 1001}, false, 126, 126,
			[]string{"(VSIZE_T)1001 - generator", "if (valid == 8) { vstore8(result.v[0], 0, ", "if (7 < valid) { CBRNG_STORE(call * 4 + 0, generator + 7, result.v[0].s7); }"}, nil},
		{"complex normal", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(philox, dtypes.Complex64, 0, 1) }, []int{13, 64}, false, 8, 8,
			[]string{"_sample_lanes(key, &counter)", "vstore16(shuffle2(result.v[1], result.im[1], (uint16)(0, 8, 1, 9, "}, []string{"vstore8("}},
		{"complex normal and a transformation", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(philox, dtypes.Complex64, 0, 1) }, []int{13, 64}, true, 8, 8,
			[]string{"CBRNG_STORE(call * 2 + 1, generator + 7, COMPLEX_CTR(float2)(result.v[1].s7, result.im[1].s7));"}, []string{"vstore"}},
		{"gamma", func() (*cbrng.Sampler, error) { return cbrng.Gamma(philox, dtypes.Float32, 2.5, 1) }, []int{13, 64}, false, 64, 64,
			[]string{"_get_next_uint32(state)"}, []string{"_sample_lanes("}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.sampler()
			if err != nil {
				t.Fatal(err)
			}
			rt := core.ArrayOf(s.DType(), tc.shape...)
			rng, err := cbrng.NewCBRNG(rt, 1, s, 1)
			if err != nil {
				t.Fatal(err)
			}
			if tc.scaled {
				scale, err := transformations.MulConst(rt, 4)
				if err != nil {
					t.Fatal(err)
				}
				if err := rng.Connect("randoms", scale, "input", map[string]string{"output": "scaled"}); err != nil {
					t.Fatal(err)
				}
			}
			r, err := rng.Render(cluda.ModelCPU())
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Kernels) != 1 {
				t.Fatalf("%d kernels, want 1", len(r.Kernels))
			}
			k := r.Kernels[0]
			if !slices.Equal(k.GlobalSize, []int{tc.global}) || !slices.Equal(k.LocalSize, []int{tc.local}) {
				t.Errorf("launch %v × %v, want [%d] × [%d]", k.GlobalSize, k.LocalSize, tc.global, tc.local)
			}
			for _, want := range tc.source {
				if !strings.Contains(k.Source, want) {
					t.Errorf("the source lacks %q", want)
				}
			}
			for _, bad := range tc.absent {
				if strings.Contains(k.Source, bad) {
					t.Errorf("the source has %q", bad)
				}
			}
		})
	}
}
