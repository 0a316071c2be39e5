package core

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"time"

	"github.com/reikna-go/reikna/cluda"
)

// choicePoint is a choice a build made among candidate plans (see
// Plan.Choose).
type choicePoint struct {
	key        string
	candidates []string
}

// Choose returns the candidate the plan takes at a choice point of a
// computation among candidates, the plans it may take, the first of which
// is the computation's own rule. key names the choice and the
// computation's parameters it depends on (such as "fft complex64
// [8 1024] axis 1"), so that the choices of different computations and
// parameters do not meet; the store adds the device, its driver and the
// interface.
//
// A plan compiled with CompileOptions.Tune takes the candidate that
// tuning is timing; another takes the choice the Thread's wisdom holds for
// key (cluda.Thread.Wisdom), where that is one of candidates, and the rule
// otherwise. A plan that is only rendered takes the rule.
func (p *Plan) Choose(key string, candidates ...string) string {
	if len(candidates) == 0 {
		return ""
	}
	if !slices.ContainsFunc(p.seen, func(c choicePoint) bool { return c.key == key }) {
		p.seen = append(p.seen, choicePoint{key, slices.Clone(candidates)})
	}
	if c, ok := p.tuning[key]; ok && slices.Contains(candidates, c) {
		return c
	}
	if p.thread != nil && !p.opts.Tune {
		if c, ok := p.thread.Wisdom().Choice(key); ok && slices.Contains(candidates, c) {
			return c
		}
	}
	return candidates[0]
}

// tuneRuns is how many timed calls decide between two candidates: the
// median of them, after a call that warms the caches up.
const tuneRuns = 5

// compileTuned compiles the computation with every candidate of each of
// its choice points in turn, the others at their best so far, keeps the
// fastest in the Thread's wisdom and returns the callable of the best.
func (c *Computation) compileTuned(thr *cluda.Thread, opts CompileOptions) (*Callable, error) {
	build := func(choices map[string]string) (*Callable, []choicePoint, error) {
		t, plan, err := c.plan(&Plan{thread: thr, params: thr.Params(), opts: opts.clone(), tuning: choices})
		if err != nil {
			return nil, nil, err
		}
		k, err := newCallable(c.name, thr, t, plan)
		return k, plan.seen, err
	}
	choices := map[string]string{}
	first, points, err := build(choices)
	if err != nil {
		return nil, fmt.Errorf("core: compile %s: %w", c.name, err)
	}
	if len(points) == 0 {
		return first, nil
	}
	args, release, err := tuneArguments(thr, first.Signature())
	if err != nil {
		first.Release()
		return nil, fmt.Errorf("core: tune %s: %w", c.name, err)
	}
	defer release()
	best := first
	bestTime, err := timeCall(thr, first, args, tuneRuns)
	if err != nil {
		first.Release()
		return nil, fmt.Errorf("core: tune %s: %w", c.name, err)
	}
	for _, pt := range points {
		for _, cand := range pt.candidates {
			current, ok := choices[pt.key]
			if !ok {
				current = pt.candidates[0]
			}
			if cand == current {
				continue
			}
			trial := maps.Clone(choices)
			trial[pt.key] = cand
			k, _, err := build(trial)
			if err != nil {
				continue // a candidate the device refuses is not a choice
			}
			d, err := timeCall(thr, k, args, tuneRuns)
			if err != nil || d >= bestTime {
				k.Release()
				continue
			}
			best.Release()
			best, bestTime, choices = k, d, trial
		}
	}
	w := thr.Wisdom()
	for _, pt := range points {
		choice, ok := choices[pt.key]
		if !ok {
			choice = pt.candidates[0]
		}
		// The choice is kept in this process whatever happens on disk;
		// a disk that refuses it (which SetChoice warns about) costs
		// later processes the tuning again, not this callable.
		_ = w.SetChoice(pt.key, choice)
	}
	return best, nil
}

// Time returns the median time of runs calls of the callable, each waited
// for, after one more that warms the caches up, on arrays of its
// signature's types filled with zeros and zero scalars, which it makes
// and releases: what the callable's plan costs on its device, as tuning
// (CompileOptions.Tune) measures it.
func (c *Callable) Time(runs int) (time.Duration, error) {
	if runs < 1 {
		return 0, fmt.Errorf("core: time %s: %d runs (want at least 1)", c.name, runs)
	}
	args, release, err := tuneArguments(c.thread, c.sig)
	if err != nil {
		return 0, fmt.Errorf("core: time %s: %w", c.name, err)
	}
	defer release()
	d, err := timeCall(c.thread, c, args, runs)
	if err != nil {
		return 0, fmt.Errorf("core: time %s: %w", c.name, err)
	}
	return d, nil
}

// timeCall returns the median time of runs calls of k with args, each
// waited for, after one that warms up.
func timeCall(thr *cluda.Thread, k *Callable, args []any, runs int) (time.Duration, error) {
	times := make([]time.Duration, runs)
	for i := -1; i < runs; i++ {
		start := time.Now()
		if err := k.Call(args...); err != nil {
			return 0, err
		}
		if err := thr.Synchronize(); err != nil {
			return 0, err
		}
		if i >= 0 {
			times[i] = time.Since(start)
		}
	}
	sort.Slice(times, func(a, b int) bool { return times[a] < times[b] })
	return times[runs/2], nil
}
