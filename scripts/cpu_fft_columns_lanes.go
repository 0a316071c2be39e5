//go:build ignore

// Command cpu_fft_columns_lanes measures whether the complex64 FFT of
// 65536 points on the CPU device can run as two passes over memory near
// the device's copy bandwidth, where reikna's CPU plan runs four passes of
// 16 points.
//
// Usage: go run scripts/cpu_fft_columns_lanes.go [-lanes 8,16,32] [-width 16] [-mib 8] [-runs 20] [-sets 1]
// [-radix 4] [-prefetch off] [-opencl-prefetch]
//
// The 65536 points of a transform are read as a 256×256 matrix,
// x[m·256 + j]. With k = k1 + 256·k2 (k1, k2 from 0 to 255) the DFT is
//
//	X[k1 + 256·k2] = Σ_j W256^(j·k2) · W65536^(j·k1) · Σ_m W256^(m·k1) · x[m·256 + j].
//
// The column pass (fft_columns) gives each work-item -lanes neighbouring
// columns j (16 or 32: each row it reads is 128 or 256 contiguous bytes),
// loaded as vectors of -width lanes (float8 or float16; the real parts of
// the columns' values in one vector, the imaginary parts in another, so
// an element of 32 lanes and width 16 is four float16 vectors). It runs
// the four radix-4 stages of a Stockham FFT of 256 points over m (the
// first in its loads, the middle two between two private arrays, the last
// in its stores), multiplies output k1 of column j by W65536^(j·k1), and
// stores it at Y[k1·256 + j]: rows k1 of the intermediate array, in the
// columns' own layout, so the stores are as contiguous as the loads. The
// row pass (fft_rows) gives each work-item 8 rows k1 of Y, in 8 lanes (one
// float8 of real parts, one of imaginary parts), runs the same stages
// over j, and stores output k2 of row k1 at X[k1 + 256·k2]: the
// transposed store, whose 8 lanes are 64 contiguous bytes (one cache
// line), gives numpy's order of the outputs.
//
// -radix 8 runs both passes in three stages instead of four: 256 = 8·8·4,
// a radix-8 stage in the loads, a radix-8 stage between the private
// arrays and the same radix-4 stage in the stores (a radix-8 butterfly is
// two butterflies of 4 and a radix-2 step, its twiddles of 8 one add and
// one multiply each). The default, 4, is the four radix-4 stages above.
//
// -prefetch asks for the next data while a work-item computes. With next,
// the middle stage (the first of the two middle stages at radix 4) issues
// one prefetch per cache line of the next work-item's block, spread over
// its butterflies: the next L columns of all 256 rows (or the next
// transform's first) in the column pass, the next 8 rows (16 KiB) in the
// row pass, so that the block whose loads come next is on its way while
// this one's arithmetic runs. With ahead, the first stage prefetches the
// elements 8 ahead of those it loads in the work-item's own block (in the
// row pass once per cache line of each of the 8 rows). The default, off,
// prefetches nothing. The prefetches are clang's __builtin_prefetch,
// which PoCL compiles to prefetcht0; with -opencl-prefetch they are
// OpenCL C's prefetch() instead, which PoCL compiles to nothing (the
// object code then has no prefetch instruction: a control of the
// kernels' other changes). -radix and -prefetch take comma-separated
// lists, and every pair of their values is measured in the same process,
// for each of -lanes.
//
// The program checks both passes together against gonum's FFT of every
// transform in float64 (relative L2 error at most 1e-5) and fails where
// one is further off; then it reports the median wall time of -runs
// calls (after two warm-up calls, the queue finished after each call) of
// each pass alone, of the two passes together, of each pass's loads and
// stores without its arithmetic (copy_columns, copy_rows), of a plain
// copy kernel over the same bytes (read once and written once: the floor
// of a pass), of the device's own buffer copy, and of reikna's plan of
// the same FFT (computations/fft, checked the same way). With -sets above 1 every
// call takes the next of that many sets of arrays, so that the caches do
// not keep the data from call to call. The machine's times move from
// process to process: run it several times and read the range.
package main

import (
	"flag"
	"fmt"
	"log"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"gonum.org/v1/gonum/dsp/fourier"
)

// side is the matrix's side: the transform has side·side points.
const side = 256

// n is the length of a transform.
const n = side * side

// tolerance bounds the relative L2 error of a transform against gonum's
// float64 FFT: float32 arithmetic over 16 levels of butterflies and the
// twiddles' rounding give errors of a few 1e-7; a wrong index gives
// errors of order 1.
const tolerance = 1e-5

// copyChunk is the number of float16 vectors (64 bytes each) a work-item
// of the copy kernel copies: 16 KiB.
const copyChunk = 256

