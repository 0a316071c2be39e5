package transformations_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// copyComputation returns a PureParallel that copies an array of type t:
// output = input.
func copyComputation(tb testing.TB, t core.Type) *computations.PureParallel {
	tb.Helper()
	comp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
	}, `{{ .output.StoreSame }}({{ .input.LoadSame }});`, computations.PureParallelOptions{Name: "copy"})
	if err != nil {
		tb.Fatal(err)
	}
	return comp
}

// compileOne compiles comp for the test Thread, checks that it is one
// kernel, and releases it at the end of the test.
func compileOne(t *testing.T, comp *computations.PureParallel) *core.Callable {
	t.Helper()
	c, err := comp.Compile(thread(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Release)
	if k := c.Kernels(); len(k) != 1 {
		t.Fatalf("%d kernels, want 1", len(k))
	}
	return c
}

// connect attaches trf to param of comp, failing the test on an error.
func connect(tb testing.TB, comp *computations.PureParallel, param string,
	trf *core.Transformation, err error, connector string, names map[string]string) {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
	if err := comp.Connect(param, trf, connector, names); err != nil {
		tb.Fatal(err)
	}
}

// fusedCopy returns a copy of complex arrays of type t with three
// transformations on each side:
//
//	in_re, in_im -> combine_complex -> mul_param(scale) -> conj -> input
//	output -> add_const(1-1i) -> mul_const(0.5) -> split_complex -> out_re, out_im
//
// so that out = (conj(scale·(in_re + i·in_im)) + 1 - i) / 2, split.
func fusedCopy(tb testing.TB, t core.Type) *computations.PureParallel {
	tb.Helper()
	comp := copyComputation(tb, t)
	trf, err := transformations.Conj(t)
	connect(tb, comp, "input", trf, err, "output", map[string]string{"input": "unconj"})
	trf, err = transformations.MulParam(t, t.DType())
	connect(tb, comp, "unconj", trf, err, "output", map[string]string{"input": "combined", "param": "scale"})
	trf, err = transformations.CombineComplex(t)
	connect(tb, comp, "combined", trf, err, "output", map[string]string{"real": "in_re", "imag": "in_im"})

	trf, err = transformations.AddConst(t, complex(1, -1))
	connect(tb, comp, "output", trf, err, "input", map[string]string{"output": "shifted"})
	trf, err = transformations.MulConst(t, 0.5)
	connect(tb, comp, "shifted", trf, err, "input", map[string]string{"output": "halved"})
	trf, err = transformations.SplitComplex(t)
	connect(tb, comp, "halved", trf, err, "input", map[string]string{"real": "out_re", "imag": "out_im"})
	return comp
}

// The chain of six transformations around a copy compiles into one kernel,
// runs as one launch, and gives what the six steps give one at a time.
func TestFusedChain(t *testing.T) {
	thr := thread(t)
	d := dtypes.Complex64
	typ := core.ArrayOf(d, n)
	comp := fusedCopy(t, typ)
	if got, want := comp.Signature().Names(), []string{"out_re", "out_im", "in_re", "in_im", "scale"}; !slices.Equal(got, want) {
		t.Fatalf("signature %v, want %v", got, want)
	}
	c := compileOne(t, comp)
	t.Logf("the fused kernel:\n%s", c.Kernels()[0].Source)

	rng := rand.New(rand.NewPCG(1, 1))
	re, im := random(rng, d.Real(), n), random(rng, d.Real(), n)
	scale := complex64(complex(0.75, -1.25))
	before := thr.KernelEnqueues()
	got := call(t, thr, c, map[string]vec{"in_re": re, "in_im": im}, map[string]any{"scale": scale})
	if launches := thr.KernelEnqueues() - before; launches != 1 {
		t.Errorf("%d kernel launches, want 1", launches)
	}

	// The same steps, one PureParallel each.
	apply := func(trf *core.Transformation, guiding string, in map[string]vec, scalars map[string]any) map[string]vec {
		t.Helper()
		return runTransformation(t, thr, trf, guiding, in, scalars)
	}
	x := apply(must(t)(transformations.CombineComplex(typ)), "output", map[string]vec{"real": re, "imag": im}, nil)["output"]
	x = apply(must(t)(transformations.MulParam(typ, d)), "output", map[string]vec{"input": x}, map[string]any{"param": scale})["output"]
	x = apply(must(t)(transformations.Conj(typ)), "output", map[string]vec{"input": x}, nil)["output"]
	x = apply(must(t)(transformations.AddConst(typ, complex(1, -1))), "output", map[string]vec{"input": x}, nil)["output"]
	x = apply(must(t)(transformations.MulConst(typ, 0.5)), "output", map[string]vec{"input": x}, nil)["output"]
	parts := apply(must(t)(transformations.SplitComplex(typ)), "input", map[string]vec{"input": x}, nil)
	// The kernels do the same operations in the same order; only the
	// compiler's freedom to contract a product and a sum into an fma in
	// the complex product may tell them apart.
	compare(t, "fused real part", d.Real(), got["out_re"], parts["real"], ulpArith)
	compare(t, "fused imaginary part", d.Real(), got["out_im"], parts["imag"], ulpArith)
}

// Ignore, BroadcastConst and CopyBroadcasted remove or replace parameters
// of a computation, which still runs as one kernel.
func TestConnectIgnoreAndBroadcast(t *testing.T) {
	thr := thread(t)
	d := dtypes.Float32
	typ := core.ArrayOf(d, 4, 25)
	comp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("sum", core.Out(typ)),
		core.Param("difference", core.Out(typ)),
		core.Param("x", core.In(typ)),
		core.Param("y", core.In(typ)),
	}, `const float x = {{ .x.LoadSame }};
    const float y = {{ .y.LoadSame }};
    {{ .sum.StoreSame }}(x + y);
    {{ .difference.StoreSame }}(x - y);`, computations.PureParallelOptions{Name: "sum_and_difference"})
	if err != nil {
		t.Fatal(err)
	}
	trf, err := transformations.Ignore(typ)
	connect(t, comp, "difference", trf, err, "input", nil)
	trf, err = transformations.BroadcastConst(typ, 2)
	connect(t, comp, "y", trf, err, "output", nil)
	row := core.ArrayOf(d, 25)
	trf, err = transformations.CopyBroadcasted(row, typ)
	connect(t, comp, "x", trf, err, "output", map[string]string{"input": "row"})
	if got, want := comp.Signature().Names(), []string{"sum", "row"}; !slices.Equal(got, want) {
		t.Fatalf("signature %v, want %v", got, want)
	}
	c := compileOne(t, comp)
	in := random(rand.New(rand.NewPCG(3, 3)), d, 25)
	got := call(t, thr, c, map[string]vec{"row": in}, nil)
	want := make(vec, typ.Size())
	for i := range want {
		want[i] = in[i%25] + 2
	}
	compare(t, "sum", d, got["sum"], round(d, want), ulpExact, 4, 25)
}

