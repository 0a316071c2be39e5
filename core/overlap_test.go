package core_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// addOne returns a PureParallel out = in + 1 over n float32 values.
func addOne(t *testing.T, n int) *computations.PureParallel {
	t.Helper()
	typ := core.ArrayOf(dtypes.Float32, n)
	pp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(typ)), core.Param("in", core.In(typ)),
	}, "{{ .out.StoreSame }}({{ .in.LoadSame }} + 1.0f);", computations.PureParallelOptions{Name: "add_one"})
	if err != nil {
		t.Fatal(err)
	}
	return pp
}

func TestSameArrayNeedsInPlace(t *testing.T) {
	thr := cludatest.Thread(t)
	const n = 16
	a, err := thr.ToDevice(make([]float32, n))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()

	pp := addOne(t, n)
	c, err := pp.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	if err := c.Call(a, a); err == nil || !strings.Contains(err.Error(), `parameters "out" and "in" are the same array`) {
		t.Errorf("the same array without AllowInPlace: %v", err)
	}

	if err := pp.AllowInPlace("out", "in"); err != nil {
		t.Fatal(err)
	}
	c2, err := pp.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Release()
	if err := c2.Call(a, a); err != nil {
		t.Fatalf("the same array with AllowInPlace: %v", err)
	}
	got, err := cluda.Read[float32](a)
	if err != nil {
		t.Fatal(err)
	}
	if want := slices.Repeat([]float32{1}, n); !slices.Equal(got, want) {
		t.Errorf("in place: %v", got)
	}
}

func TestReadOnlySharing(t *testing.T) {
	thr := cludatest.Thread(t)
	typ := core.ArrayOf(dtypes.Float32, 8)
	pp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(typ)), core.Param("a", core.In(typ)), core.Param("b", core.In(typ)),
	}, "{{ .out.StoreSame }}({{ .a.LoadSame }} * {{ .b.LoadSame }});", computations.PureParallelOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := pp.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	in, _ := thr.ToDevice([]float32{1, 2, 3, 4, 5, 6, 7, 8})
	out, _ := thr.Empty([]int{8}, dtypes.Float32)
	defer in.Release()
	defer out.Release()
	if err := c.Call(out, in, in); err != nil {
		t.Fatalf("one array as two inputs: %v", err)
	}
	got, _ := cluda.Read[float32](out)
	if !slices.Equal(got, []float32{1, 4, 9, 16, 25, 36, 49, 64}) {
		t.Errorf("squares: %v", got)
	}
}

func TestAllowInPlaceErrors(t *testing.T) {
	tests := []struct {
		output, input string
		want          string
	}{
		{"in", "in", `"in" is not an output parameter`},
		{"out", "out", `"out" is not an input parameter`},
		{"out", "missing", `"missing" is not an input parameter`},
		{"missing", "in", `"missing" is not an output parameter`},
	}
	for _, tt := range tests {
		t.Run(tt.output+"/"+tt.input, func(t *testing.T) {
			err := addOne(t, 4).AllowInPlace(tt.output, tt.input)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestReleasedCallable(t *testing.T) {
	thr := cludatest.Thread(t)
	c, err := addOne(t, 4).Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := thr.Empty([]int{4}, dtypes.Float32)
	in, _ := thr.Empty([]int{4}, dtypes.Float32)
	defer out.Release()
	defer in.Release()
	c.Release()
	c.Release()
	if err := c.Call(out, in); err == nil || !strings.Contains(err.Error(), "core: add_one: callable used after Release") {
		t.Errorf("call after Release: %v", err)
	}
}
