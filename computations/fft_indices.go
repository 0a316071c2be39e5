package computations

import (
	"fmt"
	"math/bits"
)

// The FFT kernels number sub-transforms and the positions along an axis
// with 32-bit unsigned ints (templates/fft_local.cl, fft_register.cl): a
// pass of sub-length l over transforms of length m (n, or Bluestein's
// length) of outer*inner batches numbers its count = outer*inner*m/l
// sub-transforms in u = virtual_group_id*tile + s, up to groups*tile-1 <
// count+tile <= 2*count, and positions along the axis up to m-1; from u
// come the batch indices o, j and i, and twiddle indices below m. Memory is
// indexed in VSIZE_T (size_t) from these. With outer*inner*m at most 2^32
// and l at least 2, every one of them stays below 2^32.
const maxFFTIndex = 1 << 32

// elements returns the product of dims, a part of the shape of a valid
// type, whose products fit in an int.
func elements(dims []int) int {
	n := 1
	for _, d := range dims {
		n *= d
	}
	return n
}

// checkFFTIndices refuses an FFT of shape (a valid type's) over axes whose
// kernels would number more elements than 32-bit indices address.
func checkFFTIndices(shape, axes []int) error {
	total := elements(shape)
	if total == 0 {
		return nil
	}
	for _, a := range axes {
		n := shape[a]
		if n == 1 {
			continue
		}
		batch := total / n
		if hi, lo := bits.Mul64(uint64(batch), uint64(n)); hi != 0 || lo > maxFFTIndex {
			return fmt.Errorf("computations: FFT of shape %v: axis %d takes %d transforms of length %d, more elements than the 2^32 that the FFT kernels' 32-bit indices address", shape, a, batch, n)
		}
		if m := transformLength(n); m != n {
			if hi, lo := bits.Mul64(uint64(batch), uint64(m)); hi != 0 || lo > maxFFTIndex {
				return fmt.Errorf("computations: FFT of shape %v: axis %d takes %d transforms of length %d, done by Bluestein's algorithm as transforms of length %d: more elements than the 2^32 that the FFT kernels' 32-bit indices address", shape, a, batch, n, m)
			}
		}
	}
	return nil
}

// transformLength returns the length of the transforms that compute one of
// length n: n itself, or Bluestein's length.
func transformLength(n int) int {
	if isSmooth(n, maxPrimeRadix) {
		return n
	}
	return bluesteinLength(n)
}

// checkIndices checks that the kernel's 32-bit indices hold what it
// numbers (see maxFFTIndex); NewFFT's check makes this hold for every plan.
func (k *fftKernel) checkIndices() error {
	span := uint64(k.groups()) * uint64(k.pass.tile)
	if span > maxFFTIndex || uint64(k.pass.n) > maxFFTIndex {
		return fmt.Errorf("computations: FFT kernel %s numbers %d sub-transforms of length %d, more than its 32-bit indices address", k.name, span, k.pass.n)
	}
	return nil
}
