package plan

import "slices"

// Layout is where the registers of a work-item of the register kernel
// stand at one stage of radix Radix of a pass of length L with TT
// work-items per sub-transform: butterfly k of the work-item (k <
// Butterflies) is the stage's butterfly t + k*TT (t the work-item's place
// in its sub-transform), and register k*Radix + m holds its element m,
// the element t + k*TT + m*L/Radix of the stage's input (or its output m,
// whose position after the last stage is the same). Only the work-items t
// < Limit(k) have butterfly k.
type Layout struct {
	L, TT, Radix, Butterflies int
}

// StageLayout returns the layout of stage i of the pass (see Layout). A
// pass whose stages are not Uneven has the same elements in the same
// places, its registers numbered k + m*E/r instead.
func (p *Pass) StageLayout(i int) Layout {
	r := p.Radices[i]
	return Layout{L: p.L, TT: p.TT, Radix: r, Butterflies: ceilDiv(p.L/r, p.TT)}
}

// Register returns the register of element m of butterfly k.
func (l Layout) Register(k, m int) int { return k*l.Radix + m }

// Offset returns the position of element m of butterfly k after the
// work-item's own place t.
func (l Layout) Offset(k, m int) int { return k*l.TT + m*(l.L/l.Radix) }

// Limit returns the number of work-items that have butterfly k, 0 where
// all of them do.
func (l Layout) Limit(k int) int {
	if rest := l.L/l.Radix - k*l.TT; rest < l.TT {
		return rest
	}
	return 0
}

// Registers returns the registers the layout uses.
func (l Layout) Registers() int { return l.Butterflies * l.Radix }

// ceilDiv returns a/b rounded up, for positive a and b.
func ceilDiv(a, b int) int { return (a + b - 1) / b }

// unevenCandidates returns the candidates of uneven register kernels for
// the pass that fit (completed by fit, see registerChoice), with the
// fewest registers per work-item of 8, 12, 16 and maxE that any candidate
// fits, or at most 32 where none fits maxE of 16 or more (over contiguous
// rows): for every way of writing L with the fewest stages of radices up
// to maxRadix (and one stage more), the number of work-items per
// sub-transform that wastes the fewest work-item slots.
func (p *Pass) unevenCandidates(maxE int, contiguous bool, fit func(regChoice) (regChoice, bool), b budget) []regChoice {
	splits := radixSplits(p.L, b.maxPrime)
	if len(splits) == 0 {
		return nil
	}
	fewest := len(splits[0])
	for _, rs := range splits {
		fewest = min(fewest, len(rs))
	}
	maxTT := min(b.maxRegWG, p.L)
	if contiguous && b.shortRowsWhole && p.L <= 2*maxShortE {
		maxTT = ceilDiv(p.L, maxShortE) // whole short rows: one or two work-items
	}
	// The fewest registers first: on an H200 through CUDA uneven stages
	// of at most 8 registers ran 600 points in 0.146 ms against 0.312
	// with 16, 720 in 0.143 against 0.230, 960 in 0.141 against 0.226,
	// with a stage more. Short rows keep one or two work-items.
	var limits []int
	for _, l := range []int{8, 12, 16} {
		if l < maxE && maxTT > 2 {
			limits = append(limits, l)
		}
	}
	limits = append(limits, maxE)
	if contiguous && maxE >= 16 {
		limits = append(limits, 32)
	}
	var out []regChoice
	for _, limit := range limits {
		for _, rs := range splits {
			if len(rs) > fewest+1 {
				continue
			}
			var best *regChoice
			for tt := 1; tt <= maxTT; tt++ {
				e, slots := 0, 0
				for _, r := range rs {
					k := ceilDiv(p.L/r, tt)
					e = max(e, k*r)
					slots += k * tt * r
				}
				if e > limit {
					continue
				}
				c, ok := fit(regChoice{e: e, tt: tt, rs: rs, uneven: true, slots: slots})
				if ok && (best == nil || c.slots < best.slots || c.slots == best.slots && c.e < best.e) {
					best = &c
				}
			}
			if best != nil {
				out = append(out, *best)
			}
		}
		if len(out) > 0 {
			break
		}
	}
	return out
}

// radixSplits returns the ways of writing n > 1 as a product of radices
// (2 to maxRadix, or primes up to maxPrime), each largest first; nil where
// n has a prime factor above maxPrime.
func radixSplits(n, maxPrime int) [][]int {
	if !isSmooth(n, maxPrime) {
		return nil
	}
	var out [][]int
	var walk func(rest, most int, acc []int)
	walk = func(rest, most int, acc []int) {
		if rest == 1 {
			out = append(out, slices.Clone(acc))
			return
		}
		for r := min(most, max(maxRadix, maxPrime), rest); r >= 2; r-- {
			if rest%r == 0 && (r <= maxRadix || isPrime(r)) {
				walk(rest/r, r, append(acc, r))
			}
		}
	}
	walk(n, max(maxRadix, maxPrime), nil)
	return out
}
