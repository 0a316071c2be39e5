package fft_test

import (
	"reflect"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

// TestFFTRenderMatchesCompile checks that a plan rendered for the test
// device's parameters, without the device, is the plan compiled on it:
// the same kernels with the same complete sources and launch sizes. The
// golden plans rely on it.
func TestFFTRenderMatchesCompile(t *testing.T) {
	thr := cludatest.Thread(t)
	tests := []struct {
		name string
		c    goldenCase
	}{
		{"one pass", goldenFFT(dtypes.Complex64, []int{4, 1024}, []int{1})},
		{"radices 2, 3, 5", goldenFFT(dtypes.Complex64, []int{3, 1000}, []int{1})},
		{"two passes", goldenFFT(dtypes.Complex64, []int{2, 65536}, []int{1})},
		{"Bluestein", goldenFFT(dtypes.Complex64, []int{2, 97}, []int{1})},
		{"three axes", goldenFFT(dtypes.Complex64, []int{4, 8, 16}, []int{0, 1, 2})},
		{"double precision", goldenFFT(dtypes.Complex128, []int{2, 64}, []int{1})},
		{"fused pipeline", goldenPipeline(256)},
	}
	const benchBytes = 4 << 10 // small batches: the pipeline compiles in a moment
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			comp, _, err := tt.c.make(thr.Params(), benchBytes)
			if err != nil {
				t.Fatal(err)
			}
			rendered, err := comp.Render(thr.Params())
			if err != nil {
				t.Fatal(err)
			}
			c, err := comp.Compile(thr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			if !reflect.DeepEqual(rendered.Signature, c.Signature()) {
				t.Errorf("rendered signature %v, compiled %v", rendered.Signature, c.Signature())
			}
			compiled := c.Kernels()
			if len(rendered.Kernels) != len(compiled) {
				t.Fatalf("%d kernels rendered, %d compiled", len(rendered.Kernels), len(compiled))
			}
			for i, k := range compiled {
				r := rendered.Kernels[i]
				if r.FullSource != k.FullSource {
					t.Errorf("kernel %s: the rendered source differs from the compiled one:\n%s", k.Name, diffSummary(k.FullSource, r.FullSource))
				}
				if r.Source != k.Source {
					t.Errorf("kernel %s: the rendered kernel source differs from the compiled one", k.Name)
				}
				r.FullSource, r.Source, k.FullSource, k.Source = "", "", "", ""
				if !reflect.DeepEqual(r, k) {
					t.Errorf("kernel %d: rendered %+v, compiled %+v", i, r, k)
				}
			}
			if got, want := len(rendered.PersistentArrays), len(c.PersistentArrays()); got != want {
				t.Errorf("%d persistent arrays rendered, %d compiled", got, want)
			}
		})
	}
}
