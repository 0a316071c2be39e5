package plan

// The looped pass (Pass.Looped) is a CPU device's transform of a whole
// row (or column) in one pass over memory: a work-item reads Lanes rows
// once into vectors of lanes (element n of every row in one value, as the
// lanes kernel holds its butterflies), runs every radix stage of a
// Stockham FFT as a loop over an array of its own, and writes the rows
// once. The passes of at most privatePass points that it replaces each
// run at 72–95% of the device's copy bandwidth, so their number is what
// bounds the transform (docs/fft-gpu-notes.md §17.1); a measurement of the
// shape apart from the library (scripts/cpu_fft_rows_lanes.go, 8 MiB of
// complex64 on PoCL, 2 cores) took 1/1.8, 1/2.7 and 1/2.4 of the plan's
// time at 256, 1024 and 4096 points and 1/3.1 for complex128 at 1024.

// maxLoopedBytes bounds the private memory of a looped pass's work-item:
// its two arrays of Lanes × L complex values, which PoCL keeps on the stack
// of its worker threads. glibc gives those threads RLIMIT_STACK, and 2 MiB
// where that is unlimited: on PoCL 3.1 (x86-64) 2 MiB of arrays (8 rows of
// 16384 complex64) killed the process under `ulimit -s unlimited`, 8 MiB
// (65536) under the usual 8 MiB. 1 MiB leaves the rest of a 2 MiB stack to
// PoCL (complex64 up to 8192 points, complex128 up to 4096); 16384
// complex64 had run only 1.05 times faster looped than in passes, 6144 1.6
// times (docs/fft-gpu-notes.md §17.2).
const maxLoopedBytes = 1 << 20

// maxScratchLoopedBytes bounds the arrays of a looped pass that lie in a
// scratch array of global memory (Pass.Slots) rather than on the stack:
// 8 rows of 32768 complex64, the complex transform of a real one of 65536
// points. Real transforms take it (Limits.RealEnds): their passes lose
// their lanes to the element-wise hooks. On PoCL (2 cores, AVX2, 8 MiB of
// float32, medians of 20 calls in three interleaved rounds) the real FFT
// of 65536 took 4.9–5.3 ms looped against 7.3–11.2 in passes, 32768
// 4.5–5.2 against 8.7–10.0, their inverses 4.6–5.1 against 9.1–11.3. The
// complex FFTs of 16384 and 32768 ran no faster looped than in passes of
// lanes (3.3–4.2 ms against 3.2–7.2, in rounds as noisy), and stay in
// passes.
const maxScratchLoopedBytes = 4 << 20

// maxLoopedSlots bounds the slots of a looped pass in a scratch array.
const maxLoopedSlots = 64

// maxBluesteinLoopedBytes bounds the arrays of the looped pass that
// computes the whole of Bluestein's algorithm (Axis.convolution) in a
// scratch array: 8 rows of 131072 complex64. Above maxScratchLoopedBytes
// (M from 32768 points on) its transforms had run as passes of a few
// points, most without lanes (Bluestein's chirps are element-wise hooks):
// 18445 took 10 kernels (powers of two keep their passes in lanes:
// loopedPays). In one looped kernel (PoCL 3.1, 2 cores,
// AVX-512, 8 MiB of complex64, three interleaved rounds of `reikna
// bench`; docs/fft-gpu-notes.md §38) the lengths it moves took 0.31–0.64
// of their time (18445 in 7.6 ms against 25.3, 42660 in 10.0 against
// 28.9), 26877 and 61893 0.94 and 0.88.
const maxBluesteinLoopedBytes = 16 << 20

// maxScratchBytes bounds a looped pass's whole scratch array: as many
// slots as the device's compute units, fewer where their arrays would
// hold more together.
const maxScratchBytes = maxLoopedSlots * maxScratchLoopedBytes

// loopedFrom is the shortest transform a looped pass takes, and
// loopedPow2From the shortest power of two. On PoCL (2 cores, AVX2, 8 MiB
// of complex64; the least and median of 8 rounds, with BenchmarkFFT and
// REIKNA_BENCH_NO_LOOPED=1) the looped pass ran lengths that the register
// kernel took in one pass 2.9–4.0 times faster (360 in 2.62 ms against
// 9.43, 1000 in 2.14 against 7.17, 3000 in 2.98 against 11.53; 100 in 3.37
// against 3.71), and powers of two from 512 on 1.05–1.8 times faster than
// their passes in lanes (512 in 4.37 against 6.79, 1024 in 2.76 against
// 4.87, 4096 in 5.50 against 7.45, 6144 in 3.49 against 5.72), while the
// two passes of 128 and 256 stayed faster (2.89 against 5.21, 3.01 against
// 5.41), and up to 32 points one straight-line sub-transform per
// work-item is faster than loops (Pass.Private). The lengths between, 33
// to 63, took the register kernel, a GPU's work-group with barriers: on
// PoCL 3.1 (2 cores, AVX-512, 8 MiB, three interleaved rounds of `reikna
// bench` at each; docs/fft-gpu-notes.md §36) their smooth ones ran looped
// at 0.20–0.91 of that kernel's time (45 in 1.34 ms against 6.73, 60 in
// 1.78 against 6.48, 48 in 2.25 against 1.78 in one round, 0.91 over the
// three), and the real FFTs of twice their length at 0.38–0.85 (90 in
// 2.74 against 7.32, 100 in 2.84 against 3.27); 2.5 to 5 times slower than
// scipy.fft before.
const (
	loopedFrom     = 33
	loopedPow2From = 512
)

// maxLoopedRadix is the largest stage of a looped pass that is a product
// of primes: a stage holds its radix's values of 2·Lanes reals in vector
// registers, and radix 8 of float16 fills AVX2's 16 registers (a prime
// factor above it, 11 or 13, is a stage of its own).
const maxLoopedRadix = 8

