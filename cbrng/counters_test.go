package cbrng_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestCounterSpaceEnd checks, for every bijection, that a call which takes
// a generator's counter to the last counter of its key's counter space
// (all ones) runs, and that a call which would take it one further is an
// error naming the counters that leaves the output and the counters
// untouched: a call from the last counter, and from one below the limit.
func TestCounterSpaceEnd(t *testing.T) {
	thr := cludatest.Thread(t)
	const batch, gens = 5, 3
	for _, b := range allBijections(t) {
		t.Run(b.String(), func(t *testing.T) {
			s, err := cbrng.UniformFloat(b, dtypes.Float32, 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			_, call, counters, randoms := compileRNG(t, thr, core.ArrayOf(dtypes.Float32, batch, gens), 1, s, 3)
			// A uniform float32 sampler takes one output of the bijection a
			// call and gives all its 32-bit values.
			need := uint64((batch + s.RandomsPerCall() - 1) / s.RandomsPerCall())
			mask := uint64(math.MaxUint64) >> (64 - b.Bits())
			ones := make([]uint64, b.CounterWords())
			for i := range ones {
				ones[i] = mask
			}
			limit := slices.Clone(ones)
			limit[0] -= need
			zeros := make([]uint64, b.CounterWords())
			set := func(c []uint64) {
				t.Helper()
				words := slices.Concat(zeros, c, zeros) // generator 1 at c
				if err := setWords(counters, words); err != nil {
					t.Fatal(err)
				}
				if err := randoms.Fill(float32(math.NaN())); err != nil {
					t.Fatal(err)
				}
			}

			set(limit)
			if err := call.Call(counters, randoms); err != nil {
				t.Fatalf("call from the limit %x: %v", limit, err)
			}
			if got := readWords(t, counters); !slices.Equal(got[len(ones):2*len(ones)], ones) {
				t.Fatalf("counter after the call from the limit: %x, want all ones", got[len(ones):2*len(ones)])
			}
			values, _ := readValues(t, randoms)
			for i, v := range values {
				if !(v >= 0 && v < 1) {
					t.Fatalf("value %d is %v, outside [0, 1)", i, v)
				}
			}

			beyond := slices.Clone(limit)
			beyond[0]++
			for _, start := range [][]uint64{beyond, ones} {
				set(start)
				err := call.Call(counters, randoms)
				if err == nil || !strings.Contains(err.Error(), `parameter "counters": generator 1 is at counter`) {
					t.Fatalf("call from %x: %v, want an error naming generator 1 of the counters", start, err)
				}
				names := call.Signature().Names() // a call by name checks the counters alike
				err = call.CallNamed(map[string]any{names[0]: counters, names[1]: randoms})
				if err == nil || !strings.Contains(err.Error(), `parameter "counters": generator 1 is at counter`) {
					t.Fatalf("call by name from %x: %v, want an error naming generator 1 of the counters", start, err)
				}
				if got := readWords(t, counters); !slices.Equal(got, slices.Concat(zeros, start, zeros)) {
					t.Fatalf("the refused call changed the counters to %x", got)
				}
				values, _ := readValues(t, randoms)
				if !slices.ContainsFunc(values, func(v float64) bool { return math.IsNaN(v) }) ||
					slices.ContainsFunc(values, func(v float64) bool { return !math.IsNaN(v) }) {
					t.Fatalf("the refused call wrote the output")
				}
			}
		})
	}
}

// TestCounterSpaceEndRejection checks that a sampler that draws again on
// rejection is refused where its most draws could pass the end of the
// counter space, and runs from below that.
func TestCounterSpaceEndRejection(t *testing.T) {
	thr := cludatest.Thread(t)
	b := bijection(t, "philox", 32, 2)
	s, err := cbrng.UniformInteger(b, dtypes.Int32, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	const batch = 2
	_, call, counters, randoms := compileRNG(t, thr, core.ArrayOf(dtypes.Int32, batch, 1), 1, s, 3)
	// 64 draws of 32 bits at most for each value, two in each output.
	const need = batch * 64 / 2
	for _, tc := range []struct {
		name  string
		start uint64
		ok    bool
	}{
		{"at the limit", math.MaxUint64 - need, true},
		{"one past the limit", math.MaxUint64 - need + 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := setWords(counters, []uint64{tc.start & math.MaxUint32, tc.start >> 32}); err != nil {
				t.Fatal(err)
			}
			err := call.Call(counters, randoms)
			if tc.ok != (err == nil) {
				t.Fatalf("call from %#x: %v", tc.start, err)
			}
		})
	}
}

// setWords writes words into a counters array of uint32 or uint64.
func setWords(a *cluda.Array, words []uint64) error {
	if a.DType() == dtypes.Uint64 {
		return a.Set(words)
	}
	w32 := make([]uint32, len(words))
	for i, w := range words {
		w32[i] = uint32(w)
	}
	return a.Set(w32)
}
