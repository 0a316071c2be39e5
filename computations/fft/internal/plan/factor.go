package plan

import (
	"slices"
	"sort"
)

// maxRadix is the largest butterfly of composite size the kernels compute
// directly, and maxPrimeRadix the largest prime among them on every
// device; a length with a larger prime factor is computed with Bluestein's
// or Rader's algorithm. GPUs take primes up to maxGPUPrimeRadix as
// butterflies of their own, each a direct DFT of (p-1)²/4 products of
// pairs (butterflyGen.primeDFT), in one pass where Bluestein's algorithm
// runs two transforms of twice the length. On an H200 through CUDA (256
// MiB of complex64) 19 points took 0.170 ms against 0.379 by Bluestein's,
// 23 0.230 against 0.315, 46 0.274 against 0.325, 289 0.239 against
// 0.535. The butterflies of 29 and 31 (maxWidePrimeRadix), which hold
// twice the registers, serve lengths from widePrimesFrom on, and those
// from 37 to maxWiderPrimeRadix longer ones (see budget.forLength).
const (
	maxRadix          = 16
	maxPrimeRadix     = 13
	maxGPUPrimeRadix  = 23
	maxWidePrimeRadix = 31
)

// maxLoopedFactor is the largest prime factor that a CPU device's looped
// pass takes as a stage of its own, and maxLoopedPrimeLength the largest
// prime length it takes so, in place of Bluestein's algorithm (see
// budget.forLength): a direct DFT of (p-1)²/2 products a butterfly, its
// sums as loops above 31 points (the looped butterflies of package fft).
// On PoCL 3.1 (2 cores, AVX-512, 8 MiB of complex64, two interleaved
// rounds of BenchmarkFFT; docs/fft-gpu-notes.md §43) the lengths with a
// factor from 37 to 127 ran at 0.20–0.73 of Bluestein's time (15
// lengths drawn at random from 74 to 96380: 9212 = 2²·7²·47 in 2.61 ms
// against 12.9), those with a factor from 131 to 251 at 0.36–0.91 (8
// lengths drawn at random from 7409 to 119875; 7409 = 31·239 the same),
// and a validation on 16 other lengths with factors from 47 to 193 at
// 0.22–0.78 (a median of 0.43); in complex128, 12 lengths drawn at random
// at a median of 0.555, 291 = 3·97 at 1.08. A prime length alone is one direct DFT,
// its p/2 products a point against Bluestein's two short transforms: 61
// ran at 0.71–0.93 of Bluestein's time, 103 at 1.22, 113 the same, 127
// at 0.59, 197 and 251 at 1.53 and 1.73.
const (
	maxLoopedFactor      = 251
	maxLoopedPrimeLength = 61
)

// widePrimesFrom is the shortest transform whose factors 29 and 31 GPUs
// take as butterflies. On an H200 through CUDA (512 MiB of complex64,
// BenchmarkFFT with REIKNA_BENCH_MAX_PRIME=31 against the butterflies up
// to 23, each list on its own machine of the same kind; docs/benchmarks/
// h200-2026-11-27-fft-strided-primes) the butterflies were faster from
// 232 points on, at 25 of the 28 lengths measured from 232 to 59392 (527
// in 0.696 ms against 1.133, 2871 in 0.366 against 1.499, 3968 in 0.308
// against 1.089, 31744 in 1.039 against 2.412; 377 and 403 5% slower, 341
// the same), and slower at 10 of the 12 below it (31 in 0.722 against
// 0.509, 116 in 0.685 against 0.434, 217 in 0.768 against 0.700; 145 and
// 155 faster), where Bluestein's one kernel of 64 to 512 points runs near
// the copy's speed.
const widePrimesFrom = 256

// GPUs take the primes from 37 to maxWiderPrimeRadix as butterflies too,
// each a direct DFT like those below it, in transforms of widerPrimesFrom
// points or more, and through CUDA those up to maxCUDAWiderPrimeRadix from
// widePrimesFrom points on; shorter transforms with such a factor keep
// Bluestein's algorithm. On an H200 (128 MiB of complex64, BenchmarkFFT
// with REIKNA_BENCH_MAX_PRIME=61 against the rule's Bluestein, one round;
// docs/benchmarks/h200-2026-11-30-wider-primes-ab, docs/fft-gpu-notes.md
// §56) the 15 lengths measured above 2048 ran at a median of 0.58 of
// their time through CUDA, every one faster (2553 = 3·23·37 0.53, 2624 =
// 2^6·41 0.33, 530000 = 2^4·5^4·53 0.45), and 0.63 through OpenCL, 13 of
// them faster (4028 = 2²·19·53 1.17 and 31347 = 3^6·43 1.15 slower). From
// 256 to 2048, where Bluestein's one kernel of up to 4096 points runs near
// the copy's speed, the primes up to 47 ran at a median of 0.78 through
// CUDA (1247 = 29·43 0.54, 282 = 6·47 0.52, 1886 = 2·23·41 1.05) and 1.00
// through OpenCL (989 = 23·43 1.25), those above 47 at 0.95–2.40 (2006 =
// 2·17·59 2.40, 1643 = 31·53 1.22). With OpenCL's loops unrolled as
// CUDA's (DeviceParams.unrollsByPragma in package cluda), the butterflies
// up to 47 ran through OpenCL at 0.83 (0.50–1.03, two rounds, §56): a
// candidate that waits for a GPU record to extend this rule to OpenCL. The butterflies of 67 to 127 took
// 2.2–5.3 times the time of Bluestein's algorithm at each of ten lengths
// from 339 to 4068.
const (
	maxWiderPrimeRadix     = 61
	maxCUDAWiderPrimeRadix = 47
	widerPrimesFrom        = 2049
)

