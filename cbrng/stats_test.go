package cbrng_test

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// The statistical tests draw statValues values from statGenerators
// generators, and judge them at the significance statAlpha: a correct
// sampler fails one of them with a probability of statAlpha, and since
// the seeds are fixed, one that passes passes every time.
const (
	statBatch      = 1000
	statGenerators = 1000
	statValues     = statBatch * statGenerators
	statAlpha      = 1e-3
)

// ksCritical is the Kolmogorov–Smirnov distance that n values of the
// distribution exceed with the probability statAlpha (the asymptotic
// Kolmogorov distribution, exact enough at n = 10^6).
func ksCritical(n int) float64 {
	return math.Sqrt(-math.Log(statAlpha/2)/2) / math.Sqrt(float64(n))
}

// ksDistance returns the Kolmogorov–Smirnov distance between the empirical
// distribution of values (sorted in place) and cdf.
func ksDistance(values []float64, cdf func(float64) float64) float64 {
	slices.Sort(values)
	n := float64(len(values))
	d := 0.0
	for i, v := range values {
		f := cdf(v)
		d = max(d, f-float64(i)/n, float64(i+1)/n-f)
	}
	return d
}

// vonMisesCDF returns the distribution function of the von Mises
// distribution on [mu − π, mu + π]: the density integrated by the
// trapezoid rule on a grid fine enough that its error (below 1e-9) is far
// below any distance the test can see, and normalised by its integral.
func vonMisesCDF(mu, kappa float64) func(float64) float64 {
	const n = 1 << 16
	h := 2 * math.Pi / n
	cum := make([]float64, n+1)
	pdf := func(i int) float64 { return math.Exp(kappa * math.Cos(-math.Pi+float64(i)*h)) }
	for i := 1; i <= n; i++ {
		cum[i] = cum[i-1] + h*(pdf(i-1)+pdf(i))/2
	}
	total := cum[n]
	return func(x float64) float64 {
		t := (x - mu + math.Pi) / h
		switch {
		case t <= 0:
			return 0
		case t >= n:
			return 1
		}
		i := int(t)
		return (cum[i] + (t-float64(i))*(cum[min(i+1, n)]-cum[i])) / total
	}
}

// generate returns statBatch × statGenerators values of the sampler with
// one generator per column, as float64 (a complex dtype gives its real
// and imaginary parts as two arrays).
func generate(t *testing.T, thr *cluda.Thread, s *cbrng.Sampler, seed uint64) (re, im []float64) {
	t.Helper()
	if !thr.Params().SupportsDType(s.DType()) {
		t.Skipf("the device does not compute in %v", s.DType())
	}
	shape := []int{statBatch, statGenerators}
	_, call, counters, randoms := compileRNG(t, thr, core.ArrayOf(s.DType(), shape...), 1, s, seed)
	if err := randoms.Fill(poisonOf(s.DType())); err != nil {
		t.Fatal(err)
	}
	if err := call.Call(counters, randoms); err != nil {
		t.Fatal(err)
	}
	return readValues(t, randoms)
}

// poisonOf returns a value that no sampler gives: NaN, or the largest
// value of an integer dtype (outside every tested interval).
func poisonOf(dt dtypes.DType) any {
	switch dt {
	case dtypes.Float32:
		return float32(math.NaN())
	case dtypes.Float64:
		return math.NaN()
	case dtypes.Complex64:
		return complex64(complex(math.NaN(), math.NaN()))
	case dtypes.Complex128:
		return complex(math.NaN(), math.NaN())
	case dtypes.Int32:
		return int32(math.MaxInt32)
	case dtypes.Uint32:
		return uint32(math.MaxUint32)
	case dtypes.Uint64:
		return uint64(math.MaxUint64)
	}
	return int64(math.MaxInt64)
}

// readValues returns the values of an array as float64, a complex array's
// as its real and imaginary parts.
func readValues(t *testing.T, a *cluda.Array) (re, im []float64) {
	t.Helper()
	conv := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	switch a.DType() {
	case dtypes.Float32:
		v, err := cluda.Read[float32](a)
		conv(err)
		return floats(v), nil
	case dtypes.Float64:
		v, err := cluda.Read[float64](a)
		conv(err)
		return v, nil
	case dtypes.Complex64:
		v, err := cluda.Read[complex64](a)
		conv(err)
		for _, z := range v {
			re, im = append(re, float64(real(z))), append(im, float64(imag(z)))
		}
		return re, im
	case dtypes.Complex128:
		v, err := cluda.Read[complex128](a)
		conv(err)
		for _, z := range v {
			re, im = append(re, real(z)), append(im, imag(z))
		}
		return re, im
	case dtypes.Int32:
		v, err := cluda.Read[int32](a)
		conv(err)
		return floats(v), nil
	case dtypes.Uint32:
		v, err := cluda.Read[uint32](a)
		conv(err)
		return floats(v), nil
	case dtypes.Uint64:
		v, err := cluda.Read[uint64](a)
		conv(err)
		return floats(v), nil
	}
	v, err := cluda.Read[int64](a)
	conv(err)
	return floats(v), nil
}

