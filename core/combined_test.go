package core_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// combinedCopy returns a PureParallel over shape that copies in to out,
// loading with the axis groups load and storing with the groups store,
// computing each combined index from the current indices.
func combinedCopy(shape, load, store []int) (*computations.PureParallel, error) {
	typ := core.ArrayOf(dtypes.Float32, shape...)
	combined := func(groups []int) string {
		var idx []string
		axis := 0
		for _, g := range groups {
			e := "0"
			for _, name := range core.IndexNames(len(shape))[axis : axis+g] {
				e = fmt.Sprintf("(%s) * %d + %s", e, shape[axis], name)
				axis++
			}
			idx = append(idx, e)
		}
		return strings.Join(idx, ", ")
	}
	code := fmt.Sprintf("{{ .out.StoreCombined %s }}(%s, {{ .in.LoadCombined %s }}(%s));",
		joinInts(store), combined(store), joinInts(load), combined(load))
	return computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(typ)), core.Param("in", core.In(typ)),
	}, code, computations.PureParallelOptions{Name: "combined_copy"})
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}

// TestCombinedIndices copies arrays through macros of combined indices and
// checks that every element arrives where it belongs.
func TestCombinedIndices(t *testing.T) {
	thr := cludatest.Thread(t)
	tests := []struct {
		name        string
		shape       []int
		load, store []int
	}{
		{"one group each", []int{3, 4, 5}, []int{3}, []int{3}},
		{"leading pair, trailing pair", []int{3, 4, 5}, []int{2, 1}, []int{1, 2}},
		{"every axis its own", []int{3, 4, 5}, []int{1, 1, 1}, []int{2, 1}},
		{"axes of length 1", []int{3, 1, 5, 1}, []int{2, 2}, []int{1, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pp, err := combinedCopy(tt.shape, tt.load, tt.store)
			if err != nil {
				t.Fatal(err)
			}
			c, err := pp.Compile(thr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			n := 1
			for _, d := range tt.shape {
				n *= d
			}
			in := make([]float32, n)
			for i := range in {
				in[i] = float32(i)
			}
			inDev, err := thr.ToDevice(in, tt.shape...)
			if err != nil {
				t.Fatal(err)
			}
			out, err := thr.Empty(tt.shape, dtypes.Float32)
			if err != nil {
				t.Fatal(err)
			}
			defer inDev.Release()
			defer out.Release()
			if err := c.Call(out, inDev); err != nil {
				t.Fatal(err)
			}
			got, err := cluda.Read[float32](out)
			if err != nil {
				t.Fatal(err)
			}
			for i := range in {
				if got[i] != in[i] {
					t.Fatalf("element %d: %v, want %v", i, got[i], in[i])
				}
			}
		})
	}
}

// TestCombinedIndexErrors checks that groups that do not cover the axes of
// the array are errors of the render.
func TestCombinedIndexErrors(t *testing.T) {
	tests := []struct {
		name   string
		groups []int
		want   string
	}{
		{"too few axes", []int{1, 1}, "combined index groups [1 1] cover 2 axes; the array has 3"},
		{"too many axes", []int{2, 2}, "combined index groups [2 2] cover 4 axes; the array has 3"},
		{"empty group", []int{3, 0}, "combined index groups [3 0]: a group must cover at least one axis"},
	}
	typ := core.ArrayOf(dtypes.Float32, 3, 4, 5)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pp, err := computations.NewPureParallel([]core.Parameter{
				core.Param("out", core.Out(typ)), core.Param("in", core.In(typ)),
			}, fmt.Sprintf("{{ .out.StoreSame }}({{ .in.LoadCombined %s }}(0, 0));", joinInts(tt.groups)),
				computations.PureParallelOptions{Name: "bad_groups"})
			if err != nil {
				t.Fatal(err)
			}
			_, err = pp.Render(cluda.ModelGPU())
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one that says %q", err, tt.want)
			}
		})
	}
}
