package computations_test

import (
	"fmt"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/transformations"
)

// scanReference scans values of shape over axes with op, batched over the
// other axes, and returns the result with, for each element, the sum of the
// magnitudes of the elements combined into it. An exclusive scan starts
// from empty.
func scanReference(values []complex128, shape, axes []int, op func(a, b complex128) complex128, exclusive bool, empty complex128) (out, magnitude []complex128) {
	out = make([]complex128, len(values))
	magnitude = make([]complex128, len(values))
	running := map[int]complex128{}
	runningMag := map[int]float64{}
	idx := make([]int, len(shape))
	for k, v := range values {
		batch := 0
		for a, n := range shape {
			if !slices.Contains(axes, a) {
				batch = batch*n + idx[a]
			}
		}
		prev, seen := running[batch]
		next := v
		if seen {
			next = op(prev, v)
		}
		if exclusive {
			out[k] = empty
			if seen {
				out[k] = prev
			}
			magnitude[k] = complex(runningMag[batch], 0)
		}
		running[batch] = next
		runningMag[batch] += cmplx.Abs(v)
		if !exclusive {
			out[k], magnitude[k] = next, complex(runningMag[batch], 0)
		}
		for a := len(shape) - 1; a >= 0; a-- {
			if idx[a]++; idx[a] < shape[a] {
				break
			}
			idx[a] = 0
		}
	}
	return out, magnitude
}

// scanCase is a shape, the axes scanned over and whether the scan is
// exclusive.
type scanCase struct {
	shape     []int
	axes      []int
	exclusive bool
}

func (c scanCase) String() string {
	return fmt.Sprintf("%v/axes%v/exclusive=%v", c.shape, c.axes, c.exclusive)
}

// runScan scans random values of dt with red over the case on the device
// and checks the result.
func runScan(t *testing.T, thr *cluda.Thread, red reduction, dt dtypes.DType, c scanCase, seed uint64) {
	runTunedScan(t, thr, red, dt, c, seed, computations.ScanTuning{})
}

// runTunedScan is runScan with the plan of the scan tuned.
func runTunedScan(t *testing.T, thr *cluda.Thread, red reduction, dt dtypes.DType, c scanCase, seed uint64, tuning computations.ScanTuning) {
	pred := comptest.Must(red.predicate(dt))
	typ := core.ArrayOf(dt, c.shape...)
	sc, err := computations.NewTunedScan(typ, pred, c.axes, c.exclusive, tuning)
	if err != nil {
		t.Fatal(err)
	}
	f, err := sc.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Release()
	rng := rand.New(rand.NewPCG(seed, uint64(dt)))
	values := randomComplexes(rng, dt, typ.Size(), red.nearOne)
	in := uploadComplexes(t, thr, dt, values, c.shape, nil, 0)
	out := comptest.Must(thr.Empty(c.shape, dt))
	defer func() { in.Release(); out.Release() }()
	poison(t, out)
	if err := f.Call(out, in); err != nil {
		t.Fatal(err)
	}
	empty, _ := pred.Empty()
	want, magnitude := scanReference(values, c.shape, comptest.AllAxes(c.shape, c.axes), red.op, c.exclusive, toComplex(empty))
	n := 1
	for _, a := range comptest.AllAxes(c.shape, c.axes) {
		n *= c.shape[a]
	}
	checkReduced(t, red, dt, n, readComplexes(t, out), want, magnitude)
}

// toComplex returns a Go number as a complex128.
func toComplex(v any) complex128 {
	switch x := v.(type) {
	case nil:
		return 0
	case complex128:
		return x
	case int:
		return complex(float64(x), 0)
	case int64:
		return complex(float64(x), 0)
	case uint64:
		return complex(float64(x), 0)
	case float64:
		return complex(x, 0)
	}
	panic(fmt.Sprintf("no complex value of %T", v))
}

