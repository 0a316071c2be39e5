package plan

// Rader's algorithm computes a DFT of prime length n as a cyclic
// convolution of length n-1. With g a generator of the integers modulo n
// (primitiveRoot) every index but 0 is a power of g, and for m < n-1
//
//	X[g^m] = x[0] + Σ_j x[g^-j] · W_n^(g^(m-j)),
//
// the convolution of a[j] = x[g^-j] with b[i] = W_n^(g^i). The kernel
// loads a'[j] = a[j] - x[0] instead: b sums to -1 over all i, so the
// convolution of a' is that of a plus x[0], each output X[g^m] as it is;
// X[0] = x[0] + Σ a[j] = n·x[0] + A'[0], the first output of the forward
// transform of a'. Where n-1 is smooth and its transform one pass of the
// register kernel, one kernel does it all: the forward transform, the
// product with the transformed b, the transform back on the same
// registers (as Bluestein's one kernel does, with transforms of n-1
// points where Bluestein's take at least 2n-2).

// primitiveRoot returns the smallest generator of the multiplicative
// group of the integers modulo the prime n.
func primitiveRoot(n int) int {
	if n == 2 {
		return 1
	}
	factors := distinct(primeFactors(n - 1))
	for g := 2; g < n; g++ {
		ok := true
		for _, f := range factors {
			if powMod(g, (n-1)/f, n) == 1 {
				ok = false
				break
			}
		}
		if ok {
			return g
		}
	}
	return 0 // not reached for a prime n
}

// distinct returns the sorted values of fs without repeats.
func distinct(fs []int) []int {
	var out []int
	for _, f := range fs {
		if len(out) == 0 || out[len(out)-1] != f {
			out = append(out, f)
		}
	}
	return out
}

// powMod returns b^e modulo n, for n below 2^31.
func powMod(b, e, n int) int {
	r, x := int64(1), int64(b%n)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * x % int64(n)
		}
		x = x * x % int64(n)
	}
	return int(r)
}

// raderIndices returns g^q modulo n for q < n-1, g the primitive root of
// the prime n: the kernel gathers a[j] = x[g^-j] from entry (n-1-j) mod
// (n-1) and scatters output m to g^m.
func raderIndices(n int) []int32 {
	g := primitiveRoot(n)
	out := make([]int32, n-1)
	v := int64(1)
	for q := range out {
		out[q] = int32(v)
		v = v * int64(g) % int64(n)
	}
	return out
}

// raderKernel returns FFT_{n-1}(b)/(n-1) for Rader's convolution kernel
// b[i] = W_n^(g^i) of the prime n.
func raderKernel(n int) []complex128 {
	idx := raderIndices(n)
	b := make([]complex128, n-1)
	for i, e := range idx {
		b[i] = UnitRoot(int(e), n)
	}
	return scaledTransform(b)
}

// planRader returns the plan of the transform along an axis of prime
// length n by Rader's algorithm in one kernel, where the budget takes
// Rader's algorithm for n (budget.raderFor) and the transform of n-1
// points is one pass of the register kernel with even stages.
func planRader(batch Batch, n int, b budget) (Axis, bool) {
	if !b.raderFor(n) {
		return Axis{}, false
	}
	a := Axis{Batch: batch, N: n, M: n - 1, Rader: true}
	if b.splitsPrivate(a.M) {
		return Axis{}, false
	}
	// Uneven stages leave the outputs elsewhere than the inputs: the
	// kernel moves them back through local memory between its transforms
	// (in one round, its buffer holding whole rows), on every device.
	// Strided axes keep even stages (their Rader kernels with uneven ones
	// were never measured).
	rb := b
	rb.uneven, rb.unevenStrided = !b.evenStages, false
	p := Pass{N: a.M, L: a.M, NS: 1, Plain: b.plainLocal}
	p.plan(batch.Outer*batch.Inner, batch.Inner, rb)
	if p.E == 0 || p.Uneven && p.Chunks > 1 {
		return Axis{}, false
	}
	k := Kernel{Batch: batch, Pass: p, SrcLength: n, DstLength: n, Rader: true}
	k.Tables = tables(p, n, a.M, false, false, false, b)
	k.Tables.KernelB = Table{Kind: RaderKernel, N: n, M: a.M}
	k.Tables.Indices = Table{Kind: RaderIndices, N: n, M: a.M}
	a.Kernels = []Kernel{k}
	return a, true
}

