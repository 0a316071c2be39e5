package fft

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/reikna-go/reikna/cluda"

	fftplan "github.com/reikna-go/reikna/computations/fft/internal/plan"
	"github.com/reikna-go/reikna/core"
)

// fftCandidate is a plan that tuning may take for an FFT in place of the
// rules' (see core.Plan.Choose and core.CompileOptions.Tune): the rules
// with the register kernel held to fewer elements per work-item or fewer
// work-items per work-group, or to even stages over strided data, or
// without it.
type fftCandidate struct {
	name   string
	tuning fftplan.Tuning
}

// fftCandidates are the FFT's candidate plans, the rules' own first.
var fftCandidates = []fftCandidate{
	{"rules", fftplan.Tuning{}},
	{"registers-8", fftplan.Tuning{MaxRegE: 8}},
	{"registers-16", fftplan.Tuning{MaxRegE: 16}},
	{"work-group-64", fftplan.Tuning{MaxRegWG: 64}},
	{"work-group-128", fftplan.Tuning{MaxRegWG: 128}},
	{"local-memory", fftplan.Tuning{NoRegisters: true}},
	{"even-strided", fftplan.Tuning{EvenStrided: true}},
}

// widePrimeCandidates are the candidates of transforms with a prime factor
// that only the wider prime butterflies take (fftplan.Tuning.MaxPrime):
// with them at every length, or with Bluestein's algorithm in their place.
var widePrimeCandidates = []fftCandidate{
	{"prime-butterflies-61", fftplan.Tuning{MaxPrime: 61}},
	{"prime-butterflies-31", fftplan.Tuning{MaxPrime: 31}},
	{"prime-butterflies-23", fftplan.Tuning{MaxPrime: 23}},
}

// loopedPrimeCandidates are the candidates of transforms on a CPU device
// with a prime factor from 37 to 251 (fftplan.Tuning.LoopedPrime): the
// looped pass without those primes (Bluestein's algorithm in their place),
// and with every one of them, prime lengths too.
var loopedPrimeCandidates = []fftCandidate{
	{"looped-primes-31", fftplan.Tuning{LoopedPrime: 31}},
	{"looped-primes-251", fftplan.Tuning{LoopedPrime: 251}},
}

// paddingCandidate is the candidate of transforms on a CPU device whose
// looped pass pads its arrays (fftplan.Tuning.NoLoopedPadding): the
// arrays plain.
var paddingCandidate = fftCandidate{"no-looped-padding", fftplan.Tuning{NoLoopedPadding: true}}

// cpuCandidates are the candidates of a CPU device's rules: the looped
// arrays plain (paddingCandidate), short rows in the passes of before
// the vector kernel (fftplan.Tuning.NoVectorRows), and long transforms in
// the plans of before looped passes of several
// (fftplan.Tuning.NoLoopedPasses).
var cpuCandidates = []fftCandidate{
	paddingCandidate,
	{"no-vector-rows", fftplan.Tuning{NoVectorRows: true}},
	{"no-looped-passes", fftplan.Tuning{NoLoopedPasses: true}},
}

// primeCandidates are the candidates of transforms with a prime length
// above the largest butterfly, where Rader's and Bluestein's algorithms
// compete (fftplan.Tuning.Primes).
var primeCandidates = []fftCandidate{
	{"rader", fftplan.Tuning{Primes: fftplan.PrimesRader}},
	{"bluestein", fftplan.Tuning{Primes: fftplan.PrimesBluestein}},
}

// bluesteinCandidates are the candidates of transforms that take
// Bluestein's algorithm, whose transforms may have a power-of-two length
// or the shortest of factors 2, 3, 5 and 7 (fftplan.Tuning.Bluestein).
var bluesteinCandidates = []fftCandidate{
	{"bluestein-pow2", fftplan.Tuning{Bluestein: fftplan.BluesteinPow2}},
	{"bluestein-smooth", fftplan.Tuning{Bluestein: fftplan.BluesteinSmooth}},
}

// turnCandidate is the candidate of transforms whose Bluestein's
// transforms may take several passes: each as its own passes, without the
// turn (fftplan.Tuning.NoTurn), which the rules take on GPUs.
var turnCandidate = fftCandidate{"no-turn", fftplan.Tuning{NoTurn: true}}

// rowTurnCandidates are the candidates of the same transforms over rows
// (fftplan.Tuning.RowTurnsFrom), which the rules take through CUDA only,
// from three passes in Stockham's order on with rows of at most 8192
// points: none over rows, rows from three passes of any length the
// register kernel takes, and rows from two passes of at most 8192.
var rowTurnCandidates = []fftCandidate{
	{"no-row-turns", fftplan.Tuning{RowTurnsFrom: fftplan.NoRowTurns}},
	{"row-turns-3", fftplan.Tuning{RowTurnsFrom: 3}},
	{"row-turns-2", fftplan.Tuning{RowTurnsFrom: 2, MaxRowTurn: 8192}},
}

