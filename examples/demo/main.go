// Command demo runs the first example of reikna's introduction on the default
// OpenCL device: multiply two arrays in a kernel and check the result
// against Go.
package main

import (
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/reikna-go/reikna/cluda"
)

const multiply = `
KERNEL void multiply_them(
    GLOBAL_MEM float *dest,
    GLOBAL_MEM const float *a,
    GLOBAL_MEM const float *b)
{
    const SIZE_T i = get_global_id(0);
    dest[i] = a[i] * b[i];
}`

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "demo:", err)
		os.Exit(1)
	}
}

func run() error {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		return err
	}
	defer thr.Release()
	fmt.Println("device:", thr)

	prog, err := thr.Compile(multiply, cluda.CompileOptions{})
	if err != nil {
		return err
	}
	k, err := prog.Kernel("multiply_them")
	if err != nil {
		return err
	}
	const n = 1 << 20
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = rand.Float32(), rand.Float32()
	}
	aDev, err := thr.ToDevice(a)
	if err != nil {
		return err
	}
	defer aDev.Release()
	bDev, err := thr.ToDevice(b)
	if err != nil {
		return err
	}
	defer bDev.Release()
	dest, err := thr.EmptyLike(aDev)
	if err != nil {
		return err
	}
	defer dest.Release()
	if err := k.Call([]int{n}, nil, dest, aDev, bDev); err != nil {
		return err
	}
	got, err := cluda.Read[float32](dest)
	if err != nil {
		return err
	}
	wrong := 0
	for i := range got {
		if got[i] != a[i]*b[i] {
			wrong++
		}
	}
	fmt.Printf("multiplied %d float32 pairs: %d differ from Go's products\n", n, wrong)
	if wrong != 0 {
		return fmt.Errorf("%d wrong products", wrong)
	}
	fmt.Println("check: OK")
	return nil
}
