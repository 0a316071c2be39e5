package cbrng

import (
	"fmt"
	"slices"

	"github.com/reikna-go/reikna/snippets"
)

// idBits is the number of bits of a key that hold the generator's id.
const idBits = 32

// MaxGenerators is the largest number of generators whose keys a
// KeyGenerator tells apart: ids are 32-bit numbers.
const MaxGenerators = 1 << idBits

// KeyGenerator makes the keys of numbered generators from a seed
// (reikna's KeyGenerator): every key is a base key drawn from the seed,
// with the generator's id in the low 32 bits of its last word. Reserving
// those bits for the id (the base has zeros there) guarantees that two
// seeds never give two generators the same key; without the reservation,
// which a key of one 32-bit word needs, the id is added to the base, and
// different seeds may share keys.
//
// Its module defines, under its prefix K, K_key_from_int(id): the Key of
// the bijection's module for the unsigned int id.
type KeyGenerator struct {
	bijection *Bijection
	base      []uint64
	reserve   bool
	module    *snippets.Module
}

// NewKeyGenerator returns the key generator of bijection b for seed. With
// reserveIDSpace, the key must have at least 64 bits (all but Philox 2×32's
// do).
func NewKeyGenerator(b *Bijection, seed uint64, reserveIDSpace bool) (*KeyGenerator, error) {
	if b == nil {
		return nil, fmt.Errorf("cbrng: key generator of a nil bijection")
	}
	if reserveIDSpace && b.keyWords*b.bits < 2*idBits {
		return nil, fmt.Errorf("cbrng: key generator of %v: a key of %d bits cannot reserve %d of them for the id", b, b.keyWords*b.bits, idBits)
	}
	base := make([]uint64, b.keyWords)
	state := seed
	for i := range base {
		base[i] = splitMix64(&state) & b.mask()
	}
	if reserveIDSpace {
		base[len(base)-1] &^= 1<<idBits - 1
	}
	g := &KeyGenerator{bijection: b, base: base, reserve: reserveIDSpace}
	m, err := snippets.NamedModuleFromTemplate("keygen_"+b.Name(), cbrngTemplates.Lookup("keygen"), nil, map[string]any{
		"bijection": b.module, "base": base, "suffix": wordSuffix(b.bits), "reserve": reserveIDSpace,
	})
	if err != nil {
		return nil, fmt.Errorf("cbrng: key generator of %v: %w", b, err)
	}
	g.module = m
	return g, nil
}

// newDefaultKeyGenerator returns the key generator of b for seed, with the
// id space reserved where the key is large enough.
func newDefaultKeyGenerator(b *Bijection, seed uint64) (*KeyGenerator, error) {
	return NewKeyGenerator(b, seed, b.keyWords*b.bits >= 2*idBits)
}

// splitMix64 advances state and returns its next output (Steele, Lea and
// Flood's SplitMix64), which spreads the bits of a seed over the key.
func splitMix64(state *uint64) uint64 {
	*state += 0x9E3779B97F4A7C15
	z := *state
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// Bijection returns the bijection whose keys the generator makes.
func (g *KeyGenerator) Bijection() *Bijection { return g.bijection }

// ReservesIDSpace reports whether the low 32 bits of the last word of the
// key are the id alone.
func (g *KeyGenerator) ReservesIDSpace() bool { return g.reserve }

// Key returns the key of generator id, as the module's K_key_from_int
// makes it.
func (g *KeyGenerator) Key(id uint32) []uint64 {
	key := slices.Clone(g.base)
	last := len(key) - 1
	if g.reserve {
		key[last] |= uint64(id)
	} else {
		key[last] = (key[last] + uint64(id)) & g.bijection.mask()
	}
	return key
}

// Module returns the module that defines K_key_from_int.
func (g *KeyGenerator) Module() *snippets.Module { return g.module }
