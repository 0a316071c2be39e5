package computations_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reikna-go/reikna/cluda"
	"github.com/reikna-go/reikna/cluda/cludatest"
	"github.com/reikna-go/reikna/computations"
	"github.com/reikna-go/reikna/computations/internal/comptest"
	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

// The computations FuzzMovementOptions builds, by its kind argument
// modulo 4.
const (
	fuzzTranspose = iota
	fuzzRoll
	fuzzRollInPlace
	fuzzFFTShift
)

// FuzzMovementOptions fuzzes NewTranspose, NewRoll, NewRollInPlace and
// NewFFTShift over dtypes, shapes, axes, the dtype of the output type
// given as an option (0 for none), the shift's dtype and value, with the
// property of the package's fuzz targets (see package internal/comptest);
// the elements moved are compared exactly.
func FuzzMovementOptions(f *testing.F) {
	thr := cludatest.Thread(f)
	seeds := []struct {
		kind, dtype, rank  uint8
		d0, d1, d2         int64
		count              uint8
		a0, a1, a2         int8
		output, shiftDType uint8
		shift              int8
		inverse            bool
	}{
		{fuzzTranspose, uint8(dtypes.Float32), 3, 2, 3, 5, 4, 2, 0, 1, 0, 0, 0, false},
		{fuzzRoll, uint8(dtypes.Int16), 2, 7, 5, 0, 2, -1, 0, 0, uint8(dtypes.Int16), uint8(dtypes.Int64), -3, false},
		{fuzzRollInPlace, uint8(dtypes.Complex128), 1, 9, 0, 0, 2, 0, 0, 0, 0, 0, 4, false},
		{fuzzFFTShift, uint8(dtypes.Uint8), 2, 5, 4, 0, 0, 0, 0, 0, 0, 0, 0, true},
		{fuzzTranspose, uint8(dtypes.Float64), 2, 3, 4, 0, 3, 0, 0, 0, 0, 0, 0, false},
		{fuzzRoll, uint8(dtypes.Float32), 1, 4, 0, 0, 2, 0, 0, 0, 0, uint8(dtypes.Uint32), 1, false},
		{fuzzFFTShift, uint8(dtypes.Complex64), 2, 4, 4, 0, 3, 1, 1, 0, 0, 0, 0, false},
		{fuzzTranspose, uint8(dtypes.Int32), 2, 1 << 40, 1 << 21, 0, 0, 0, 0, 0, 0, 0, 0, false},
		{fuzzRollInPlace, uint8(dtypes.Float32), 1, 4, 0, 0, 2, 0, 0, 0, uint8(dtypes.Float32), 0, 1, false},
	}
	for _, s := range seeds {
		f.Add(s.kind, s.dtype, s.rank, s.d0, s.d1, s.d2, s.count, s.a0, s.a1, s.a2, s.output, s.shiftDType, s.shift, s.inverse)
	}
	f.Fuzz(func(t *testing.T, kind, dtype, rank uint8, d0, d1, d2 int64, count uint8, a0, a1, a2 int8, output, shiftDType uint8, shift int8, inverse bool) {
		dt, shape, axes := comptest.FuzzDType(dtype), comptest.FuzzShape(rank, d0, d1, d2), comptest.FuzzAxes(count, a0, a1, a2)
		typ := core.ArrayOf(dt, shape...)
		var outType core.Type
		outDType := dtypes.Invalid
		if output != 0 {
			outDType = comptest.FuzzDType(output)
			outType = core.ArrayOf(outDType, shape...)
		}
		axis := 0
		if len(axes) > 0 {
			axis = axes[0]
		}
		rollOpts := computations.RollOptions{Output: outType, ShiftDType: comptest.FuzzDType(shiftDType)}
		start := comptest.HostAllocated()
		var (
			c      comptest.FuzzComputation
			name   string
			source func() []int // where each output element comes from
		)
		switch kind % 4 {
		case fuzzTranspose:
			if output != 0 {
				outType = core.ArrayOf(outDType, permutedShape(shape, axes)...)
			}
			tr, err := computations.NewTranspose(typ, axes, computations.TransposeOptions{Output: outType})
			if err != nil {
				comptest.CheckRefusal(t, err, "computations: Transpose", shape, len(shape), axes, dt, outDType)
				return
			}
			c, name = tr, "transpose"
			source = func() []int { return transposeSource(shape, tr.Axes()) }
		case fuzzRoll:
			r, err := computations.NewRoll(typ, axis, rollOpts)
			if err != nil {
				comptest.CheckRefusal(t, err, "computations: Roll", shape, len(shape), axis, dt, outDType, rollOpts.ShiftDType)
				return
			}
			c, name = r, "roll"
			source = func() []int { return rollSource(shape, r.Axis(), int(shift)) }
		case fuzzRollInPlace:
			r, err := computations.NewRollInPlace(typ, axis, rollOpts)
			if err != nil {
				comptest.CheckRefusal(t, err, "computations: RollInPlace", shape, len(shape), axis, dt, outDType, rollOpts.ShiftDType)
				return
			}
			c, name = r, "roll_in_place"
			source = func() []int { return rollSource(shape, r.Axis(), int(shift)) }
		case fuzzFFTShift:
			s, err := computations.NewFFTShift(typ, axes, computations.FFTShiftOptions{Output: outType})
			if err != nil {
				comptest.CheckRefusal(t, err, "computations: FFTShift", shape, len(shape), axes, dt, outDType)
				return
			}
			c, name = s, "fftshift"
			source = func() []int { return fftShiftSource(shape, s.Axes(), inverse) }
		}
		if !comptest.CheckRenders(t, c, "computations: ", name, start) || !comptest.FuzzRuns(thr, []dtypes.DType{dt}, typ.Size()) || !slices.Contains(movementDTypes, dt) {
			return
		}
		k := comptest.CompileFuzzed(t, thr, c)
		x := randomValues(rand.New(rand.NewPCG(uint64(typ.Size()), 29)), dt, typ.Size())
		in := uploadValues(t, thr, typ, x)
		var err error
		var out *cluda.Array
		switch kind % 4 {
		case fuzzTranspose, fuzzRoll, fuzzFFTShift:
			p, _ := c.Parameter("output")
			out = comptest.ArrayOfType(t, thr, p.Type())
			var last any = int(shift)
			if kind%4 != fuzzRoll {
				last = int32(0)
				if inverse {
					last = int32(1)
				}
			}
			if kind%4 == fuzzTranspose {
				err = k.Call(out, in)
			} else {
				err = k.Call(out, in, last)
			}
		case fuzzRollInPlace:
			out = in
			err = k.Call(in, int(shift))
		}
		if err != nil {
			t.Fatal(err)
		}
		checkGathered(t, readValues(t, out), x, source())
	})
}

// permutedShape returns shape permuted by axes as a transpose permutes it
// (nil reverses it), or shape itself where axes are no permutation.
func permutedShape(shape, axes []int) []int {
	rank := len(shape)
	if axes == nil {
		out := slices.Clone(shape)
		slices.Reverse(out)
		return out
	}
	if len(axes) != rank {
		return shape
	}
	out := make([]int, rank)
	for k, a := range axes {
		if a < -rank || a >= rank {
			return shape
		}
		out[k] = shape[(a+rank)%rank]
	}
	return out
}