// source holds the kernels, for SIDE the matrix's side (a power of 4),
// STAGES4 log4(SIDE), W the lanes of a vector (8 or 16), G the vectors of
// an element's real parts (and of its imaginary parts), L = W·G the
// columns of a work-item of fft_columns, COPY_CHUNK the float16 vectors
// of a work-item of copy_chunks, RADIX 4 (STAGES4 radix-4 stages) or 8
// (SIDE = 256 as radix 8, 8 and 4), PREFETCH 0 (none), 1 (the next
// work-item's block during the middle stage) or 2 (the block's own
// elements AHEAD ahead of the first stage's loads), and PF_BUILTIN 1 to
// prefetch with clang's __builtin_prefetch rather than OpenCL C's
// prefetch(). fft_rows needs W = 8 and G = 1.
const source = `
#if W == 16
typedef float16 vec;
#define VLOAD vload16
#else
typedef float8 vec;
#define VLOAD vload8
#endif
#define N (SIDE * SIDE)

/* lanes holds element k of W sub-transforms (columns or rows): the real
   parts in r, the imaginary parts in i. An element of fft_columns is G
   of them side by side. */
typedef struct {
    vec r, i;
} lanes;

inline lanes make_lanes(const vec r, const vec i)
{
    lanes v;
    v.r = r;
    v.i = i;
    return v;
}

inline lanes add(const lanes a, const lanes b) { return make_lanes(a.r + b.r, a.i + b.i); }

inline lanes sub(const lanes a, const lanes b) { return make_lanes(a.r - b.r, a.i - b.i); }

/* times returns v·w for one twiddle w of every lane. */
inline lanes times(const lanes v, const float2 w)
{
    return make_lanes(v.r * w.x - v.i * w.y, v.r * w.y + v.i * w.x);
}

/* times_lanes returns v·w for a twiddle of each lane, wr + i·wi. */
inline lanes times_lanes(const lanes v, const vec wr, const vec wi)
{
    return make_lanes(v.r * wr - v.i * wi, v.r * wi + v.i * wr);
}

inline lanes times_i(const lanes v) { return make_lanes(-v.i, v.r); }

/* PF prefetches the cache line at p. */
#if PF_BUILTIN
#define PF(p) __builtin_prefetch((__global const float *)(p))
#else
#define PF(p) prefetch((__global const float *)(p), 16)
#endif

/* prefetch_rows prefetches rows from to from + count - 1 of a block at pf,
   stride floats apart, lines cache lines a row. */
inline void prefetch_rows(__global const float *pf, const int stride, const int lines, const int from,
                          const int count)
{
    for (int r = from; r < from + count; r++)
        for (int c = 0; c < lines; c++)
            PF(pf + r * stride + 16 * c);
}

/* PREFETCH_NEXT prefetches rows from to from + count - 1 of the next
   work-item's block where PREFETCH is 1 and pf is set: spread over a
   middle stage's butterflies, the SIDE rows of the block go out while
   the stage computes. */
#if PREFETCH == 1
#define PREFETCH_NEXT(pf, stride, lines, from, count)                                         \
    if (pf)                                                                                   \
        prefetch_rows(pf, stride, lines, from, count);
#else
#define PREFETCH_NEXT(pf, stride, lines, from, count)
#endif

/* AHEAD_ELEMENTS is how far ahead of its loads the first stage prefetches
   with PREFETCH 2. */
#define AHEAD_ELEMENTS 8

/* One radix-4 stage of the Stockham FFT (OTFFT's form), n points a
   sub-transform, s sub-transforms interleaved, from x into y; element e
   of a transform is the G vectors x[e·G] to x[e·G + G - 1]. tw[k] is
   exp(-2 pi i k / SIDE). */
inline void stage4(const int n, const int s, const lanes *x, lanes *y, __global const float2 *tw,
                   __global const float *pf, const int pf_stride, const int pf_lines)
{
    const int m = n / 4;
    for (int p = 0; p < m; p++) {
        const int t = p * (SIDE / n);
        const float2 w1 = tw[t], w2 = tw[2 * t], w3 = tw[3 * t];
        for (int q = 0; q < s; q++) {
            PREFETCH_NEXT(pf, pf_stride, pf_lines, (p * s + q) * 4, 4);
            for (int g = 0; g < G; g++) {
                const lanes a = x[(q + s * p) * G + g], b = x[(q + s * (p + m)) * G + g];
                const lanes c = x[(q + s * (p + 2 * m)) * G + g], d = x[(q + s * (p + 3 * m)) * G + g];
                const lanes apc = add(a, c), amc = sub(a, c), bpd = add(b, d), jbmd = times_i(sub(b, d));
                y[(q + s * (4 * p + 0)) * G + g] = add(apc, bpd);
                y[(q + s * (4 * p + 1)) * G + g] = times(sub(amc, jbmd), w1);
                y[(q + s * (4 * p + 2)) * G + g] = times(sub(apc, bpd), w2);
                y[(q + s * (4 * p + 3)) * G + g] = times(add(amc, jbmd), w3);
            }
        }
    }
}

#if RADIX == 8
#if SIDE != 256
#error RADIX 8 needs SIDE 256: radix 8, 8 and 4
#endif
#define SQRT1_2 0.70710678118654752f

/* times_w8 returns v·exp(-i pi / 4), times_w83 v·exp(-3i pi / 4),
   times_mi v·(-i). */
inline lanes times_w8(const lanes v) { return make_lanes((v.r + v.i) * SQRT1_2, (v.i - v.r) * SQRT1_2); }

inline lanes times_w83(const lanes v) { return make_lanes((v.i - v.r) * SQRT1_2, -(v.r + v.i) * SQRT1_2); }

inline lanes times_mi(const lanes v) { return make_lanes(v.i, -v.r); }

/* dft8 writes the DFT of a[0] to a[7] to o[0] to o[7]: two DFTs of 4 (the
   even and the odd inputs) and a radix-2 step. */
inline void dft8(const lanes *a, lanes *o)
{
    const lanes s04 = add(a[0], a[4]), d04 = sub(a[0], a[4]);
    const lanes s26 = add(a[2], a[6]), d26 = times_mi(sub(a[2], a[6]));
    const lanes s15 = add(a[1], a[5]), d15 = sub(a[1], a[5]);
    const lanes s37 = add(a[3], a[7]), d37 = times_mi(sub(a[3], a[7]));
    const lanes e0 = add(s04, s26), e1 = add(d04, d26), e2 = sub(s04, s26), e3 = sub(d04, d26);
    const lanes o0 = add(s15, s37), o1 = times_w8(add(d15, d37));
    const lanes o2 = times_mi(sub(s15, s37)), o3 = times_w83(sub(d15, d37));
    o[0] = add(e0, o0);
    o[4] = sub(e0, o0);
    o[1] = add(e1, o1);
    o[5] = sub(e1, o1);
    o[2] = add(e2, o2);
    o[6] = sub(e2, o2);
    o[3] = add(e3, o3);
    o[7] = sub(e3, o3);
}

/* One radix-8 stage of the Stockham FFT, as stage4. */
inline void stage8(const int n, const int s, const lanes *x, lanes *y, __global const float2 *tw,
                   __global const float *pf, const int pf_stride, const int pf_lines)
{
    const int m = n / 8;
    for (int p = 0; p < m; p++) {
        const int t = p * (SIDE / n);
        float2 w[8];
        for (int k = 1; k < 8; k++)
            w[k] = tw[k * t];
        for (int q = 0; q < s; q++) {
            PREFETCH_NEXT(pf, pf_stride, pf_lines, (p * s + q) * 8, 8);
            for (int g = 0; g < G; g++) {
                lanes a[8], o[8];
                for (int r = 0; r < 8; r++)
                    a[r] = x[(q + s * (p + r * m)) * G + g];
                dft8(a, o);
                y[(q + s * 8 * p) * G + g] = o[0];
                for (int k = 1; k < 8; k++)
                    y[(q + s * (8 * p + k)) * G + g] = times(o[k], w[k]);
            }
        }
    }
}

/* FIRST_STAGE runs the first stage, radix 8 (n = SIDE, s = 1), from
   memory into y: LOAD(e, g) gives vector g of element e, AHEAD(e)
   prefetches element e where PREFETCH is 2. */
#define FIRST_STAGE(y, LOAD, AHEAD)                                                           \
    for (int p = 0; p < SIDE / 8; p++) {                                                      \
        float2 w[8];                                                                          \
        for (int k = 1; k < 8; k++)                                                           \
            w[k] = tw[k * p];                                                                 \
        if (PREFETCH == 2 && p + AHEAD_ELEMENTS < SIDE / 8)                                   \
            for (int u = 0; u < 8; u++)                                                       \
                AHEAD(p + AHEAD_ELEMENTS + u * (SIDE / 8));                                   \
        for (int g = 0; g < G; g++) {                                                         \
            lanes a[8], o[8];                                                                 \
            for (int u = 0; u < 8; u++)                                                       \
                a[u] = LOAD(p + u * (SIDE / 8), g);                                           \
            dft8(a, o);                                                                       \
            y[8 * p * G + g] = o[0];                                                          \
            for (int k = 1; k < 8; k++)                                                       \
                y[(8 * p + k) * G + g] = times(o[k], w[k]);                                   \
        }                                                                                     \
    }
#else
/* FIRST_STAGE runs the first radix-4 stage (n = SIDE, s = 1) from
   memory into y: LOAD(e, g) gives vector g of element e, AHEAD(e)
   prefetches element e where PREFETCH is 2. */
#define FIRST_STAGE(y, LOAD, AHEAD)                                                           \
    for (int p = 0; p < SIDE / 4; p++) {                                                      \
        const float2 w1 = tw[p], w2 = tw[2 * p], w3 = tw[3 * p];                              \
        if (PREFETCH == 2 && p + AHEAD_ELEMENTS < SIDE / 4)                                   \
            for (int u = 0; u < 4; u++)                                                       \
                AHEAD(p + AHEAD_ELEMENTS + u * (SIDE / 4));                                   \
        for (int g = 0; g < G; g++) {                                                         \
            const lanes a = LOAD(p, g), b = LOAD(p + SIDE / 4, g);                            \
            const lanes c = LOAD(p + SIDE / 2, g), d = LOAD(p + 3 * SIDE / 4, g);             \
            const lanes apc = add(a, c), amc = sub(a, c), bpd = add(b, d);                    \
            const lanes jbmd = times_i(sub(b, d));                                            \
            y[(4 * p + 0) * G + g] = add(apc, bpd);                                           \
            y[(4 * p + 1) * G + g] = times(sub(amc, jbmd), w1);                               \
            y[(4 * p + 2) * G + g] = times(sub(apc, bpd), w2);                                \
            y[(4 * p + 3) * G + g] = times(add(amc, jbmd), w3);                               \
        }                                                                                     \
    }
#endif

/* LAST_STAGE runs the last radix-4 stage (n = 4, s = SIDE / 4, twiddles
   of 1) from x into memory: STORE(k, g, v) writes vector g of output k. */
#define LAST_STAGE(x, STORE)                                                                  \
    for (int q = 0; q < SIDE / 4; q++) {                                                      \
        for (int g = 0; g < G; g++) {                                                         \
            const lanes a = x[q * G + g], b = x[(q + SIDE / 4) * G + g];                      \
            const lanes c = x[(q + SIDE / 2) * G + g], d = x[(q + 3 * SIDE / 4) * G + g];     \
            const lanes apc = add(a, c), amc = sub(a, c), bpd = add(b, d);                    \
            const lanes jbmd = times_i(sub(b, d));                                            \
            STORE(q, g, add(apc, bpd));                                                       \
            STORE(q + SIDE / 4, g, sub(amc, jbmd));                                           \
            STORE(q + SIDE / 2, g, sub(apc, bpd));                                            \
            STORE(q + 3 * SIDE / 4, g, add(amc, jbmd));                                       \
        }                                                                                     \
    }

/* middle_stages runs the stages between the first and the last from y,
   x as scratch, and returns the buffer that holds the result; the first
   of them prefetches the SIDE rows of the block at pf (where PREFETCH is
   1 and pf is set), stride floats apart, lines cache lines a row. */
#if RADIX == 8
inline lanes *middle_stages(lanes *x, lanes *y, __global const float2 *tw, __global const float *pf,
                            const int stride, const int lines)
{
    stage8(SIDE / 8, 8, y, x, tw, pf, stride, lines);
    return x;
}
#else
inline lanes *middle_stages(lanes *x, lanes *y, __global const float2 *tw, __global const float *pf,
                            const int stride, const int lines)
{
    int n = SIDE / 4, s = 4;
    lanes *from = y, *to = x;
#pragma unroll
    for (int i = 1; i < STAGES4 - 1; i++) {
        stage4(n, s, from, to, tw, i == 1 ? pf : 0, stride, lines);
        n /= 4;
        s *= 4;
        lanes *t = from;
        from = to;
        to = t;
    }
    return from;
}
#endif

/* The interleaving of two float8 vectors' values, a0 b0 a1 b1 ... */
#define INTERLEAVE (uint16)(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15)

/* load_lanes returns the W complex values at p as lanes. */
inline lanes load_lanes(__global const float *p)
{
#if W == 16
    const float16 a = vload16(0, p), b = vload16(1, p);
    return make_lanes((float16)(a.even, b.even), (float16)(a.odd, b.odd));
#else
    const float16 a = vload16(0, p);
    return make_lanes(a.even, a.odd);
#endif
}

/* store_lanes writes v as the W complex values at p. */
inline void store_lanes(__global float *p, const lanes v)
{
#if W == 16
    vstore16(shuffle2(v.r.lo, v.i.lo, INTERLEAVE), 0, p);
    vstore16(shuffle2(v.r.hi, v.i.hi, INTERLEAVE), 1, p);
#else
    vstore16(shuffle2(v.r, v.i, INTERLEAVE), 0, p);
#endif
}

/* The loads and stores of the kernels, in the names of their locals:
   LOAD_COLUMNS gives vector g of row m of the columns at src (fft_columns
   and copy_columns); STORE_COLUMNS writes output k1 of the columns times
   W_N^(j·k1), W_N^(j0·k1) from base times W_N^(l·k1) from tlr and tli, at
   row k1 of dst; load_rows gives element j of 8 rows SIDE complex values
   apart from r, as lanes (g is 0); STORE_ROWS writes output k2 of the 8
   rows at o + SIDE·k2, 8 complex values side by side. */
#define LOAD_COLUMNS(m, g) load_lanes(src + 2 * ((m) * SIDE + (g) * W))
#define STORE_COLUMNS(k, g, v)                                                                \
    {                                                                                         \
        const float2 b = base[k];                                                             \
        const vec lr = VLOAD(0, tlr + (k) * L + (g) * W);                                     \
        const vec li = VLOAD(0, tli + (k) * L + (g) * W);                                     \
        store_lanes(dst + 2 * ((k) * SIDE + (g) * W),                                         \
                    times_lanes(v, b.x * lr - b.y * li, b.x * li + b.y * lr));                \
    }
#define load_rows(j, g) load_8_rows(r + (j))
/* AHEAD_COLUMNS prefetches row m of the columns at src; AHEAD_ROWS
   element j of the 8 rows at r, once a cache line (8 elements). */
#define AHEAD_COLUMNS(m) prefetch_rows(src, 2 * SIDE, L / 8, m, 1)
#define AHEAD_ROWS(j)                                                                         \
    if ((j) % 8 == 0)                                                                         \
        prefetch_rows((__global const float *)(r + (j)), 2 * SIDE, 1, 0, 8)
#define STORE_ROWS(k, g, v) store_lanes(o + 2 * (k) * SIDE, v)

/* fft_columns transforms L neighbouring columns of one transform over m
   and multiplies output k1 of column j by W_N^(j·k1): work-item id takes
   transform id / (SIDE / L) and columns j0 = (id % (SIDE / L))·L to
   j0 + L - 1. tbase[(j0 / L)·SIDE + k1] is W_N^(j0·k1); tlr and tli hold
   the real and imaginary parts of W_N^(l·k1) at k1·L + l, l < L. */
__kernel void fft_columns(__global float2 *out, __global const float2 *in, __global const float2 *tw,
                          __global const float2 *tbase, __global const float *tlr,
                          __global const float *tli)
{
    lanes x[SIDE * G], y[SIDE * G];
    const size_t id = get_global_id(0), groups = SIDE / L;
    const size_t t = id / groups, jg = id % groups;
    __global const float *src = (__global const float *)(in + t * N + jg * L);
    /* The next work-item's block: the next L columns, or the next
       transform's first. */
    __global const float *next = 0;
    if (id + 1 < get_global_size(0))
        next = (__global const float *)(in + (id + 1) / groups * N + (id + 1) % groups * L);
    FIRST_STAGE(y, LOAD_COLUMNS, AHEAD_COLUMNS);
    const lanes *z = middle_stages(x, y, tw, next, 2 * SIDE, L / 8);
    __global float *dst = (__global float *)(out + t * N + jg * L);
    __global const float2 *base = tbase + jg * SIDE;
    LAST_STAGE(z, STORE_COLUMNS);
}

/* copy_columns makes the loads and stores of fft_columns (row m to row
   m, no arithmetic): their share of the time. */
__kernel void copy_columns(__global float2 *out, __global const float2 *in)
{
    const size_t id = get_global_id(0), groups = SIDE / L;
    const size_t t = id / groups, jg = id % groups;
    __global const float *src = (__global const float *)(in + t * N + jg * L);
    __global float *dst = (__global float *)(out + t * N + jg * L);
    for (int m = 0; m < SIDE; m++)
        for (int g = 0; g < G; g++)
            store_lanes(dst + 2 * (m * SIDE + g * W), LOAD_COLUMNS(m, g));
}

#if W == 8 && G == 1
inline lanes load_8_rows(__global const float2 *r)
{
    const float2 e0 = r[0], e1 = r[SIDE], e2 = r[2 * SIDE], e3 = r[3 * SIDE];
    const float2 e4 = r[4 * SIDE], e5 = r[5 * SIDE], e6 = r[6 * SIDE], e7 = r[7 * SIDE];
    return make_lanes((float8)(e0.x, e1.x, e2.x, e3.x, e4.x, e5.x, e6.x, e7.x),
                      (float8)(e0.y, e1.y, e2.y, e3.y, e4.y, e5.y, e6.y, e7.y));
}

/* fft_rows transforms 8 neighbouring rows of one transform over j and
   stores output k2 of row k1 at k1 + SIDE·k2: work-item id takes
   transform id / (SIDE / 8) and rows k1 = (id % (SIDE / 8))·8 to
   k1 + 7. */
__kernel void fft_rows(__global float2 *out, __global const float2 *in, __global const float2 *tw)
{
    lanes x[SIDE], y[SIDE];
    const size_t id = get_global_id(0), groups = SIDE / 8;
    const size_t t = id / groups, k1 = (id % groups) * 8;
    __global const float2 *r = in + t * N + k1 * SIDE;
    /* The next work-item's block: the next 8 rows, SIDE · 8 complex
       values from r, one cache line a prefetched "row". */
    __global const float *next = 0;
    if (id + 1 < get_global_size(0))
        next = (__global const float *)(r + 8 * SIDE);
    FIRST_STAGE(y, load_rows, AHEAD_ROWS);
    const lanes *z = middle_stages(x, y, tw, next, 16, 1);
    __global float *o = (__global float *)(out + t * N + k1);
    LAST_STAGE(z, STORE_ROWS);
}

/* copy_rows makes the loads and stores of fft_rows (element j of the 8
   rows to output j): their share of the time. */
__kernel void copy_rows(__global float2 *out, __global const float2 *in)
{
    const size_t id = get_global_id(0), groups = SIDE / 8;
    const size_t t = id / groups, k1 = (id % groups) * 8;
    __global const float2 *r = in + t * N + k1 * SIDE;
    __global float *o = (__global float *)(out + t * N + k1);
    for (int j = 0; j < SIDE; j++)
        STORE_ROWS(j, 0, load_rows(j, 0));
}
#endif

/* copy_chunks copies COPY_CHUNK float16 vectors a work-item. */
__kernel void copy_chunks(__global float16 *out, __global const float16 *in)
{
    const size_t base = get_global_id(0) * COPY_CHUNK;
    for (int i = 0; i < COPY_CHUNK; i++)
        out[base + i] = in[base + i];
}
`

