package fft_test

import (
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// roundTrip returns a computation that transforms in forward and back
// into out through a temporary array, calling the same *FFT twice.
func roundTrip(t *testing.T, f *fft.FFT, typ core.Type) *core.Computation {
	t.Helper()
	comp, err := core.NewComputation("round_trip", []core.Parameter{
		core.Param("out", core.Out(typ)),
		core.Param("in", core.In(typ)),
	}, func(plan *core.Plan, args map[string]*core.KernelArgument) error {
		spectrum, err := plan.TempArray(typ)
		if err != nil {
			return err
		}
		if err := plan.ComputationCall(f, spectrum, args["in"], 0); err != nil {
			return err
		}
		return plan.ComputationCall(f, args["out"], spectrum, 1)
	})
	if err != nil {
		t.Fatal(err)
	}
	return comp
}

// TestNestedFFTSharesPersistentArrays calls one FFT forward and inverse in
// a plan: the tables are uploaded once, as many as the FFT alone has, and
// the round trip gives the input back.
func TestNestedFFTSharesPersistentArrays(t *testing.T) {
	thr := cludatest.Thread(t)
	tests := []struct {
		name  string
		dt    dtypes.DType
		shape []int
	}{
		{"mixed radix", dtypes.Complex64, []int{4, 360}},
		{"several passes", dtypes.Complex64, []int{1 << 16}},
		{"Bluestein", dtypes.Complex64, []int{1031}},
		{"double, two axes", dtypes.Complex128, []int{24, 97}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.dt.IsDouble() && !thr.Params().DoubleFP {
				t.Skip("the device has no double precision")
			}
			typ := core.ArrayOf(tt.dt, tt.shape...)
			f, err := fft.NewFFT(typ, nil, fft.FFTOptions{})
			if err != nil {
				t.Fatal(err)
			}
			alone, err := f.Compile(thr)
			if err != nil {
				t.Fatal(err)
			}
			defer alone.Release()
			c, err := roundTrip(t, f, typ).Compile(thr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			if got, want := len(c.PersistentArrays()), len(alone.PersistentArrays()); got != want {
				t.Errorf("%d persistent arrays for two calls of the FFT, want the FFT's own %d", got, want)
			}
			if len(alone.PersistentArrays()) == 0 {
				t.Errorf("the FFT has no tables to share")
			}
			rng := rand.New(rand.NewPCG(3, uint64(typ.Size())))
			x := randomData(rng, typ.Size())
			in, out := upload(t, thr, tt.dt, x, tt.shape), poisoned(t, thr, tt.dt, tt.shape)
			defer in.Release()
			defer out.Release()
			if err := c.Call(out, in); err != nil {
				t.Fatal(err)
			}
			// Two transforms: twice the error of one.
			if e := download(t, out, x); e > 2*tolerance(tt.dt) {
				t.Errorf("round trip: relative error %.3g, want at most %.3g", e, 2*tolerance(tt.dt))
			}
		})
	}
}