// TestScanSum scans random arrays of every dtype, inclusive and exclusive,
// over one block, several blocks (two levels on a GPU; one chunk each on a
// CPU, whose chunks TestScanChunks shortens) and the axes of a batch.
func TestScanSum(t *testing.T) {
	thr := cludatest.Thread(t)
	cases := []scanCase{
		{[]int{40000}, nil, false},            // two levels (blocks of 2048 on a GPU)
		{[]int{40000}, nil, true},             // two levels, exclusive
		{[]int{3, 700}, []int{1}, true},       // rows
		{[]int{5, 90, 7}, []int{1}, false},    // an axis in the middle, seven lanes
		{[]int{10}, nil, false},               // a small work-group
		{[]int{40, 3}, []int{0}, false},       // a leading axis, batched over the last
		{[]int{1500, 40}, []int{0}, true},     // a leading axis, lanes side by side, two levels
		{[]int{6, 2, 50}, []int{0, 2}, false}, // interleaved axes
		{[]int{1}, nil, true},                 // a single element
	}
	eachSumCase(t, cases, func(t *testing.T, c scanCase, dt dtypes.DType, seed uint64) {
		runScan(t, thr, reductionSum, dt, c, seed)
	})
}

// TestScanThreeLevels scans a sequence longer than a block of blocks (16
// chunks on a CPU).
func TestScanThreeLevels(t *testing.T) {
	if testing.Short() {
		t.Skip("a long sequence")
	}
	thr := cludatest.Thread(t)
	runScan(t, thr, reductionSum, dtypes.Int32, scanCase{[]int{1100000}, nil, true}, 7)
}

// TestScanPredicates scans with the other ready predicates.
func TestScanPredicates(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, red := range []reduction{reductionProduct, reductionMin, reductionMax} {
		for _, exclusive := range []bool{false, true} {
			c := scanCase{[]int{3, 1500}, []int{1}, exclusive}
			dt := dtypes.Float64
			t.Run(fmt.Sprintf("%s/%v", red.name, c), func(t *testing.T) {
				runScan(t, thr, red, dt, c, 21)
			})
		}
	}
}

// TestScanNonCommutative scans with the composition of affine maps
// x → a·x + b, held as complex numbers a + bi: associative, not
// commutative, so that a scan that combines values out of order fails.
func TestScanNonCommutative(t *testing.T) {
	thr := cludatest.Thread(t)
	red := composeReduction()
	// Several blocks on a GPU (TestScanChunks cuts a CPU's into chunks).
	for _, c := range []scanCase{{[]int{40000}, nil, false}, {[]int{4, 20000}, []int{1}, true}} {
		t.Run(c.String(), func(t *testing.T) {
			runScan(t, thr, red, dtypes.Complex64, c, 5)
		})
	}
}

// composeReduction is the composition of affine maps x → a·x + b, held
// as complex numbers a + bi: associative, not commutative, so that a scan
// that combines values out of order fails.
func composeReduction() reduction {
	op := snippets.MustSnippet("compose", []string{"f", "g"},
		"return COMPLEX_CTR(float2)({{ .f }}.x * {{ .g }}.x, {{ .g }}.x * {{ .f }}.y + {{ .g }}.y);", nil)
	pred := comptest.Must(computations.NewPredicate(dtypes.Complex64, op, complex(1, 0)))
	compose := func(f, g complex128) complex128 {
		return complex(real(f)*real(g), real(g)*imag(f)+imag(g))
	}
	return reduction{"compose", func(dtypes.DType) (*computations.Predicate, error) { return pred, nil }, compose, true}
}