func floats[T int32 | int64 | uint32 | uint64 | float32](v []T) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

func bijection(t *testing.T, family string, bits, words int) *cbrng.Bijection {
	t.Helper()
	var b *cbrng.Bijection
	var err error
	if family == "philox" {
		b, err = cbrng.Philox(bits, words, cbrng.PhiloxRounds)
	} else {
		b, err = cbrng.Threefry(bits, words, cbrng.ThreefryRounds)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSamplerDistributions checks each sampler's values against its
// distribution by the Kolmogorov–Smirnov test (uniform integers of a
// narrow range by the χ² test of the counts of each value) on 10^6
// values, and the independence of neighbouring generators.
func TestSamplerDistributions(t *testing.T) {
	thr := cludatest.Thread(t)
	p4x32, t4x64 := bijection(t, "philox", 32, 4), bijection(t, "threefry", 64, 4)
	p2x64, t2x32 := bijection(t, "philox", 64, 2), bijection(t, "threefry", 32, 2)
	t4x32, p4x64 := bijection(t, "threefry", 32, 4), bijection(t, "philox", 64, 4)
	normal := func(mu, sigma float64) func(float64) float64 {
		return distuv.Normal{Mu: mu, Sigma: sigma}.CDF
	}
	uniform := func(low, high float64) func(float64) float64 {
		return func(x float64) float64 { return min(max((x-low)/(high-low), 0), 1) }
	}
	gamma := func(k, theta float64) func(float64) float64 {
		return distuv.Gamma{Alpha: k, Beta: 1 / theta}.CDF
	}
	for _, tc := range []struct {
		name    string
		sampler func() (*cbrng.Sampler, error)
		cdf     func(float64) float64 // of the values, or of their real parts
		imCDF   func(float64) float64 // of the imaginary parts
		bins    []float64             // for the χ² test of integers: the values, equally likely
		low     float64               // the least value, for integers tested by their distance to it
	}{
		{"uniform float32 [-2, 3) philox4x32", func() (*cbrng.Sampler, error) { return cbrng.UniformFloat(p4x32, dtypes.Float32, -2, 3) },
			uniform(-2, 3), nil, nil, 0},
		{"uniform float64 [0, 1) threefry2x32", func() (*cbrng.Sampler, error) { return cbrng.UniformFloat(t2x32, dtypes.Float64, 0, 1) },
			uniform(0, 1), nil, nil, 0},
		{"normal float32 philox4x32", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(p4x32, dtypes.Float32, 1.5, 2) },
			normal(1.5, 2), nil, nil, 0},
		{"normal float64 threefry4x64", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(t4x64, dtypes.Float64, 0, 1) },
			normal(0, 1), nil, nil, 0},
		{"normal complex64 philox2x64", func() (*cbrng.Sampler, error) {
			return cbrng.NormalBM(p2x64, dtypes.Complex64, complex(1, -1), 2)
		}, normal(1, math.Sqrt2), normal(-1, math.Sqrt2), nil, 0},
		{"normal complex128 threefry4x32", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(t4x32, dtypes.Complex128, 0, 1) },
			normal(0, math.Sqrt(0.5)), normal(0, math.Sqrt(0.5)), nil, 0},
		{"gamma float32 k=3 θ=0.5 philox4x32", func() (*cbrng.Sampler, error) { return cbrng.Gamma(p4x32, dtypes.Float32, 3, 0.5) },
			gamma(3, 0.5), nil, nil, 0},
		{"gamma float64 k=0.4 θ=2 philox4x64", func() (*cbrng.Sampler, error) { return cbrng.Gamma(p4x64, dtypes.Float64, 0.4, 2) },
			gamma(0.4, 2), nil, nil, 0},
		{"von Mises float32 μ=0.5 κ=2 threefry4x64", func() (*cbrng.Sampler, error) { return cbrng.VonMises(t4x64, dtypes.Float32, 0.5, 2) },
			vonMisesCDF(0.5, 2), nil, nil, 0},
		{"von Mises float64 μ=0 κ=0.1 philox2x64", func() (*cbrng.Sampler, error) { return cbrng.VonMises(p2x64, dtypes.Float64, 0, 0.1) },
			vonMisesCDF(0, 0.1), nil, nil, 0},
		{"uniform int32 [-3, 7) philox4x32", func() (*cbrng.Sampler, error) { return cbrng.UniformInteger(p4x32, dtypes.Int32, -3, 7) },
			nil, nil, []float64{-3, -2, -1, 0, 1, 2, 3, 4, 5, 6}, 0},
		{"uniform uint32 [0, 2^32) threefry2x32", func() (*cbrng.Sampler, error) { return cbrng.UniformInteger(t2x32, dtypes.Uint32, 0, 1<<32) },
			uniform(0, 1<<32), nil, nil, 0},
		{"uniform int64 [-2^40, 3·2^40) philox4x64", func() (*cbrng.Sampler, error) {
			return cbrng.UniformInteger(p4x64, dtypes.Int64, -1<<40, 3<<40)
		}, uniform(0, 4<<40), nil, nil, -1 << 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.sampler()
			if err != nil {
				t.Fatal(err)
			}
			re, im := generate(t, thr, s, 42)
			checkNeighbours(t, re)
			switch {
			case tc.bins != nil:
				checkCounts(t, re, tc.bins)
			default:
				if tc.low != 0 {
					for i := range re {
						re[i] -= tc.low
					}
				}
				checkKS(t, "values", re, tc.cdf)
			}
			if tc.imCDF != nil {
				checkUncorrelated(t, re, im)
				checkKS(t, "imaginary parts", im, tc.imCDF)
			}
		})
	}
}

