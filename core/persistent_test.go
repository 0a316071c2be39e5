package core_test

import (
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// tableCopy returns a computation that copies the persistent array of
// the values table() gives (once per build) into its output.
func tableCopy(t *testing.T, typ core.Type, table func() []float32) *core.Computation {
	t.Helper()
	comp, err := core.NewComputation("table_copy", []core.Parameter{core.Param("out", core.Out(typ))},
		func(plan *core.Plan, args map[string]*core.KernelArgument) error {
			a, err := plan.PersistentArray(table())
			if err != nil {
				return err
			}
			return plan.KernelCall(copyKernel, []core.KernelArg{core.Bind("dst", args["out"]), core.Bind("src", a)},
				typ.Shape(), core.KernelOptions{})
		})
	if err != nil {
		t.Fatal(err)
	}
	return comp
}

// TestPersistentArraysShared builds plans that call nested computations
// with persistent arrays: calls of one computation share the arrays of
// equal contents, and nothing else is shared.
func TestPersistentArraysShared(t *testing.T) {
	typ := core.ArrayOf(dtypes.Float32, 4)
	fixed := func() []float32 { return []float32{1, 2, 3, 4} }
	counter := float32(0)
	changing := func() []float32 { counter++; return []float32{counter, 2, 3, 4} }
	tests := []struct {
		name  string
		calls func(t *testing.T) []*core.Computation // the nested computations, in the order called
		want  int
	}{
		{"one computation called twice", func(t *testing.T) []*core.Computation {
			c := tableCopy(t, typ, fixed)
			return []*core.Computation{c, c}
		}, 1},
		{"one computation called three times", func(t *testing.T) []*core.Computation {
			c := tableCopy(t, typ, fixed)
			return []*core.Computation{c, c, c}
		}, 1},
		{"two computations with equal tables", func(t *testing.T) []*core.Computation {
			return []*core.Computation{tableCopy(t, typ, fixed), tableCopy(t, typ, fixed)}
		}, 2},
		{"one computation whose table changes between calls", func(t *testing.T) []*core.Computation {
			c := tableCopy(t, typ, changing)
			return []*core.Computation{c, c}
		}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nested := tt.calls(t)
			parent, err := core.NewComputation("parent", []core.Parameter{core.Param("out", core.Out(typ))},
				func(plan *core.Plan, args map[string]*core.KernelArgument) error {
					for _, c := range nested {
						if err := plan.ComputationCall(c, args["out"]); err != nil {
							return err
						}
					}
					return nil
				})
			if err != nil {
				t.Fatal(err)
			}
			plan, err := parent.Render(cluda.ModelGPU())
			if err != nil {
				t.Fatal(err)
			}
			if got := len(plan.PersistentArrays); got != tt.want {
				t.Errorf("%d persistent arrays, want %d", got, tt.want)
			}
		})
	}
	// A computation's own equal arrays stay apart, as it adds them.
	own, err := core.NewComputation("own", []core.Parameter{core.Param("out", core.Out(typ))},
		func(plan *core.Plan, args map[string]*core.KernelArgument) error {
			for range 2 {
				if _, err := plan.PersistentArray(fixed()); err != nil {
					return err
				}
			}
			return plan.ComputationCall(tableCopy(t, typ, fixed), args["out"])
		})
	if err != nil {
		t.Fatal(err)
	}
	plan, err := own.Render(cluda.ModelGPU())
	if err != nil {
		t.Fatal(err)
	}
	if got := len(plan.PersistentArrays); got != 3 {
		t.Errorf("%d persistent arrays of the computation's own two and a nested one, want 3", got)
	}
}
