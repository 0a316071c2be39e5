//go:build ignore

// Command cpu_matmul_complex_real measures what the CPU device's complex64
// matrix product can gain from running on its float32 kernel: the same
// product C = A·B of n×n complex64 matrices computed
//
//   - c64: by MatrixMul of complex64 operands (the device's complex kernel);
//   - 3m: by three float32 products in one batched MatrixMul, of the planes
//     (Ar, Ai, Ar+Ai) by (Br, Bi, Br+Bi), with a kernel that splits the
//     interleaved operands into those planes before and one that joins
//     Cr = T0 − T1 and Ci = T2 − T0 − T1 into interleaved values after
//     (the 3M method: three real products for the four of the definition);
//   - embed: by one float32 product of A read as an n×2n real matrix (its
//     interleaved values as they lie) by the 2n×2n real matrix
//     [[Br, Bi], [−Bi, Br]] interleaved the same way, which a kernel
//     builds from B; its n×2n real result is C's interleaved values, so
//     A and C need no kernel of their own.
//
// Usage: go run scripts/cpu_matmul_complex_real.go [-n 512] [-rounds 5] [-runs 10]
//
// Each variant's result is checked against a float64 product on the host
// (relative L2 error) before any is timed. Each round times every variant
// (-runs calls after two warm-up calls, the queue finished after each,
// median wall time), in an order that rotates from round to round; the
// figures are the medians over the rounds and of the per-round ratios to
// c64. Kernel-free views (A as real values) are free in a library that
// owns its arrays' types; here A is uploaded twice, once as each type.
package main

import (
	"flag"
	"fmt"
	"log"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/internal/lab"
)

// source holds the kernels of the float32 variants, over N×N operands.
const source = `
/* planes[p][i] for p = 0, 1, 2: the real parts, the imaginary parts and
   their sums of the N·N interleaved complex values of src. */
__kernel void split3(__global const float2 *src, __global float *planes)
{
    const int i = get_global_id(0);
    const float2 v = src[i];
    planes[i] = v.x;
    planes[N * N + i] = v.y;
    planes[2 * N * N + i] = v.x + v.y;
}

/* dst[i] = (T0 − T1, T2 − T0 − T1) of the three products' planes. */
__kernel void join3(__global const float *t, __global float2 *dst)
{
    const int i = get_global_id(0);
    const float t0 = t[i], t1 = t[N * N + i], t2 = t[2 * N * N + i];
    dst[i] = (float2)(t0 - t1, t2 - t0 - t1);
}

/* The 2N×2N real matrix whose rows 2l and 2l+1 and columns 2j and 2j+1
   hold (Br, Bi; −Bi, Br) of b[l][j]: A's interleaved row times it gives
   C's interleaved row. One work-item per complex value of b. */
__kernel void embed(__global const float2 *b, __global float2 *e)
{
    const int l = get_global_id(1), j = get_global_id(0);
    const float2 v = b[l * N + j];
    e[(2 * l) * N + j] = (float2)(v.x, v.y);
    e[(2 * l + 1) * N + j] = (float2)(-v.y, v.x);
}
`

// The tolerances of the check, for random values in [-1, 1): float32 sums
// of n products (measured: 4·10⁻⁷ at 512, 6·10⁻⁷ at 1024), growing about
// as √n up to the -n limit of 4096, and the 3M method's cancellation in
// Ci = T2 − T0 − T1 (8·10⁻⁷ at 1024).
const (
	tolDirect = 3e-6
	tol3M     = 5e-6
)

