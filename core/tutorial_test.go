package core_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

func splitComplex(t core.Type) *core.Transformation {
	rt := t.WithDType(t.DType().Real())
	return core.MustTransformation([]core.Parameter{
		core.Param("real", core.Out(rt)),
		core.Param("imag", core.Out(rt)),
		core.Param("input", core.In(t)),
	}, `{{ .real.StoreSame }}({{ .input.LoadSame }}.x);
    {{ .imag.StoreSame }}({{ .input.LoadSame }}.y);`, core.TransformationOptions{Name: "split_complex"})
}

func mulParam(t core.Type, dt dtypes.DType) *core.Transformation {
	return core.MustTransformation([]core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
		core.Param("param", core.ScalarArg(dt)),
	}, `{{ .output.StoreSame }}({{ .input.LoadSame }} * {{ .param }});`, core.TransformationOptions{Name: "mul_param"})
}

// The example of reikna's "Tutorial: basics": out = in1 + in2 + param,
// with out split into real and imaginary parts and in2 scaled by param2.
// Its transformations are written here, so that core's tests need not
// import package transformations; Example_signature in examples/tutorial
// (docs/tutorial.md) builds the same tree with the library's.
func tutorialComputation(t *testing.T) *computations.PureParallel {
	arr := core.ArrayOf(dtypes.Complex64, 128)
	comp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(arr)),
		core.Param("in1", core.In(arr)),
		core.Param("in2", core.In(arr)),
		core.Param("param", core.ScalarArg(dtypes.Float32)),
	}, `const VSIZE_T idx = {{ index .Idxs 0 }};
    {{ .out.StoreIdx }}(idx, {{ .in1.LoadIdx }}(idx) + {{ .in2.LoadIdx }}(idx) + COMPLEX_CTR(float2)({{ .param }}, 0.0f));`,
		computations.PureParallelOptions{Name: "tutorial"})
	if err != nil {
		t.Fatal(err)
	}
	out, _ := comp.Parameter("out")
	if err := comp.Connect("out", splitComplex(out.Type()), "input", map[string]string{"real": "out1", "imag": "out2"}); err != nil {
		t.Fatal(err)
	}
	in2, _ := comp.Parameter("in2")
	if err := comp.Connect("in2", mulParam(in2.Type(), dtypes.Float32), "output", map[string]string{"input": "in2_prime", "param": "param2"}); err != nil {
		t.Fatal(err)
	}
	return comp
}

func TestTutorialSignature(t *testing.T) {
	comp := tutorialComputation(t)
	want := []string{
		"out1:Annotation(Type(float32, shape=(128,), strides=(4,)), role='o')",
		"out2:Annotation(Type(float32, shape=(128,), strides=(4,)), role='o')",
		"in1:Annotation(Type(complex64, shape=(128,), strides=(8,)), role='i')",
		"in2_prime:Annotation(Type(complex64, shape=(128,), strides=(8,)), role='i')",
		"param2:Annotation(float32)",
		"param:Annotation(float32)",
	}
	sig := comp.Signature()
	if len(sig) != len(want) {
		t.Fatalf("signature %v", sig)
	}
	for i, p := range sig {
		if p.String() != want[i] {
			t.Errorf("parameter %d: %s, want %s", i, p, want[i])
		}
	}
}

func TestTutorialRun(t *testing.T) {
	thr := cludatest.Thread(t)
	comp := tutorialComputation(t)
	c, err := comp.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	rng := rand.New(rand.NewPCG(5, 6))
	in1, in2 := make([]complex64, 128), make([]complex64, 128)
	for i := range in1 {
		in1[i] = complex(float32(rng.NormFloat64()), float32(rng.NormFloat64()))
		in2[i] = complex(float32(rng.NormFloat64()), float32(rng.NormFloat64()))
	}
	in1Dev, _ := thr.ToDevice(in1)
	in2Dev, _ := thr.ToDevice(in2)
	out1, _ := thr.Empty([]int{128}, dtypes.Float32)
	out2, _ := thr.Empty([]int{128}, dtypes.Float32)
	for _, a := range []*cluda.Array{in1Dev, in2Dev, out1, out2} {
		defer a.Release()
	}
	out1.Fill(float32(math.NaN()))
	out2.Fill(float32(math.NaN()))
	before := thr.KernelEnqueues()
	if err := c.Call(out1, out2, in1Dev, in2Dev, float32(4), float32(3)); err != nil {
		t.Fatal(err)
	}
	if n := thr.KernelEnqueues() - before; n != 1 {
		t.Errorf("%d kernel launches, want 1", n)
	}
	re, _ := cluda.Read[float32](out1)
	im, _ := cluda.Read[float32](out2)
	for i := range in1 {
		want := in1[i] + in2[i]*4 + 3
		if math.Abs(float64(re[i]-real(want))) > 1e-5 || math.Abs(float64(im[i]-imag(want))) > 1e-5 {
			t.Fatalf("element %d: (%v, %v), want %v", i, re[i], im[i], want)
		}
	}
	t.Log(c.Kernels()[0].Source)
}
