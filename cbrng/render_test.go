package cbrng_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
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
