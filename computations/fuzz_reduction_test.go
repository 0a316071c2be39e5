package computations_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// The computations FuzzReductionOptions builds, by its kind argument
// modulo 3.
const (
	fuzzReduce = iota
	fuzzScan
	fuzzNorm
)

// fuzzPredicates are the ready predicates of FuzzReductionOptions, by its
// predicate argument modulo their number.
var fuzzPredicates = []reduction{reductionSum, reductionProduct, reductionMin, reductionMax}

// fuzzMaxIntegerProduct is the longest integer product FuzzReductionOptions
// runs: the factors are 1 or 2 (randomComplexes), and 2^30 fits every
// tested integer dtype, so that the reference does not overflow.
const fuzzMaxIntegerProduct = 30

// FuzzReductionOptions fuzzes NewReduce, NewScan and NewEntrywiseNorm over
// dtypes, shapes, axes, the predicates and their dtypes (0: the array's),
// exclusive scans and the norm's order, with the property of the package's
// fuzz targets (see package internal/comptest).
func FuzzReductionOptions(f *testing.F) {
	thr := cludatest.Thread(f)
	seeds := []struct {
		kind, dtype, rank uint8
		d0, d1, d2        int64
		count             uint8
		a0, a1, a2        int8
		predicate, predDT uint8
		exclusive         bool
		order             float64
	}{
		{fuzzReduce, uint8(dtypes.Float32), 2, 30, 7, 0, 2, -1, 0, 0, 0, 0, false, 0},
		{fuzzScan, uint8(dtypes.Int32), 3, 4, 5, 6, 3, 0, 2, 0, 0, 0, true, 0},
		{fuzzNorm, uint8(dtypes.Complex64), 2, 9, 11, 0, 0, 0, 0, 0, 0, 0, false, 3},
		{fuzzReduce, uint8(dtypes.Complex128), 1, 100, 0, 0, 1, 0, 0, 0, 1, 0, false, 0},
		{fuzzReduce, uint8(dtypes.Float32), 1, 5, 0, 0, 0, 0, 0, 0, 0, uint8(dtypes.Float64), false, 0},
		{fuzzScan, uint8(dtypes.Complex64), 1, 5, 0, 0, 0, 0, 0, 0, 2, 0, false, 0},
		{fuzzNorm, uint8(dtypes.Int32), 1, 5, 0, 0, 0, 0, 0, 0, 0, 0, false, 2},
		{fuzzNorm, uint8(dtypes.Float32), 2, 3, 4, 0, 2, 7, 0, 0, 0, 0, false, 2},
		{fuzzNorm, uint8(dtypes.Float64), 1, 5, 0, 0, 0, 0, 0, 0, 0, 0, false, math.NaN()},
		{fuzzScan, uint8(dtypes.Float32), 2, 1 << 40, 1 << 20, 0, 2, 1, 0, 0, 0, 0, false, 0},
	}
	for _, s := range seeds {
		f.Add(s.kind, s.dtype, s.rank, s.d0, s.d1, s.d2, s.count, s.a0, s.a1, s.a2, s.predicate, s.predDT, s.exclusive, s.order)
	}
	f.Fuzz(func(t *testing.T, kind, dtype, rank uint8, d0, d1, d2 int64, count uint8, a0, a1, a2 int8, predicate, predDT uint8, exclusive bool, order float64) {
		dt, shape, axes := comptest.FuzzDType(dtype), comptest.FuzzShape(rank, d0, d1, d2), comptest.FuzzAxes(count, a0, a1, a2)
		typ := core.ArrayOf(dt, shape...)
		red := fuzzPredicates[int(predicate)%len(fuzzPredicates)]
		pdt := dt
		if predDT != 0 {
			pdt = comptest.FuzzDType(predDT)
		}
		start := comptest.HostAllocated()
		var (
			c       comptest.FuzzComputation
			name    string
			reduced []int // the axes folded, counted from the start
		)
		switch kind % 3 {
		case fuzzReduce, fuzzScan:
			pred, err := red.predicate(pdt)
			if err != nil {
				comptest.CheckRefusal(t, err, "computations: predicate", pdt)
				return
			}
			if kind%3 == fuzzReduce {
				rd, err := computations.NewReduce(typ, pred, axes, computations.ReduceOptions{})
				if err != nil {
					comptest.CheckRefusal(t, err, "computations: Reduce", shape, len(shape), axes, dt, pdt)
					return
				}
				c, name, reduced = rd, "reduce", rd.Axes()
			} else {
				sc, err := computations.NewScan(typ, pred, axes, computations.ScanOptions{Exclusive: exclusive})
				if err != nil {
					comptest.CheckRefusal(t, err, "computations: Scan", shape, len(shape), axes, dt, pdt)
					return
				}
				c, name, reduced = sc, "scan", sc.Axes()
			}
		case fuzzNorm:
			n, err := computations.NewEntrywiseNorm(typ, axes, computations.EntrywiseNormOptions{Order: order})
			if err != nil {
				comptest.CheckRefusal(t, err, "computations: EntrywiseNorm", shape, len(shape), axes, dt, order)
				return
			}
			c, name, reduced, red = n, "entrywise_norm", n.Axes(), reductionSum
			order = n.Order() // zero takes the default
		}
		length := 1
		for _, a := range reduced {
			length *= shape[a]
		}
		if !comptest.CheckRenders(t, c, "computations: ", name, start) || !comptest.FuzzRuns(thr, []dtypes.DType{dt}, typ.Size()) || !slices.Contains(reductionDTypes, dt) ||
			dt.IsInteger() && red.name == "product" && length > fuzzMaxIntegerProduct {
			return
		}
		runFuzzedReduction(t, thr, comptest.CompileFuzzed(t, thr, c), c, kind%3, red, typ, reduced, exclusive, order)
	})
}

