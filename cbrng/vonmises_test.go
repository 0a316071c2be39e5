package cbrng_test

import (
	"math"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// The moment checks draw momentBatch × momentGenerators values, and allow
// momentSigmas standard errors of each moment: a correct sampler strays
// that far with a probability of about 10^-9, and the seeds are fixed.
const (
	momentBatch      = 256
	momentGenerators = 64
	momentSigmas     = 6
)

// vonMisesMoment2 returns E[(x − μ)²] of the von Mises distribution of
// concentration kappa, by the trapezoid rule on 2^16 intervals (an error
// far below the tolerance of the checks): over x in [−π, π] for kappa
// below 1, and over t = x√κ, where the density is e^(−2κ sin²(t/2√κ)),
// within 40 of 0 for larger kappa, so that no concentration overflows it.
func vonMisesMoment2(kappa float64) float64 {
	const n = 1 << 16
	scale, half := 1.0, math.Pi
	if kappa >= 1 {
		scale = math.Sqrt(kappa)
		half = min(math.Pi*scale, 40)
	}
	h := 2 * half / n
	var z, m2 float64
	for i := range n + 1 {
		t := -half + float64(i)*h
		w := h
		if i == 0 || i == n {
			w = h / 2
		}
		s := math.Sin(t / scale / 2)
		p := math.Exp(-2 * kappa * s * s)
		z += w * p
		m2 += w * p * t * t
	}
	return m2 / z / (scale * scale)
}

// TestVonMisesConcentrations checks that von Mises samplers of extreme
// concentrations and of those at the bounds between their methods finish
// on the device, and that their values lie within π of the mean with the
// mean and the second moment of the distribution.
func TestVonMisesConcentrations(t *testing.T) {
	thr := cludatest.Thread(t)
	b := bijection(t, "philox", 32, 4)
	below := func(x float64) float64 { return math.Nextafter(x, 0) }
	above := func(x float64) float64 { return math.Nextafter(x, math.Inf(1)) }
	for _, tc := range []struct {
		name  string
		dt    dtypes.DType
		mu    float64
		kappa float64
	}{
		{"float32 κ=1e7", dtypes.Float32, 0, 1e7},
		{"float32 κ=1e7 μ=1", dtypes.Float32, 1, 1e7},
		{"float32 κ=1e30", dtypes.Float32, 0, 1e30},
		{"float32 κ=1e200", dtypes.Float32, 0, 1e200},
		{"float32 κ=1e4", dtypes.Float32, 0, 1e4},
		{"float32 κ=2^21", dtypes.Float32, 0, 0x1p21},
		{"float32 κ above 2^21", dtypes.Float32, 0, above(0x1p21)},
		{"float32 κ=2^-23", dtypes.Float32, 0, 0x1p-23},
		{"float32 κ above 2^-23", dtypes.Float32, 0, above(0x1p-23)},
		{"float32 κ=1e-40", dtypes.Float32, 0, 1e-40},
		{"float64 κ=1e7 μ=-2", dtypes.Float64, -2, 1e7},
		{"float64 κ=1e30", dtypes.Float64, 0, 1e30},
		{"float64 κ=1e200", dtypes.Float64, 0, 1e200},
		{"float64 κ=2^50", dtypes.Float64, 0, 0x1p50},
		{"float64 κ above 2^50", dtypes.Float64, 0, above(0x1p50)},
		{"float64 κ=2^-52", dtypes.Float64, 0, 0x1p-52},
		{"float64 κ above 2^-52", dtypes.Float64, 0, above(0x1p-52)},
		{"float64 κ below 2^-52", dtypes.Float64, 0, below(0x1p-52)},
		{"float64 κ=1e-300", dtypes.Float64, 0, 1e-300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !thr.Params().SupportsDType(tc.dt) {
				t.Skipf("the device does not compute in %v", tc.dt)
			}
			s, err := cbrng.VonMises(b, tc.dt, tc.mu, tc.kappa)
			if err != nil {
				t.Fatal(err)
			}
			values := sampleOnce(t, thr, s, 11)
			checkVonMisesMoments(t, values, tc.dt, tc.mu, tc.kappa)
		})
	}
}

// checkVonMisesMoments checks that values lie in [mu − π, mu + π] and have
// the mean mu and the second moment about it of the von Mises
// distribution, within momentSigmas standard errors (the standard error
// of a mean of squares is at most √2 of the moment over √n for the
// distributions from the uniform to the normal), and within the square of
// the smallest normal number of dt, below which GPUs flush values to zero.
func checkVonMisesMoments(t *testing.T, values []float64, dt dtypes.DType, mu, kappa float64) {
	t.Helper()
	floor := 0x1p-1022
	if dt == dtypes.Float32 {
		floor = 0x1p-126
	}
	n := float64(len(values))
	var mean, m2 float64
	for i, v := range values {
		if math.IsNaN(v) || math.Abs(v-mu) > math.Pi*(1+1e-6) {
			t.Fatalf("value %d is %v, outside [μ − π, μ + π]", i, v)
		}
		mean += (v - mu) / n
		m2 += (v - mu) * (v - mu) / n
	}
	want := vonMisesMoment2(kappa)
	// The values are rounded to dt about mu.
	ulp := math.Abs(mu) * 0x1p-52
	if dt == dtypes.Float32 {
		ulp = math.Abs(mu) * 0x1p-23
	}
	if tol := momentSigmas*math.Sqrt(want/n) + ulp + floor; math.Abs(mean) > tol {
		t.Errorf("mean %g from μ, want 0 within %g", mean, tol)
	}
	if tol := momentSigmas*math.Sqrt2*want/math.Sqrt(n) + 2*ulp*math.Sqrt(want) + ulp*ulp + floor*floor; math.Abs(m2-want) > tol {
		t.Errorf("second moment %g, want %g within %g", m2, want, tol)
	}
}

// sampleOnce fills a poisoned array of momentBatch × momentGenerators
// values of s, one generator per column, and returns them.
func sampleOnce(t *testing.T, thr *cluda.Thread, s *cbrng.Sampler, seed uint64) []float64 {
	t.Helper()
	_, call, counters, randoms := compileRNG(t, thr, core.ArrayOf(s.DType(), momentBatch, momentGenerators), 1, s, seed)
	poison := any(float32(math.NaN()))
	if s.DType() == dtypes.Float64 {
		poison = math.NaN()
	}
	if err := randoms.Fill(poison); err != nil {
		t.Fatal(err)
	}
	if err := call.Call(counters, randoms); err != nil {
		t.Fatal(err)
	}
	values, _ := readValues(t, randoms)
	return values
}

// TestVonMisesLargeKappaMessage checks that a concentration too large for
// Best and Fisher's method is taken by another method, not refused as too
// small.
func TestVonMisesLargeKappaMessage(t *testing.T) {
	b := bijection(t, "philox", 32, 4)
	for _, dt := range []dtypes.DType{dtypes.Float32, dtypes.Float64} {
		t.Run(dt.String(), func(t *testing.T) {
			if _, err := cbrng.VonMises(b, dt, 0, 1e200); err != nil {
				t.Errorf("κ = 1e200: %v", err)
				if strings.Contains(err.Error(), "too small") {
					t.Errorf("the error calls κ = 1e200 too small")
				}
			}
		})
	}
}
