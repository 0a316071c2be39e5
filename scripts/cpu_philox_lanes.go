//go:build ignore

// Command cpu_philox_lanes measures what the CPU device's random numbers
// can gain from lanes: the same Philox4x32-10 uniform fill computed by a
// work-item per generator on scalars (the shape of CBRNG's kernel, whose
// loops PoCL leaves scalar) and by a work-item per 8 or 16 neighbouring
// generators on OpenCL vectors (uint8/uint16 counters and keys, one
// vstore per row), as the FFT's lanes compute 8 sub-transforms at once.
//
// Usage: go run scripts/cpu_philox_lanes.go [-mib 64] [-generators 524288] [-runs 10]
//
// Every variant fills randoms[batch][generators] of float32 (batch =
// -mib MiB / 4 B / generators, as `reikna bench --random` lays them out):
// generator g makes batch values, four a Philox call, from the counter
// (call, 0, 0, 0) and the key (g, seed). The variants' outputs are
// checked to be the same bits before any is timed; each figure is the
// median wall time of -runs calls after two warm-up calls, with the
// device's queue finished after each.
package main

import (
	"flag"
	"fmt"
	"log"
	"slices"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/dtypes"
)

// source holds the kernels: philox_scalar, a work-item per generator, and
// philox_lanes8 and philox_lanes16, a work-item per 8 or 16 generators.
const source = `
#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u
#define PHILOX_W1 0xBB67AE85u
#define TO_UNIFORM 5.9604644775390625e-8f /* 2^-24 */

/* One Philox4x32-10 bijection on the counter (c0, c1, c2, c3) and the key
   (k0, k1), of any unsigned integer type T (uint, uint8, uint16). */
#define PHILOX_ROUNDS(T, c0, c1, c2, c3, k0, k1)                              \
    for (int round = 0; round < 10; round++) {                               \
        const T hi0 = mul_hi((T)PHILOX_M0, c0), lo0 = (T)PHILOX_M0 * c0;     \
        const T hi1 = mul_hi((T)PHILOX_M1, c2), lo1 = (T)PHILOX_M1 * c2;     \
        c0 = hi1 ^ c1 ^ k0; c1 = lo1; c2 = hi0 ^ c3 ^ k1; c3 = lo0;          \
        k0 += PHILOX_W0; k1 += PHILOX_W1;                                    \
    }

__kernel void philox_scalar(__global float *randoms, unsigned int seed)
{
    const unsigned int g = get_global_id(0);
    for (unsigned int call = 0; call < CALLS; call++) {
        uint c0 = call, c1 = 0, c2 = 0, c3 = 0, k0 = g, k1 = seed;
        PHILOX_ROUNDS(uint, c0, c1, c2, c3, k0, k1)
        randoms[(4 * call + 0) * GENERATORS + g] = (float)(c0 >> 8) * TO_UNIFORM;
        randoms[(4 * call + 1) * GENERATORS + g] = (float)(c1 >> 8) * TO_UNIFORM;
        randoms[(4 * call + 2) * GENERATORS + g] = (float)(c2 >> 8) * TO_UNIFORM;
        randoms[(4 * call + 3) * GENERATORS + g] = (float)(c3 >> 8) * TO_UNIFORM;
    }
}

#define PHILOX_LANES(W)                                                            \
__kernel void philox_lanes##W(__global float *randoms, unsigned int seed)          \
{                                                                                 \
    const unsigned int g0 = get_global_id(0) * W;                                 \
    const uint##W lane = (uint##W)(0, 1, 2, 3, 4, 5, 6, 7 LANES_REST##W);         \
    for (unsigned int call = 0; call < CALLS; call++) {                           \
        uint##W c0 = (uint##W)(call), c1 = (uint##W)(0), c2 = (uint##W)(0);       \
        uint##W c3 = (uint##W)(0), k0 = g0 + lane, k1 = (uint##W)(seed);          \
        PHILOX_ROUNDS(uint##W, c0, c1, c2, c3, k0, k1)                            \
        vstore##W(convert_float##W(c0 >> 8) * TO_UNIFORM, 0, randoms + (4 * call + 0) * GENERATORS + g0); \
        vstore##W(convert_float##W(c1 >> 8) * TO_UNIFORM, 0, randoms + (4 * call + 1) * GENERATORS + g0); \
        vstore##W(convert_float##W(c2 >> 8) * TO_UNIFORM, 0, randoms + (4 * call + 2) * GENERATORS + g0); \
        vstore##W(convert_float##W(c3 >> 8) * TO_UNIFORM, 0, randoms + (4 * call + 3) * GENERATORS + g0); \
    }                                                                             \
}
#define LANES_REST8
#define LANES_REST16 , 8, 9, 10, 11, 12, 13, 14, 15
PHILOX_LANES(8)
PHILOX_LANES(16)

/* Normal values by the Box-Muller transform: each pair of uniforms in
   (0, 1] gives two values. */
#define TO_OPEN_UNIFORM(x) (((float)((x) >> 8) + 1.0f) * TO_UNIFORM)
__kernel void normal_scalar(__global float *randoms, unsigned int seed)
{
    const unsigned int g = get_global_id(0);
    for (unsigned int call = 0; call < CALLS; call++) {
        uint c0 = call, c1 = 0, c2 = 0, c3 = 0, k0 = g, k1 = seed;
        PHILOX_ROUNDS(uint, c0, c1, c2, c3, k0, k1)
        const float r0 = sqrt(-2.0f * log(TO_OPEN_UNIFORM(c0))), t0 = 6.2831853f * TO_UNIFORM * (float)(c1 >> 8);
        const float r1 = sqrt(-2.0f * log(TO_OPEN_UNIFORM(c2))), t1 = 6.2831853f * TO_UNIFORM * (float)(c3 >> 8);
        randoms[(4 * call + 0) * GENERATORS + g] = r0 * cos(t0);
        randoms[(4 * call + 1) * GENERATORS + g] = r0 * sin(t0);
        randoms[(4 * call + 2) * GENERATORS + g] = r1 * cos(t1);
        randoms[(4 * call + 3) * GENERATORS + g] = r1 * sin(t1);
    }
}

#define TO_OPEN_UNIFORM8(x) ((convert_float8((x) >> 8) + 1.0f) * TO_UNIFORM)
__kernel void normal_lanes8(__global float *randoms, unsigned int seed)
{
    const unsigned int g0 = get_global_id(0) * 8;
    for (unsigned int call = 0; call < CALLS; call++) {
        uint8 c0 = (uint8)(call), c1 = (uint8)(0), c2 = (uint8)(0), c3 = (uint8)(0);
        uint8 k0 = g0 + (uint8)(0, 1, 2, 3, 4, 5, 6, 7), k1 = (uint8)(seed);
        PHILOX_ROUNDS(uint8, c0, c1, c2, c3, k0, k1)
        const float8 r0 = sqrt(-2.0f * log(TO_OPEN_UNIFORM8(c0))), t0 = 6.2831853f * TO_UNIFORM * convert_float8(c1 >> 8);
        const float8 r1 = sqrt(-2.0f * log(TO_OPEN_UNIFORM8(c2))), t1 = 6.2831853f * TO_UNIFORM * convert_float8(c3 >> 8);
        vstore8(r0 * cos(t0), 0, randoms + (4 * call + 0) * GENERATORS + g0);
        vstore8(r0 * sin(t0), 0, randoms + (4 * call + 1) * GENERATORS + g0);
        vstore8(r1 * cos(t1), 0, randoms + (4 * call + 2) * GENERATORS + g0);
        vstore8(r1 * sin(t1), 0, randoms + (4 * call + 3) * GENERATORS + g0);
    }
}
`

