package lab

import (
	"fmt"
	"io"
	"math"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// benchRandom times the random number cases, each bare and with a scale
// fused into its output, after checking the mean and the variance of the
// values of each.
func benchRandom(o *Options, stdout, stderr io.Writer) error {
	return runBenchSet(o, stdout, stderr, benchSet[randomCase, *randomReport]{
		mode: "random", what: "random number", otherMiB: caseDefaultMiB, cases: selectRandomCases,
		label: func(c randomCase, _ int) string {
			return caseLabel(c.name, c.sizedShape(o.MiB))
		},
		report: reportOf(func(r setReport[randomRow]) *randomReport { return &randomReport{r} }),
		measure: func(b *bencher, rep *randomReport, c randomCase, v int) {
			shape := c.sizedShape(o.MiB)
			b.arrayBytes = c.writtenBytes(shape)
			r := b.measureRandom(c, shape, v == 1)
			r.derive(c.writtenBytes(shape), rep.CopyGBs)
			rep.Rows = append(rep.Rows, r)
		},
	})
}

// measureRandom checks the moments of the case's values for randoms of
// shape, bare or with the scale on its output, and then times it from zero
// counters (see measureCase).
func (b *bencher) measureRandom(c randomCase, shape []int, scaled bool) randomRow {
	scale := 1.0
	if scaled {
		scale = algoScale
	}
	var r randomRow
	var rng *cbrng.CBRNG
	build := func() (*core.Computation, error) {
		var err error
		if rng, err = c.computation(shape, scaled); err != nil {
			return nil, err
		}
		r.Bijection, r.Generators = rng.Sampler().Bijection().String(), shape[len(shape)-1]
		return rng.Computation, nil
	}
	check := func(call *core.Callable, sets [][]any) error {
		var err error
		if r.Mean, r.Variance, err = b.checkRandom(c, rng, call, shape, scale); err != nil {
			return err
		}
		// Any counter is a place in the streams; zeros are the usual start.
		for _, set := range sets {
			if err := set[0].(*cluda.Array).Fill(wordZero(rng)); err != nil {
				return fmt.Errorf("zeroing the counters: %w", err)
			}
		}
		return nil
	}
	r.algoRow = b.measureCase(c.name, c.dt, shape, scaled, build, check)
	return r
}

// wordZero returns a zero of the dtype of rng's counters.
func wordZero(rng *cbrng.CBRNG) any {
	if rng.CountersType().DType() == dtypes.Uint64 {
		return uint64(0)
	}
	return uint32(0)
}

// checkRandom runs call once from zero counters into a poisoned output and
// checks the mean and the variance of the values (see checkMoments); wrong
// values are a *wrongResultError.
func (b *bencher) checkRandom(c randomCase, rng *cbrng.CBRNG, call *core.Callable, shape []int, scale float64) (mean, variance float64, err error) {
	counters, err := rng.Counters(b.thr)
	if err != nil {
		return 0, 0, err
	}
	defer counters.Release()
	out, err := b.thr.Empty(shape, c.dt)
	if err != nil {
		return 0, 0, fmt.Errorf("allocating the output: %w", err)
	}
	defer out.Release()
	poison := any(float32(math.NaN()))
	if c.dt == dtypes.Float64 {
		poison = math.NaN()
	}
	if err := out.Fill(poison); err != nil {
		return 0, 0, fmt.Errorf("poisoning the output: %w", err)
	}
	if err := call.Call(counters, out); err != nil {
		return 0, 0, fmt.Errorf("the checked call: %w", err)
	}
	values, err := readFloats(out)
	if err != nil {
		return 0, 0, fmt.Errorf("reading the output: %w", err)
	}
	mean, variance, err = c.checkMoments(values, scale)
	if err != nil {
		return mean, variance, &wrongResultError{err}
	}
	return mean, variance, nil
}

// readFloats returns the values of an array of Float32 or Float64 as
// float64.
func readFloats(a *cluda.Array) ([]float64, error) {
	if a.DType() == dtypes.Float64 {
		return cluda.Read[float64](a)
	}
	s, err := cluda.Read[float32](a)
	if err != nil {
		return nil, err
	}
	vs := make([]float64, len(s))
	for i, v := range s {
		vs[i] = float64(v)
	}
	return vs, nil
}
