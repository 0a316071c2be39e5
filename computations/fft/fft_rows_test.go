package fft_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// TestStagedRowsAddressing checks which staged loads and stores of the
// register kernel address a tile's elements directly (tile_at + e0, the
// ends of fftPassEnd.Rows): only where the transform takes whole rows of
// the last axis that lie one after the other and the array is reached
// without a transformation. Anything else keeps the indices of the end,
// which a transformation or an axis with elements after it needs. That
// the direct addressing computes the transform is TestFFTPlanVariants'
// part (the cases of 361 and 289 on a GPU's budget).
func TestStagedRowsAddressing(t *testing.T) {
	const n = 361 // two stages of 19: a staged load and a staged store on a GPU
	cases := []struct {
		name        string
		shape, axes []int
		scaleInput  bool // a transformation on the input
		want        int  // kernels whose source has tile_at
		guard       bool // the last tile is shorter: tile_end depends on first
	}{
		{"rows", []int{4098, n}, []int{1}, false, 1, false},
		{"rows of a 3-D array", []int{7, 512, n}, []int{2}, false, 1, true},
		{"a tile past the last row", []int{4099, n}, []int{1}, false, 1, true},
		{"an axis with elements after it", []int{n, 64}, []int{0}, false, 0, false},
		{"a transformation on the input", []int{4098, n}, []int{1}, true, 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			typ := core.ArrayOf(dtypes.Complex64, c.shape...)
			plan := renderFFT(t, cluda.ModelGPU(), typ, c.axes, c.scaleInput)
			got := 0
			for _, k := range plan.Kernels {
				if strings.Contains(k.Source, "tile_at") {
					got++
					// A transformation on the input leaves the store to the
					// rows and the load to the indices.
					loads := strings.Contains(k.Source, "FFT_LOAD_ELEM(0, tile_at + e0, 0)")
					stores := strings.Contains(k.Source, "FFT_STORE_ELEM(0, tile_at + e0, 0,")
					if loads == c.scaleInput || !stores {
						t.Errorf("%s: direct load %v, direct store %v", k.Name, loads, stores)
					}
				}
			}
			// The last group's tile is guarded where the rows are not a
			// multiple of the tile.
			rows := typ.Size() / n
			guarded := strings.Contains(plan.Kernels[0].Source, fmt.Sprintf("(%d - first <", rows))
			if c.want > 0 && guarded != c.guard {
				t.Errorf("the last tile guarded: %v, want %v", guarded, c.guard)
			}
			if got != c.want {
				t.Errorf("%d kernels address the tile's rows directly, want %d", got, c.want)
			}
		})
	}
}

// TestLinearEndsAddressing checks which register kernels reach their
// ends from an address computed once (src_at and dst_at,
// fftPassEnd.Linear): on a CPU device, the two passes of the register
// kernel of 129600 read the input, write the temporary array and read it
// back at once (three looped passes follow), but not where a
// transformation is on the input, nor along an axis with elements after
// it; on a GPU, whose plans take them only in the staged load and store
// of whole rows (fftplan.Pass.LinearEnds, TestStagedRowsAddressing), none.
func TestLinearEndsAddressing(t *testing.T) {
	cases := []struct {
		name        string
		device      func() *cluda.DeviceParams
		shape, axes []int
		scaleInput  bool
		want        []string // by kernel, the addresses it computes once
	}{
		{"cpu", cluda.ModelCPU, []int{129600}, []int{0}, false, []string{"src_at dst_at", "src_at dst_at", "", "", ""}},
		{"cpu, a transformation on the input", cluda.ModelCPU, []int{129600}, []int{0}, true, []string{"dst_at", "src_at dst_at", "", "", ""}},
		{"cpu, columns", cluda.ModelCPU, []int{360, 64}, []int{0}, false, []string{""}},
		{"gpu", cluda.ModelGPU, []int{129600}, []int{0}, false, []string{"", ""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			plan := renderFFT(t, c.device(), core.ArrayOf(dtypes.Complex64, c.shape...), c.axes, c.scaleInput)
			var got []string
			for _, k := range plan.Kernels {
				var at []string
				for _, a := range []string{"src_at", "dst_at"} {
					if strings.Contains(k.Source, "const VSIZE_T "+a+" =") {
						at = append(at, a)
					}
				}
				got = append(got, strings.Join(at, " "))
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("the kernels compute %q once, want %q", got, c.want)
			}
		})
	}
}

// renderFFT renders for the device p the plan of the FFT of typ over axes,
// with a scale by 0.5 connected to its input where scaleInput is set.
func renderFFT(t *testing.T, p *cluda.DeviceParams, typ core.Type, axes []int, scaleInput bool) *core.RenderedPlan {
	t.Helper()
	ft, err := fft.NewFFT(typ, axes, fft.FFTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if scaleInput {
		scale, err := transformations.MulConst(typ, 0.5)
		if err != nil {
			t.Fatal(err)
		}
		if err := ft.Connect("input", scale, "output", map[string]string{"input": "unscaled"}); err != nil {
			t.Fatal(err)
		}
	}
	plan, err := ft.Computation.Render(p)
	if err != nil {
		t.Fatal(err)
	}
	return plan
}
