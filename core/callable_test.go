package core_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

func randomComplex(rng *rand.Rand, n int) []complex64 {
	out := make([]complex64, n)
	for i := range out {
		out[i] = complex(float32(rng.NormFloat64()), float32(rng.NormFloat64()))
	}
	return out
}

func TestCallErrors(t *testing.T) {
	thr := cludatest.Thread(t)
	c, err := tutorialComputation(t).Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	mk := func(shape []int, dt dtypes.DType) *cluda.Array {
		a, err := thr.Empty(shape, dt)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(a.Release)
		return a
	}
	out1, out2 := mk([]int{128}, dtypes.Float32), mk([]int{128}, dtypes.Float32)
	in1, in2 := mk([]int{128}, dtypes.Complex64), mk([]int{128}, dtypes.Complex64)
	other, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Release()
	foreign, _ := other.Empty([]int{128}, dtypes.Complex64)
	defer foreign.Release()
	strided, _ := in1.View([]int{64}, dtypes.Complex64, []int{16}, 0)
	released := mk([]int{128}, dtypes.Float32)
	released.Release()
	releasedBase := mk([]int{128}, dtypes.Complex64)
	view, _ := releasedBase.View([]int{128}, dtypes.Complex64, nil, 0)
	releasedBase.Release()

	tests := []struct {
		name string
		args []any
		want string
	}{
		{"wrong count", []any{out1, out2, in1}, "takes 6 arguments [out1 out2 in1 in2_prime param2 param], got 3"},
		{"wrong dtype", []any{out1, out2, mk([]int{128}, dtypes.Complex128), in2, float32(1), float32(1)},
			`parameter "in1": expected Type(complex64, shape=(128,), strides=(8,)), got Type(complex128, shape=(128,), strides=(16,))`},
		{"wrong shape", []any{out1, out2, in1, mk([]int{127}, dtypes.Complex64), float32(1), float32(1)},
			`parameter "in2_prime": expected Type(complex64, shape=(128,), strides=(8,)), got Type(complex64, shape=(127,), strides=(8,))`},
		{"wrong strides", []any{out1, out2, in1, mk([]int{64}, dtypes.Complex64), float32(1), float32(1)}, "shape=(64,)"},
		{"strided view", []any{out1, out2, strided, in2, float32(1), float32(1)}, "strides=(16,)"},
		{"scalar where an array belongs", []any{out1, out2, 1.0, in2, float32(1), float32(1)}, `parameter "in1": expected an array`},
		{"array where a scalar belongs", []any{out1, out2, in1, in2, in1, float32(1)}, `parameter "param2": expected a float32 scalar, got an array`},
		{"non-number scalar", []any{out1, out2, in1, in2, "two", float32(1)}, `parameter "param2": expected a float32 scalar, got string`},
		{"array of another Thread", []any{out1, out2, foreign, in2, float32(1), float32(1)}, `parameter "in1": the array belongs to another Thread`},
		{"nil array", []any{out1, out2, (*cluda.Array)(nil), in2, float32(1), float32(1)}, `parameter "in1": expected an array Type(complex64, shape=(128,), strides=(8,)), got a nil *cluda.Array`},
		{"untyped nil", []any{out1, out2, in1, nil, float32(1), float32(1)}, `parameter "in2_prime": expected an array Type(complex64, shape=(128,), strides=(8,)), got nil`},
		{"output twice", []any{out1, out1, in1, in2, float32(1), float32(1)}, `parameters "out1" and "out2" are the same array`},
		// The last array of the signature, read by the last kernel: found
		// before the first kernel is enqueued.
		{"released output", []any{out1, released, in1, in2, float32(1), float32(1)}, `parameter "out2": the array was released`},
		{"view of a released array", []any{out1, out2, in1, view, float32(1), float32(1)}, `parameter "in2_prime": the array was released`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := thr.KernelEnqueues()
			err := c.Call(tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
			if err := c.Check(tt.args...); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check: error %v, want one containing %q", err, tt.want)
			}
			if n := thr.KernelEnqueues() - before; n != 0 {
				t.Errorf("%d kernels enqueued by a call with a bad argument", n)
			}
		})
	}
	// Go numbers of other types are converted when they fit.
	if err := c.Call(out1, out2, in1, in2, 2, 0.5); err != nil {
		t.Errorf("scalars as int and float64: %v", err)
	}
}

