package functions_test

import (
	"fmt"
	"math"
	"math/cmplx"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/functions"
	"github.com/reikna-go/reikna/templates"
)

// Two modules in one kernel: the phase factors e^{iθ} of PolarUnit, raised
// to an integer power by Pow (e^{ikθ}, as a phase rotated k times).
func ExamplePolarUnit() {
	const n, k = 64, 3
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	tmpl := templates.MustParse("phases", `
KERNEL void phases(GLOBAL_MEM {{ .complex }} *dest, GLOBAL_MEM const float *theta, int k)
{
    const SIZE_T i = get_global_id(0);
    dest[i] = {{ .pow }}({{ .polar }}(theta[i]), k);
}`)
	prog, err := core.CompileTemplate(thr, tmpl, map[string]any{
		"complex": dtypes.Complex64.CType(),
		"polar":   functions.MustPolarUnit(dtypes.Float32),
		"pow":     functions.MustPow(dtypes.Complex64, dtypes.Int32),
	}, cluda.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	kernel, err := prog.Kernel("phases")
	if err != nil {
		fmt.Println(err)
		return
	}
	theta := make([]float32, n)
	for i := range theta {
		theta[i] = float32(2 * math.Pi * float64(i) / n)
	}
	thetaDev, err := thr.ToDevice(theta)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thetaDev.Release()
	dest, err := thr.Empty([]int{n}, dtypes.Complex64)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dest.Release()
	if err := dest.Fill(complex64(complex(-7, 7))); err != nil { // poison: every value must be written
		fmt.Println(err)
		return
	}
	if err := kernel.Call([]int{n}, nil, dest, thetaDev, int32(k)); err != nil {
		fmt.Println(err)
		return
	}
	got, err := cluda.Read[complex64](dest)
	if err != nil {
		fmt.Println(err)
		return
	}
	worst := 0.0
	for i, v := range got {
		want := cmplx.Exp(complex(0, k*float64(theta[i])))
		worst = max(worst, cmplx.Abs(complex128(v)-want))
	}
	fmt.Println("largest error below 1e-5:", worst < 1e-5)
	// Output: largest error below 1e-5: true
}
