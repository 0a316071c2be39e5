package core_test

import (
	"maps"
	"testing"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// batchedComputation has an output and an input of shape 4×6, the rows
// independent, and a vector of 6 that every row reads.
func batchedComputation(t *testing.T) *core.Computation {
	t.Helper()
	m := core.ArrayOf(dtypes.Complex64, 4, 6)
	c, err := core.NewComputation("rows", []core.Parameter{
		core.Param("out", core.Out(m)),
		core.Param("in", core.In(m)),
		core.Param("weights", core.In(core.ArrayOf(dtypes.Complex64, 6))),
		core.Param("k", core.ScalarArg(dtypes.Float32)),
	}, noBuild)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.DeclareBatch(map[string]int{"out": 0, "in": 0}); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestDeclareBatchErrors(t *testing.T) {
	c := batchedComputation(t)
	bad := map[string]map[string]int{
		"no parameters":       {},
		"unknown parameter":   {"nothing": 0},
		"scalar":              {"k": 0},
		"axis out of range":   {"in": 2},
		"negative axis":       {"in": -1},
		"lengths that differ": {"in": 0, "out": 1},
	}
	for name, axes := range bad {
		t.Run(name, func(t *testing.T) {
			if err := c.DeclareBatch(axes); err == nil {
				t.Error("no error")
			}
		})
	}
	if got := c.Batches(); len(got) != 1 {
		t.Errorf("failed declarations left %d batches, want 1", len(got))
	}
}

func TestBatchesThroughTransformations(t *testing.T) {
	m := core.ArrayOf(dtypes.Complex64, 4, 6)
	c := batchedComputation(t)
	// A transformation at the root's indices keeps its leaves in the
	// batch; one whose parameters have another shape leaves them out.
	if err := c.Connect("in", combineComplex(m), "output", map[string]string{"real": "re", "imag": "im"}); err != nil {
		t.Fatal(err)
	}
	broadcast := core.MustTransformation([]core.Parameter{
		core.Param("output", core.Out(m)),
		core.Param("row", core.In(core.ArrayOf(dtypes.Complex64, 6))),
	}, `{{ .output.StoreSame }}({{ .row.LoadIdx }}({{ index .Idxs 1 }}));`, core.TransformationOptions{Name: "broadcast", Connectors: []string{"output"}})
	c2 := batchedComputation(t)
	if err := c2.Connect("in", broadcast, "output", map[string]string{"row": "row"}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		c    *core.Computation
		want map[string]int
	}{
		{"combined input", c, map[string]int{"out": 0, "re": 0, "im": 0}},
		{"broadcast input", c2, map[string]int{"out": 0}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.c.Batches()
			if len(got) != 1 || !maps.Equal(got[0], tc.want) {
				t.Errorf("batches %v, want [%v]", got, tc.want)
			}
		})
	}
}
