package core_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestBuildErrorInStoreLine checks that a build error on a line of the
// user's code that starts with a store macro names that line of the
// user's template, not the template of the macro.
func TestBuildErrorInStoreLine(t *testing.T) {
	thr := cludatest.Thread(t)
	typ := core.ArrayOf(dtypes.Float32, 8)
	pp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(typ)), core.Param("in", core.In(typ)),
	}, "const float x = {{ .in.LoadSame }};\n{{ .out.StoreSame }}(x + undeclared_thing);", computations.PureParallelOptions{Name: "user_code"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = pp.Compile(thr)
	var be *cluda.BuildError
	if !errors.As(err, &be) {
		t.Fatalf("error %v is not a build error", err)
	}
	for _, l := range be.Lines {
		if strings.Contains(l.Message, "undeclared_thing") {
			if l.Origin != "user_code:2" {
				t.Errorf("the error on %q comes from %q, want user_code:2", l.Text, l.Origin)
			}
			return
		}
	}
	t.Errorf("no diagnostic names undeclared_thing: %v", err)
}