func main() {
	lanesFlag := flag.String("lanes", "8,16,32", "columns a work-item of the column pass takes: multiples of 8 dividing 256")
	width := flag.Int("width", 16, "lanes of a vector in the column pass, 8 (float8) or 16 (float16); at most -lanes")
	mib := flag.Int("mib", 8, "MiB of complex64 data: as many transforms of 65536 as fill it")
	runs := flag.Int("runs", 20, "timed calls")
	sets := flag.Int("sets", 1, "sets of arrays the calls rotate over")
	radixFlag := flag.String("radix", "4", "radices of the passes' stages, 4 (four radix-4 stages) or 8 (radix 8, 8 and 4), comma-separated")
	prefetchFlag := flag.String("prefetch", "off", "prefetching of the passes, comma-separated: off, next (the next work-item's block during the middle stage) or ahead (the block's own elements ahead of the first stage)")
	openclPrefetch := flag.Bool("opencl-prefetch", false, "prefetch with OpenCL C's prefetch() (PoCL compiles it to nothing) instead of clang's __builtin_prefetch")
	flag.Parse()
	if *width != 8 && *width != 16 {
		log.Fatalf("-width %d: want 8 or 16", *width)
	}
	var lanes []int
	for _, field := range strings.Split(*lanesFlag, ",") {
		l, err := strconv.Atoi(field)
		if err != nil || l < 8 || l%8 != 0 || side%l != 0 {
			log.Fatalf("-lanes: %q is not a multiple of 8 that divides %d", field, side)
		}
		lanes = append(lanes, l)
	}
	var radices []int
	for _, field := range strings.Split(*radixFlag, ",") {
		r, err := strconv.Atoi(field)
		if err != nil || (r != 4 && r != 8) {
			log.Fatalf("-radix: %q is neither 4 nor 8", field)
		}
		radices = append(radices, r)
	}
	var prefetches []int
	for _, field := range strings.Split(*prefetchFlag, ",") {
		mode := slices.Index(prefetchModes, field)
		if mode < 0 {
			log.Fatalf("-prefetch: %q is not one of %s", field, strings.Join(prefetchModes, ", "))
		}
		prefetches = append(prefetches, mode)
	}
	batch := *mib << 20 / 8 / n
	if batch < 1 {
		log.Fatalf("-mib %d holds no transform of %d complex64 values", *mib, n)
	}
	if *runs < 1 || *sets < 1 {
		log.Fatal("-runs and -sets must be positive")
	}
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()
	b, err := newBench(thr, batch, *sets, *runs)
	if err != nil {
		log.Fatal(err)
	}
	defer b.release()
	b.builtin = !*openclPrefetch
	fmt.Printf("%s: %d transforms of %d complex64 (%.0f MiB), median of %d calls over %d set(s) of arrays\n",
		thr.Params().Name, batch, n, float64(batch*n*8)/(1<<20), *runs, *sets)
	if err := b.copies(); err != nil {
		log.Fatalf("copy: %v", err)
	}
	if err := b.library(); err != nil {
		log.Fatalf("reikna's FFT: %v", err)
	}
	for _, l := range lanes {
		for _, r := range radices {
			for _, pf := range prefetches {
				if err := b.twoPasses(l, min(*width, l), r, pf); err != nil {
					log.Fatalf("%d lanes, radix %d, prefetch %s: %v", l, r, prefetchModes[pf], err)
				}
			}
		}
	}
}

