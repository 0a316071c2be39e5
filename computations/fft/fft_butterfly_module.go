package fft

import (
	"fmt"
	"sync"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/templates"
)

// butterflyKey identifies a butterfly module.
type butterflyKey struct {
	radix  int
	dt     dtypes.DType
	inline bool
	lanes  int // > 1: of values that hold that many complex values each
	// loop: a macro of the array that holds the values, whose DFT runs
	// as loops over tables (loopedPrimeStatements).
	loop bool
}

// butterflyCache holds the butterfly modules made so far; modules are
// immutable, so every render may share them.
var butterflyCache sync.Map // butterflyKey → *snippets.Module

// butterflyModule returns the module named fft_dft<r>_<dt> that replaces r
// values of dt by their forward DFT: with inline, a macro whose
// parameters are the registers that hold them; otherwise a function of a
// pointer to them. Its C frame is in templates/fft_butterfly.cl, its
// straight-line statements come from butterflyStatements and
// butterflyFunctionStatements.
func butterflyModule(r int, dt dtypes.DType, inline bool) *snippets.Module {
	return butterflyModuleOf(butterflyKey{radix: r, dt: dt, inline: inline, lanes: 1})
}

// lanesButterflyModule returns the module named fft_dft<r>_<dt>_lanes<n>,
// a macro that replaces r values, each holding lanes complex values of
// dt (lanesType), by their forward DFTs, lane by lane.
func lanesButterflyModule(r int, dt dtypes.DType, lanes int) *snippets.Module {
	return butterflyModuleOf(butterflyKey{radix: r, dt: dt, inline: true, lanes: lanes})
}

// loopedButterflyModule returns the butterfly of radix r of a looped pass
// on values of lanes complex values of dt: lanesButterflyModule's, or
// for a prime above maxStraightPrime, the module named
// fft_dft<r>_<dt>_loop<n>, a macro of the array a[0..r-1] that replaces
// its values by their forward DFTs in loops over tables of its cosines
// and sines (loopedPrimeStatements), whose code does not grow with r².
func loopedButterflyModule(r int, dt dtypes.DType, lanes int) *snippets.Module {
	if !loopedPrime(r) {
		return lanesButterflyModule(r, dt, lanes)
	}
	return butterflyModuleOf(butterflyKey{radix: r, dt: dt, inline: true, lanes: lanes, loop: true})
}

// loopedPrime reports whether a looped pass's stage of radix r runs its
// butterfly as loops (loopedButterflyModule).
func loopedPrime(r int) bool { return r > maxStraightPrime && isPrime(r) }

// maxStraightPrime is the largest prime butterfly written as straight-line
// code, (p-1)²/2 products of its own; above it the looped passes of a CPU
// device run the same sums as loops, which PoCL compiles in about the time
// of the other butterflies (a transform with the factor 127 built in 8.8 s
// from straight-line code, against 0.7 s without that factor).
const maxStraightPrime = 31

// butterflyModuleOf returns the butterfly module of key, made once.
func butterflyModuleOf(key butterflyKey) *snippets.Module {
	if m, ok := butterflyCache.Load(key); ok {
		return m.(*snippets.Module)
	}
	r, dt := key.radix, key.dt
	args := map[string]any{"ctype": dt.CType()}
	frame := "fft_butterfly_function"
	switch {
	case key.loop:
		args["params"] = []string{"a"}
		args["lines"] = loopedPrimeStatements(r, dt, key.lanes)
		frame = "fft_butterfly_macro"
	case key.inline:
		params := make([]string, r)
		for i := range params {
			params[i] = fmt.Sprintf("a%d", i)
		}
		args["params"] = params
		args["lines"] = butterflyLanesStatements(params, dt, key.lanes)
		frame = "fft_butterfly_macro"
	default:
		args["lines"] = butterflyFunctionStatements(r, dt)
	}
	// The module is named after its template: a template of that name
	// with the frame's body. Neither step can fail on a new template and
	// a frame parsed with the package, so an error is a programming error.
	name := fmt.Sprintf("fft_dft%d_%s", r, dt)
	switch {
	case key.loop:
		name += fmt.Sprintf("_loop%d", key.lanes)
	case key.lanes > 1:
		name += fmt.Sprintf("_lanes%d", key.lanes)
	}
	t, err := templates.New(name).AddParseTree(name, kernelTemplates.Lookup(frame).Tree)
	if err != nil {
		panic(fmt.Sprintf("computations: butterfly module %s: %v", name, err))
	}
	m, _ := butterflyCache.LoadOrStore(key, snippets.MustModuleFromTemplate(t, nil, args))
	return m.(*snippets.Module)
}
