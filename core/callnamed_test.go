package core_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// TestCallNamed calls the tutorial's computation, whose signature
// (out1, out2, in1, in2_prime, param2, param) comes from two connected
// transformations, with its arguments by name in an order of their own,
// and checks the result against a float64 reference; then the names that
// are missing, unknown, or given values that Call refuses.
func TestCallNamed(t *testing.T) {
	thr := cludatest.Thread(t)
	c, err := tutorialComputation(t).Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	const n = 128
	rng := rand.New(rand.NewPCG(5, 6))
	x1, x2 := randomComplex(rng, n), randomComplex(rng, n)
	upload := func(v []complex64) *cluda.Array {
		a, err := thr.ToDevice(v)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(a.Release)
		return a
	}
	output := func() *cluda.Array {
		a, err := thr.Empty([]int{n}, dtypes.Float32)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(a.Release)
		if err := a.Fill(float32(math.NaN())); err != nil {
			t.Fatal(err)
		}
		return a
	}
	in1, in2 := upload(x1), upload(x2)
	out1, out2 := output(), output()
	const param, param2 = float32(1.5), float32(-2)
	err = c.CallNamed(map[string]any{
		"param": param, "in2_prime": in2, "out2": out2, "in1": in1, "param2": param2, "out1": out1,
	})
	if err != nil {
		t.Fatal(err)
	}
	re, err := cluda.Read[float32](out1)
	if err != nil {
		t.Fatal(err)
	}
	im, err := cluda.Read[float32](out2)
	if err != nil {
		t.Fatal(err)
	}
	// out = in1 + in2_prime·param2 + param, split into its parts;
	// float32 arithmetic on values of order 1.
	const tol = 1e-6
	for i := range n {
		want := (complex128(x1[i]) + complex128(x2[i])*complex(float64(param2), 0) + complex(float64(param), 0))
		if math.Abs(float64(re[i])-real(want)) > tol*(1+math.Abs(real(want))) ||
			math.Abs(float64(im[i])-imag(want)) > tol*(1+math.Abs(imag(want))) {
			t.Fatalf("element %d: got %v%+vi, want %v", i, re[i], im[i], want)
		}
	}

	all := func() map[string]any {
		return map[string]any{"out1": out1, "out2": out2, "in1": in1, "in2_prime": in2, "param2": param2, "param": param}
	}
	tests := []struct {
		name string
		edit func(map[string]any)
		want string
	}{
		{"missing", func(m map[string]any) { delete(m, "in1"); delete(m, "param") }, "no value for in1, param"},
		{"unknown", func(m map[string]any) { m["in2"] = in2 }, "no parameter in2"},
		{"missing and unknown", func(m map[string]any) { delete(m, "out2"); m["bogus"] = 1 }, "no value for out2; no parameter bogus"},
		{"wrong value", func(m map[string]any) { m["in1"] = out1 }, "in1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := all()
			tt.edit(args)
			err := c.CallNamed(args)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "core: ") {
				t.Errorf("error %v, want one from core that says %q", err, tt.want)
			}
		})
	}
}

// TestSignatureBind checks the order Bind gives and its error, which
// lists the signature's names.
func TestSignatureBind(t *testing.T) {
	sig := core.Signature{
		core.Param("out", core.Out(core.ArrayOf(dtypes.Float32, 4))),
		core.Param("in", core.In(core.ArrayOf(dtypes.Float32, 4))),
		core.Param("k", core.ScalarArg(dtypes.Int32)),
	}
	got, err := sig.Bind(map[string]any{"k": 3, "in": "b", "out": "a"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0] != "a" || got[1] != "b" || got[2] != 3 {
		t.Errorf("Bind = %v, want [a b 3]", got)
	}
	_, err = sig.Bind(nil)
	if want := "no value for out, in, k (the parameters are out, in, k)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Bind(nil): error %v, want one that says %q", err, want)
	}
}
