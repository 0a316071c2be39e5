package core_test

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// holder is a computation type of its own, as the library's are: it
// embeds a *core.Computation.
type holder struct{ *core.Computation }

// TestComputationCallTakesAnyComputation nests a *core.Computation, a type
// that embeds one, and nil ones: the first two render, the nil ones are
// errors, not crashes.
func TestComputationCallTakesAnyComputation(t *testing.T) {
	typ := core.ArrayOf(dtypes.Float32, 64)
	child, err := core.NewComputation("staged", []core.Parameter{
		core.Param("out", core.Out(typ)),
		core.Param("in", core.In(typ)),
	}, stagedCopy)
	if err != nil {
		t.Fatal(err)
	}
	var nilHolder *holder
	tests := []struct {
		name   string
		nested core.AnyComputation
		want   string // "" for success
	}{
		{"a *core.Computation", child, ""},
		{"a type that embeds one", holder{child}, ""},
		{"a pointer to a type that embeds one", &holder{child}, ""},
		{"nil", nil, "nested computation: nil"},
		{"a nil *core.Computation", (*core.Computation)(nil), "nested computation: nil *core.Computation"},
		{"a nil pointer to a type that embeds one", nilHolder, "nested computation: nil *core_test.holder"},
		{"a type that embeds a nil one", holder{}, "holds no *core.Computation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parent, err := core.NewComputation("parent", []core.Parameter{
				core.Param("out", core.Out(typ)),
				core.Param("in", core.In(typ)),
			}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
				return plan.ComputationCall(tt.nested, args["out"], args["in"])
			})
			if err != nil {
				t.Fatal(err)
			}
			plan, err := parent.Render(cluda.ModelGPU())
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("render: %v", err)
			case tt.want == "" && len(plan.Kernels) != 2:
				t.Errorf("%d kernels, want the nested computation's 2", len(plan.Kernels))
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want one that says %q", err, tt.want)
			}
		})
	}
}
