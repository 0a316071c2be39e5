package cbrng_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// allBijections returns every width of Philox and Threefry with the
// default rounds.
func allBijections(t testing.TB) []*cbrng.Bijection {
	t.Helper()
	var bs []*cbrng.Bijection
	for _, bits := range []int{32, 64} {
		for _, words := range []int{2, 4} {
			p, err := cbrng.Philox(bits, words, cbrng.PhiloxRounds)
			if err != nil {
				t.Fatal(err)
			}
			tf, err := cbrng.Threefry(bits, words, cbrng.ThreefryRounds)
			if err != nil {
				t.Fatal(err)
			}
			bs = append(bs, p, tf)
		}
	}
	return bs
}

// hostStream is the stream of 32-bit values of one generator, computed on
// the host as the bijection's State reads it.
type hostStream struct {
	b       *cbrng.Bijection
	key     []uint64
	counter []uint64
	block   []uint32
}

func newHostStream(b *cbrng.Bijection, key, counter []uint64) *hostStream {
	return &hostStream{b: b, key: key, counter: slices.Clone(counter)}
}

// nextBlock returns the 32-bit values of the output for the next counter
// and advances the counter.
func (s *hostStream) nextBlock(t *testing.T) []uint32 {
	t.Helper()
	out, err := s.b.Apply(s.key, s.counter)
	if err != nil {
		t.Fatal(err)
	}
	var vs []uint32
	for _, w := range out {
		vs = append(vs, uint32(w))
		if s.b.Bits() == 64 {
			vs = append(vs, uint32(w>>32))
		}
	}
	mask := uint64(1)<<s.b.Bits() - 1
	if s.b.Bits() == 64 {
		mask = math.MaxUint64
	}
	for i := range s.counter {
		s.counter[i] = (s.counter[i] + 1) & mask
		if s.counter[i] != 0 {
			break
		}
	}
	return vs
}

// uniformReference returns the values that a uniform float32 sampler in
// [0, 1) gives for a batch of n from s: every 32-bit value of whole
// blocks, its high 24 bits scaled by 2^-24.
func (s *hostStream) uniformFloat32(t *testing.T, n int) []float32 {
	var vs []float32
	for len(vs) < n {
		for _, w := range s.nextBlock(t) {
			vs = append(vs, float32(w>>8)*0x1p-24)
		}
	}
	return vs[:n]
}