// runFuzzedReduction runs the compiled reduction k of c (of the given kind
// and predicate, of arrays of typ, folding the axes reduced) on random
// values and checks its result against the float64 reference.
func runFuzzedReduction(t *testing.T, thr *cluda.Thread, k *core.Callable, c comptest.FuzzComputation, kind uint8, red reduction, typ core.Type, reduced []int, exclusive bool, order float64) {
	t.Helper()
	dt, shape := typ.DType(), typ.Shape()
	values := randomComplexes(rand.New(rand.NewPCG(uint64(typ.Size()), uint64(dt))), dt, typ.Size(), red.nearOne)
	in := uploadComplexes(t, thr, dt, values, shape, nil, 0)
	defer in.Release()
	p, _ := c.Parameter("output")
	out := comptest.Must(thr.Empty(p.Type().Shape(), p.Type().DType()))
	defer out.Release()
	poison(t, out)
	if err := k.Call(out, in); err != nil {
		t.Fatal(err)
	}
	got := readComplexes(t, out)
	length := 1
	for _, a := range reduced {
		length *= shape[a]
	}
	switch kind {
	case fuzzReduce:
		want, magnitude := reduceReference(values, shape, reduced, red.op)
		checkReduced(t, red, dt, length, got, want, magnitude)
	case fuzzScan:
		pred := comptest.Must(red.predicate(dt))
		empty, _ := pred.Empty()
		want, magnitude := scanReference(values, shape, reduced, red.op, exclusive, toComplex(empty))
		checkReduced(t, red, dt, length, got, want, magnitude)
	case fuzzNorm:
		want := normReference(values, shape, reduced, order)
		for i, g := range got {
			if !(math.Abs(real(g)-want[i]) <= normTolerance(dt, length)*want[i]) {
				t.Fatalf("norm of order %v, element %d: got %v, want %v", order, i, real(g), want[i])
			}
		}
	}
}
