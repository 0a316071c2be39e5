package computations_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestReductionRenderGPU renders the reductions and scans of the speed
// targets for the model GPU, without a device, and checks their kernels
// and launches: what the plans say they should be on an H100.
func TestReductionRenderGPU(t *testing.T) {
	sum := comptest.Must(computations.PredicateSum(dtypes.Float32))
	f32 := func(shape ...int) core.Type { return core.ArrayOf(dtypes.Float32, shape...) }
	for _, tc := range []struct {
		name    string
		comp    *core.Computation
		kernels []string
		global  [][]int
		local   [][]int
	}{
		{"sum of 2^27", comptest.Must(computations.NewReduce(f32(1<<27), sum, nil, computations.ReduceOptions{})).Computation,
			[]string{"reduce_pass0", "reduce_pass1"}, [][]int{{1, 1055 * 256, 1}, {1, 256, 1}}, [][]int{{1, 256, 1}, {1, 256, 1}}},
		{"sums of rows", comptest.Must(computations.NewReduce(f32(8192, 16384), sum, []int{1}, computations.ReduceOptions{})).Computation,
			[]string{"reduce_pass0"}, [][]int{{8192, 256, 1}}, [][]int{{1, 256, 1}}},
		{"sums of columns", comptest.Must(computations.NewReduce(f32(8192, 16384), sum, []int{0}, computations.ReduceOptions{})).Computation,
			[]string{"reduce_pass0", "reduce_pass1"}, [][]int{{1, 24, 16384}, {1, 8, 16384}}, [][]int{{1, 8, 32}, {1, 8, 32}}},
		{"single-pass scan of 2^27, forced", comptest.Must(computations.NewTunedScan(f32(1<<27), sum, nil, false, computations.ScanTuning{Passes: computations.ScanSinglePass})).Computation,
			[]string{"scan_clear", "scan_single_pass"}, [][]int{{1 + 65536*2}, {1, 65536 * 256, 1}}, nil},
		{"scans of rows", comptest.Must(computations.NewScan(f32(8192, 16384), sum, []int{1}, computations.ScanOptions{Exclusive: true})).Computation,
			[]string{"scan_clear", "scan_single_pass"}, [][]int{{1 + 8192*8*2}, {8192, 8 * 256, 1}}, nil},
		{"scans of columns", comptest.Must(computations.NewScan(f32(8192, 16384), sum, []int{0}, computations.ScanOptions{})).Computation,
			[]string{"scan_totals0", "scan_totals1", "scan_level2", "scan_level1", "scan_level0"},
			[][]int{{1, 1024, 16384}, {1, 16, 16384}, {1, 8, 16384}, {1, 16, 16384}, {1, 1024, 16384}},
			[][]int{{1, 8, 32}, {1, 8, 32}, {1, 8, 32}, {1, 8, 32}, {1, 8, 32}}},
		{"scan of 2^27", comptest.Must(computations.NewScan(f32(1<<27), sum, nil, computations.ScanOptions{})).Computation,
			[]string{"scan_totals0", "scan_totals1", "scan_level2", "scan_level1", "scan_level0"},
			[][]int{{1, 65536 * 256, 1}, {1, 32 * 256, 1}, {1, 256, 1}, {1, 32 * 256, 1}, {1, 65536 * 256, 1}}, nil},
		{"norm of 2^27", comptest.Must(computations.NewEntrywiseNorm(f32(1<<27), nil, computations.EntrywiseNormOptions{})).Computation,
			[]string{"reduce_pass0", "reduce_pass1"}, [][]int{{1, 1055 * 256, 1}, {1, 256, 1}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.comp.Render(cluda.ModelGPU())
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			var global, local [][]int
			for _, k := range r.Kernels {
				names = append(names, k.Name)
				global = append(global, k.GlobalSize)
				local = append(local, k.LocalSize)
			}
			if !slices.Equal(names, tc.kernels) {
				t.Errorf("kernels %v, want %v", names, tc.kernels)
			}
			if fmt.Sprint(global) != fmt.Sprint(tc.global) {
				t.Errorf("global sizes %v, want %v", global, tc.global)
			}
			if tc.local != nil && fmt.Sprint(local) != fmt.Sprint(tc.local) {
				t.Errorf("local sizes %v, want %v", local, tc.local)
			}
		})
	}
}
