package functions_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
	"github.com/reikna-go/reikna/templates"
)

// The second example of reikna's introduction: multiply complex arrays in a
// kernel template, with the complex product supplied by the mul module.
func ExampleMul() {
	const n = 256
	dtype := dtypes.Complex64

	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	tmpl := templates.MustParse("multiply", `
KERNEL void multiply_them(
    GLOBAL_MEM {{ .ctype }} *dest,
    GLOBAL_MEM {{ .ctype }} *a,
    GLOBAL_MEM {{ .ctype }} *b)
{
    const SIZE_T i = get_local_id(0);
    dest[i] = {{ .mul }}(a[i], b[i]);
}`)
	prog, err := core.CompileTemplate(thr, tmpl, map[string]any{
		"ctype": dtype.CType(),
		"mul":   functions.MustMul(dtype, dtype),
	}, cluda.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	multiplyThem, err := prog.Kernel("multiply_them")
	if err != nil {
		fmt.Println(err)
		return
	}

	rng := rand.New(rand.NewPCG(1, 2))
	a, b := make([]complex64, n), make([]complex64, n)
	for i := range a {
		r1, r2 := float32(rng.NormFloat64()), float32(rng.NormFloat64())
		a[i], b[i] = complex(r1, r2), complex(r1, -r2)
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
	dest, err := cluda.Read[complex64](destDev)
	if err != nil {
		fmt.Println(err)
		return
	}
	// norm(dest - a*b) / norm(a*b), with a*b in double precision.
	var diff, ref float64
	for i := range dest {
		ab := complex128(a[i]) * complex128(b[i])
		d := complex128(dest[i]) - ab
		diff += real(d)*real(d) + imag(d)*imag(d)
		ref += real(ab)*real(ab) + imag(ab)*imag(ab)
	}
	fmt.Println(math.Sqrt(diff)/math.Sqrt(ref) <= 1e-6)
	// Output: true
}
