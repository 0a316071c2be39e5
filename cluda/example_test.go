package cluda_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/reikna-go/reikna/cluda"
)

// The first example of reikna's introduction: multiply two arrays on the
// default device and compare with the product computed in Go.
func Example() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	prog, err := thr.Compile(`
KERNEL void multiply_them(
    GLOBAL_MEM float *dest,
    GLOBAL_MEM float *a,
    GLOBAL_MEM float *b)
{
    const SIZE_T i = get_local_id(0);
    dest[i] = a[i] * b[i];
}`, cluda.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	multiplyThem, err := prog.Kernel("multiply_them")
	if err != nil {
		fmt.Println(err)
		return
	}

	const n = 256
	rng := rand.New(rand.NewPCG(1, 2))
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(rng.NormFloat64()), float32(rng.NormFloat64())
	}
	aDev, _ := thr.ToDevice(a)
	bDev, _ := thr.ToDevice(b)
	destDev, _ := thr.EmptyLike(aDev)
	defer aDev.Release()
	defer bDev.Release()
	defer destDev.Release()

	if err := multiplyThem.Call([]int{n}, []int{n}, destDev, aDev, bDev); err != nil {
		fmt.Println(err)
		return
	}
	dest, err := cluda.Read[float32](destDev)
	if err != nil {
		fmt.Println(err)
		return
	}
	exact := true
	for i := range dest {
		exact = exact && dest[i] == a[i]*b[i]
	}
	fmt.Println("products equal to Go's:", exact)
	// Output: products equal to Go's: true
}

// Rendering shows what CompileStatic would compile and launch on a device
// that is not there: here, a virtual launch of 3 × 1000 work-items on a GPU
// with NVIDIA's limits.
func ExampleRenderStatic() {
	const source = `KERNEL void fill(GLOBAL_MEM float *x)
{
    VIRTUAL_SKIP_THREADS;
    x[virtual_global_flat_id()] = (float)virtual_global_id(0);
}`
	k, err := cluda.RenderStatic(cluda.ModelGPU(), source, "fill", []int{3, 1000}, cluda.StaticOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("virtual global size", k.GlobalSize, "local size", k.LocalSize)
	fmt.Println("OpenCL global size", k.RealGlobalSize, "local size", k.RealLocalSize)
	fmt.Println("source ends with the kernel:", strings.HasSuffix(k.FullSource, source))
	// Output:
	// virtual global size [3 1000] local size [1 256]
	// OpenCL global size [3072] local size [256]
	// source ends with the kernel: true
}