// primeFactors returns the prime factors of n in ascending order.
func primeFactors(n int) []int {
	var out []int
	for p := 2; p*p <= n; p++ {
		for n%p == 0 {
			out = append(out, p)
			n /= p
		}
	}
	if n > 1 {
		out = append(out, n)
	}
	return out
}

// isSmooth reports whether every prime factor of n is at most maxPrime.
func isSmooth(n, maxPrime int) bool {
	for _, p := range primeFactors(n) {
		if p > maxPrime {
			return false
		}
	}
	return true
}

// radices splits n (smooth) into butterfly sizes of at most maxRadix,
// largest first, using as few stages as first-fit-decreasing packing of its
// prime factors finds.
func radices(n int) []int { return packRadices(n, maxRadix) }

// packRadices splits n into stages of at most maxR (a prime factor above
// it is a stage of its own), largest first, using as few stages as
// first-fit-decreasing packing of its prime factors finds.
func packRadices(n, maxR int) []int {
	if n == 1 {
		return nil
	}
	fs := primeFactors(n)
	slices.Reverse(fs)
	var bins []int
	for _, f := range fs {
		placed := false
		for i := range bins {
			if bins[i]*f <= maxR {
				bins[i] *= f
				placed = true
				break
			}
		}
		if !placed {
			bins = append(bins, f)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(bins)))
	return bins
}

// bluesteinLength returns the transform length Bluestein's algorithm uses
// for length n: a power of two where pow2 is set, else the smallest length
// whose prime factors are 2, 3, 5 and 7; either at least 2n-2.
//
// The cyclic convolution of length m that Bluestein's algorithm computes
// reads its kernel b[e] at e = j-k for j, k < n, that is -(n-1) <= e <=
// n-1, modulo m. With m = 2n-2 the only indices that meet are n-1 and
// -(n-1), and there b is the same, b[e] = b[-e] (it depends on e² only),
// so 2n-2 points suffice where the textbook takes 2n-1: for n = 65537 that
// is 2^17 rather than 131220.
func bluesteinLength(n int, pow2 bool) int {
	target := 2*n - 2
	best := 1
	for best < target {
		best *= 2
	}
	if pow2 {
		return best
	}
	for p2 := 1; p2 <= best; p2 *= 2 {
		for p3 := p2; p3 <= best; p3 *= 3 {
			for p5 := p3; p5 <= best; p5 *= 5 {
				for p7 := p5; p7 <= best; p7 *= 7 {
					if p7 >= target && p7 < best {
						best = p7
					}
				}
			}
		}
	}
	return best
}

// splitLength splits a smooth length n into factors, each at most maxL,
// as few as possible and as equal as the factors allow; their product is n.
func splitLength(n, maxL int) []int {
	if n <= maxL {
		return []int{n}
	}
	fs := primeFactors(n)
	for parts := 2; parts <= len(fs); parts++ {
		if out, ok := splitInto(fs, parts, maxL); ok {
			return out
		}
	}
	return fs // every prime on its own: each is at most maxPrimeRadix
}

// splitInto distributes the prime factors over parts bins, largest factor
// first into the bin with the smallest product, and reports whether every
// bin stays within maxL.
func splitInto(fs []int, parts, maxL int) ([]int, bool) {
	sorted := slices.Clone(fs)
	sort.Sort(sort.Reverse(sort.IntSlice(sorted)))
	bins := make([]int, parts)
	for i := range bins {
		bins[i] = 1
	}
	for _, f := range sorted {
		smallest := 0
		for i := range bins {
			if bins[i] < bins[smallest] {
				smallest = i
			}
		}
		bins[smallest] *= f
	}
	for _, b := range bins {
		if b > maxL {
			return nil, false
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(bins)))
	return bins, true
}

// isPrime reports whether n is a prime.
func isPrime(n int) bool {
	fs := primeFactors(n)
	return len(fs) == 1 && n >= 2
}
