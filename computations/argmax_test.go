package computations_test

import (
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

// valueIndex is an element of an argmax: a value and where it stands.
type valueIndex struct {
	Value float32
	Index int32
}

// argmaxOperation keeps the larger value, and of equal values the one of
// the smaller index, so that the operation is commutative as Reduce needs.
var argmaxOperation = snippets.MustSnippet("argmax", []string{"v1", "v2"}, `if ({{ .v1 }}.Value != {{ .v2 }}.Value)
        return {{ .v1 }}.Value > {{ .v2 }}.Value ? {{ .v1 }} : {{ .v2 }};
    return {{ .v1 }}.Index < {{ .v2 }}.Index ? {{ .v1 }} : {{ .v2 }};`, nil)

// argmax returns the largest value of xs and its first index.
func argmax(xs []valueIndex) valueIndex {
	best := valueIndex{Value: float32(-1e30), Index: -1}
	for _, x := range xs {
		if x.Value > best.Value || x.Value == best.Value && x.Index < best.Index {
			best = x
		}
	}
	return best
}

// TestReduceArgmax reduces arrays of structs with a predicate on structs:
// the largest value and its index, along the last axis, in one pass and in
// several, with ties, and over an empty axis (the empty value).
func TestReduceArgmax(t *testing.T) {
	thr := cludatest.Thread(t)
	dt, err := dtypes.StructFor[valueIndex]()
	if err != nil {
		t.Fatal(err)
	}
	empty := valueIndex{Value: float32(-1e30), Index: -1}
	pred, err := computations.NewPredicate(dt, argmaxOperation, empty)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		shape []int
		ties  bool // values drawn from a few, so that many are equal
	}{
		{"rows", []int{8, 1000}, false},
		{"one long row, several passes", []int{1, 300000}, false},
		{"ties", []int{5, 4096}, true},
		{"empty axis", []int{3, 0}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, cols := tt.shape[0], tt.shape[1]
			rd, err := computations.NewReduce(core.ArrayOf(dt, tt.shape...), pred, []int{1}, computations.ReduceOptions{})
			if err != nil {
				t.Fatal(err)
			}
			c, err := rd.Compile(thr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			rng := rand.New(rand.NewPCG(uint64(rows), uint64(cols)))
			in := make([]valueIndex, rows*cols)
			for i := range in {
				v := float32(rng.NormFloat64())
				if tt.ties {
					v = float32(rng.IntN(7))
				}
				in[i] = valueIndex{Value: v, Index: int32(i % max(cols, 1))}
			}
			din, err := thr.Empty(tt.shape, dt)
			if err != nil {
				t.Fatal(err)
			}
			defer din.Release()
			if len(in) > 0 {
				if err := din.Set(in); err != nil {
					t.Fatal(err)
				}
			}
			dout, err := thr.Empty([]int{rows}, dt)
			if err != nil {
				t.Fatal(err)
			}
			defer dout.Release()
			if err := c.Call(dout, din); err != nil {
				t.Fatal(err)
			}
			got := make([]valueIndex, rows)
			if err := dout.Get(got); err != nil {
				t.Fatal(err)
			}
			for r := range rows {
				want := argmax(in[r*cols : (r+1)*cols])
				if cols == 0 {
					want = empty
				}
				if got[r] != want {
					t.Errorf("row %d: %+v, want %+v", r, got[r], want)
				}
			}
		})
	}
}

// TestPredicateStructErrors makes predicates of struct dtypes with bad
// empty values, and the ready predicates, which are for numbers.
func TestPredicateStructErrors(t *testing.T) {
	dt, err := dtypes.StructFor[valueIndex]()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		empty any
	}{
		{"a number", 0},
		{"another struct", struct{ Value float32 }{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := computations.NewPredicate(dt, argmaxOperation, tt.empty); err == nil {
				t.Errorf("empty value %v of %v is no error", tt.empty, dt)
			}
		})
	}
	for name, ready := range map[string]func(dtypes.DType) (*computations.Predicate, error){
		"sum": computations.PredicateSum, "product": computations.PredicateProduct,
		"min": computations.PredicateMin, "max": computations.PredicateMax,
	} {
		if _, err := ready(dt); err == nil {
			t.Errorf("predicate %s of %v is no error", name, dt)
		}
	}
}