// TestCBRNGStreams checks the values of uniform float32 samplers of every
// bijection bit for bit against the host's bijection, keys and counters,
// over two calls, the second continuing the streams of the first; and the
// counters each call leaves.
func TestCBRNGStreams(t *testing.T) {
	thr := cludatest.Thread(t)
	const batch, seed = 5, 1234 // 5 values per generator: a partial call for every sampler
	shape := []int{batch, 3, 7}
	for _, b := range allBijections(t) {
		t.Run(b.String(), func(t *testing.T) {
			s, err := cbrng.UniformFloat(b, dtypes.Float32, 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			rng, call, counters, randoms := compileRNG(t, thr, core.ArrayOf(dtypes.Float32, shape...), 2, s, seed)

			gens := shape[1] * shape[2]
			streams := make([]*hostStream, gens)
			for g := range streams {
				streams[g] = newHostStream(b, rng.KeyGenerator().Key(uint32(g)), make([]uint64, b.CounterWords()))
			}
			for round := range 2 {
				if err := randoms.Fill(float32(math.NaN())); err != nil {
					t.Fatal(err)
				}
				if err := call.Call(counters, randoms); err != nil {
					t.Fatal(err)
				}
				got, err := cluda.Read[float32](randoms)
				if err != nil {
					t.Fatal(err)
				}
				for g, st := range streams {
					want := st.uniformFloat32(t, batch)
					for i := range batch {
						if v := got[i*gens+g]; v != want[i] {
							t.Fatalf("call %d: generator %d, value %d: %v, want %v", round, g, i, v, want[i])
						}
					}
				}
				ctrs := readWords(t, counters)
				for g, st := range streams {
					w := b.CounterWords()
					if c := ctrs[g*w : (g+1)*w]; !slices.Equal(c, st.counter) {
						t.Fatalf("call %d: generator %d: counter %x, want %x", round, g, c, st.counter)
					}
				}
			}
		})
	}
}

// TestUniformIntegerStreams checks uniform integers, which read the
// State's stream and draw again on rejection, bit for bit against the
// host, for a narrow range of 32-bit values and a wide one of 64-bit
// values.
func TestUniformIntegerStreams(t *testing.T) {
	thr := cludatest.Thread(t)
	const batch, gens = 37, 6
	for _, tc := range []struct {
		name      string
		b         *cbrng.Bijection
		dt        dtypes.DType
		low, high int64
	}{
		{"int32 [1, 7) philox4x32", bijection(t, "philox", 32, 4), dtypes.Int32, 1, 7},
		{"int64 [-10^12, 3·10^12+7) threefry2x64", bijection(t, "threefry", 64, 2), dtypes.Int64, -1e12, 3e12 + 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := cbrng.UniformInteger(tc.b, tc.dt, tc.low, tc.high)
			if err != nil {
				t.Fatal(err)
			}
			rng, call, counters, randoms := compileRNG(t, thr, core.ArrayOf(tc.dt, batch, gens), 1, s, 99)
			if err := call.Call(counters, randoms); err != nil {
				t.Fatal(err)
			}
			got, _ := readValues(t, randoms)
			width := uint64(tc.high - tc.low)
			for g := range gens {
				st := newHostStream(tc.b, rng.KeyGenerator().Key(uint32(g)), make([]uint64, tc.b.CounterWords()))
				var words []uint32
				next := func() uint64 {
					if len(words) == 0 {
						words = st.nextBlock(t)
					}
					w := words[0]
					words = words[1:]
					return uint64(w)
				}
				for i := range batch {
					var v uint64
					if width > 1<<32 {
						threshold := -width % width
						for v = next() | next()<<32; v < threshold; v = next() | next()<<32 {
						}
					} else {
						threshold := (1 << 32) % width
						for v = next(); v < threshold; v = next() {
						}
					}
					if want := float64(tc.low + int64(v%width)); got[i*gens+g] != want {
						t.Fatalf("generator %d, value %d: %v, want %v", g, i, got[i*gens+g], want)
					}
				}
			}
		})
	}
}

// TestKeyGenerator checks the keys: distinct for distinct ids and seeds
// where the id space is reserved, the id in the low bits of the last word.
func TestKeyGenerator(t *testing.T) {
	for _, b := range allBijections(t) {
		t.Run(b.String(), func(t *testing.T) {
			reserve := b.KeyWords()*b.Bits() >= 64
			seen := map[string]bool{}
			for seed := range uint64(3) {
				g, err := cbrng.NewKeyGenerator(b, seed, reserve)
				if err != nil {
					t.Fatal(err)
				}
				for _, id := range []uint32{0, 1, 2, 1 << 31, math.MaxUint32} {
					key := g.Key(id)
					if reserve && uint32(key[len(key)-1]) != id {
						t.Errorf("seed %d, id %d: key %x does not end in the id", seed, id, key)
					}
					s := fmt.Sprint(key)
					if reserve && seen[s] {
						t.Errorf("seed %d, id %d: key %x repeated", seed, id, key)
					}
					seen[s] = true
				}
			}
		})
	}
}

// compileRNG makes the CBRNG of randoms of type rt over gensDim axes with
// the sampler and the seed, compiles it for thr, and returns it with its
// callable, counters from zero and an output array, all released when the
// test ends.
func compileRNG(t testing.TB, thr *cluda.Thread, rt core.Type, gensDim int, s *cbrng.Sampler, seed uint64) (
	rng *cbrng.CBRNG, call *cbrng.Callable, counters, randoms *cluda.Array) {
	t.Helper()
	rng, err := cbrng.NewCBRNG(rt, gensDim, s, seed)
	if err != nil {
		t.Fatal(err)
	}
	if call, err = rng.Compile(thr); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(call.Release)
	if counters, err = rng.Counters(thr); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(counters.Release)
	if randoms, err = thr.Empty(rt.Shape(), rt.DType()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(randoms.Release)
	return rng, call, counters, randoms
}