// variant is a kernel, the generators each of its work-items makes, and
// the variant whose output it must reproduce: bit for bit for the
// uniform fills, within normalTolerance for the normal ones.
type variant struct {
	kernel string
	lanes  int
	ref    string
}

// normalTolerance bounds the difference of two normal values of the same
// uniforms: the scalar and the vector log, sin and cos of PoCL's library
// may round differently, by a few units in the last place of values of
// magnitude up to about 6.
const normalTolerance = 1e-5

func main() {
	mib := flag.Int("mib", 64, "MiB of float32 randoms")
	generators := flag.Int("generators", 1<<19, "generators (the last axis of the randoms)")
	runs := flag.Int("runs", 10, "timed calls of each variant")
	flag.Parse()
	elements := *mib << 20 / 4
	if *generators < 16 || *generators%16 != 0 || elements%(4**generators) != 0 {
		log.Fatalf("-generators %d: a multiple of 16 whose 4-fold divides the %d randoms of -mib %d", *generators, elements, *mib)
	}
	batch := elements / *generators

	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()
	prog, err := thr.Compile(source, cluda.CompileOptions{Defines: map[string]string{
		"CALLS": fmt.Sprint(batch / 4), "GENERATORS": fmt.Sprint(*generators) + "u",
	}})
	if err != nil {
		log.Fatal(err)
	}
	defer prog.Release()
	out, err := thr.Empty([]int{batch, *generators}, dtypes.Float32)
	if err != nil {
		log.Fatal(err)
	}
	defer out.Release()

	variants := []variant{
		{"philox_scalar", 1, ""}, {"philox_lanes8", 8, "philox_scalar"}, {"philox_lanes16", 16, "philox_scalar"},
		{"normal_scalar", 1, ""}, {"normal_lanes8", 8, "normal_scalar"},
	}
	const seed = 12345
	outputs := map[string][]float32{}
	for _, v := range variants {
		k, err := prog.Kernel(v.kernel)
		if err != nil {
			log.Fatal(err)
		}
		call := func() error {
			if err := k.Call([]int{*generators / v.lanes}, nil, out, uint32(seed)); err != nil {
				return err
			}
			return thr.Synchronize()
		}
		if err := out.Fill(float32(-1)); err != nil {
			log.Fatal(err)
		}
		if err := call(); err != nil {
			log.Fatal(err)
		}
		got, err := cluda.Read[float32](out)
		if err != nil {
			log.Fatal(err)
		}
		outputs[v.kernel] = got
		if want := outputs[v.ref]; v.ref != "" && !same(got, want, v.kernel[:6] == "normal") {
			log.Fatalf("%s: the randoms differ from %s's", v.kernel, v.ref)
		}
		if err := call(); err != nil { // the second warm-up call
			log.Fatal(err)
		}
		times := make([]float64, *runs)
		for i := range times {
			start := time.Now()
			if err := call(); err != nil {
				log.Fatal(err)
			}
			times[i] = float64(time.Since(start)) / 1e6
		}
		slices.Sort(times)
		fmt.Printf("%-15s %2d generators a work-item: median %.2f ms (min %.2f) for %d×%d float32\n",
			v.kernel, v.lanes, times[len(times)/2], times[0], batch, *generators)
	}
}

// same says whether a and b hold the same values: the same bits, or
// where close is set, within normalTolerance of each other.
func same(a, b []float32, close bool) bool {
	if !close {
		return slices.Equal(a, b)
	}
	for i := range a {
		if d := float64(a[i] - b[i]); d > normalTolerance || d < -normalTolerance || a[i] != a[i] {
			return false
		}
	}
	return len(a) == len(b)
}
