package cbrng_test

import (
	"fmt"

	"github.com/reikna-go/reikna/cbrng"
	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// Roll dice: four generators make three rolls each, and a second call
// continues their streams from the counters the first one left.
func ExampleNewCBRNG() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	philox, err := cbrng.Philox(32, 4, cbrng.PhiloxRounds)
	if err != nil {
		fmt.Println(err)
		return
	}
	dice, err := cbrng.UniformInteger(philox, dtypes.Int32, 1, 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Rows are the successive rolls, columns the generators.
	rng, err := cbrng.NewCBRNG(core.ArrayOf(dtypes.Int32, 3, 4), 1, dice, 2026)
	if err != nil {
		fmt.Println(err)
		return
	}
	roll, err := rng.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer roll.Release()
	counters, err := rng.Counters(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer counters.Release()
	rolls, err := thr.Empty([]int{3, 4}, dtypes.Int32)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer rolls.Release()
	for range 2 {
		if err := roll.Call(counters, rolls); err != nil {
			fmt.Println(err)
			return
		}
		r, _ := cluda.Read[int32](rolls)
		fmt.Println(r)
	}
	fmt.Println("counters:", rng.CountersType().Shape(), rng.CountersType().DType())
	// Output:
	// [6 1 6 1 2 4 6 1 1 6 1 2]
	// [5 6 4 5 2 3 2 3 5 2 5 1]
	// counters: [4 4] uint32
}

// The host reference of a bijection gives its outputs for a key and a
// counter, here one of Random123's known answers.
func ExampleBijection_Apply() {
	threefry, err := cbrng.Threefry(32, 2, cbrng.ThreefryRounds)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := threefry.Apply([]uint64{0x13198a2e, 0x03707344}, []uint64{0x243f6a88, 0x85a308d3})
	fmt.Printf("%v: %x %v\n", threefry, out, err)
	// Output: threefry2x32-20: [c4923a9c 483df7a0] <nil>
}

// A kernel of one's own draws from the modules: each element of a
// PureParallel is a generator, keyed by its index, whose counter is the
// scalar step, so that each step of a simulation gets fresh values
// without a counters array.
func ExampleSampler_Module() {
	thr, err := cluda.CreateThread(cluda.DeviceFilter{}, cluda.ThreadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer thr.Release()

	philox, _ := cbrng.Philox(32, 4, cbrng.PhiloxRounds)
	keys, err := cbrng.NewKeyGenerator(philox, 7, true)
	if err != nil {
		fmt.Println(err)
		return
	}
	percent, err := cbrng.UniformInteger(philox, dtypes.Int32, 0, 100)
	if err != nil {
		fmt.Println(err)
		return
	}
	noise, err := computations.NewPureParallel([]core.Parameter{
		core.Param("out", core.Out(core.ArrayOf(dtypes.Int32, 8))),
		core.Param("step", core.ScalarArg(dtypes.Uint32)),
	}, `
    {{ .b }}_Counter counter;
    counter.v[0] = {{ .step }};
    counter.v[1] = counter.v[2] = counter.v[3] = 0;
    {{ .b }}_State state = {{ .b }}_make_state({{ .keys }}_key_from_int(_idx0), counter);
    {{ .out.StoreSame }}({{ .s }}_sample(&state).v[0]);`,
		computations.PureParallelOptions{RenderArgs: map[string]any{
			"b": philox.Module(), "keys": keys.Module(), "s": percent.Module(),
		}})
	if err != nil {
		fmt.Println(err)
		return
	}
	call, err := noise.Compile(thr)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer call.Release()
	out, _ := thr.Empty([]int{8}, dtypes.Int32)
	defer out.Release()
	for step := range uint32(2) {
		if err := call.Call(out, step); err != nil {
			fmt.Println(err)
			return
		}
		v, _ := cluda.Read[int32](out)
		fmt.Println(step, v)
	}
	// Output:
	// 0 [50 5 28 84 45 20 17 24]
	// 1 [42 90 60 83 23 11 23 18]
}
