package fft_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations/fft"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// Tuning: compiled with core.CompileOptions{Tune: true}, the FFT times
// its candidate plans on the device once and keeps the fastest in the
// wisdom of the device (on disk beside the program cache, unless the
// Thread keeps no disk cache, as here); later compiles take the stored
// choice without timing anything. cluda.ExportWisdom writes every choice
// of the process, one JSON line each, for cluda.ImportWisdom on another
// machine with the same device and driver (`reikna tune --export` and
// `--import` do the same from the command line).
func ExampleFFT_TunedPlan() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{NoDiskCache: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	f, err := fft.NewFFT(core.ArrayOf(dtypes.Complex64, 5, 360), []int{1}, fft.FFTOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, ok := f.TunedPlan(thr); !ok {
		fmt.Println("before tuning: the rules' plan")
	}
	c, err := f.CompileWith(thr, core.CompileOptions{Tune: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	c.Release()
	choice, ok := f.TunedPlan(thr)
	fmt.Println("after tuning, a stored choice:", ok)

	var wisdom bytes.Buffer
	if err := cluda.ExportWisdom(&wisdom); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("exported with it:", strings.Contains(wisdom.String(), `"choice":"`+choice+`"`))
	// Output:
	// before tuning: the rules' plan
	// after tuning, a stored choice: true
	// exported with it: true
}
