package plan

import (
	"fmt"
	"math/bits"
)

// The FFT kernels number sub-transforms and the positions along an axis
// with 32-bit unsigned ints: a pass of sub-length l over transforms of
// length m (n, or Bluestein's length) of outer*inner batches numbers its
// count = outer*inner*m/l sub-transforms in u = virtual_group_id*tile + s,
// up to groups*tile-1 < count+tile <= 2*count, and positions along the
// axis up to m-1; from u come the batch indices o, j and i, and twiddle
// indices below m. Memory is indexed in VSIZE_T (size_t) from these. With
// outer*inner*m at most 2^32 and l at least 2, every one of them stays
// below 2^32.
const maxIndex = 1 << 32

// elements returns the product of dims, a part of the shape of a valid
// type, whose products fit in an int.
func elements(dims []int) int {
	n := 1
	for _, d := range dims {
		n *= d
	}
	return n
}

// CheckShape refuses an FFT of shape (a valid type's) over axes whose
// kernels would number more elements than 32-bit indices address.
func CheckShape(shape, axes []int) error {
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
		if hi, lo := bits.Mul64(uint64(batch), uint64(n)); hi != 0 || lo > maxIndex {
			return fmt.Errorf("FFT of shape %v: axis %d takes %d transforms of length %d, more elements than the 2^32 that the FFT kernels' 32-bit indices address", shape, a, batch, n)
		}
		// Bluestein's length is the longer one of GPUs (a power of two),
		// for every length a CPU device computes with it, so that the
		// check holds on every device.
		if m := transformLength(n, true, maxPrimeRadix); m != n {
			if hi, lo := bits.Mul64(uint64(batch), uint64(m)); hi != 0 || lo > maxIndex {
				return fmt.Errorf("FFT of shape %v: axis %d takes %d transforms of length %d, done by Bluestein's algorithm as transforms of length %d: more elements than the 2^32 that the FFT kernels' 32-bit indices address", shape, a, batch, n, m)
			}
		}
	}
	return nil
}

// transformLength returns the length of the transforms that compute one of
// length n: n itself where no prime factor is above maxPrime, or
// Bluestein's length (a power of two where pow2 is set, see
// bluesteinLength).
func transformLength(n int, pow2 bool, maxPrime int) int {
	if isSmooth(n, maxPrime) {
		return n
	}
	return bluesteinLength(n, pow2)
}

// checkIndices checks that the kernel's 32-bit indices hold what it
// numbers (see maxIndex); CheckShape makes this hold for every plan.
func (k *Kernel) checkIndices() error {
	span := uint64(k.Groups()) * uint64(k.Pass.Tile)
	if span > maxIndex || uint64(k.Pass.N) > maxIndex {
		return fmt.Errorf("plan: a kernel of axis %d numbers %d sub-transforms of length %d, more than its 32-bit indices address", k.Axis, span, k.Pass.N)
	}
	return nil
}