func TestConcurrentCalls(t *testing.T) {
	thr := cludatest.Thread(t)
	c, err := tutorialComputation(t).Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	const workers, calls = 8, 10
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			in1, in2 := randomComplex(rng, 128), randomComplex(rng, 128)
			d1, _ := thr.ToDevice(in1)
			d2, _ := thr.ToDevice(in2)
			o1, _ := thr.Empty([]int{128}, dtypes.Float32)
			o2, _ := thr.Empty([]int{128}, dtypes.Float32)
			defer func() { d1.Release(); d2.Release(); o1.Release(); o2.Release() }()
			for i := 0; i < calls; i++ {
				k := float32(w*calls + i)
				if err := c.Call(o1, o2, d1, d2, k, float32(1)); err != nil {
					errs <- err
					return
				}
				re, err := cluda.Read[float32](o1)
				if err != nil {
					errs <- err
					return
				}
				for j := range re {
					want := real(in1[j]) + real(in2[j])*k + 1
					if d := re[j] - want; d > 1e-3*(1+abs32(want)) || d < -1e-3*(1+abs32(want)) {
						errs <- fmt.Errorf("worker %d call %d: element %d = %v, want %v", w, i, j, re[j], want)
						return
					}
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// scaleCopy is a PureParallel copy out = in with a mul_param connected to
// its input, so that it has transformations of its own.
func scaleCopy(t *testing.T, typ core.Type) *computations.PureParallel {
	pp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(typ)),
		core.Param("in", core.In(typ)),
	}, `{{ .out.StoreSame }}({{ .in.LoadSame }});`, computations.PureParallelOptions{Name: "copy"})
	if err != nil {
		t.Fatal(err)
	}
	if err := pp.Connect("in", mulParam(typ, dtypes.Float32), "output", map[string]string{"input": "in_raw", "param": "factor"}); err != nil {
		t.Fatal(err)
	}
	return pp
}