// largePassCandidates are the candidates of transforms of several passes
// on a device with large local memory (CUDA's): none in it (where the
// rules take wider tiles), passes in it where they take fewer kernels,
// and also wherever they take as many in wider tiles
// (fftplan.Tuning.LargePasses), and where they take fewer kernels in tiles
// of at most 8 (fftplan.Tuning.LargeTile: 2^19 and 2^20 at 0.88 and 0.90
// times the rules' time on an H200, one round; docs/fft-gpu-notes.md §31),
// and without the rules' one wide pass (fftplan.Tuning.NoWideOnePass) or
// their whole exchanges (fftplan.Tuning.NoWholeExchanges).
var largePassCandidates = []fftCandidate{
	{"no-large-passes", fftplan.Tuning{LargePasses: fftplan.NoLargePasses}},
	{"large-passes", fftplan.Tuning{LargePasses: fftplan.AnyLargePasses}},
	{"wide-large-passes", fftplan.Tuning{LargePasses: fftplan.WideLargePasses}},
	{"large-passes-8", fftplan.Tuning{LargePasses: fftplan.AnyLargePasses, LargeTile: 8}},
	{"no-wide-one-pass", fftplan.Tuning{NoWideOnePass: true}},
	{"no-whole-exchanges", fftplan.Tuning{NoWholeExchanges: true}},
}

// candidatesFor returns the candidate plans of the FFT of t over axes on a
// device of limits lim: fftCandidates, primeCandidates where an axis has
// a prime length that both algorithms can take, widePrimeCandidates where
// an axis length has a factor that only the wider prime butterflies take,
// loopedPrimeCandidates on a CPU device where an axis length has a factor
// that its looped pass may take,
// bluesteinCandidates where an axis length takes Bluestein's algorithm,
// turnCandidate and rowTurnCandidates where its transforms may take
// several passes, cpuCandidates on a CPU device, and on a device with
// the large local memory
// largePassCandidates: with tuning, those two only where their plan is
// neither the rules' nor an earlier one's (planning them takes up to tens of
// milliseconds), else all of them, so that a choice the wisdom holds is
// among them.
func candidatesFor(t core.Type, axes []int, lim fftplan.Limits, tuning bool) []fftCandidate {
	out := fftCandidates
	prime, wide, looped, bluestein, turn := false, false, false, false, false
	for _, a := range axes {
		looped = looped || lim.CPU && fftplan.LoopedPrimeChoice(t.Shape()[a])
		prime = prime || fftplan.PrimeChoice(t.Shape()[a])
		wide = wide || fftplan.WidePrimeChoice(t.Shape()[a])
		bluestein = bluestein || fftplan.BluesteinChoice(t.Shape()[a])
		turn = turn || fftplan.TurnChoice(t.Shape()[a])
	}
	if prime {
		out = append(slices.Clone(out), primeCandidates...)
	}
	if wide {
		out = append(slices.Clone(out), widePrimeCandidates...)
	}
	if looped {
		out = append(slices.Clone(out), loopedPrimeCandidates...)
	}
	if bluestein {
		out = append(slices.Clone(out), bluesteinCandidates...)
	}
	if turn {
		out = append(append(slices.Clone(out), turnCandidate), rowTurnCandidates...)
	}
	switch {
	case lim.CPU && tuning:
		out = append(slices.Clone(out), newPlans(t, axes, lim, cpuCandidates)...)
	case lim.CPU:
		out = append(slices.Clone(out), cpuCandidates...)
	}
	switch {
	case !lim.LargeLocal():
		return out
	case tuning:
		return append(slices.Clone(out), newPlans(t, axes, lim, largePassCandidates)...)
	}
	return append(slices.Clone(out), largePassCandidates...)
}

// newPlans returns the candidates that give the FFT of t over axes on a
// device of limits lim a plan that neither the rules nor an earlier
// candidate of the list give.
func newPlans(t core.Type, axes []int, lim fftplan.Limits, candidates []fftCandidate) []fftCandidate {
	lim.Tuning = fftplan.Tuning{}
	rules, err := fftplan.New(t.Shape(), axes, lim)
	if err != nil {
		return nil
	}
	seen := []fftplan.Plan{rules}
	var out []fftCandidate
	for _, c := range candidates {
		lim.Tuning = c.tuning
		p, err := fftplan.New(t.Shape(), axes, lim)
		if err != nil || slices.ContainsFunc(seen, func(q fftplan.Plan) bool { return reflect.DeepEqual(p, q) }) {
			continue
		}
		seen = append(seen, p)
		out = append(out, c)
	}
	return out
}

// chooseTuning returns the tuning an FFT's build takes: given (the
// tuning a test or a benchmark forces) where it is not the zero one, else
// the candidate the plan chooses for the FFT of t over axes.
func chooseTuning(plan *core.Plan, t core.Type, axes []int, given fftplan.Tuning) fftplan.Tuning {
	if !reflect.DeepEqual(given, fftplan.Tuning{}) {
		return given
	}
	candidates := candidatesFor(t, axes, fftLimits(plan.DeviceParams(), t.DType(), fftplan.Tuning{}), plan.Tunes())
	names := make([]string, len(candidates))
	for i, c := range candidates {
		names[i] = c.name
	}
	choice := plan.Choose(fftChoiceKey(t, axes), names...)
	for _, c := range candidates {
		if c.name == choice {
			return c.tuning
		}
	}
	return given
}

// fftChoiceKey names the choice of plan of the FFT of t over axes in the
// wisdom.
func fftChoiceKey(t core.Type, axes []int) string {
	return fmt.Sprintf("fft %v %v axes %v", t.DType(), t.Shape(), axes)
}

// TunedPlan returns the name of the candidate plan that tuning chose for
// the FFT on thr's device (see core.CompileOptions.Tune), which its
// compiles take, and false where tuning chose none.
func (f *FFT) TunedPlan(thr *cluda.Thread) (string, bool) {
	return thr.Wisdom().Choice(fftChoiceKey(f.typ, f.axes))
}
