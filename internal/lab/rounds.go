package lab

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// Variant is one way to compute something that Rounds times beside
// others: Call runs it once and waits for it.
type Variant struct {
	Name string
	Call func() error
}

// Rounds times the variants in rounds interleaved rounds: each round
// times every variant once (CallMedian of runs calls), in an order that
// rotates from round to round, so that the machine's drift between
// variants falls on each alike. It returns, for each variant, its time in
// each round (ms) and its ratio to the first variant's time in the same
// round. The prototypes under scripts/ compare their kernels this way.
func Rounds(variants []Variant, rounds, runs int) (times, ratios [][]float64, err error) {
	if len(variants) == 0 || rounds < 1 || runs < 1 {
		return nil, nil, fmt.Errorf("lab: rounds of %d variants, %d rounds of %d runs: each must be positive", len(variants), rounds, runs)
	}
	times = make([][]float64, len(variants))
	ratios = make([][]float64, len(variants))
	round := make([]float64, len(variants))
	for r := 0; r < rounds; r++ {
		for k := range variants {
			i := (k + r) % len(variants)
			if round[i], err = CallMedian(variants[i].Call, runs); err != nil {
				return nil, nil, fmt.Errorf("lab: %s: %w", variants[i].Name, err)
			}
		}
		for i := range variants {
			times[i] = append(times[i], round[i])
			ratios[i] = append(ratios[i], round[i]/round[0])
		}
	}
	return times, ratios, nil
}

// CallMedian returns the median wall time in ms of runs calls of call,
// after two calls that warm up (the compiler's and the caches' first
// use).
func CallMedian(call func() error, runs int) (float64, error) {
	ts := make([]float64, 0, runs)
	for i := -2; i < runs; i++ {
		start := time.Now()
		if err := call(); err != nil {
			return 0, err
		}
		if i >= 0 {
			ts = append(ts, ms(time.Since(start)))
		}
	}
	return Median(ts), nil
}

// Median returns the median of xs: the middle value, or the mean of the
// two middle ones of an even count. It is NaN for no values.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
