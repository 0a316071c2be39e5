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

// The fuzzed samplers that the constructors accept run on fuzzBatch ×
// fuzzGenerators values, whose mean must lie within fuzzSigmas standard
// errors of the distribution's (a correct sampler strays that far with a
// probability of about 10^-9).
const (
	fuzzBatch      = 32
	fuzzGenerators = 32
	fuzzSigmas     = 6
)

// fuzzDTypes are the dtypes the fuzzed samplers are asked for, those no
// sampler takes among them.
var fuzzDTypes = []dtypes.DType{
	dtypes.Float32, dtypes.Float64, dtypes.Complex64, dtypes.Complex128,
	dtypes.Int32, dtypes.Int64, dtypes.Uint32, dtypes.Uint64, dtypes.Int8, dtypes.DType(0),
}

// fuzzParamWords are the words of which an error of a constructor names
// at least one: the parameter it refuses.
var fuzzParamWords = []string{
	"bits", "words", "rounds", "dtype", "low", "high", "interval", "mean", "std", "standard deviation",
	"shape", "scale", "kappa", "mu", "width", "range", "generator",
}

// fuzzSampler is a sampler the fuzz target makes and what its values must
// satisfy: the support, the mean and the standard deviation of the
// distribution.
type fuzzSampler struct {
	s         *cbrng.Sampler
	inSupport func(v, mean float64) bool // of a value, or a part of one, whose mean is mean
	mean, std float64                    // of the values, or of their real parts
	imMean    float64                    // of the imaginary parts
}

// FuzzSamplerParams builds bijections and samplers from fuzzed kinds,
// widths, rounds, dtypes and parameters (NaN, infinities, huge and tiny
// numbers among them). A constructor must either refuse them with an
// error that starts with "cbrng: " and names a parameter, or give a
// sampler whose values, drawn on the device, are finite, within its
// support and of its mean. Samplers of fewer rounds than the usual ones
// run with the usual ones, whose streams are random enough for the test
// of the mean.
func FuzzSamplerParams(f *testing.F) {
	thr := cludatest.Thread(f)
	f.Add(uint8(0), false, uint8(32), uint8(4), int8(10), uint8(0), -2.0, 3.0, int64(0), int64(0))
	f.Add(uint8(1), true, uint8(64), uint8(2), int8(20), uint8(1), 1e300, 1e10, int64(0), int64(0))
	f.Add(uint8(1), false, uint8(32), uint8(2), int8(10), uint8(2), 1.0, 1e37, int64(0), int64(0))
	f.Add(uint8(2), true, uint8(32), uint8(4), int8(20), uint8(5), 0.0, 0.0, int64(-1e12), int64(3e12))
	f.Add(uint8(2), false, uint8(64), uint8(4), int8(10), uint8(6), 0.0, 0.0, int64(0), int64(1)<<32)
	f.Add(uint8(3), false, uint8(32), uint8(4), int8(10), uint8(0), 1e38, 10.0, int64(0), int64(0))
	f.Add(uint8(3), true, uint8(64), uint8(4), int8(20), uint8(1), 0.3, 2.0, int64(0), int64(0))
	f.Add(uint8(4), false, uint8(32), uint8(4), int8(10), uint8(0), 0.5, 1e7, int64(0), int64(0))
	f.Add(uint8(4), true, uint8(32), uint8(2), int8(13), uint8(1), -1.0, 1e200, int64(0), int64(0))
	f.Add(uint8(4), false, uint8(64), uint8(2), int8(10), uint8(0), 0.0, math.NaN(), int64(0), int64(0))
	f.Add(uint8(0), true, uint8(16), uint8(3), int8(0), uint8(9), math.Inf(1), 0.0, int64(0), int64(0))
	f.Fuzz(func(t *testing.T, kind uint8, threefry bool, bits, words uint8, rounds int8, dtIndex uint8, p1, p2 float64, i1, i2 int64) {
		newBijection, usual := cbrng.Philox, cbrng.PhiloxRounds
		if threefry {
			newBijection, usual = cbrng.Threefry, cbrng.ThreefryRounds
		}
		b, err := newBijection(int(bits), int(words), int(rounds))
		if err != nil {
			checkFuzzError(t, err)
			return
		}
		if int(rounds) < usual {
			if b, err = newBijection(int(bits), int(words), usual); err != nil {
				t.Fatal(err)
			}
		}
		fs, err := makeFuzzSampler(kind, b, fuzzDTypes[int(dtIndex)%len(fuzzDTypes)], p1, p2, i1, i2)
		if err != nil {
			checkFuzzError(t, err)
			return
		}
		if !thr.Params().SupportsDType(fs.s.DType()) {
			return
		}
		checkFuzzValues(t, thr, fs)
	})
}

// checkFuzzError fails the test where err is not a clear error of the
// package, naming a parameter.
func checkFuzzError(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	if !strings.HasPrefix(msg, "cbrng: ") {
		t.Fatalf("error %q does not start with the package's prefix", msg)
	}
	for _, w := range fuzzParamWords {
		if strings.Contains(msg, w) {
			return
		}
	}
	t.Fatalf("error %q names no parameter", msg)
}