// TestScanSinglePass scans in a single pass with work-groups of 16 items,
// so that short sequences have many blocks and look back over several
// windows: every width of status value, a non-commutative operation,
// batches of rows and lanes side by side. Run with -count to catch races.
func TestScanSinglePass(t *testing.T) {
	thr := cludatest.Thread(t)
	tuning := computations.ScanTuning{Passes: computations.ScanSinglePass, WorkGroup: 16}
	for ci, tc := range []struct {
		red reduction
		dt  dtypes.DType
		c   scanCase
	}{
		{reductionSum, dtypes.Float32, scanCase{[]int{3000}, nil, false}},        // 47 blocks, windows of 16
		{reductionSum, dtypes.Int32, scanCase{[]int{5000}, nil, true}},           // exclusive, exact
		{reductionMax, dtypes.Int64, scanCase{[]int{1000}, nil, false}},          // four status words a value
		{reductionSum, dtypes.Complex128, scanCase{[]int{2000}, nil, false}},     // eight status words a value
		{reductionMax, dtypes.Float64, scanCase{[]int{3, 900}, []int{1}, true}},  // rows
		{reductionSum, dtypes.Float32, scanCase{[]int{300, 40}, []int{0}, true}}, // lanes side by side
		{reductionSum, dtypes.Int32, scanCase{[]int{6, 2, 50}, []int{0, 2}, false}},
		{composeReduction(), dtypes.Complex64, scanCase{[]int{5000}, nil, false}},
		{composeReduction(), dtypes.Complex64, scanCase{[]int{4, 600}, []int{1}, true}},
	} {
		t.Run(fmt.Sprintf("%s/%v/%v", tc.red.name, tc.c, tc.dt), func(t *testing.T) {
			runTunedScan(t, thr, tc.red, tc.dt, tc.c, uint64(ci), tuning)
		})
	}
}

// TestScanChunks scans in chunks, the form of a device that is no GPU,
// forced so that a GPU runs it too, with chunks shortened by the tuning so
// that short sequences have many: inclusive and exclusive, one lane (the
// scanned axes last, in blocks and the elements after the last block) and
// lanes side by side (a last work-item with fewer), chunks that do not
// divide the sequence, a single chunk (one kernel), sequences shorter
// than a block, values of up to 16 bytes, a non-commutative operation,
// work-groups of several positions along o (on a CPU, whose compute units
// the positions fill), and the chunks the rules choose at 2^18.
func TestScanChunks(t *testing.T) {
	thr := cludatest.Thread(t)
	chunks := func(n int) computations.ScanTuning {
		return computations.ScanTuning{Passes: computations.ScanChunked, MaxChunk: n}
	}
	for ci, tc := range []struct {
		red    reduction
		dt     dtypes.DType
		c      scanCase
		tuning computations.ScanTuning
	}{
		{reductionSum, dtypes.Float32, scanCase{[]int{3000}, nil, false}, chunks(256)},               // 12 chunks, the last of 184
		{reductionSum, dtypes.Int32, scanCase{[]int{5000}, nil, true}, chunks(300)},                  // 17 chunks of 295, exact
		{reductionSum, dtypes.Int32, scanCase{[]int{5000}, nil, true}, chunks(0)},                    // one chunk
		{reductionMax, dtypes.Float64, scanCase{[]int{3, 900}, []int{1}, true}, chunks(100)},         // rows
		{reductionProduct, dtypes.Float32, scanCase{[]int{3, 1500}, []int{1}, false}, chunks(128)},   // a product's tree
		{reductionSum, dtypes.Float32, scanCase{[]int{300, 40}, []int{0}, false}, chunks(64)},        // 32 lanes and 8
		{reductionSum, dtypes.Int32, scanCase{[]int{500, 7}, []int{0}, true}, chunks(128)},           // 7 lanes
		{reductionSum, dtypes.Int32, scanCase{[]int{6, 2, 50}, []int{0, 2}, false}, chunks(16)},      // interleaved axes
		{reductionSum, dtypes.Complex128, scanCase{[]int{2000}, nil, false}, chunks(256)},            // 16-byte values
		{reductionSum, dtypes.Complex128, scanCase{[]int{100, 20}, []int{0}, true}, chunks(16)},      // 8 lanes and 4
		{composeReduction(), dtypes.Complex64, scanCase{[]int{5000}, nil, false}, chunks(300)},       // in order
		{composeReduction(), dtypes.Complex64, scanCase{[]int{4, 600}, []int{1}, true}, chunks(64)},  // rows, exclusive
		{composeReduction(), dtypes.Complex64, scanCase{[]int{200, 12}, []int{0}, true}, chunks(50)}, // lanes, exclusive
		{composeReduction(), dtypes.Complex64, scanCase{[]int{300, 40}, []int{0}, false}, chunks(0)}, // lanes, one chunk
		{reductionSum, dtypes.Int32, scanCase{[]int{1}, nil, true}, chunks(0)},                       // a single element
		{reductionSum, dtypes.Int32, scanCase{[]int{17}, nil, false}, chunks(0)},                     // the first, then a block
		{reductionSum, dtypes.Float32, scanCase{[]int{10}, nil, true}, chunks(0)},                    // shorter than a block
		{reductionSum, dtypes.Int32, scanCase{[]int{100, 33}, []int{1}, true}, chunks(0)},            // rows, work-groups along o
		{reductionSum, dtypes.Float32, scanCase{[]int{70, 5, 40}, []int{1}, false}, chunks(0)},       // lanes, work-groups along o
		{reductionSum, dtypes.Float32, scanCase{[]int{1 << 18}, nil, false}, chunks(0)},              // the rules' chunks
		{reductionSum, dtypes.Int32, scanCase{[]int{1<<18 + 5}, nil, true}, chunks(0)},               // the rules', a shorter last
	} {
		t.Run(fmt.Sprintf("%s/%v/%v/chunks%d", tc.red.name, tc.c, tc.dt, tc.tuning.MaxChunk), func(t *testing.T) {
			runTunedScan(t, thr, tc.red, tc.dt, tc.c, uint64(100+ci), tc.tuning)
		})
	}
}