// bench holds the input, its reference transforms and the arrays the
// calls use.
type bench struct {
	thr          *cluda.Thread
	batch, runs  int
	want         [][]complex128 // gonum's transform of each input
	in, tmp, out []*cluda.Array // a set of arrays per entry
	tw           *cluda.Array   // exp(-2 pi i k / side)
	arrays       []*cluda.Array // everything to release
	poison       complex64
	bytes        float64 // the bytes of an array
	builtin      bool    // prefetch with __builtin_prefetch
}

// prefetchModes names the kernels' PREFETCH values, in order.
var prefetchModes = []string{"off", "next", "ahead"}

// newBench makes the input of batch transforms, their reference
// transforms, and sets sets of device arrays.
func newBench(thr *cluda.Thread, batch, sets, runs int) (*bench, error) {
	b := &bench{thr: thr, batch: batch, runs: runs, poison: complex(-7, 7), bytes: float64(batch * n * 8)}
	rng := rand.New(rand.NewPCG(n, 1))
	data := make([]complex64, batch*n)
	fftRef := fourier.NewCmplxFFT(n)
	row := make([]complex128, n)
	for t := range batch {
		for i := range row {
			v := complex(float32(rng.NormFloat64()), float32(rng.NormFloat64()))
			data[t*n+i] = v
			row[i] = complex128(v)
		}
		b.want = append(b.want, fftRef.Coefficients(nil, row))
	}
	for range sets {
		in, err := thr.ToDevice(data, batch, n)
		if err != nil {
			b.release()
			return nil, err
		}
		b.arrays = append(b.arrays, in)
		b.in = append(b.in, in)
		for _, to := range []*[]*cluda.Array{&b.tmp, &b.out} {
			a, err := thr.Empty([]int{batch, n}, dtypes.Complex64)
			if err != nil {
				b.release()
				return nil, err
			}
			b.arrays = append(b.arrays, a)
			*to = append(*to, a)
		}
	}
	tw, err := thr.ToDevice(narrow(twiddles(side, side)), side)
	if err != nil {
		b.release()
		return nil, err
	}
	b.arrays = append(b.arrays, tw)
	b.tw = tw
	return b, nil
}