func main() {
	n := flag.Int("n", 512, "the matrices' size")
	rounds := flag.Int("rounds", 5, "interleaved rounds")
	runs := flag.Int("runs", 10, "timed calls of each variant in a round")
	flag.Parse()
	if *n < 8 || *n > 4096 {
		log.Fatalf("-n %d: between 8 and 4096", *n)
	}
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	defer thr.Release()
	fmt.Printf("device: %s\n", thr.Params().Name)

	rng := rand.New(rand.NewPCG(1, 2))
	a, b := randomComplex(rng, *n**n), randomComplex(rng, *n**n)
	want := product(a, b, *n)

	variants, release, err := newVariants(thr, *n, a, b)
	if err != nil {
		log.Fatal(err)
	}
	defer release()
	for _, v := range variants {
		if err := v.call(); err != nil {
			log.Fatalf("%s: %v", v.name, err)
		}
		got, err := v.result()
		if err != nil {
			log.Fatalf("%s: %v", v.name, err)
		}
		e := relL2(got, want)
		fmt.Printf("%-6s relative L2 error %.2g (tolerance %.0g)\n", v.name, e, v.tol)
		if !(e <= v.tol) {
			log.Fatalf("%s: relative error %.3g above %.3g", v.name, e, v.tol)
		}
	}

	timed := make([]lab.Variant, len(variants))
	for i, v := range variants {
		timed[i] = lab.Variant{Name: v.name, Call: v.call}
	}
	times, ratios, err := lab.Rounds(timed, *rounds, *runs)
	if err != nil {
		log.Fatal(err)
	}
	flops := 8 * math.Pow(float64(*n), 3)
	fmt.Printf("%dx%d complex64 product, %d rounds of %d calls: median ms, GFLOP/s (8n³), time over c64's (median of the rounds' ratios)\n", *n, *n, *rounds, *runs)
	for i, v := range variants {
		t := lab.Median(times[i])
		fmt.Printf("%-6s %8.2f ms %7.1f GFLOP/s %6.2f (rounds %.2f–%.2f)\n", v.name, t, flops/t/1e6, lab.Median(ratios[i]), slices.Min(ratios[i]), slices.Max(ratios[i]))
	}
}

// variant is one way to compute the product: call runs it, result reads
// C back as complex values.
type variant struct {
	name   string
	tol    float64
	call   func() error
	result func() ([]complex64, error)
}

