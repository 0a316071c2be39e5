package computations

import (
	"fmt"
	"math"
	"math/big"
	"testing"
)

// harmonicDirect is the recurrence of Harmonic without its scaling, one
// mode at a time, as the transform's matrices were first built: φₘ(x) in
// O(m) steps, exact in float64 where e^(−x²/2) does not underflow.
func harmonicDirect(x float64, mode int) float64 {
	prev, cur := 0.0, math.Pow(math.Pi, -0.25)*math.Exp(-x*x/2)
	for n := 1; n <= mode; n++ {
		prev, cur = cur, math.Sqrt(2/float64(n))*x*cur-math.Sqrt(float64(n-1)/float64(n))*prev
	}
	return cur
}

// dhtTableTolerance bounds the relative difference between the
// transform's matrices and those of harmonicDirect: both run the same
// recurrence in the same order, and the scaling by powers of two is
// exact, so only the last bit of a value may differ.
const dhtTableTolerance = 0x1p-52

// TestDHTMatrixMatchesDirect compares the transform's matrices, whose
// modes at a point come from one pass of the recurrence, with those built
// mode by mode from harmonicDirect, on grids of 1 to 512 modes, where
// e^(−x²/2) does not underflow.
func TestDHTMatrixMatchesDirect(t *testing.T) {
	for _, tc := range []struct{ modes, order int }{
		{1, 1}, {2, 1}, {3, 2}, {5, 1}, {8, 2}, {13, 1}, {31, 2}, {64, 1}, {100, 2}, {257, 1}, {512, 1},
	} {
		t.Run(fmt.Sprintf("modes=%d/order=%d", tc.modes, tc.order), func(t *testing.T) {
			x, w, err := dhtGridAndWeights(tc.modes, tc.order, 0)
			if err != nil {
				t.Fatal(err)
			}
			direct := make([][]float64, len(x)) // direct[i][m] = φₘ(xᵢ)
			for i, xi := range x {
				direct[i] = make([]float64, tc.modes)
				for m := range direct[i] {
					direct[i][m] = harmonicDirect(xi, m)
				}
			}
			for _, inverse := range []bool{false, true} {
				got, err := dhtMatrix(tc.modes, tc.order, 0, inverse)
				if err != nil {
					t.Fatal(err)
				}
				var diff, norm float64
				for i := range x {
					for m, want := range direct[i] {
						at := i*tc.modes + m
						if !inverse {
							want, at = w[i]*want, m*len(x)+i
						}
						diff = math.Max(diff, math.Abs(got[at]-want))
						norm = math.Max(norm, math.Abs(want))
					}
				}
				if e := diff / norm; !(e <= dhtTableTolerance) {
					t.Errorf("inverse=%v: the matrix differs from the direct one by %.3g relative to its largest value", inverse, e)
				}
			}
		})
	}
}

// harmonicBig returns φ₀(x) … φ_modes(x) by the recurrence of Harmonic in
// big floats of 256 bits, from φ₀ = π^(−1/4) (e^(−x²/(2k)))^k with k such
// that e^(−x²/(2k)) is a normal float64: the k roundings of that factor
// are its only error beyond the big floats'.
func harmonicBig(x float64, modes int) []float64 {
	const prec = 256
	k := int(math.Ceil(x*x/2/600)) + 1
	factor := new(big.Float).SetPrec(prec).SetFloat64(math.Exp(-x * x / 2 / float64(k)))
	cur := new(big.Float).SetPrec(prec).SetFloat64(math.Pow(math.Pi, -0.25))
	for range k {
		cur.Mul(cur, factor)
	}
	prev := new(big.Float).SetPrec(prec)
	bx := new(big.Float).SetPrec(prec).SetFloat64(x)
	out := make([]float64, modes+1)
	out[0], _ = cur.Float64()
	for n := 1; n <= modes; n++ {
		a := new(big.Float).SetPrec(prec).SetFloat64(2 / float64(n))
		a.Sqrt(a)
		b := new(big.Float).SetPrec(prec).SetFloat64(float64(n-1) / float64(n))
		b.Sqrt(b)
		next := new(big.Float).SetPrec(prec).Mul(a, bx)
		next.Mul(next, cur)
		next.Sub(next, b.Mul(b, prev))
		prev, cur = cur, next
		out[n], _ = cur.Float64()
	}
	return out
}

// harmonicFarTolerance bounds the relative L2 error of φ₀(x) … φₘ(x)
// where e^(−x²/2) underflows: the exponent x²/2, up to 2000, rounded to
// float64 costs 2000 ε, and the recurrence a few ε at each of its steps.
const harmonicFarTolerance = 1e-11

// TestHarmonicFar checks Harmonic beyond |x| ≈ 37, where e^(−x²/2)
// underflows but the functions of high modes do not, against a recurrence
// in big floats: without its scaling the recurrence starts from 0 and
// gives 0 there.
func TestHarmonicFar(t *testing.T) {
	for _, tc := range []struct {
		x     float64
		modes int
	}{
		{38.5, 1000}, {-40, 1000}, {44.75, 1024}, {63.5, 2048}, {90, 4096},
	} {
		t.Run(fmt.Sprintf("x=%g/modes=%d", tc.x, tc.modes), func(t *testing.T) {
			want := harmonicBig(tc.x, tc.modes)
			var diff, norm float64
			for m, v := range want {
				got := Harmonic(tc.x, m)
				diff += (got - v) * (got - v)
				norm += v * v
			}
			if norm == 0 {
				t.Fatalf("the reference is zero")
			}
			if e := math.Sqrt(diff / norm); !(e <= harmonicFarTolerance) {
				t.Errorf("relative L2 error %.3g over modes 0 to %d", e, tc.modes)
			}
		})
	}
}

// TestHarmonicEdges checks Harmonic where x is infinite, not a number or
// so far out that every mode is zero in float64.
func TestHarmonicEdges(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		mode int
		nan  bool
	}{
		{math.Inf(1), 0, false}, {math.Inf(-1), 5, false}, {1e300, 3, false}, {-harmonicFar, 100, false},
		{math.NaN(), 0, true}, {math.NaN(), 4, true},
		{0, -1, true}, {0, MaxHarmonicMode + 1, true}, {1, math.MaxInt, true},
	} {
		t.Run(fmt.Sprintf("x=%g/mode=%d", tc.x, tc.mode), func(t *testing.T) {
			got := Harmonic(tc.x, tc.mode)
			if tc.nan != math.IsNaN(got) || !tc.nan && got != 0 {
				t.Errorf("Harmonic(%g, %d) = %g", tc.x, tc.mode, got)
			}
		})
	}
}