// loopedPays reports whether the transform of the axis runs as one looped
// pass: on a CPU device with lanes (budget.looped), over rows or columns
// (Inner above 1: the lanes take neighbouring columns, whose elements are
// neighbours in memory; 1000×1000 over axis 0 in 10.3–14.4 ms against
// 36.4–38.3 in passes, 1024×1024 in 19.4–20.8 against 21.9–25.8, 4096×256
// in 19.3–22.6 against 24.2–27.5, same machine, three rounds), of a length
// the butterflies take directly, or of Bluestein's transforms (the whole
// algorithm in the one kernel: Axis.convolution), from
// loopedFrom on (powers of two from loopedPow2From), whose two arrays of
// Lanes rows fit budget.looped bytes (budget.scratchLooped in a scratch
// array, and for Bluestein's algorithm maxBluesteinLoopedBytes: on PoCL, 8
// MiB of complex64, three interleaved rounds against its transforms in
// passes, 4099 in 8.4 ms against 29.5, 10007 in 11.4 against 31.8, 16381
// in 13.4 against 27.4; docs/fft-gpu-notes.md §24).
func (a *Axis) loopedPays(b budget) bool {
	from := loopedFrom
	if a.M&(a.M-1) == 0 {
		from = loopedPow2From
	}
	bytes := b.loopedBytes(a.M)
	scratch := b.scratchLooped
	if a.Bluestein {
		// The whole of Bluestein's algorithm in one looped kernel takes
		// its arrays in a scratch array where they outgrow the stack: its
		// transforms in passes would cross memory several times each.
		// Past maxScratchLoopedBytes only where those passes would take no
		// lanes: a power of two runs its passes in lanes (65537, over
		// 131072 points, took 18.0 ms looped against 12.1 in passes).
		scratch = maxScratchLoopedBytes
		if a.M&(a.M-1) != 0 {
			scratch = maxBluesteinLoopedBytes
		}
	}
	return b.looped > 0 && b.lanes > 1 &&
		a.M >= from && (bytes <= b.looped || bytes <= scratch) && isSmooth(a.M, b.maxPrime)
}

// LoopedPadEvery is the number of values of a looped pass's arrays after
// which a Padded pass leaves one place free: 64 values of 8 complex64 lanes are 4 KiB (of complex128, 8
// KiB), a multiple of the span of the sets of an L1 cache of 64-byte
// lines and 64 sets, so that the stages' strides of multiples of 64
// values would read and write one set.
const LoopedPadEvery = 64

// loopedPadFrom: a looped pass pads its arrays where its length is a
// multiple of it and its prime factors are at most maxPrimeRadix. In
// A/Bs on PoCL (2 cores, AVX-512, 8 MiB of complex64, five interleaved
// rounds; docs/fft-gpu-notes.md §46) the 13-smooth multiples of 256 ran
// at 0.57–0.97 of their time (4096 0.60, 7680 0.57, 2048 0.72; 512 and
// 768 unchanged), Bluestein's algorithm over 2048, 2304 and 4096 points
// at 0.58–0.69, while the multiples of 64 or 128 alone ran at 0.95–1.15
// (3968 = 2^7·31 1.15) and 7936 = 2^8·31 at 1.22: a stage of 31 or more
// points over padded arrays loses.
const loopedPadFrom = 256

// paddedLength returns the values of a padded array of m points: value
// n at n + n/LoopedPadEvery.
func paddedLength(m int) int { return m + (m-1)/LoopedPadEvery }

// loopedPadded reports whether the looped pass of m points pads its
// arrays (Pass.Padded): a 13-smooth multiple of loopedPadFrom points,
// whose padded arrays stay within the stack's bound where the plain ones
// lie on the stack (8192 complex64 points keep theirs plain: the bound
// guards against a crash). A scratch array's bounds are budgets of
// memory, which its 1/64 more does not change in kind.
func (b budget) loopedPadded(m int) bool {
	if b.noLoopedPadding || m%loopedPadFrom != 0 || !isSmooth(m, maxPrimeRadix) {
		return false
	}
	return b.loopedBytes(m) > b.looped || 2*b.lanes*paddedLength(m)*b.itemSize <= b.looped
}

// loopedBytes returns the bytes of a looped pass's two arrays of Lanes
// sub-transforms of m points (a work-item's, or a slot's), without the
// padding.
func (b budget) loopedBytes(m int) int { return 2 * b.lanes * m * b.itemSize }

// loopedPass returns the looped pass of a transform of length m: Lanes
// rows a work-item, one work-item a work-group (PoCL spreads the
// work-groups over the cores; the prototype ran so), its stages the prime
// factors of m packed into as few radices of at most maxLoopedRadix as
// packRadices finds.
// Where the arrays outgrow the stack (budget.looped), they lie in a
// scratch array, one pair per slot: as many slots as the device has
// compute units (and count, the transforms, leaves groups of lanes to),
// each a work-item that takes every Slots-th group of lanes.
func loopedPass(m, count int, b budget) Pass {
	p := Pass{N: m, L: m, NS: 1, Plain: b.plainLocal}
	p.Radices = packRadices(m, maxLoopedRadix)
	p.E, p.TT, p.Private, p.Looped, p.Lanes = m, 1, true, true, b.lanes
	p.WG = 1
	p.Tile = p.Lanes * p.WG
	p.Comps, p.Chunks, p.SFast = 1, 1, true
	p.Padded = b.loopedPadded(m)
	if b.loopedBytes(m) > b.looped {
		p.Slots = max(1, min(b.units, maxLoopedSlots, (count+p.Tile-1)/p.Tile, maxScratchBytes/b.loopedBytes(m)))
	}
	return p
}
