package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// bijectionName is the form of --bijection: the family, the words of a
// counter and their bits, and optionally the rounds.
var bijectionName = regexp.MustCompile(`^(philox|threefry)([0-9]+)x([0-9]+)(?:-([0-9]+))?$`)

// parseBijection returns the bijection --bijection names, such as
// philox4x32, threefry2x64 or philox4x32-7 (the family's usual rounds
// unless given).
func parseBijection(name string) (*cbrng.Bijection, error) {
	m := bijectionName.FindStringSubmatch(name)
	if m == nil {
		return nil, fmt.Errorf("--bijection %s: not a bijection (want philox or threefry, the words of a counter and their bits, and optionally the rounds: philox4x32, threefry2x64-13)", name)
	}
	words, _ := strconv.Atoi(m[2])
	bits, _ := strconv.Atoi(m[3])
	newBijection, rounds := cbrng.Philox, cbrng.PhiloxRounds
	if m[1] == "threefry" {
		newBijection, rounds = cbrng.Threefry, cbrng.ThreefryRounds
	}
	if m[4] != "" {
		rounds, _ = strconv.Atoi(m[4])
	}
	b, err := newBijection(bits, words, rounds)
	if err != nil {
		return nil, fmt.Errorf("--bijection %s: %w", name, err)
	}
	return b, nil
}

// cbrngComputation returns the generator of random values of shape that
// render prints, one generator for each element of the last axis, and its
// title.
func cbrngComputation(o *renderOptions, shape []int) (*core.Computation, string, error) {
	b, err := parseBijection(o.bijection)
	if err != nil {
		return nil, "", err
	}
	s, dt, distribution, err := parseSampler(o, b)
	if err != nil {
		return nil, "", err
	}
	t := core.ArrayOf(dt, shape...)
	rng, err := cbrng.NewCBRNG(t, 1, s, o.seed)
	if err != nil {
		return nil, "", err
	}
	return rng.Computation, fmt.Sprintf("Random values of %s, %s, from %v keyed by the seed %d, a generator for each element of the last axis",
		typeString(t), distribution, b, o.seed), nil
}

// samplerUsage lists the forms of --sampler.
const samplerUsage = "uniform[:LOW,HIGH], normal[:MEAN,STD], integer:LOW,HIGH, gamma:SHAPE[,SCALE] or vonmises:MU,KAPPA"

// parseSampler returns the sampler --sampler names, NAME or NAME:ARGS
// (samplerUsage), of values of the dtype --precision and --complex give
// (integers of as many bits for integer), with b as its bijection, and the
// distribution in words.
func parseSampler(o *renderOptions, b *cbrng.Bijection) (*cbrng.Sampler, dtypes.DType, string, error) {
	name, argText, hasArgs := strings.Cut(o.sampler, ":")
	var args []float64
	if hasArgs {
		for _, f := range strings.Split(argText, ",") {
			v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil {
				return nil, dtypes.Invalid, "", fmt.Errorf("--sampler %s: %q is not a number (want %s)", o.sampler, f, samplerUsage)
			}
			args = append(args, v)
		}
	}
	// withArgs returns the arguments, or defaults where none are given (nil
	// where the sampler has none); counts are the numbers of arguments it takes.
	withArgs := func(defaults []float64, counts ...int) ([]float64, error) {
		if !hasArgs {
			if defaults == nil {
				return nil, fmt.Errorf("--sampler %s: say its parameters (want %s)", o.sampler, samplerUsage)
			}
			return defaults, nil
		}
		for _, n := range counts {
			if len(args) == n {
				return args, nil
			}
		}
		return nil, fmt.Errorf("--sampler %s: the wrong number of parameters (want %s)", o.sampler, samplerUsage)
	}
	dt := renderDType(o)
	var s *cbrng.Sampler
	var distribution string
	var err error
	switch name {
	case "uniform":
		var a []float64
		if a, err = withArgs([]float64{0, 1}, 2); err == nil {
			s, err = cbrng.UniformFloat(b, dt, a[0], a[1])
			distribution = fmt.Sprintf("uniform in [%g, %g)", a[0], a[1])
		}
	case "normal":
		var a []float64
		if a, err = withArgs([]float64{0, 1}, 2); err == nil {
			s, err = cbrng.NormalBM(b, dt, complex(a[0], 0), a[1])
			distribution = fmt.Sprintf("normal with mean %g and deviation %g", a[0], a[1])
		}
	case "integer":
		var a []float64
		if a, err = withArgs(nil, 2); err == nil {
			dt = dtypes.Int32
			if o.precision.complexDType() == dtypes.Complex128 {
				dt = dtypes.Int64
			}
			low, high := int64(a[0]), int64(a[1])
			if float64(low) != a[0] || float64(high) != a[1] {
				return nil, dt, "", fmt.Errorf("--sampler %s: the bounds are integers", o.sampler)
			}
			s, err = cbrng.UniformInteger(b, dt, low, high)
			distribution = fmt.Sprintf("integers uniform in [%d, %d)", low, high)
		}
	case "gamma":
		var a []float64
		if a, err = withArgs(nil, 1, 2); err == nil {
			if len(a) == 1 {
				a = append(a, 1) // the scale
			}
			s, err = cbrng.Gamma(b, dt, a[0], a[1])
			distribution = fmt.Sprintf("gamma with shape %g and scale %g", a[0], a[1])
		}
	case "vonmises":
		var a []float64
		if a, err = withArgs(nil, 2); err == nil {
			s, err = cbrng.VonMises(b, dt, a[0], a[1])
			distribution = fmt.Sprintf("von Mises with mean %g and concentration %g", a[0], a[1])
		}
	default:
		return nil, dt, "", fmt.Errorf("--sampler %s: no such sampler (choose %s)", o.sampler, samplerUsage)
	}
	if err != nil {
		if strings.HasPrefix(err.Error(), "--sampler") {
			return nil, dt, "", err
		}
		return nil, dt, "", fmt.Errorf("--sampler %s: %w", o.sampler, err)
	}
	return s, dt, distribution, nil
}