// release releases the bench's arrays.
func (b *bench) release() {
	for _, a := range b.arrays {
		a.Release()
	}
	b.arrays = nil
}

// check reads out and returns the largest relative L2 error of a
// transform against gonum's, or an error where it is above tolerance.
func (b *bench) check(out *cluda.Array) (float64, error) {
	got, err := cluda.Read[complex64](out)
	if err != nil {
		return 0, err
	}
	worst := 0.0
	for t, want := range b.want {
		var num, den float64
		for i, w := range want {
			d := complex128(got[t*n+i]) - w
			num += real(d)*real(d) + imag(d)*imag(d)
			den += real(w)*real(w) + imag(w)*imag(w)
		}
		worst = max(worst, math.Sqrt(num/den))
	}
	if !(worst <= tolerance) {
		return worst, fmt.Errorf("relative L2 error %.3g of a transform, above %g", worst, tolerance)
	}
	return worst, nil
}

// poisonOutputs fills the outputs and intermediate arrays with a value
// no transform gives, so that a value left unwritten fails the check.
func (b *bench) poisonOutputs() error {
	for i := range b.out {
		for _, a := range []*cluda.Array{b.tmp[i], b.out[i]} {
			if err := a.Fill(b.poison); err != nil {
				return err
			}
		}
	}
	return nil
}