// TestScanTargetSize scans 2^27 int32 values (on a GPU; 64 times fewer on
// another device) in the form the plan takes (on a CPU, 32 chunks), and
// compares the result exactly with the running sums in Go, wrapped to 32
// bits as the device's are.
func TestScanTargetSize(t *testing.T) {
	if testing.Short() {
		t.Skip("a long sequence")
	}
	thr := cludatest.Thread(t)
	shape := benchShape(thr, 1<<27)
	sc := comptest.Must(computations.NewScan(core.ArrayOf(dtypes.Int32, shape...), comptest.Must(computations.PredicateSum(dtypes.Int32)), nil, computations.ScanOptions{}))
	f := comptest.Must(sc.Compile(thr))
	defer f.Release()
	rng := rand.New(rand.NewPCG(11, 12))
	values := make([]int32, shape[0])
	for k := range values {
		values[k] = rng.Int32N(2001) - 1000
	}
	in := comptest.Must(thr.ToDevice(values))
	out := comptest.Must(thr.Empty(shape, dtypes.Int32))
	defer func() { in.Release(); out.Release() }()
	poison(t, out)
	if err := f.Call(out, in); err != nil {
		t.Fatal(err)
	}
	got := make([]int32, shape[0])
	if err := out.Get(got); err != nil {
		t.Fatal(err)
	}
	var sum int32
	for k, v := range values {
		sum += v
		if got[k] != sum {
			t.Fatalf("element %d of %d: got %d, want %d", k, len(values), got[k], sum)
		}
	}
}

// TestScanMultiPass scans in levels where the plan would take a single
// pass, as on a device without global atomics.
func TestScanMultiPass(t *testing.T) {
	thr := cludatest.Thread(t)
	tuning := computations.ScanTuning{Passes: computations.ScanMultiPass}
	for ci, c := range []scanCase{
		{[]int{5000}, nil, true},
		{[]int{300, 40}, []int{0}, false},
	} {
		t.Run(c.String(), func(t *testing.T) {
			runTunedScan(t, thr, reductionSum, dtypes.Float32, c, uint64(ci), tuning)
		})
	}
	t.Run("non-commutative", func(t *testing.T) {
		runTunedScan(t, thr, composeReduction(), dtypes.Complex64, scanCase{[]int{3000}, nil, false}, 5, tuning)
	})
}