// makeFuzzSampler makes the sampler of kind (modulo 5: uniform floats,
// normal, uniform integers, gamma, von Mises) from the fuzzed parameters.
func makeFuzzSampler(kind uint8, b *cbrng.Bijection, dt dtypes.DType, p1, p2 float64, i1, i2 int64) (fuzzSampler, error) {
	var fs fuzzSampler
	var err error
	switch kind % 5 {
	case 0:
		fs.s, err = cbrng.UniformFloat(b, dt, p1, p2)
		lo, hi := roundTo(dt, p1), roundTo(dt, p2)
		fs.inSupport = func(v, _ float64) bool { return v >= lo && v < hi }
		fs.mean, fs.std = lo/2+hi/2, (hi-lo)/math.Sqrt(12)
	case 1:
		mean := complex(p1, 0)
		if dt.IsComplex() {
			mean = complex(p1, -p1)
		}
		fs.s, err = cbrng.NormalBM(b, dt, mean, p2)
		reach := 9 * p2 // beyond the largest radius of the Box–Muller transform
		fs.inSupport = func(v, mean float64) bool { return math.Abs(v-mean) <= reach+ulp(dt, mean) }
		fs.mean, fs.imMean, fs.std = real(mean), imag(mean), p2
	case 2:
		fs.s, err = cbrng.UniformInteger(b, dt, i1, i2)
		fs.inSupport = func(v, _ float64) bool { return v >= float64(i1) && v <= float64(i2-1) && v == math.Trunc(v) }
		fs.mean, fs.std = float64(i1)/2+float64(i2-1)/2, (float64(i2)-float64(i1))/math.Sqrt(12)
	case 3:
		fs.s, err = cbrng.Gamma(b, dt, p1, p2)
		fs.inSupport = func(v, _ float64) bool { return v >= 0 }
		fs.mean, fs.std = p1*p2, math.Sqrt(p1)*p2
	default:
		fs.s, err = cbrng.VonMises(b, dt, p1, p2)
		fs.inSupport = func(v, _ float64) bool { return math.Abs(v-p1) <= math.Pi*(1+1e-6)+ulp(dt, p1) }
		fs.mean, fs.std = p1, math.Pi
	}
	return fs, err
}

// roundTo returns x rounded to the precision of the real dtype of dt.
func roundTo(dt dtypes.DType, x float64) float64 {
	if dt.Real() == dtypes.Float32 {
		return float64(float32(x))
	}
	return x
}

// ulp returns twice the spacing of the values of dt near x, with the
// smallest normal number of dt, below which GPUs flush values to zero.
func ulp(dt dtypes.DType, x float64) float64 {
	if dt.Real() == dtypes.Float32 {
		return math.Abs(x)*0x1p-22 + 0x1p-126
	}
	return math.Abs(x)*0x1p-51 + 0x1p-1022
}

// checkFuzzValues draws fuzzBatch × fuzzGenerators values of fs on thr
// into a poisoned array and checks them.
func checkFuzzValues(t *testing.T, thr *cluda.Thread, fs fuzzSampler) {
	t.Helper()
	dt := fs.s.DType()
	rng, err := cbrng.NewCBRNG(core.ArrayOf(dt, fuzzBatch, fuzzGenerators), 1, fs.s, 1)
	if err != nil {
		t.Fatal(err)
	}
	call, err := rng.Compile(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer call.Release()
	counters, err := rng.Counters(thr)
	if err != nil {
		t.Fatal(err)
	}
	defer counters.Release()
	randoms, err := thr.Empty([]int{fuzzBatch, fuzzGenerators}, dt)
	if err != nil {
		t.Fatal(err)
	}
	defer randoms.Release()
	if poison, ok := fuzzPoison(dt, fs); ok {
		if err := randoms.Fill(poison); err != nil {
			t.Fatal(err)
		}
	}
	if err := call.Call(counters, randoms); err != nil {
		t.Fatal(err)
	}
	re, im := readValues(t, randoms)
	for k, part := range [][]float64{re, im} {
		if part == nil {
			continue
		}
		want, std := fs.mean, fs.std
		if k == 1 {
			want = fs.imMean
		}
		if dt.IsComplex() {
			std /= math.Sqrt2
		}
		var mean float64
		for i, v := range part {
			if math.IsNaN(v) || math.IsInf(v, 0) || !fs.inSupport(v, want) {
				t.Fatalf("%s sampler of %v: value %d is %v, outside its support", fs.s.Name(), dt, i, v)
			}
			mean += v / float64(len(part))
		}
		// The sum of the mean rounds each of its terms.
		rounding := math.Abs(want) * float64(len(part)) * 0x1p-52
		if tol := fuzzSigmas*std/math.Sqrt(float64(len(part))) + ulp(dt, want) + rounding; math.Abs(mean-want) > tol {
			t.Fatalf("%s sampler of %v: mean %g, want %g within %g", fs.s.Name(), dt, mean, want, tol)
		}
	}
}

// fuzzPoison returns a value of dt outside the support of fs to fill the
// output with before a call: NaN for floating dtypes, and for integers a
// value of the dtype next to the interval, where there is one.
func fuzzPoison(dt dtypes.DType, fs fuzzSampler) (any, bool) {
	switch dt {
	case dtypes.Float32:
		return float32(math.NaN()), true
	case dtypes.Float64:
		return math.NaN(), true
	case dtypes.Complex64:
		return complex64(complex(math.NaN(), math.NaN())), true
	case dtypes.Complex128:
		return complex(math.NaN(), math.NaN()), true
	}
	for _, v := range []float64{fs.mean + fs.std*math.Sqrt(3) + 0.5, fs.mean - fs.std*math.Sqrt(3) - 0.5} {
		if fs.inSupport(v, 0) {
			continue
		}
		switch dt {
		case dtypes.Int32:
			if v >= math.MinInt32 && v <= math.MaxInt32 {
				return int32(v), true
			}
		case dtypes.Uint32:
			if v >= 0 && v <= math.MaxUint32 {
				return uint32(v), true
			}
		case dtypes.Int64:
			if v >= math.MinInt64 && v < math.MaxInt64 {
				return int64(v), true
			}
		case dtypes.Uint64:
			if v >= 0 && v < math.MaxUint64 {
				return uint64(v), true
			}
		}
	}
	return nil, false
}
