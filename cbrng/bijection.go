package cbrng

import (
	"embed"
	"fmt"
	"maps"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
	"github.com/reikna-go/reikna/templates"
)

//go:embed templates/*.cl
var templateFS embed.FS

var cbrngTemplates = templates.MustParseFS(templateFS,
	"templates/bijection.cl", "templates/keygen.cl", "templates/samplers.cl", "templates/cbrng.cl", "templates/check.cl",
	"templates/bijection_lanes.cl", "templates/samplers_lanes.cl", "templates/cbrng_lanes.cl")

// The default numbers of rounds, those Random123 recommends and reikna
// uses: the fewest with a safety margin over the rounds that pass BigCrush.
const (
	PhiloxRounds   = 10
	ThreefryRounds = 20
)

// The bijection families.
const (
	familyPhilox   = "philox"
	familyThreefry = "threefry"
)

// Bijection is a keyed bijection of counters, the core of a counter-based
// random number generator (reikna's Bijection): Philox or Threefry of
// Random123, on 2 or 4 words of 32 or 64 bits. Its module defines, under
// its prefix P, for kernels that generate random numbers themselves:
//
//	P_Word, P_Key, P_Counter         the word type; structures of KEY_WORDS and COUNTER_WORDS words in .v
//	P_KEY_WORDS, P_COUNTER_WORDS     the numbers of words
//	P_bijection(key, counter)        the Counter the bijection maps counter to under key
//	P_State                          a key, a counter and the unused part of the last output
//	P_make_state(key, counter)       a State that starts at counter
//	P_get_next_block(&state)         the output for the next counter (words left in the last one are skipped)
//	P_get_next_uint32(&state)        the next 32 bits of the stream of outputs
//	P_get_next_uint64(&state)        the next 64 bits: two 32-bit values, the first one low
//	P_get_next_unused_counter(state) the counter a later State should start at to continue the stream
//	P_UINT32_PER_BLOCK               the 32-bit values in one output
//	P_BLOCK_UINT32(block, j)         the j-th 32-bit value of an output (the low half of a 64-bit word first)
//
// The words of a counter count up from word 0: the next counter adds 1 to
// word 0 and carries into the words after it.
type Bijection struct {
	family       string
	bits         int
	counterWords int
	keyWords     int
	rounds       int
	module       *snippets.Module
	// lanes is the module of the bijection of cbrngLanes generators at
	// once, in vector lanes (bijection_lanes.cl), for the kernel of CPU
	// devices.
	lanes *snippets.Module
}

// Philox returns the Philox bijection of counterWords (2 or 4) words of
// bits (32 or 64) bits with the given number of rounds (1 to 16;
// PhiloxRounds is the usual one). Its key has half as many words as its
// counter. The 64-bit variants need the 64-bit mul_hi of OpenCL C.
func Philox(bits, counterWords, rounds int) (*Bijection, error) {
	return newBijection(familyPhilox, bits, counterWords, rounds)
}

// Threefry returns the Threefry bijection of counterWords (2 or 4) words of
// bits (32 or 64) bits with the given number of rounds (1 to 32 for 2
// words, 1 to 72 for 4; ThreefryRounds is the usual one). Its key has as
// many words as its counter.
func Threefry(bits, counterWords, rounds int) (*Bijection, error) {
	return newBijection(familyThreefry, bits, counterWords, rounds)
}

// maxRounds returns the largest number of rounds of a family on words
// words: Random123's limits.
func maxRounds(family string, words int) int {
	switch {
	case family == familyPhilox:
		return 16
	case words == 2:
		return 32
	}
	return 72
}

