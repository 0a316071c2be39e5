package main

import (
	"fmt"
	"regexp"
	"slices"
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

// samplerKind is a sampler --sampler may name: the parameters it takes
// when none are given (nil: they must be given), the numbers of
// parameters it takes, and how to make it of values of dt.
type samplerKind struct {
	defaults []float64
	counts   []int
	make     func(b *cbrng.Bijection, dt dtypes.DType, a []float64) (*cbrng.Sampler, dtypes.DType, string, error)
}

var samplerKinds = map[string]samplerKind{
	"uniform": {[]float64{0, 1}, []int{2}, func(b *cbrng.Bijection, dt dtypes.DType, a []float64) (*cbrng.Sampler, dtypes.DType, string, error) {
		s, err := cbrng.UniformFloat(b, dt, a[0], a[1])
		return s, dt, fmt.Sprintf("uniform in [%g, %g)", a[0], a[1]), err
	}},
	"normal": {[]float64{0, 1}, []int{2}, func(b *cbrng.Bijection, dt dtypes.DType, a []float64) (*cbrng.Sampler, dtypes.DType, string, error) {
		s, err := cbrng.NormalBM(b, dt, complex(a[0], 0), a[1])
		return s, dt, fmt.Sprintf("normal with mean %g and deviation %g", a[0], a[1]), err
	}},
	// Integers of the bits of --precision: int32, or int64 for double.
	"integer": {nil, []int{2}, func(b *cbrng.Bijection, dt dtypes.DType, a []float64) (*cbrng.Sampler, dtypes.DType, string, error) {
		it := dtypes.Int32
		if dt.Real() == dtypes.Float64 {
			it = dtypes.Int64
		}
		low, high := int64(a[0]), int64(a[1])
		if float64(low) != a[0] || float64(high) != a[1] {
			return nil, it, "", fmt.Errorf("the bounds are integers")
		}
		s, err := cbrng.UniformInteger(b, it, low, high)
		return s, it, fmt.Sprintf("integers uniform in [%d, %d)", low, high), err
	}},
	"gamma": {nil, []int{1, 2}, func(b *cbrng.Bijection, dt dtypes.DType, a []float64) (*cbrng.Sampler, dtypes.DType, string, error) {
		shape, scale := a[0], 1.0
		if len(a) == 2 {
			scale = a[1]
		}
		s, err := cbrng.Gamma(b, dt, shape, scale)
		return s, dt, fmt.Sprintf("gamma with shape %g and scale %g", shape, scale), err
	}},
	"vonmises": {nil, []int{2}, func(b *cbrng.Bijection, dt dtypes.DType, a []float64) (*cbrng.Sampler, dtypes.DType, string, error) {
		s, err := cbrng.VonMises(b, dt, a[0], a[1])
		return s, dt, fmt.Sprintf("von Mises with mean %g and concentration %g", a[0], a[1]), err
	}},
}

// parseSampler returns the sampler --sampler names, NAME or NAME:ARGS
// (samplerUsage), of values of the dtype --precision and --complex give
// (integers of as many bits for integer), with b as its bijection, and the
// distribution in words.
func parseSampler(o *renderOptions, b *cbrng.Bijection) (*cbrng.Sampler, dtypes.DType, string, error) {
	s, dt, distribution, err := sampler(o.sampler, b, renderDType(o))
	if err != nil {
		return nil, dt, "", fmt.Errorf("--sampler %s: %w", o.sampler, err)
	}
	return s, dt, distribution, nil
}

// sampler makes the sampler of spec (see parseSampler) of values of dt.
func sampler(spec string, b *cbrng.Bijection, dt dtypes.DType) (*cbrng.Sampler, dtypes.DType, string, error) {
	name, argText, hasArgs := strings.Cut(spec, ":")
	kind, ok := samplerKinds[name]
	if !ok {
		return nil, dt, "", fmt.Errorf("no such sampler (choose %s)", samplerUsage)
	}
	args := kind.defaults
	if hasArgs {
		args = nil
		for _, f := range strings.Split(argText, ",") {
			v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil {
				return nil, dt, "", fmt.Errorf("%q is not a number (want %s)", f, samplerUsage)
			}
			args = append(args, v)
		}
		if !slices.Contains(kind.counts, len(args)) {
			return nil, dt, "", fmt.Errorf("the wrong number of parameters (want %s)", samplerUsage)
		}
	} else if args == nil {
		return nil, dt, "", fmt.Errorf("say its parameters (want %s)", samplerUsage)
	}
	return kind.make(b, dt, args)
}
