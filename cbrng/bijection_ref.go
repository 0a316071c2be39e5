package cbrng

import (
	"fmt"
	"math/bits"
)

// The constants of Philox: the multipliers of its rounds and the Weyl
// increments of its key (Salmon et al., "Parallel random numbers: as easy
// as 1, 2, 3", SC11), by word size.
var (
	philoxMultipliers2 = map[int][]uint64{32: {0xD256D193}, 64: {0xD2B74407B1CE6E93}}
	philoxMultipliers4 = map[int][]uint64{32: {0xD2511F53, 0xCD9E8D57}, 64: {0xD2E7470EE14C6C93, 0xCA5A826395121157}}
	philoxWeyl         = map[int][]uint64{32: {0x9E3779B9, 0xBB67AE85}, 64: {0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B}}
)

// The constants of Threefry: the parity of its key schedule (Skein's) and
// the rotations of its eight rounds that repeat, by word size and number
// of words.
var (
	threefryParity     = map[int]uint64{32: 0x1BD11BDA, 64: 0x1BD11BDAA9FC1A22}
	threefryRotations2 = map[int][]int{
		32: {13, 15, 26, 6, 17, 29, 16, 24},
		64: {16, 42, 12, 31, 16, 32, 24, 21},
	}
	threefryRotations4 = map[int][][2]int{
		32: {{10, 26}, {11, 21}, {13, 27}, {23, 5}, {6, 20}, {17, 11}, {25, 10}, {18, 20}},
		64: {{14, 16}, {52, 57}, {23, 40}, {5, 37}, {25, 33}, {46, 12}, {58, 22}, {32, 32}},
	}
)

// philoxConstants returns the multipliers and the key increments of Philox
// on words words of bits bits.
func philoxConstants(bits, words int) (multipliers, weyl []uint64) {
	if words == 2 {
		return philoxMultipliers2[bits], philoxWeyl[bits][:1]
	}
	return philoxMultipliers4[bits], philoxWeyl[bits]
}

// threefryConstants returns the key parity and the rotations of Threefry
// on words words of bits bits, the latter as eight lists of words/2
// rotations.
func threefryConstants(bits, words int) (parity uint64, rotations [][]int) {
	if words == 2 {
		for _, r := range threefryRotations2[bits] {
			rotations = append(rotations, []int{r})
		}
	} else {
		for _, r := range threefryRotations4[bits] {
			rotations = append(rotations, []int{r[0], r[1]})
		}
	}
	return threefryParity[bits], rotations
}

// Apply returns the output of the bijection for key and counter, computed
// on the host: the reference of the module's P_bijection. key has
// KeyWords words and counter CounterWords, each below 2^Bits.
func (b *Bijection) Apply(key, counter []uint64) ([]uint64, error) {
	if len(key) != b.keyWords || len(counter) != b.counterWords {
		return nil, fmt.Errorf("cbrng: %v takes a key of %d words and a counter of %d, got %d and %d",
			b, b.keyWords, b.counterWords, len(key), len(counter))
	}
	for _, w := range append(append([]uint64(nil), key...), counter...) {
		if w > b.mask() {
			return nil, fmt.Errorf("cbrng: %v: the word %#x has more than %d bits", b, w, b.bits)
		}
	}
	if b.family == familyPhilox {
		return b.philox(key, counter), nil
	}
	return b.threefry(key, counter), nil
}

// mulHiLo returns the high and low words of the product of two words.
func (b *Bijection) mulHiLo(x, y uint64) (hi, lo uint64) {
	if b.bits == 32 {
		p := x * y
		return p >> 32, p & b.mask()
	}
	return bits.Mul64(x, y)
}

func (b *Bijection) philox(key, counter []uint64) []uint64 {
	m, w := philoxConstants(b.bits, b.counterWords)
	k := append([]uint64(nil), key...)
	x := append([]uint64(nil), counter...)
	for r := range b.rounds {
		if r > 0 {
			for i := range k {
				k[i] = (k[i] + w[i]) & b.mask()
			}
		}
		if b.counterWords == 2 {
			hi, lo := b.mulHiLo(m[0], x[0])
			x[0], x[1] = hi^k[0]^x[1], lo
			continue
		}
		hi0, lo0 := b.mulHiLo(m[0], x[0])
		hi1, lo1 := b.mulHiLo(m[1], x[2])
		x[0], x[1], x[2], x[3] = hi1^x[1]^k[0], lo1, hi0^x[3]^k[1], lo0
	}
	return x
}

// rotl rotates a word left by s bits.
func (b *Bijection) rotl(x uint64, s int) uint64 {
	if b.bits == 32 {
		return uint64(bits.RotateLeft32(uint32(x), s))
	}
	return bits.RotateLeft64(x, s)
}

func (b *Bijection) threefry(key, counter []uint64) []uint64 {
	parity, rot := threefryConstants(b.bits, b.counterWords)
	n := b.counterWords
	ks := append(append([]uint64(nil), key...), parity)
	for _, k := range key {
		ks[n] ^= k
	}
	x := make([]uint64, n)
	for i := range x {
		x[i] = (counter[i] + ks[i]) & b.mask()
	}
	// mix adds word j into word i and rotates word j by s, xored with the
	// sum.
	mix := func(i, j, s int) {
		x[i] = (x[i] + x[j]) & b.mask()
		x[j] = b.rotl(x[j], s) ^ x[i]
	}
	for r := range b.rounds {
		rs := rot[r%8]
		switch {
		case n == 2:
			mix(0, 1, rs[0])
		case r%2 == 0:
			mix(0, 1, rs[0])
			mix(2, 3, rs[1])
		default:
			mix(0, 3, rs[0])
			mix(2, 1, rs[1])
		}
		if (r+1)%4 == 0 {
			s := uint64((r + 1) / 4)
			for i := range x {
				x[i] = (x[i] + ks[(int(s)+i)%(n+1)]) & b.mask()
			}
			x[n-1] = (x[n-1] + s) & b.mask()
		}
	}
	return x
}
