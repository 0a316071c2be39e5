package computations

import (
	"slices"
	"testing"

	"github.com/reikna-go/reikna/computations/internal/device"
)

// Device limits the plans are tested with: a GPU of the H100's figures and
// a two-core CPU as PoCL shows it.
var (
	limitsGPU = reductionLimits{Limits: device.Limits{MaxWorkGroup: 1024, LocalMemBytes: 48 << 10, ComputeUnits: 132, GPU: true}, ItemSize: 4}
	limitsCPU = reductionLimits{Limits: device.Limits{MaxWorkGroup: 4096, LocalMemBytes: 256 << 10, ComputeUnits: 2, CPU: true}, ItemSize: 8}
)

// TestReducePlan checks plans against the numbers their rules give, and
// the invariants of every pass.
func TestReducePlan(t *testing.T) {
	for _, tc := range []struct {
		name    string
		o, r, i int
		lim     reductionLimits
		want    []reducePass
	}{
		{"sum of 2^27 on a GPU", 1, 1 << 27, 1, limitsGPU,
			[]reducePass{{R: 1 << 27, G: 1055, Chunk: 127232, S: 256, L: 1, Unroll: 4}, {R: 1055, G: 1, Chunk: 1280, S: 256, L: 1, Unroll: 4}}},
		{"rows of 8192×16384 on a GPU", 8192, 16384, 1, limitsGPU,
			[]reducePass{{R: 16384, G: 1, Chunk: 16384, S: 256, L: 1, Unroll: 4}}},
		{"columns of 8192×16384 on a GPU", 1, 8192, 16384, limitsGPU,
			[]reducePass{{R: 8192, G: 3, Chunk: 2736, S: 8, L: 32, Unroll: 4}, {R: 3, G: 1, Chunk: 8, S: 8, L: 32, Unroll: 4}}},
		{"a short row", 1, 5, 1, limitsGPU,
			[]reducePass{{R: 5, G: 1, Chunk: 256, S: 256, L: 1, Unroll: 4}}},
		{"three lanes", 1, 100, 3, limitsGPU,
			[]reducePass{{R: 100, G: 1, Chunk: 128, S: 128, L: 2, Unroll: 4}}},
		{"20000 on a CPU", 1, 20000, 1, limitsCPU,
			[]reducePass{{R: 20000, G: 4, Chunk: 5120, S: 256, L: 1, Unroll: 4, Contig: true, Partials: 8}, {R: 4, G: 1, Chunk: 256, S: 256, L: 1, Unroll: 4, Contig: true, Partials: 8}}},
		{"a small local memory", 1, 1000, 1, reductionLimits{Limits: device.Limits{MaxWorkGroup: 1024, LocalMemBytes: 1000, ComputeUnits: 1}, ItemSize: 16},
			[]reducePass{{R: 1000, G: 2, Chunk: 512, S: 32, L: 1, Unroll: 4, Contig: true, Partials: 4}, {R: 2, G: 1, Chunk: 32, S: 32, L: 1, Unroll: 4, Contig: true, Partials: 4}}},
		{"a work-group of one", 1, 1000, 7, reductionLimits{Limits: device.Limits{MaxWorkGroup: 1, LocalMemBytes: 1 << 10, ComputeUnits: 4}, ItemSize: 4},
			[]reducePass{{R: 1000, G: 2, Chunk: 500, S: 1, L: 1, Unroll: 4, Contig: true, Partials: 16}, {R: 2, G: 1, Chunk: 2, S: 1, L: 1, Unroll: 4, Contig: true, Partials: 16}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := newReducePlan(tc.o, tc.r, tc.i, tc.lim)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(p.Passes, tc.want) {
				t.Errorf("passes\n%+v\nwant\n%+v", p.Passes, tc.want)
			}
			r := tc.r
			for k, pass := range p.Passes {
				wg := pass.S * pass.L
				if pass.R != r || pass.G*pass.Chunk < r || (pass.G-1)*pass.Chunk >= r || pass.Chunk%pass.S != 0 ||
					wg > tc.lim.MaxWorkGroup || int64(wg*tc.lim.ItemSize) > tc.lim.LocalMemBytes || wg&(wg-1) != 0 {
					t.Errorf("pass %d %+v breaks an invariant", k, pass)
				}
				r = pass.G
			}
			if r != 1 {
				t.Errorf("the last pass leaves %d values", r)
			}
		})
	}
}

// TestReducePlanErrors checks the plans refused.
func TestReducePlanErrors(t *testing.T) {
	for _, tc := range []struct {
		name    string
		o, r, i int
		lim     reductionLimits
	}{
		{"no elements", 1, 0, 1, limitsGPU},
		{"no positions", 0, 5, 1, limitsGPU},
		{"local memory below one value", 1, 5, 1, reductionLimits{Limits: device.Limits{MaxWorkGroup: 64, LocalMemBytes: 8, ComputeUnits: 1}, ItemSize: 16}},
		{"no work-items", 1, 5, 1, reductionLimits{Limits: device.Limits{MaxWorkGroup: 0, LocalMemBytes: 1 << 10, ComputeUnits: 1}, ItemSize: 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := newReducePlan(tc.o, tc.r, tc.i, tc.lim); err == nil {
				t.Error("no error")
			}
		})
	}
}

// TestOriView checks the index expressions of the views of reductions.
func TestOriView(t *testing.T) {
	roles, o, r, i := splitAxes([]int{2, 3, 4, 5}, []int{1})
	if o != 2 || r != 3 || i != 20 || !slices.Equal(roles, []axisRole{roleOuter, roleReduced, roleInner, roleInner}) {
		t.Fatalf("splitAxes: roles %v, o %d r %d i %d", roles, o, r, i)
	}
	v := oriView{shape: []int{2, 3, 4, 5}, roles: roles}
	want := []string{"(VSIZE_T)(o)", "(VSIZE_T)(r)", "((VSIZE_T)(i) / 5)", "((VSIZE_T)(i) % 5)"}
	if got := v.index("o", "r", "i"); !slices.Equal(got, want) {
		t.Errorf("index %q, want %q", got, want)
	}
	kept := keptView([]int{2, 3, 4, 5}, roles)
	if got := kept.storeArgs("o", "q", "i"); got != "(VSIZE_T)(o), ((VSIZE_T)(i) / 5), ((VSIZE_T)(i) % 5), " {
		t.Errorf("kept store arguments %q", got)
	}
	if got := (oriView{r: 7, i: 3}).loadArgs("o", "r", "i"); got != "((VSIZE_T)(o) * 7 + (VSIZE_T)(r)) * 3 + (VSIZE_T)(i)" {
		t.Errorf("flat load arguments %q", got)
	}
	if got := keptView([]int{4}, []axisRole{roleReduced}).storeArgs("o", "q", "i"); got != "" {
		t.Errorf("0-d store arguments %q", got)
	}
}
