package plan

import "slices"

// A CPU device's transforms too long for one looped pass run as several:
// Stockham passes whose sub-transforms are looped (Pass.Looped with L <
// N), each work-item taking Lanes neighbouring butterflies whose elements
// are neighbours in memory. A length of prime factors up to
// maxLoopedFactor then takes them as butterflies in two or three passes
// over memory, and Bluestein's transforms past the one looped kernel of
// the whole algorithm (maxBluesteinLoopedBytes) take two or three passes
// each, where the private register kernel's passes of a few points took
// five or more, most of them without lanes (Bluestein's chirps are
// element-wise hooks). On PoCL 3.1 (2 cores, AVX-512, 8 MiB of complex64,
// BenchmarkFFT in three interleaved rounds; docs/fft-gpu-notes.md §48)
// the plans of before took 1.03 to 5.93 times the time of these (a median
// of 1.43) at 17 lengths from 65537 to 2^20, none faster: 941535 =
// 3²·5·7³·61 in 4.43 ms against 25.5 by Bluestein's algorithm in 14
// passes, Bluestein's 84191 in 13.6 against 30.7; the real FFTs of six odd
// lengths (a real transform's ends: Limits.RealEnds) at 1.43–5.61 times
// the time before (98595 in 18.4 ms against 40.7).

// maxLoopedLength returns the longest sub-transform whose looped pass
// keeps its arrays on the stack (budget.looped).
func (b budget) maxLoopedLength() int {
	if b.looped == 0 || b.lanes < 2 {
		return 0
	}
	return b.looped / (2 * b.lanes * b.itemSize)
}

// loopedSplit returns the sub-lengths of the looped passes of a transform
// of length m, the largest prime factor maxFactor (of m's transform
// butterflies), or ok false where it takes none: on a device with
// looped passes (budget.loopedPasses), m is longer than one looped pass
// on the stack holds, its primes are at most maxFactor and
// maxLoopedFactor, and either it has a prime above maxPrimeRadix or its
// passes are Bluestein's transforms (whose first and last passes take no
// lanes). A 13-smooth transform keeps its passes in lanes.
func (b budget) loopedSplit(m, maxFactor int, bluestein bool) ([]int, bool) {
	maxL := b.maxLoopedLength()
	if !b.loopedPasses || maxL == 0 || m <= maxL || !isSmooth(m, min(maxFactor, maxLoopedFactor)) {
		return nil, false
	}
	if !bluestein && isSmooth(m, maxPrimeRadix) {
		return nil, false
	}
	ls := splitLength(m, maxL)
	for _, l := range ls {
		if l > maxL {
			return nil, false
		}
	}
	return ls, true
}

// loopedPasses returns the looped passes of sub-lengths ls, in that
// order, of the transform of length M along the axis.
func (a *Axis) loopedPasses(ls []int, b budget) []Pass {
	out := make([]Pass, 0, len(ls))
	ns := 1
	for _, l := range ls {
		p := loopedPass(l, a.Outer*a.Inner*(a.M/l), b)
		p.N, p.NS = a.M, ns
		out = append(out, p)
		ns *= l
	}
	return out
}

// loopedTurnKernels returns the kernels of Bluestein's algorithm over
// looped passes of sub-lengths ls (two or more) with its turn: the forward
// transform's last pass, the product with the transformed convolution
// kernel and the first pass of the transform back in one looped kernel
// (Pass.Turn), whose arrays hold after the forward stages the positions
// that the pass back of the same length loads (turnKernels says why); the
// transform back runs the passes in the reverse order. 2U − 1 kernels for
// U passes where there were 2U (budget.loopedTurn): on PoCL 3.1 (2 cores,
// AVX-512, 8 MiB of complex64, three interleaved rounds;
// docs/fft-gpu-notes.md §48) nine lengths from 65537 to 1011635 took
// 1.09–1.34 times the time without it (a median of 1.26).
func (a *Axis) loopedTurnKernels(ls []int, b budget) []Kernel {
	passes := a.loopedPasses(ls, b)
	back := slices.Clone(ls)
	slices.Reverse(back)
	turn := passes[len(passes)-1]
	turn.Turn = true
	return a.turnSequence(passes, turn, a.loopedPasses(back, b), b)
}
