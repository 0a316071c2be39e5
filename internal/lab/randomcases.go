package lab

import (
	"fmt"
	"math"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/transformations"
)

// randomGenerators is the number of generators of the random cases at
// their own sizes: 2^19 work-items fill a GPU several times over, and each
// makes 256 float32 values (2^27 in all) from 64 outputs of Philox 4×32,
// so that reading and writing the counters (16 bytes each way per
// generator) adds 3% to the bytes of the values.
const randomGenerators = 1 << 19

// randomSeed is the seed of every random case.
const randomSeed = 2026

// randomDist is the distribution of a random case.
type randomDist int

const (
	randomUniform randomDist = iota // uniform in [0, 1)
	randomNormal                    // normal with mean 0 and deviation 1
)

// randomCase is one workload of the random number benchmark, named and
// sized as PyTorch's counterpart in scripts/torch_random_bench.py: an array
// of (values per generator, generators), generators along the last axis.
type randomCase struct {
	name  string
	dist  randomDist
	dt    dtypes.DType
	shape []int // at algoFullMiB
}

// randomCases are the cases in the order they run.
var randomCases = []randomCase{
	{"uniform_f32_2^27", randomUniform, dtypes.Float32, []int{1 << 27 / randomGenerators, randomGenerators}},
	{"normal_f32_2^27", randomNormal, dtypes.Float32, []int{1 << 27 / randomGenerators, randomGenerators}},
	{"uniform_f64_2^26", randomUniform, dtypes.Float64, []int{1 << 26 / randomGenerators, randomGenerators}},
}

// selectRandomCases returns the cases named in list (comma-separated, ""
// for all), in the order given.
func selectRandomCases(list string) ([]randomCase, error) {
	return selectCases(list, randomCases, func(c randomCase) string { return c.name }, "random")
}

// sizedShape returns the case's shape at mib MiB per array, shrunk as the
// algorithm cases shrink: values per generator first, then generators.
func (c randomCase) sizedShape(mib float64) []int {
	return algoCase{shape: c.shape}.sizedShape(mib)
}

// writtenBytes returns the bytes of the values of an array of shape: what
// the bandwidth of a case counts, as PyTorch's figure does.
func (c randomCase) writtenBytes(shape []int) int64 {
	return int64(core.ArrayOf(c.dt, shape...).Size()) * int64(c.dt.Size())
}

// moments returns the mean and the variance of the case's distribution,
// multiplied by scale.
func (c randomCase) moments(scale float64) (mean, variance float64) {
	if c.dist == randomNormal {
		return 0, scale * scale
	}
	return scale / 2, scale * scale / 12
}

// computation returns the case's generator for randoms of shape, with a
// scale transformation on its output where scaled. The bijection is
// Philox 4×32 with 10 rounds, which PyTorch's CUDA generator uses too.
func (c randomCase) computation(shape []int, scaled bool) (*cbrng.CBRNG, error) {
	b, err := cbrng.Philox(32, 4, cbrng.PhiloxRounds)
	if err != nil {
		return nil, err
	}
	var s *cbrng.Sampler
	if c.dist == randomNormal {
		s, err = cbrng.NormalBM(b, c.dt, 0, 1)
	} else {
		s, err = cbrng.UniformFloat(b, c.dt, 0, 1)
	}
	if err != nil {
		return nil, err
	}
	t := core.ArrayOf(c.dt, shape...)
	rng, err := cbrng.NewCBRNG(t, 1, s, randomSeed)
	if err != nil {
		return nil, err
	}
	if scaled {
		scale, err := transformations.MulConst(t, algoScale)
		if err != nil {
			return nil, err
		}
		if err := rng.Connect("randoms", scale, "input", map[string]string{"output": "scaled"}); err != nil {
			return nil, fmt.Errorf("connecting the scale: %w", err)
		}
	}
	return rng, nil
}

// randomCheckSigmas bounds the distance of the sample mean and variance
// from the distribution's, in standard errors of each: 6 leaves a correct
// generator a chance of failing below 1e-8, and a wrong distribution,
// range or missing values fail by far more at 2^20 values and beyond.
const randomCheckSigmas = 6

// checkMoments returns an error unless the values have the mean and the
// variance of the case's distribution times scale, within
// randomCheckSigmas standard errors, and lie in its range. It returns the
// sample mean and variance.
func (c randomCase) checkMoments(values []float64, scale float64) (mean, variance float64, err error) {
	n := float64(len(values))
	for _, v := range values {
		mean += v
	}
	mean /= n
	for i, v := range values {
		if math.IsNaN(v) || c.dist == randomUniform && !(v >= 0 && v < scale) {
			return 0, 0, fmt.Errorf("value %d is %v, outside the range of the distribution", i, v)
		}
		variance += (v - mean) * (v - mean)
	}
	variance /= n - 1
	wantMean, wantVar := c.moments(scale)
	// The standard errors of the mean, σ/√n, and of the variance,
	// σ²·√((κ − 1)/n) with the kurtosis κ: 3 for the normal, 9/5 for the
	// uniform distribution.
	kurtosis := 1.8
	if c.dist == randomNormal {
		kurtosis = 3
	}
	if d := math.Abs(mean - wantMean); d > randomCheckSigmas*math.Sqrt(wantVar/n) {
		return mean, variance, fmt.Errorf("the mean of %d values is %.6g, want %.6g", len(values), mean, wantMean)
	}
	if d := math.Abs(variance - wantVar); d > randomCheckSigmas*wantVar*math.Sqrt((kurtosis-1)/n) {
		return mean, variance, fmt.Errorf("the variance of %d values is %.6g, want %.6g", len(values), variance, wantVar)
	}
	return mean, variance, nil
}