// TestScanLastIsReduce checks that the last element of an inclusive scan
// is the reduction of the same values, exactly for integers.
func TestScanLastIsReduce(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, dt := range []dtypes.DType{dtypes.Int32, dtypes.Float32} {
		t.Run(dt.String(), func(t *testing.T) {
			const rows, n = 4, 3000
			typ := core.ArrayOf(dt, rows, n)
			pred := comptest.Must(computations.PredicateSum(dt))
			scan := comptest.Must(comptest.Must(computations.NewScan(typ, pred, []int{1}, computations.ScanOptions{})).Compile(thr))
			reduce := comptest.Must(comptest.Must(computations.NewReduce(typ, pred, []int{1}, computations.ReduceOptions{})).Compile(thr))
			defer func() { scan.Release(); reduce.Release() }()
			values := randomComplexes(rand.New(rand.NewPCG(8, 9)), dt, rows*n, false)
			in := uploadComplexes(t, thr, dt, values, []int{rows, n}, nil, 0)
			scanned := comptest.Must(thr.Empty([]int{rows, n}, dt))
			reduced := comptest.Must(thr.Empty([]int{rows}, dt))
			defer func() { in.Release(); scanned.Release(); reduced.Release() }()
			if err := scan.Call(scanned, in); err != nil {
				t.Fatal(err)
			}
			if err := reduce.Call(reduced, in); err != nil {
				t.Fatal(err)
			}
			s, r := readComplexes(t, scanned), readComplexes(t, reduced)
			_, magnitude := reduceReference(values, []int{rows, n}, []int{1}, reductionSum.op)
			for row := range rows {
				last := s[row*n+n-1]
				if dt.IsInteger() && last != r[row] || !(cmplx.Abs(last-r[row]) <= 2*sumTolerance(dt, n)*real(magnitude[row])) {
					t.Errorf("row %d: the scan ends at %v, the reduction gives %v", row, last, r[row])
				}
			}
		})
	}
}

// TestScanLayoutAndTransformations scans a strided array with an offset,
// with transformations on the input and the output, in the form the plan
// takes and in chunks shortened by the tuning, one lane and lanes side by
// side, inclusive and exclusive (the empty value, too, goes through the
// output's transformation).
func TestScanLayoutAndTransformations(t *testing.T) {
	thr := cludatest.Thread(t)
	shape := []int{20, 300}
	strides := []int{4 * 320, 4}
	const offset = 4 * 5
	typ := comptest.Must(core.NewArrayType(dtypes.Int32, shape, strides, offset))
	chunks := computations.ScanTuning{Passes: computations.ScanChunked, MaxChunk: 7}
	for ci, tc := range []struct {
		name      string
		axes      []int
		exclusive bool
		tuning    computations.ScanTuning
	}{
		{"rows", []int{1}, false, computations.ScanTuning{}},
		{"rows in chunks", []int{1}, true, chunks},
		{"columns in chunks", []int{0}, false, chunks},
		{"columns in chunks, exclusive", []int{0}, true, chunks},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := comptest.Must(computations.NewTunedScan(typ, comptest.Must(computations.PredicateSum(dtypes.Int32)), tc.axes, tc.exclusive, tc.tuning))
			scale := comptest.Must(transformations.MulConst(typ, 3))
			if err := sc.Connect("input", scale, "output", map[string]string{"input": "raw"}); err != nil {
				t.Fatal(err)
			}
			outParam, _ := sc.Parameter("output")
			shift := comptest.Must(transformations.AddConst(outParam.Type(), -7))
			if err := sc.Connect("output", shift, "input", map[string]string{"output": "shifted"}); err != nil {
				t.Fatal(err)
			}
			f := comptest.Must(sc.Compile(thr))
			defer f.Release()
			values := randomComplexes(rand.New(rand.NewPCG(2, uint64(ci))), dtypes.Int32, 20*300, false)
			in := uploadComplexes(t, thr, dtypes.Int32, values, shape, strides, offset)
			out := comptest.Must(thr.Empty(shape, dtypes.Int32))
			defer func() { in.Release(); out.Release() }()
			poison(t, out)
			if err := f.Call(out, in); err != nil {
				t.Fatal(err)
			}
			want, _ := scanReference(values, shape, tc.axes, reductionSum.op, tc.exclusive, 0)
			for k, g := range readComplexes(t, out) {
				if w := 3*want[k] - 7; g != w {
					t.Fatalf("element %d: got %v, want %v", k, g, w)
				}
			}
		})
	}
}