func newBijection(family string, bits, counterWords, rounds int) (*Bijection, error) {
	name := fmt.Sprintf("%s%dx%d", family, counterWords, bits)
	if bits != 32 && bits != 64 {
		return nil, fmt.Errorf("cbrng: %s: words of %d bits (the words have 32 or 64 bits)", family, bits)
	}
	if counterWords != 2 && counterWords != 4 {
		return nil, fmt.Errorf("cbrng: %s: %d words in a counter (a counter has 2 or 4 words)", family, counterWords)
	}
	if top := maxRounds(family, counterWords); rounds < 1 || rounds > top {
		return nil, fmt.Errorf("cbrng: %s: %d rounds (from 1 to %d)", name, rounds, top)
	}
	b := &Bijection{family: family, bits: bits, counterWords: counterWords, keyWords: counterWords, rounds: rounds}
	args := map[string]any{
		"word": b.WordDType().CType(), "bits": bits, "suffix": wordSuffix(bits),
		"counterWords": counterWords, "rounds": rounds, "uint32PerBlock": b.uint32PerBlock(),
	}
	if family == familyPhilox {
		b.keyWords = counterWords / 2
		args["multipliers"], args["weyl"] = philoxConstants(bits, counterWords)
	} else {
		args["parity"], args["rotations"] = threefryConstants(bits, counterWords)
	}
	args["keyWords"] = b.keyWords
	m, err := snippets.NamedModuleFromTemplate(fmt.Sprintf("%s_%d", name, rounds), cbrngTemplates.Lookup(family), nil, args)
	if err != nil {
		return nil, fmt.Errorf("cbrng: %s: %w", name, err)
	}
	b.module = m
	lanes := maps.Clone(args)
	lanes["word"] = b.lanesWord()
	lanes["family"], lanes["lanes"] = family, cbrngLanes
	if b.lanes, err = snippets.NamedModuleFromTemplate(fmt.Sprintf("%s_%d_lanes", name, rounds), cbrngTemplates.Lookup("bijection_lanes"), nil, lanes); err != nil {
		return nil, fmt.Errorf("cbrng: %s: %w", name, err)
	}
	return b, nil
}

// lanesWord returns the C type of a vector of cbrngLanes words, such as
// uint8.
func (b *Bijection) lanesWord() string {
	if b.bits == 32 {
		return fmt.Sprintf("uint%d", cbrngLanes)
	}
	return fmt.Sprintf("ulong%d", cbrngLanes)
}

// wordSuffix returns the suffix of C literals of words of bits bits.
func wordSuffix(bits int) string {
	if bits == 32 {
		return "u"
	}
	return "ul"
}

// Name returns the bijection's name in Random123's style, such as
// "philox4x32".
func (b *Bijection) Name() string { return fmt.Sprintf("%s%dx%d", b.family, b.counterWords, b.bits) }

// String returns the name and the rounds, such as "philox4x32-10".
func (b *Bijection) String() string { return fmt.Sprintf("%s-%d", b.Name(), b.rounds) }

// Bits returns the bits of a word, 32 or 64.
func (b *Bijection) Bits() int { return b.bits }

// WordDType returns the dtype of a word: Uint32 or Uint64.
func (b *Bijection) WordDType() dtypes.DType {
	if b.bits == 32 {
		return dtypes.Uint32
	}
	return dtypes.Uint64
}

// CounterWords returns the number of words of a counter (and of an
// output).
func (b *Bijection) CounterWords() int { return b.counterWords }

// KeyWords returns the number of words of a key.
func (b *Bijection) KeyWords() int { return b.keyWords }

// Rounds returns the number of rounds.
func (b *Bijection) Rounds() int { return b.rounds }

// Module returns the module that defines the bijection and its State (see
// Bijection).
func (b *Bijection) Module() *snippets.Module { return b.module }

// uint32PerBlock returns the number of 32-bit values in one output.
func (b *Bijection) uint32PerBlock() int { return b.counterWords * b.bits / 32 }

// mask returns the largest word.
func (b *Bijection) mask() uint64 {
	if b.bits == 32 {
		return 1<<32 - 1
	}
	return 1<<64 - 1
}