// median times b.runs calls of call(set), set rotating over the sets of
// arrays, after two warm-up calls, each call followed by the queue's
// end, and returns the median and the least time in ms.
func (b *bench) median(call func(set int) error) (med, least float64, err error) {
	sync := func(set int) error {
		if err := call(set % len(b.in)); err != nil {
			return err
		}
		return b.thr.Synchronize()
	}
	for i := range 2 {
		if err := sync(i); err != nil {
			return 0, 0, err
		}
	}
	times := make([]float64, b.runs)
	for i := range times {
		start := time.Now()
		if err := sync(2 + i); err != nil {
			return 0, 0, err
		}
		times[i] = float64(time.Since(start)) / 1e6
	}
	slices.Sort(times)
	return times[len(times)/2], times[0], nil
}

// copies times the copy kernel and the device's buffer copy from an
// input to an output.
func (b *bench) copies() error {
	words := int(b.bytes) / 64
	if words%copyChunk != 0 {
		return fmt.Errorf("%.0f bytes are not a multiple of %d", b.bytes, 64*copyChunk)
	}
	prog, err := b.thr.Compile(source, cluda.CompileOptions{Defines: b.defines(8, 1, 4, 0)})
	if err != nil {
		return err
	}
	defer prog.Release()
	k, err := prog.Kernel("copy_chunks")
	if err != nil {
		return err
	}
	kernel := func(set int) error {
		return k.Call([]int{words / copyChunk}, []int{1}, b.out[set], b.in[set])
	}
	if err := kernel(0); err != nil {
		return err
	}
	if err := b.thr.Synchronize(); err != nil {
		return err
	}
	got, err := cluda.Read[complex64](b.out[0])
	if err != nil {
		return err
	}
	want, err := cluda.Read[complex64](b.in[0])
	if err != nil {
		return err
	}
	if !slices.Equal(got, want) {
		return fmt.Errorf("the copy kernel's output differs from its input")
	}
	med, least, err := b.median(kernel)
	if err != nil {
		return err
	}
	fmt.Printf("copy kernel (16 KiB a work-item)      %6.2f ms (least %5.2f)  %5.1f GB/s read + write\n",
		med, least, 2*b.bytes/med/1e6)
	med, least, err = b.median(func(set int) error { return b.thr.Copy(b.out[set], b.in[set]) })
	if err != nil {
		return err
	}
	fmt.Printf("buffer copy (clEnqueueCopyBuffer)     %6.2f ms (least %5.2f)  %5.1f GB/s read + write\n",
		med, least, 2*b.bytes/med/1e6)
	return nil
}

