package cbrng_test

import (
	"math"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/dtypes"
)

// TestSamplerOverflow checks that parameters whose values would overflow
// the dtype are refused, naming them, and that parameters just within the
// bounds give finite values on the device, of the distribution's mean.
func TestSamplerOverflow(t *testing.T) {
	b := bijection(t, "philox", 32, 4)
	for _, tc := range []struct {
		name string
		make func() (*cbrng.Sampler, error)
		want string // a part of the error, or "" for parameters to run
		mean float64
	}{
		{"gamma float32 k=1e38 θ=10", func() (*cbrng.Sampler, error) { return cbrng.Gamma(b, dtypes.Float32, 1e38, 10) },
			"the shape 1e+38 and the scale 10 give values up to", 0},
		{"gamma float32 k=3e38 θ=1.2", func() (*cbrng.Sampler, error) { return cbrng.Gamma(b, dtypes.Float32, 3e38, 1.2) },
			"beyond the largest float32", 0},
		{"gamma float64 k=1e300 θ=1e10", func() (*cbrng.Sampler, error) { return cbrng.Gamma(b, dtypes.Float64, 1e300, 1e10) },
			"beyond the largest float64", 0},
		{"gamma float32 k=1e-39", func() (*cbrng.Sampler, error) { return cbrng.Gamma(b, dtypes.Float32, 1e-39, 1) },
			"the shape 1e-39 is below", 0},
		{"normal float32 σ=1e38", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(b, dtypes.Float32, 0, 1e38) },
			"the mean 0 and the standard deviation 1e+38 give values up to", 0},
		{"normal float32 μ=3e38 σ=1e37", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(b, dtypes.Float32, 3e38, 1e37) },
			"beyond the largest float32", 0},
		{"normal complex64 imaginary μ=-3e38 σ=2e37", func() (*cbrng.Sampler, error) {
			return cbrng.NormalBM(b, dtypes.Complex64, complex(0, -3e38), 2e37)
		}, "the imaginary part of the mean -3e+38", 0},
		{"normal float64 σ=1e308", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(b, dtypes.Float64, 0, 1e308) },
			"beyond the largest float64", 0},
		{"uniform float32 [-3e38, 3e38)", func() (*cbrng.Sampler, error) { return cbrng.UniformFloat(b, dtypes.Float32, -3e38, 3e38) },
			"the width of [-3e+38, 3e+38) overflows float32", 0},

		{"gamma float32 k=1e37 θ=10", func() (*cbrng.Sampler, error) { return cbrng.Gamma(b, dtypes.Float32, 1e37, 10) }, "", 1e38},
		{"gamma float32 k=3e38 θ=1e-3", func() (*cbrng.Sampler, error) { return cbrng.Gamma(b, dtypes.Float32, 3e38, 1e-3) }, "", 3e35},
		{"gamma float32 k=0.5 θ=5e36", func() (*cbrng.Sampler, error) { return cbrng.Gamma(b, dtypes.Float32, 0.5, 5e36) }, "", 2.5e36},
		{"normal float32 σ=5e37", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(b, dtypes.Float32, 0, 5e37) }, "", 0},
		{"normal float32 μ=3e38 σ=5e36", func() (*cbrng.Sampler, error) { return cbrng.NormalBM(b, dtypes.Float32, 3e38, 5e36) }, "", 3e38},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.make()
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "cbrng: ") {
					t.Fatalf("got %v, want an error containing %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			thr := cludatest.Thread(t)
			values := sampleOnce(t, thr, s, 5)
			var mean, m2 float64
			for i, v := range values {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("value %d is %v", i, v)
				}
				mean += v / float64(len(values))
			}
			for _, v := range values {
				m2 += (v - mean) * (v - mean) / float64(len(values))
			}
			// The mean within momentSigmas standard errors, or within a
			// relative 1e-6 where the spread is below float32's precision.
			if tol := momentSigmas*math.Sqrt(m2/float64(len(values))) + 1e-6*math.Abs(tc.mean); math.Abs(mean-tc.mean) > tol {
				t.Errorf("mean %g, want %g within %g", mean, tc.mean, tol)
			}
		})
	}
}