// TestNestedComputation runs two nested computations, each with its own
// transformation, through a temporary array, inside a parent whose input
// has a transformation of the parent's.
func TestNestedComputation(t *testing.T) {
	thr := cludatest.Thread(t)
	typ := core.ArrayOf(dtypes.Complex64, 1000)
	child := scaleCopy(t, typ)
	parent, err := core.NewComputation("parent", []core.Parameter{
		core.Param("out", core.Out(typ)),
		core.Param("in", core.In(typ)),
		core.Param("k", core.ScalarArg(dtypes.Float32)),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		tmp, err := plan.TempArray(typ)
		if err != nil {
			return err
		}
		// tmp = in * 2 (a constant for the child's scalar), out = tmp * k.
		if err := plan.ComputationCall(child.Computation, tmp, args["in"], 2.0); err != nil {
			return err
		}
		return plan.ComputationCall(child.Computation, args["out"], tmp, args["k"])
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := parent.Connect("in", combineComplex(typ), "output", map[string]string{"real": "re", "imag": "im"}); err != nil {
		t.Fatal(err)
	}
	c, err := parent.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	if got := roles(c.Signature()); got != "out:o re:i im:i k:s" {
		t.Fatalf("signature %s", got)
	}
	if n := len(c.Kernels()); n != 2 {
		t.Fatalf("%d kernels, want 2", n)
	}
	rng := rand.New(rand.NewPCG(8, 9))
	re, im := make([]float32, 1000), make([]float32, 1000)
	for i := range re {
		re[i], im[i] = float32(rng.NormFloat64()), float32(rng.NormFloat64())
	}
	dre, _ := thr.ToDevice(re)
	dim, _ := thr.ToDevice(im)
	out, _ := thr.Empty([]int{1000}, dtypes.Complex64)
	defer func() { dre.Release(); dim.Release(); out.Release() }()
	if err := c.Call(out, dre, dim, float32(-1.5)); err != nil {
		t.Fatal(err)
	}
	got, _ := cluda.Read[complex64](out)
	for i := range got {
		want := complex(re[i], im[i]) * 2 * -1.5
		if got[i] != want {
			t.Fatalf("element %d = %v, want %v", i, got[i], want)
		}
	}
	// A nested call with the wrong arguments is an error at compile time.
	bad, _ := core.NewComputation("bad", []core.Parameter{core.Param("out", core.Out(typ))},
		func(plan *core.Plan, args map[string]*core.KernelArgument) error {
			return plan.ComputationCall(child.Computation, args["out"])
		})
	if _, err := bad.Compile(thr); err == nil || !strings.Contains(err.Error(), "takes 3 arguments") {
		t.Errorf("nested call with too few arguments: %v", err)
	}
}

// TestOutputTransformationReadsAnotherArray connects an output
// transformation with a second input (reikna allows output transformations
// to load from external arrays): y = out * w.
func TestOutputTransformationReadsAnotherArray(t *testing.T) {
	thr := cludatest.Thread(t)
	typ := core.ArrayOf(dtypes.Float32, 64)
	pp, err := computations.NewPureParallel([]core.Parameter{
		core.Param("output", core.Out(typ)),
		core.Param("input", core.In(typ)),
	}, `{{ .output.StoreSame }}({{ .input.LoadSame }} + 1.0f);`, computations.PureParallelOptions{Name: "add_one"})
	if err != nil {
		t.Fatal(err)
	}
	mulArray := core.MustTransformation([]core.Parameter{
		core.Param("output", core.Out(typ)),
		core.Param("input", core.In(typ)),
		core.Param("factor", core.In(typ)),
	}, `{{ .output.StoreSame }}({{ .input.LoadSame }} * {{ .factor.LoadSame }});`,
		core.TransformationOptions{Name: "mul_array", Connectors: []string{"input", "output"}})
	if err := pp.Connect("output", mulArray, "input", map[string]string{"output": "y", "factor": "w"}); err != nil {
		t.Fatal(err)
	}
	if got := roles(pp.Signature()); got != "y:o w:i input:i" {
		t.Fatalf("signature %s", got)
	}
	c, err := pp.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	x, w := make([]float32, 64), make([]float32, 64)
	for i := range x {
		x[i], w[i] = float32(i), float32(2*i+1)
	}
	dx, _ := thr.ToDevice(x)
	dw, _ := thr.ToDevice(w)
	dy, _ := thr.Empty([]int{64}, dtypes.Float32)
	defer func() { dx.Release(); dw.Release(); dy.Release() }()
	if err := c.Call(dy, dw, dx); err != nil {
		t.Fatal(err)
	}
	got, _ := cluda.Read[float32](dy)
	for i := range got {
		if want := (x[i] + 1) * w[i]; got[i] != want {
			t.Fatalf("y[%d] = %v, want %v", i, got[i], want)
		}
	}
}

// TestCallProfiled checks that a profiled call reports the time its kernels
// ran, and that a Thread without profiling gives an error instead.
func TestCallProfiled(t *testing.T) {
	profiled := cludatest.Thread(t)
	plain, err := cluda.CreateThread(cluda.DeviceFilter{Device: profiled.Params().Name}, cluda.ThreadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Release()
	for _, tt := range []struct {
		name    string
		thr     *cluda.Thread
		wantErr string
	}{
		{"profiling on", profiled, ""},
		{"profiling off", plain, "profiling needs a Thread created with ThreadOptions{Profiling: true}"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := tutorialComputation(t).Compile(tt.thr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			var args []any
			for _, dt := range []dtypes.DType{dtypes.Float32, dtypes.Float32, dtypes.Complex64, dtypes.Complex64} {
				a, err := tt.thr.Zeros([]int{128}, dt)
				if err != nil {
					t.Fatal(err)
				}
				defer a.Release()
				args = append(args, a)
			}
			d, err := c.CallProfiled(append(args, float32(1), float32(1))...)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatal(err)
			case tt.wantErr == "" && d <= 0:
				t.Errorf("CallProfiled reports %v, want the time the kernels ran", d)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("error %v, want one containing %q", err, tt.wantErr)
			}
			times, err := c.CallProfiledKernels(append(args, float32(1), float32(1))...)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("CallProfiledKernels: error %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			infos := c.Kernels()
			if len(times) != len(infos) {
				t.Fatalf("CallProfiledKernels gives %d times for %d kernels", len(times), len(infos))
			}
			for i, kt := range times {
				if kt.Name != infos[i].Name || kt.Duration <= 0 {
					t.Errorf("kernel %d: %q in %v, want %q in a positive time", i, kt.Name, kt.Duration, infos[i].Name)
				}
			}
		})
	}
}