// newVariants compiles the three variants for thr over the n×n operands
// a and b, uploads what each reads, and returns them with a function that
// releases what they hold.
func newVariants(thr *cluda.Thread, n int, a, b []complex64) ([]variant, func(), error) {
	var held []interface{ Release() }
	release := func() {
		for _, h := range slices.Backward(held) {
			h.Release()
		}
	}
	fail := func(err error) ([]variant, func(), error) {
		release()
		return nil, func() {}, err
	}
	prog, err := thr.Compile(source, cluda.CompileOptions{Defines: map[string]string{"N": fmt.Sprint(n)}})
	if err != nil {
		return fail(err)
	}
	held = append(held, prog)
	kernel := func(name string) *cluda.Kernel {
		k, kerr := prog.Kernel(name)
		if kerr != nil && err == nil {
			err = kerr
		}
		return k
	}
	split, join, embed := kernel("split3"), kernel("join3"), kernel("embed")
	if err != nil {
		return fail(err)
	}
	array := func(shape []int, dt dtypes.DType) *cluda.Array {
		x, aerr := thr.Empty(shape, dt)
		if aerr != nil && err == nil {
			err = aerr
		}
		if x != nil {
			held = append(held, x)
		}
		return x
	}
	upload := func(data any, shape ...int) *cluda.Array {
		x, aerr := thr.ToDevice(data, shape...)
		if aerr != nil && err == nil {
			err = aerr
		}
		if x != nil {
			held = append(held, x)
		}
		return x
	}
	compile := func(x, y core.Type) *core.Callable {
		mm, merr := computations.NewMatrixMul(x, y, computations.MatrixMulOptions{})
		if merr != nil {
			if err == nil {
				err = merr
			}
			return nil
		}
		c, cerr := mm.Compile(thr)
		if cerr != nil {
			if err == nil {
				err = cerr
			}
			return nil
		}
		held = append(held, c)
		return c
	}

	// c64: the complex kernel.
	da, db := upload(a, n, n), upload(b, n, n)
	dc := array([]int{n, n}, dtypes.Complex64)
	direct := compile(core.ArrayOf(dtypes.Complex64, n, n), core.ArrayOf(dtypes.Complex64, n, n))
	// 3m: planes, one batched float32 product, the join.
	ap, bp, tp := array([]int{3, n, n}, dtypes.Float32), array([]int{3, n, n}, dtypes.Float32), array([]int{3, n, n}, dtypes.Float32)
	dc3 := array([]int{n, n}, dtypes.Complex64)
	three := compile(core.ArrayOf(dtypes.Float32, 3, n, n), core.ArrayOf(dtypes.Float32, 3, n, n))
	// embed: A's interleaved values as an n×2n float32 matrix.
	ar := upload(interleaved(a), n, 2*n)
	be := array([]int{2 * n, 2 * n}, dtypes.Float32)
	ce := array([]int{n, 2 * n}, dtypes.Float32)
	embedded := compile(core.ArrayOf(dtypes.Float32, n, 2*n), core.ArrayOf(dtypes.Float32, 2*n, 2*n))
	if err != nil {
		return fail(err)
	}

	readComplex := func(x *cluda.Array) func() ([]complex64, error) {
		return func() ([]complex64, error) {
			out := make([]complex64, n*n)
			return out, x.Get(out)
		}
	}
	variants := []variant{
		{"c64", tolDirect, func() error {
			if err := direct.Call(dc, da, db); err != nil {
				return err
			}
			return thr.Synchronize()
		}, readComplex(dc)},
		{"3m", tol3M, func() error {
			if err := split.Call([]int{n * n}, nil, da, ap); err != nil {
				return err
			}
			if err := split.Call([]int{n * n}, nil, db, bp); err != nil {
				return err
			}
			if err := three.Call(tp, ap, bp); err != nil {
				return err
			}
			if err := join.Call([]int{n * n}, nil, tp, dc3); err != nil {
				return err
			}
			return thr.Synchronize()
		}, readComplex(dc3)},
		{"embed", tolDirect, func() error {
			if err := embed.Call([]int{n, n}, nil, db, be); err != nil {
				return err
			}
			if err := embedded.Call(ce, ar, be); err != nil {
				return err
			}
			return thr.Synchronize()
		}, func() ([]complex64, error) {
			f := make([]float32, 2*n*n)
			if err := ce.Get(f); err != nil {
				return nil, err
			}
			out := make([]complex64, n*n)
			for i := range out {
				out[i] = complex(f[2*i], f[2*i+1])
			}
			return out, nil
		}},
	}
	return variants, release, nil
}

// randomComplex returns count values with parts uniform in [-1, 1).
func randomComplex(rng *rand.Rand, count int) []complex64 {
	out := make([]complex64, count)
	for i := range out {
		out[i] = complex(float32(2*rng.Float64()-1), float32(2*rng.Float64()-1))
	}
	return out
}

// interleaved returns the real and imaginary parts of x one after the
// other, as they lie in memory.
func interleaved(x []complex64) []float32 {
	out := make([]float32, 2*len(x))
	for i, v := range x {
		out[2*i], out[2*i+1] = real(v), imag(v)
	}
	return out
}

// product returns the n×n product of a and b in complex128.
func product(a, b []complex64, n int) []complex128 {
	out := make([]complex128, n*n)
	row := make([]complex128, n)
	for i := 0; i < n; i++ {
		clear(row)
		for l := 0; l < n; l++ {
			x := complex128(a[i*n+l])
			for j := 0; j < n; j++ {
				row[j] += x * complex128(b[l*n+j])
			}
		}
		copy(out[i*n:], row)
	}
	return out
}

// relL2 returns ‖got − want‖ / ‖want‖.
func relL2(got []complex64, want []complex128) float64 {
	var num, den float64
	for i, w := range want {
		d := cmplx.Abs(complex128(got[i]) - w)
		num += d * d
		den += cmplx.Abs(w) * cmplx.Abs(w)
	}
	return math.Sqrt(num / den)
}
