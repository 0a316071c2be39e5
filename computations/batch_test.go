package computations_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestBatches checks the batch axes each computation declares: the axes
// it does not transform, as the same axis of output and input, or where
// the output's axes move (Transpose, Reduce), the axis each becomes. The
// FFTs' are checked in package fft.
func TestBatches(t *testing.T) {
	c64 := core.ArrayOf(dtypes.Complex64, 3, 4, 5)
	f32 := core.ArrayOf(dtypes.Float32, 3, 4, 6)
	sum, err := computations.PredicateSum(dtypes.Float32)
	if err != nil {
		t.Fatal(err)
	}
	same := func(axes ...int) []map[string]int {
		var out []map[string]int
		for _, a := range axes {
			out = append(out, map[string]int{"output": a, "input": a})
		}
		return out
	}
	cases := []struct {
		name string
		make func() (core.AnyComputation, error)
		want []map[string]int
	}{
		{"Scan over the middle axis", func() (core.AnyComputation, error) {
			return computations.NewScan(f32, sum, []int{1}, computations.ScanOptions{})
		}, same(0, 2)},
		{"Reduce over the middle axis", func() (core.AnyComputation, error) {
			return computations.NewReduce(f32, sum, []int{1}, computations.ReduceOptions{})
		}, []map[string]int{{"output": 0, "input": 0}, {"output": 1, "input": 2}}},
		{"EntrywiseNorm over the first axis", func() (core.AnyComputation, error) {
			return computations.NewEntrywiseNorm(c64, []int{0}, computations.EntrywiseNormOptions{})
		}, []map[string]int{{"output": 0, "input": 1}, {"output": 1, "input": 2}}},
		{"Transpose", func() (core.AnyComputation, error) {
			return computations.NewTranspose(c64, []int{2, 0, 1}, computations.TransposeOptions{})
		}, []map[string]int{{"output": 0, "input": 2}, {"output": 1, "input": 0}, {"output": 2, "input": 1}}},
		{"Roll", func() (core.AnyComputation, error) {
			return computations.NewRoll(c64, -1, computations.RollOptions{})
		}, same(0, 1)},
		{"RollInPlace", func() (core.AnyComputation, error) {
			return computations.NewRollInPlace(c64, 0, computations.RollOptions{})
		}, []map[string]int{{"array": 1}, {"array": 2}}},
		{"FFTShift", func() (core.AnyComputation, error) {
			return computations.NewFFTShift(c64, []int{0, 2}, computations.FFTShiftOptions{})
		}, same(1)},
		{"PureParallel", func() (core.AnyComputation, error) {
			return computations.NewPureParallel([]core.Parameter{
				core.Param("out", core.Out(f32)),
				core.Param("in", core.In(f32)),
				core.Param("row", core.In(core.ArrayOf(dtypes.Float32, 6))),
			}, `{{ .out.StoreSame }}({{ .in.LoadSame }} * {{ .row.LoadIdx }}({{ index .Idxs 2 }}));`, computations.PureParallelOptions{})
		}, []map[string]int{{"out": 0, "in": 0}, {"out": 1, "in": 1}, {"out": 2, "in": 2}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			comp, err := c.make()
			if err != nil {
				t.Fatal(err)
			}
			got := comp.Base().Batches()
			if !slices.EqualFunc(got, c.want, maps.Equal) {
				t.Errorf("batches %v, want %v", got, c.want)
			}
		})
	}
}
