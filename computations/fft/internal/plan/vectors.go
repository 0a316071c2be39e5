package plan

// The vector kernel (Pass.Vectors) of a CPU device: a work-item takes the
// whole transforms of one or more contiguous rows and holds them as
// vectors of vectorBytes, in the order of memory (real and imaginary
// parts interleaved, as the rows lie), loaded and stored whole. Its
// stages, of the rows' prime factors, take their inputs from different
// vectors lane by lane, and from one vector through shuffles. PoCL's
// vectoriser refuses the loops over complex values of the other kernels,
// and the lanes and looped kernels, which put one transform in each lane,
// transpose the rows into lanes and back; the vector kernel moves no
// value across transforms. On PoCL 3.1 (2 cores, AVX-512, 8 MiB of
// complex64, BenchmarkFFT in five interleaved rounds against the plans of
// before, Tuning.NoVectorRows; docs/fft-gpu-notes.md §47) the plans of
// before took 1.27 to 3.14 times its time at 24 lengths from 8 to 256 (a
// median of 2.03; 8 1.27, 16 1.63, 40 3.14, 240 1.44, 256 2.02), and
// against FFTW's float transforms on 2 threads it runs at 0.67 to 1.60
// times their speed where the plans of before ran at 0.26 to 0.52.

// vectorBytes is the size of a vector of the vector kernel: float16 (8
// complex64 values) or double8 (4 complex128 values), the 512 bits of
// AVX-512 (on AVX2, two registers).
const vectorBytes = 64

// vectorValuesOf returns the complex values of itemSize bytes that a
// vector holds, 0 for other sizes.
func vectorValuesOf(itemSize int) int {
	if itemSize != 8 && itemSize != 16 {
		return 0
	}
	return vectorBytes / itemSize
}

// vectorRowBytes bounds the rows of a work-item of the vector kernel: up
// to 2 KiB, 256 complex64 points (512 took 1.10 times its looped pass's
// time: FFT notes §47) or 128 complex128 ones.
const vectorRowBytes = 2048

// vectorFromOf returns the shortest row of the vector kernel in complex
// values of itemSize bytes: 2 complex64 values (a work-item then takes as
// many rows as fill its vectors, VectorRows: eight of 2, 3, 5 or 7, four
// of 4), and 16 complex128 values, four vectors: on PoCL 3.1 (2 cores,
// AVX-512, 8 MiB, five interleaved rounds; §47) complex64 rows of 2 to 8
// took 0.75 to 0.92 of the time of the plans before, where complex128
// rows of 4 and 8 took 1.07 and 1.04, 16 0.99, 32 0.78, 64 0.48 and 128
// 0.56.
func vectorFromOf(itemSize int) int {
	if itemSize == 16 {
		return 16
	}
	return 2
}

// maxVectorRadix is the largest prime of the vector kernel's stages: a
// stage of radix r takes r² products by constants per r outputs.
const maxVectorRadix = 7

// vectorPays reports whether the transform of the axis runs in the vector
// kernel: on a CPU device with looped passes (a fused convolution plans
// without them, and the vector kernel runs no product either), over
// contiguous rows, of a length from vectorFromOf whose prime factors are
// at most maxVectorRadix, a work-item's rows (VectorRows of them) within
// vectorRowBytes, without Bluestein's algorithm.
func (a *Axis) vectorPays(b budget) bool {
	m := a.M
	if b.vectors == 0 || b.looped == 0 || a.Bluestein || a.Inner != 1 || m < vectorFromOf(b.itemSize) || !isSmooth(m, maxVectorRadix) {
		return false
	}
	return vectorRows(m, vectorRadices(m), b.vectors)*m*b.itemSize <= vectorRowBytes
}

// vectorRadices returns the radices of the vector kernel's stages over m
// points: its prime factors, the largest first.
func vectorRadices(m int) []int {
	var out []int
	for _, p := range []int{7, 5, 3, 2} {
		for ; m%p == 0; m /= p {
			out = append(out, p)
		}
	}
	return out
}

// vectorRows is the number of rows of m points that a work-item of the
// vector kernel takes, with values complex values a vector: the fewest
// whose values fill whole vectors, and whose butterflies of every stage
// (m/r of a row, for radix r) fill whole vectors too, so that a stage
// takes its r inputs as r vectors of values butterflies.
func vectorRows(m int, radices []int, values int) int {
	for rows := 1; ; rows++ {
		fits := rows*m%values == 0
		for _, r := range radices {
			fits = fits && rows*m%(r*values) == 0
		}
		if fits {
			return rows
		}
	}
}

// VectorRows is the number of rows a work-item of the vector kernel
// takes: the pass's Tile is WG times it.
func (p *Pass) VectorRows() int {
	return vectorRows(p.L, p.Radices, p.Vectors)
}

// vectorPass returns the vector kernel's pass of a transform of length m
// over count rows: VectorRows rows a work-item (the last one fewer, where
// count is no multiple of it), privateWG work-items a work-group (fewer
// where there are fewer rows), its stages the prime factors of m.
func vectorPass(m, count int, b budget) Pass {
	p := Pass{N: m, L: m, NS: 1, Plain: b.plainLocal, Radices: vectorRadices(m)}
	p.E, p.TT, p.Private, p.Vectors = m, 1, true, b.vectors
	rows := p.VectorRows()
	p.WG = max(min(b.privateWG, (count+rows-1)/rows), 1)
	p.Tile = p.WG * rows
	p.Comps, p.Chunks, p.SFast = 1, 1, true
	return p
}