// TestScanEmpty scans arrays without elements, which runs no kernel.
func TestScanEmpty(t *testing.T) {
	thr := cludatest.Thread(t)
	for _, shape := range [][]int{{0}, {3, 0}} {
		t.Run(fmt.Sprint(shape), func(t *testing.T) {
			sc := comptest.Must(computations.NewScan(core.ArrayOf(dtypes.Float32, shape...), comptest.Must(computations.PredicateSum(dtypes.Float32)), nil, computations.ScanOptions{Exclusive: true}))
			f := comptest.Must(sc.Compile(thr))
			defer f.Release()
			if n := len(f.Kernels()); n != 0 {
				t.Errorf("%d kernels for an empty array", n)
			}
			in := comptest.Must(thr.Empty(shape, dtypes.Float32))
			out := comptest.Must(thr.Empty(shape, dtypes.Float32))
			defer func() { in.Release(); out.Release() }()
			if err := f.Call(out, in); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestScanErrors checks that bad arguments are refused with an error.
func TestScanErrors(t *testing.T) {
	sum32 := comptest.Must(computations.PredicateSum(dtypes.Float32))
	noEmpty := comptest.Must(computations.NewPredicate(dtypes.Float32, snippets.MustSnippet("add", []string{"a", "b"}, "return {{ .a }} + {{ .b }};", nil), nil))
	typ := core.ArrayOf(dtypes.Float32, 4, 5)
	for _, tc := range []struct {
		name      string
		typ       core.Type
		pred      *computations.Predicate
		axes      []int
		exclusive bool
	}{
		{"axis out of range", typ, sum32, []int{5}, false},
		{"repeated axis", typ, sum32, []int{0, 0}, false},
		{"dtype mismatch", core.ArrayOf(dtypes.Int32, 4, 5), sum32, nil, false},
		{"nil predicate", typ, nil, nil, false},
		{"exclusive without an empty value", typ, noEmpty, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := computations.NewScan(tc.typ, tc.pred, tc.axes, computations.ScanOptions{Exclusive: tc.exclusive}); err == nil {
				t.Error("no error")
			} else {
				t.Log(err)
			}
		})
	}
}

// TestScanReleasedArgument calls a scan of several kernels with a released
// array: the call names the parameter and enqueues none of the kernels,
// where the kernels before the one that reads the array used to run.
func TestScanReleasedArgument(t *testing.T) {
	thr := cludatest.Thread(t)
	shape := []int{50000}
	sc := comptest.Must(computations.NewTunedScan(core.ArrayOf(dtypes.Float32, shape...), comptest.Must(computations.PredicateSum(dtypes.Float32)), nil, false,
		computations.ScanTuning{Passes: computations.ScanMultiPass}))
	f := comptest.Must(sc.Compile(thr))
	defer f.Release()
	if n := len(f.Kernels()); n < 3 {
		t.Fatalf("%d kernels, want a scan of several", n)
	}
	for _, name := range []string{"output", "input"} {
		t.Run(name, func(t *testing.T) {
			in := comptest.Must(thr.ToDevice(make([]float32, shape[0])))
			out := comptest.Must(thr.Empty(shape, dtypes.Float32))
			defer func() { in.Release(); out.Release() }()
			args := map[string]*cluda.Array{"output": out, "input": in}
			args[name].Release()
			before := thr.KernelEnqueues()
			want := fmt.Sprintf("parameter %q: the array was released", name)
			if err := f.Call(out, in); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("error %v, want one containing %q", err, want)
			}
			if n := thr.KernelEnqueues() - before; n != 0 {
				t.Errorf("%d of the %d kernels enqueued by a call with a released array", n, len(f.Kernels()))
			}
		})
	}
}
