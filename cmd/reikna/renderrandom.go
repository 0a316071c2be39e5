package main

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/core"
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
	dt := renderDType(o)
	var s *cbrng.Sampler
	var distribution string
	switch o.sampler {
	case "uniform":
		s, err = cbrng.UniformFloat(b, dt, 0, 1)
		distribution = "uniform in [0, 1)"
	case "normal":
		s, err = cbrng.NormalBM(b, dt, 0, 1)
		distribution = "normal with mean 0 and deviation 1"
	default:
		return nil, "", fmt.Errorf("--sampler %s: no such sampler (choose uniform or normal)", o.sampler)
	}
	if err != nil {
		return nil, "", fmt.Errorf("--sampler %s: %w", o.sampler, err)
	}
	t := core.ArrayOf(dt, shape...)
	rng, err := cbrng.NewCBRNG(t, 1, s, o.seed)
	if err != nil {
		return nil, "", err
	}
	return rng.Computation, fmt.Sprintf("Random values of %s, %s, from %v keyed by the seed %d, a generator for each element of the last axis",
		typeString(t), distribution, b, o.seed), nil
}