// A window applied along the last axis before a computation, as before an
// FFT.
func TestWindowBeforeComputation(t *testing.T) {
	thr := thread(t)
	d := dtypes.Complex64
	typ, win := core.ArrayOf(d, 10, 100), core.ArrayOf(dtypes.Float32, 100)
	comp := copyComputation(t, typ)
	trf, err := transformations.MulArray(typ, win, []int{-1})
	connect(t, comp, "input", trf, err, "output", map[string]string{"input": "signal", "factor": "window"})
	if got, want := comp.Signature().Names(), []string{"output", "signal", "window"}; !slices.Equal(got, want) {
		t.Fatalf("signature %v, want %v", got, want)
	}
	c := compileOne(t, comp)
	hann := make(vec, 100)
	for i := range hann {
		hann[i] = complex(0.5-0.5*math.Cos(2*math.Pi*float64(i)/100), 0)
	}
	hann = round(dtypes.Float32, hann)
	signal := random(rand.New(rand.NewPCG(4, 4)), d, typ.Size())
	got := call(t, thr, c, map[string]vec{"signal": signal, "window": hann}, nil)
	want := make(vec, len(signal))
	for i := range want {
		want[i] = signal[i] * hann[i%100]
	}
	// A complex value times a real one: each part is one rounded product.
	compare(t, "windowed", d, got["output"], round(d, want), ulpExact, 10, 100)
}

// Transformations keep the layouts of the types they are given: here the
// real part of column 1 of a 10×4 complex array is copied into every
// second element of a float array, starting at element 1.
func TestStridedLayouts(t *testing.T) {
	thr := thread(t)
	column, err := core.NewArrayType(dtypes.Complex64, []int{10}, []int{4 * 8}, 8)
	if err != nil {
		t.Fatal(err)
	}
	every2nd, err := core.NewArrayType(dtypes.Float32, []int{10}, []int{2 * 4}, 4)
	if err != nil {
		t.Fatal(err)
	}
	comp := copyComputation(t, core.ArrayOf(dtypes.Float32, 10))
	trf, err := transformations.RealPart(column)
	connect(t, comp, "input", trf, err, "output", map[string]string{"input": "column"})
	trf, err = transformations.Copy(every2nd)
	connect(t, comp, "output", trf, err, "input", map[string]string{"output": "every2nd"})
	sig := comp.Signature()
	if got, _ := sig.Lookup("column"); !got.Type().Equal(column) {
		t.Errorf("column: %v, want %v", got.Type(), column)
	}
	if got, _ := sig.Lookup("every2nd"); !got.Type().Equal(every2nd) {
		t.Errorf("every2nd: %v, want %v", got.Type(), every2nd)
	}
	c := compileOne(t, comp)
	in := random(rand.New(rand.NewPCG(5, 5)), dtypes.Complex64, 10)
	got := call(t, thr, c, map[string]vec{"column": in}, nil)
	compare(t, "every2nd", dtypes.Float32, got["every2nd"], mapVec(dtypes.Float32, in, func(z complex128) complex128 { return complex(real(z), 0) }), ulpExact)
}
