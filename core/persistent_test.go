package core_test

import (
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestPersistentArraysShared adds persistent arrays to a plan: one of the
// type and contents of an earlier one is that array, any difference makes
// another.
func TestPersistentArraysShared(t *testing.T) {
	table := []float32{1, 2, 3, 4}
	tests := []struct {
		name   string
		second any
		shape  []int
		want   int
	}{
		{"the same slice", table, nil, 1},
		{"a copy", []float32{1, 2, 3, 4}, nil, 1},
		{"other values", []float32{1, 2, 3, 5}, nil, 2},
		{"another shape", []float32{1, 2, 3, 4}, []int{2, 2}, 2},
		{"another dtype of the same bytes", []int32{0x3f800000, 0x40000000, 0x40400000, 0x40800000}, nil, 2},
	}
	typ := core.ArrayOf(dtypes.Float32, 4)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			comp, err := core.NewComputation("tables", []core.Parameter{core.Param("out", core.Out(typ))},
				func(plan *core.Plan, args map[string]*core.KernelArgument) error {
					first, err := plan.PersistentArray(table)
					if err != nil {
						return err
					}
					second, err := plan.PersistentArray(tt.second, tt.shape...)
					if err != nil {
						return err
					}
					if (first.Name() == second.Name()) != (tt.want == 1) {
						t.Errorf("arguments %s and %s", first.Name(), second.Name())
					}
					return plan.KernelCall(copyKernel, []core.KernelArg{core.Bind("dst", args["out"]), core.Bind("src", first)},
						typ.Shape(), core.KernelOptions{})
				})
			if err != nil {
				t.Fatal(err)
			}
			plan, err := comp.Render(cluda.ModelGPU())
			if err != nil {
				t.Fatal(err)
			}
			if got := len(plan.PersistentArrays); got != tt.want {
				t.Errorf("%d persistent arrays, want %d", got, tt.want)
			}
		})
	}
}
