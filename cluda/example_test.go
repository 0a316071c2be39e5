package cluda_test

import (
	"fmt"
	"math/rand/v2"

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
