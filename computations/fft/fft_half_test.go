package fft_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/reference"
	"github.com/reikna-go/reikna/transformations"
)

// halfUnitRoundoff is the relative error of rounding a number to the
// nearest half: 2^-11, half the gap between 1 and the next half.
const halfUnitRoundoff = 0x1p-11

// tolHalfFFT bounds the relative L2 error of an FFT of complex32 data that
// reads its input and writes its output as halves and computes in float32,
// against the float64 FFT of the exact input. Rounding each input element
// to a half moves it by at most halfUnitRoundoff relative to itself, so the
// input's relative L2 error is at most halfUnitRoundoff, and the transform,
// unitary up to a scale, keeps that relative L2 error as it is; rounding
// the output adds at most halfUnitRoundoff again; the float32 transform in
// between adds at most its own bound. Half's rounding dominates.
const tolHalfFFT = 2*halfUnitRoundoff + tolComplex64

// An FFT of complex32 data, read through FromHalf and written through
// ToHalf, matches the float64 FFT of the same data to half's precision,
// forward and inverse, for lengths a single kernel transforms, a
// mixed-radix one and a prime (Bluestein's algorithm).
func TestFFTHalfStorage(t *testing.T) {
	thr := cludatest.Thread(t)
	const batch = 3
	for _, n := range []int{64, 1000, 97} {
		for _, inverse := range []bool{false, true} {
			t.Run(fmt.Sprintf("n=%d/inverse=%v", n, inverse), func(t *testing.T) {
				typ := core.ArrayOf(dtypes.Complex64, batch, n)
				f := comptest.Must(fft.NewFFT(typ, []int{1}, fft.FFTOptions{}))
				if err := f.Connect("input", comptest.Must(transformations.FromHalf(typ)), "output",
					map[string]string{"input": "input_half"}); err != nil {
					t.Fatal(err)
				}
				if err := f.Connect("output", comptest.Must(transformations.ToHalf(typ)), "input",
					map[string]string{"output": "output_half"}); err != nil {
					t.Fatal(err)
				}
				c := comptest.Must(f.Compile(thr))
				defer c.Release()

				rng := rand.New(rand.NewPCG(uint64(n), 16))
				x := randomData(rng, batch*n)
				halves := make([]dtypes.HalfComplex, len(x))
				for i, v := range x {
					halves[i] = dtypes.NewHalfComplex(complex64(v))
				}
				in := comptest.Must(thr.ToDevice(halves, batch, n))
				out := comptest.Must(thr.Empty([]int{batch, n}, dtypes.Complex32))
				defer func() { in.Release(); out.Release() }()
				if err := out.Fill(complex(math.NaN(), math.NaN())); err != nil {
					t.Fatal(err)
				}
				dir := int32(0)
				if inverse {
					dir = 1
				}
				if err := c.Call(out, in, dir); err != nil {
					t.Fatal(err)
				}
				got := make([]complex64, len(x))
				for i, h := range comptest.Must(cluda.Read[dtypes.HalfComplex](out)) {
					got[i] = h.Complex64()
				}
				want := reference.FFTN(x, []int{batch, n}, []int{1}, inverse)
				if e := reference.RelativeL2(got, want); !(e <= tolHalfFFT) {
					t.Errorf("relative L2 error %.3g, want at most %.3g", e, tolHalfFFT)
				} else {
					t.Logf("relative L2 error %.3g", e)
				}
			})
		}
	}
}

// The half-precision types are of arrays only: a complex32 scalar, or a
// half array whose layout splits a half, is refused; so are the
// computations that would compute with half values (rather than the
// float32 values FromHalf gives them).
func TestHalfTypeErrors(t *testing.T) {
	if err := core.ScalarOf(dtypes.Complex32).Validate(); err == nil {
		t.Error("a complex32 scalar is valid")
	}
	if _, err := core.NewArrayType(dtypes.Float16, []int{4}, []int{3}, 0); err == nil {
		t.Error("a float16 array with a stride of 3 bytes is valid")
	}
	if _, err := fft.NewFFT(core.ArrayOf(dtypes.Complex32, 8), []int{0}, fft.FFTOptions{}); err == nil {
		t.Error("an FFT of complex32 arrays, which it would size as complex64 ones, was made")
	}
	if _, err := computations.PredicateSum(dtypes.Float16); err == nil {
		t.Error("a sum of float16 values was made")
	}
	if _, err := computations.NewEntrywiseNorm(core.ArrayOf(dtypes.Complex32, 8), nil, computations.EntrywiseNormOptions{}); err == nil {
		t.Error("a norm of complex32 values was made")
	}
}

// A computation that moves values takes half-precision arrays as they
// are: Transpose of a complex32 array, whose kernel reads and writes halves
// and holds its tile in local memory as complex64, moves every element
// unchanged.
func TestTransposeHalf(t *testing.T) {
	thr := cludatest.Thread(t)
	const rows, cols = 67, 45
	rng := rand.New(rand.NewPCG(16, 13))
	x := make([]dtypes.HalfComplex, rows*cols)
	for i := range x {
		x[i] = dtypes.NewHalfComplex(complex64(randomData(rng, 1)[0]))
	}
	tr := comptest.Must(computations.NewTranspose(core.ArrayOf(dtypes.Complex32, rows, cols), nil, computations.TransposeOptions{}))
	c := comptest.Must(tr.Compile(thr))
	defer c.Release()
	in := comptest.Must(thr.ToDevice(x, rows, cols))
	out := comptest.Must(thr.Empty([]int{cols, rows}, dtypes.Complex32))
	defer func() { in.Release(); out.Release() }()
	if err := out.Fill(complex(math.NaN(), math.NaN())); err != nil {
		t.Fatal(err)
	}
	if err := c.Call(out, in); err != nil {
		t.Fatal(err)
	}
	got := comptest.Must(cluda.Read[dtypes.HalfComplex](out))
	for i := range rows {
		for j := range cols {
			if got[j*rows+i] != x[i*cols+j] {
				t.Fatalf("element (%d, %d) is %v, want %v", j, i, got[j*rows+i], x[i*cols+j])
			}
		}
	}
}