// checkKS fails the test where the values are not of the distribution cdf
// at the significance statAlpha.
func checkKS(t *testing.T, what string, values []float64, cdf func(float64) float64) {
	t.Helper()
	for i, v := range values {
		if math.IsNaN(v) {
			t.Fatalf("%s: value %d is NaN", what, i)
		}
	}
	d, crit := ksDistance(slices.Clone(values), cdf), ksCritical(len(values))
	if d > crit {
		t.Errorf("%s: Kolmogorov–Smirnov distance %.3g to the distribution, above %.3g (significance %g)", what, d, crit, statAlpha)
	}
}

// checkCounts fails the test where the values are not equally distributed
// over bins, by the χ² test at the significance statAlpha.
func checkCounts(t *testing.T, values, bins []float64) {
	t.Helper()
	counts := map[float64]int{}
	for i, v := range values {
		if !slices.Contains(bins, v) {
			t.Fatalf("value %d is %v, outside %v", i, v, bins)
		}
		counts[v]++
	}
	expected := float64(len(values)) / float64(len(bins))
	chi2 := 0.0
	for _, b := range bins {
		d := float64(counts[b]) - expected
		chi2 += d * d / expected
	}
	if p := (distuv.ChiSquared{K: float64(len(bins) - 1)}).Survival(chi2); p < statAlpha {
		t.Errorf("χ² of the counts %v is %.3g, p = %.3g below %g", counts, chi2, p, statAlpha)
	}
}

// checkNeighbours fails the test where the streams of neighbouring
// generators (the columns of values, statBatch × statGenerators) are
// correlated: the correlation of each neighbouring pair is about normal
// with the deviation 1/√statBatch for independent streams; the largest
// must stay within 5.5 deviations (a chance of 4e-5 among 999 pairs), and
// their mean within 5 deviations of a mean of 999.
func checkNeighbours(t *testing.T, values []float64) {
	t.Helper()
	column := func(g int) []float64 {
		c := make([]float64, statBatch)
		for i := range c {
			c[i] = values[i*statGenerators+g]
		}
		return c
	}
	sd := 1 / math.Sqrt(statBatch)
	sum, worst := 0.0, 0.0
	prev := column(0)
	for g := 1; g < statGenerators; g++ {
		next := column(g)
		r := correlation(prev, next)
		sum += r
		worst = max(worst, math.Abs(r))
		prev = next
	}
	if worst > 5.5*sd {
		t.Errorf("neighbouring generators: a correlation of %.3g, above %.3g", worst, 5.5*sd)
	}
	if mean := sum / (statGenerators - 1); math.Abs(mean) > 5*sd/math.Sqrt(statGenerators-1) {
		t.Errorf("neighbouring generators: a mean correlation of %.3g", mean)
	}
}

// checkUncorrelated fails the test where the real and imaginary parts of
// complex values are correlated beyond 5 deviations of the correlation of
// independent ones.
func checkUncorrelated(t *testing.T, re, im []float64) {
	t.Helper()
	if r := correlation(re, im); math.Abs(r) > 5/math.Sqrt(float64(len(re))) {
		t.Errorf("real and imaginary parts correlated by %.3g", r)
	}
}

// correlation returns Pearson's correlation of x and y.
func correlation(x, y []float64) float64 {
	n := float64(len(x))
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	return sxy / math.Sqrt(sxx*syy)
}