// library checks and times reikna's FFT of the same transforms.
func (b *bench) library() error {
	f, err := fft.NewFFT(core.ArrayOf(dtypes.Complex64, b.batch, n), []int{1}, fft.FFTOptions{})
	if err != nil {
		return err
	}
	c, err := f.Compile(b.thr)
	if err != nil {
		return err
	}
	defer c.Release()
	call := func(set int) error {
		var args []any
		for _, p := range c.Signature() {
			switch p.Role() {
			case core.Output:
				args = append(args, b.out[set])
			case core.Input:
				args = append(args, b.in[set])
			default:
				args = append(args, int32(0)) // forward
			}
		}
		return c.Call(args...)
	}
	if err := b.poisonOutputs(); err != nil {
		return err
	}
	if err := call(0); err != nil {
		return err
	}
	worst, err := b.check(b.out[0])
	if err != nil {
		return err
	}
	med, least, err := b.median(call)
	if err != nil {
		return err
	}
	fmt.Printf("reikna's FFT (%d kernels)              %6.2f ms (least %5.2f)  error %.2g\n",
		len(c.Kernels()), med, least, worst)
	return nil
}

// defines returns the kernels' defines for vectors of width lanes, g
// vectors an element, stages of radix and prefetch mode pf (an index of
// prefetchModes).
func (b *bench) defines(width, g, radix, pf int) map[string]string {
	stages := 0
	for v := side; v > 1; v /= 4 {
		stages++
	}
	return map[string]string{
		"SIDE": strconv.Itoa(side), "STAGES4": strconv.Itoa(stages),
		"W": strconv.Itoa(width), "G": strconv.Itoa(g), "L": strconv.Itoa(width * g),
		"COPY_CHUNK": strconv.Itoa(copyChunk),
		"RADIX":      strconv.Itoa(radix), "PREFETCH": strconv.Itoa(pf),
		"PF_BUILTIN": strconv.Itoa(map[bool]int{false: 0, true: 1}[b.builtin]),
	}
}