// raderFor reports whether the budget computes a transform of length n by
// Rader's algorithm: a prime above the butterflies' largest whose n-1 the
// butterflies take, where the budget or its tuning asks for it, or where
// the GPU rule finds that it pays (raderPays).
//
// The CPU rule gives way to Bluestein's algorithm wherever the whole of
// it is one looped kernel over its shortest length of factors 2, 3, 5 and
// 7 (transformLength). On PoCL (2 cores, AVX2, 8 MiB of complex64, three
// interleaved rounds of scripts/bench_ab.py against Rader's kernel, whose
// exchanges through local memory PoCL runs as loops between barriers, and
// Bluestein's looped kernel over a power of two; docs/fft-gpu-notes.md
// §24) 97 ran in 0.58 of its time, 131 in 0.71 and 521 in 0.56 (6.6 ms
// over 1050 points against 11.8 by Rader's kernel); Rader's stays where
// Bluestein's transforms are too long for a looped pass, whose arrays
// may lie in a scratch array (loopedPays): for the primes whose n − 1 its
// kernel takes, never on a device with looped passes.
func (b budget) raderFor(n int) bool {
	if n <= b.maxPrime || !isPrime(n) || !isSmooth(n-1, b.raderPrime) {
		return false
	}
	if b.raderByPadding {
		return raderPays(n, bluesteinLength(n, b.bluesteinPow2))
	}
	if b.rader && b.bluesteinIfLooped {
		bluestein := Axis{N: n, M: b.transformLength(n), Bluestein: true}
		return !bluestein.loopedPays(b)
	}
	return b.rader
}

// raderMinPadding is the least ratio of Bluestein's length m to Rader's
// n − 1 at which the GPU rule takes Rader's algorithm. Both run their two
// transforms in one kernel, so their costs follow their lengths. On an
// H200 (BenchmarkFFT of 57 primes from 17 to 10007, 256 MiB of complex64,
// REIKNA_BENCH_PRIMES=rader against bluestein) Rader's was faster through
// CUDA at 19 of the 21 primes with m ≥ 3(n − 1) where the plans differ
// (20 through OpenCL), by up to 43% (2161: 0.525 against 0.920 ms), and
// slower at 23 of the 31 below (127: 0.350 against 0.207 ms).
const raderMinPadding = 3

// raderPays reports whether the GPU rule takes Rader's algorithm for the
// prime n, whose transform by Bluestein's algorithm has length m.
func raderPays(n, m int) bool { return m >= raderMinPadding*(n-1) }

// PrimeChoice reports whether the algorithm for prime lengths
// (Tuning.Primes) can change the plan of a transform of length n: a prime
// above the butterflies of every device.
func PrimeChoice(n int) bool { return n > maxPrimeRadix && isPrime(n) }

// BluesteinChoice reports whether the length of Bluestein's transforms
// (Tuning.Bluestein) can change the plan of a transform of length n: one
// with a prime factor above the butterflies of every device, whose
// shortest power of two and shortest length of factors 2, 3, 5 and 7
// differ.
func BluesteinChoice(n int) bool {
	return !isSmooth(n, maxWidePrimeRadix) && bluesteinLength(n, true) != bluesteinLength(n, false)
}

// TurnChoice reports whether the turn of Bluestein's transforms
// (Tuning.NoTurn) can change the plan of a transform of length n on a GPU
// of 48 KiB of local memory or more: one with a prime factor above the
// butterflies of every device whose shortest Bluestein length is above
// minTurnLength.
func TurnChoice(n int) bool {
	return !isSmooth(n, maxWidePrimeRadix) && bluesteinLength(n, false) > minTurnLength
}

// minTurnLength is the longest transform that a GPU of 48 KiB of local
// memory runs in one pass in either precision (2048 points of
// complex128, 4096 of complex64), so that Bluestein's algorithm over it
// takes no turn there.
const minTurnLength = 2048

// LoopedPrimeChoice reports whether the largest prime of a CPU device's
// looped pass (Tuning.LoopedPrime) can change the plan of a transform of
// length n: one with a prime factor above maxWidePrimeRadix that the
// looped pass may take (maxLoopedFactor).
func LoopedPrimeChoice(n int) bool {
	return !isSmooth(n, maxWidePrimeRadix) && isSmooth(n, maxLoopedFactor)
}

// WidePrimeChoice reports whether the largest prime butterfly
// (Tuning.MaxPrime) can change the plan of a transform of length n: one
// with a prime factor above maxGPUPrimeRadix that the wider butterflies
// take.
func WidePrimeChoice(n int) bool {
	return !isSmooth(n, maxGPUPrimeRadix) && isSmooth(n, maxWiderPrimeRadix)
}