// twoPasses checks and times the column pass of lanes columns a
// work-item, in vectors of width lanes, and the row pass, both in stages
// of radix and with prefetch mode pf.
func (b *bench) twoPasses(lanes, width, radix, pf int) error {
	colProg, err := b.thr.Compile(source, cluda.CompileOptions{Defines: b.defines(width, lanes/width, radix, pf)})
	if err != nil {
		return err
	}
	defer colProg.Release()
	rowProg, err := b.thr.Compile(source, cluda.CompileOptions{Defines: b.defines(8, 1, radix, pf)})
	if err != nil {
		return err
	}
	defer rowProg.Release()
	cols, err := colProg.Kernel("fft_columns")
	if err != nil {
		return err
	}
	rows, err := rowProg.Kernel("fft_rows")
	if err != nil {
		return err
	}
	colCopy, err := colProg.Kernel("copy_columns")
	if err != nil {
		return err
	}
	rowCopy, err := rowProg.Kernel("copy_rows")
	if err != nil {
		return err
	}
	// tbase[jg·side + k1] = W_n^(jg·lanes·k1); tlr, tli[k1·lanes + l] =
	// W_n^(l·k1).
	full := twiddles(n, n)
	base := make([]complex128, side/lanes*side)
	for jg := range side / lanes {
		for k1 := range side {
			base[jg*side+k1] = full[jg*lanes*k1%n]
		}
	}
	lr, li := make([]float32, side*lanes), make([]float32, side*lanes)
	for k1 := range side {
		for l := range lanes {
			w := full[l*k1]
			lr[k1*lanes+l], li[k1*lanes+l] = float32(real(w)), float32(imag(w))
		}
	}
	tbase, err := b.thr.ToDevice(narrow(base), len(base))
	if err != nil {
		return err
	}
	defer tbase.Release()
	tlr, err := b.thr.ToDevice(lr, len(lr))
	if err != nil {
		return err
	}
	defer tlr.Release()
	tli, err := b.thr.ToDevice(li, len(li))
	if err != nil {
		return err
	}
	defer tli.Release()
	pass1 := func(set int) error {
		return cols.Call([]int{b.batch * side / lanes}, []int{1}, b.tmp[set], b.in[set], b.tw, tbase, tlr, tli)
	}
	pass2 := func(set int) error {
		return rows.Call([]int{b.batch * side / 8}, []int{1}, b.out[set], b.tmp[set], b.tw)
	}
	both := func(set int) error {
		if err := pass1(set); err != nil {
			return err
		}
		return pass2(set)
	}
	if err := b.poisonOutputs(); err != nil {
		return err
	}
	if err := both(0); err != nil {
		return err
	}
	worst, err := b.check(b.out[0])
	if err != nil {
		return err
	}
	copy1 := func(set int) error {
		return colCopy.Call([]int{b.batch * side / lanes}, []int{1}, b.tmp[set], b.in[set])
	}
	copy2 := func(set int) error {
		return rowCopy.Call([]int{b.batch * side / 8}, []int{1}, b.out[set], b.tmp[set])
	}
	var med, least [5]float64
	for i, call := range []func(int) error{pass1, pass2, both, copy1, copy2} {
		if med[i], least[i], err = b.median(call); err != nil {
			return err
		}
	}
	fmt.Printf("two passes, %2d lanes (float%-2d × %d), radix %d, prefetch %-5s: pass 1 %6.2f ms (least %5.2f), pass 2 %6.2f (%5.2f), both %6.2f (%5.2f)  error %.2g\n",
		lanes, width, 2*lanes/width, radix, prefetchModes[pf], med[0], least[0], med[1], least[1], med[2], least[2], worst)
	fmt.Printf("    their loads and stores alone:     pass 1 %6.2f ms (least %5.2f), pass 2 %6.2f (%5.2f)\n",
		med[3], least[3], med[4], least[4])
	return nil
}

// twiddles returns exp(-2 pi i k / length) for k from 0 to count - 1.
func twiddles(length, count int) []complex128 {
	tw := make([]complex128, count)
	for k := range tw {
		tw[k] = cmplx.Exp(complex(0, -2*math.Pi*float64(k)/float64(length)))
	}
	return tw
}

// narrow returns v in complex64.
func narrow(v []complex128) []complex64 {
	out := make([]complex64, len(v))
	for i, x := range v {
		out[i] = complex64(x)
	}
	return out
}
